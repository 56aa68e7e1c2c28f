import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DeleteOutlined from '#icons/DeleteOutlined';
import EditOutlined from '#icons/EditOutlined';
import DifferenceOutlined from '#icons/DifferenceOutlined';
import FactCheckOutlined from '#icons/FactCheckOutlined';
import RateReviewOutlined from '#icons/RateReviewOutlined';
import SendOutlined from '#icons/SendOutlined';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyMessages, type Story } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { ReportButton } from '../../moderation';
import { useDeleteStory, useSendStory } from '../api';
import { LazyRevisionsDialog } from './LazyRevisionsDialog';
import { PublishButton } from './PublishButton';

/** What the server says about a refused action (a 409 of the status machine, a fic gone), or the generic toast. */
function actionError(error: unknown, generic: string): string {
  return isApiError(error) && [403, 404, 409].includes(error.status) ? error.message : generic;
}

interface StoryActionsProps {
  story: Story;
  /**
   * 'page' (/fics/:storyId): every action as a button, 'Corregir fic' to the review page.
   * 'review' (/fics/:storyId/revision): editing and the evaluation have their own controls there
   * (the 'Modo edición' switch, the floating button), so they are left out here.
   */
  variant?: 'page' | 'review';
  onEdit?: () => void;
  /** Opens the evaluation drawer to read it. */
  onViewEvaluation?: () => void;
}

/**
 * The actions the server allows on a fic (story.permissions): edit, send for review ('Enviar fic'
 * with the warning that editing ends, also to resend a corrected fic), read the evaluation,
 * correct it, publish, delete with the spec's confirmation.
 */
export function StoryActions({ story, variant = 'page', onEdit, onViewEvaluation }: StoryActionsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const send = useSendStory(story._id);
  const remove = useDeleteStory(story._id);
  const [confirm, setConfirm] = useState<'send' | 'delete' | null>(null);
  // Kept while the dialog fades out, so its text does not change on the way.
  const [shownDialog, setShownDialog] = useState<'send' | 'delete'>('delete');
  const { canEdit, canSend, canDelete, canPublish, canEvaluate, canUpdateEvaluation } = story.permissions;
  const onPage = variant === 'page';
  const showEdit = onPage && canEdit && onEdit !== undefined;
  const corrects = canEvaluate || canUpdateEvaluation;
  const showCorrect = onPage && corrects;
  // Read-only: the student's evaluation, the evaluating teacher's once published, an administrator's.
  const showEvaluation = onPage && !corrects && story.evaluation.length > 0 && onViewEvaluation !== undefined;
  // 'Cambios' once there are two rounds to compare (issue 20.3).
  const showChanges = story.permissions.canViewRevisions && story.rounds > 1;
  const [changesOpen, setChangesOpen] = useState(false);
  // 'Reportar' a published fic (issue 21.1): anyone but its author; a visitor is asked to log in.
  const isAuthor = user !== null && story.writtenBy?._id === user._id;
  const showReport = onPage && story.publicationStatus === 'PUBLISHED' && !isAuthor && !canEdit;

  if (
    !showEdit &&
    !canSend &&
    !showEvaluation &&
    !showCorrect &&
    !showChanges &&
    !canPublish &&
    !canDelete &&
    !showReport
  ) {
    return null;
  }

  const ask = (which: 'send' | 'delete') => {
    setShownDialog(which);
    setConfirm(which);
  };

  const confirmSend = async () => {
    try {
      await send.mutateAsync();
      toast.success(storyMessages.sent);
    } catch (error) {
      toast.error(actionError(error, t('errors.generic')));
    }
    setConfirm(null);
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      toast.error(actionError(error, t('errors.generic')));
      setConfirm(null);
      return;
    }
    toast.success(storyMessages.deleted);
    // The author goes back to their list; anyone else to where they came from (home if they came
    // straight here). The deleted fic's entry is replaced, so going back does not find it.
    if (isAuthor) {
      void navigate('/mis-fics', { replace: true });
    } else if (location.key !== 'default') {
      void navigate(-1);
    } else {
      void navigate('/', { replace: true });
    }
  };

  const pending = send.isPending || remove.isPending;

  return (
    <>
      <Box role="group" aria-label={t('stories.actions')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {showEdit ? (
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit} disabled={pending}>
            {t('stories.edit')}
          </Button>
        ) : null}
        {canSend ? (
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            onClick={() => ask('send')}
            disabled={pending}
          >
            {t('stories.send')}
          </Button>
        ) : null}
        {showEvaluation ? (
          <Button variant="outlined" startIcon={<FactCheckOutlined />} onClick={onViewEvaluation}>
            {t('stories.viewEvaluation')}
          </Button>
        ) : null}
        {showCorrect ? (
          <Button
            variant="contained"
            startIcon={<RateReviewOutlined />}
            component={RouterLink}
            to={`/fics/${story._id}/revision`}
          >
            {t('stories.correct')}
          </Button>
        ) : null}
        {showChanges ? (
          <Button variant="outlined" startIcon={<DifferenceOutlined />} onClick={() => setChangesOpen(true)}>
            {t('revisions.open')}
          </Button>
        ) : null}
        {canPublish ? <PublishButton story={story} disabled={pending} /> : null}
        {canDelete ? (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={() => ask('delete')}
            disabled={pending}
            // The brand red is too light for text on white (theme.ts): its dark shade.
            sx={{ color: 'error.dark', borderColor: 'error.main' }}
          >
            {t('stories.delete')}
          </Button>
        ) : null}
        {showReport ? (
          <ReportButton target="STORY" targetId={story._id} variant="outlined" size="medium" />
        ) : null}
      </Box>
      {showChanges ? (
        <LazyRevisionsDialog story={story} open={changesOpen} onClose={() => setChangesOpen(false)} />
      ) : null}
      {shownDialog === 'send' ? (
        <ConfirmDialog
          open={confirm === 'send'}
          title={t('stories.sendTitle')}
          message={t('stories.sendWarning')}
          confirmLabel={t('stories.send')}
          destructive={false}
          pending={send.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => void confirmSend()}
        />
      ) : (
        <ConfirmDialog
          open={confirm === 'delete'}
          title={t('stories.deleteTitle')}
          // The default message is the spec's: 'Esta acción no puede ser reversada, asegurese antes de continuar.'
          pending={remove.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </>
  );
}
