import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storyMessages, type ReviewStoryRow } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDeleteStory } from '../../stories';

interface DeleteStoryDialogProps {
  /** The row whose delete was asked for; kept after closing, so the title does not change as it fades. */
  target: ReviewStoryRow | null;
  open: boolean;
  onClose: () => void;
}

/**
 * The spec's delete confirmation ('Esta acción no puede ser reversada, asegurese antes de continuar.')
 * for a row of a review list; on success 'Fic eliminada exitosamente', and the lists reload.
 */
export function DeleteStoryDialog({ target, ...props }: DeleteStoryDialogProps) {
  // One delete hook per fic (it takes the fic's id): a new target gets a fresh one.
  return target ? <DeleteDialogFor key={target._id} story={target} {...props} /> : null;
}

function DeleteDialogFor({
  story,
  open,
  onClose,
}: Omit<DeleteStoryDialogProps, 'target'> & { story: ReviewStoryRow }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useDeleteStory(story._id);

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      toast.success(storyMessages.deleted);
    } catch (error) {
      const explained = isApiError(error) && [403, 404, 409].includes(error.status);
      // Refused, gone or changed since the list was read ('La fic solicitada no existe'): say so, and
      // show the lists as they are now.
      toast.error(explained ? error.message : t('errors.generic'));
      if (explained) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.stories.all });
      }
    } finally {
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('review.deleteTitle', { title: story.storyTitle })}
      // The default message is the spec's warning.
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
