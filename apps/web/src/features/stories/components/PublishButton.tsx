import { useState } from 'react';
import Button from '@mui/material/Button';
import PublicOutlined from '#icons/PublicOutlined';
import { useTranslation } from 'react-i18next';
import { storyMessages, type Story } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { usePublishStory } from '../api';

/**
 * 'Publicar' with its confirmation (spec 001 §2, §4), on the fic page and the review page: shown
 * when the server allows it (permissions.canPublish); says 'Fic publicada exitosamente', or the
 * server's reason in the error toast.
 */
export function PublishButton({ story, disabled = false }: { story: Story; disabled?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const publish = usePublishStory(story._id);
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await publish.mutateAsync();
      toast.success(storyMessages.published);
    } catch (error) {
      toast.error(
        isApiError(error) && [403, 404, 409].includes(error.status) ? error.message : t('errors.generic'),
      );
    }
    setOpen(false);
  };

  return (
    <>
      <Button
        variant="contained"
        startIcon={<PublicOutlined />}
        onClick={() => setOpen(true)}
        disabled={disabled || publish.isPending}
      >
        {t('stories.publish')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('stories.publishTitle')}
        message={t('stories.publishWarning')}
        confirmLabel={t('stories.publish')}
        destructive={false}
        pending={publish.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
