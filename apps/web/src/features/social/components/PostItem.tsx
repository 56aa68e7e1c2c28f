import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '#icons/DeleteOutlined';
import EditOutlined from '#icons/EditOutlined';
import { useTranslation } from 'react-i18next';
import { commentMessages, type Comment, type Reply } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { BlockUserButton, useCanBlock } from '../../profile';
import { useSession } from '../../auth';
import { ApprovalButtons, ReportButton, UnderReviewChip } from '../../moderation';
import { CommentAuthorLine } from './CommentAuthor';
import { CommentBody } from './CommentBody';
import { CommentForm } from './CommentForm';

interface PostItemProps {
  post: Comment | Reply;
  kind: 'comment' | 'reply';
  /** The fic it is on (an approval moves its comment count). */
  storyId: string;
  /** PATCH with the new text; resolves with the API's message. */
  onSave: (text: string) => Promise<string>;
  /** DELETE; resolves with the API's message. */
  onDelete: () => Promise<string>;
  /** More buttons after Editar and Eliminar ('Responder'). */
  actions?: ReactNode;
  /** Under the text and buttons (a comment's replies). */
  children?: ReactNode;
}

/**
 * One comment or reply: author line, text, and the edit and delete the server allows
 * (`permissions`, spec 001 §6). Editing swaps the text for the form; deleting asks first.
 */
export function PostItem({ post, kind, storyId, onSave, onDelete, actions, children }: PostItemProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const nameId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isReply = kind === 'reply';
  const { canEdit, canDelete } = post.permissions;
  // 'Bloquear' the writer: another student, to a student (issue 21.4).
  const canBlock = useCanBlock(post.userId);
  // 'Reportar' (issue 21.1): anyone but its writer; a visitor is asked to log in. Not a text that
  // went with its erased writer (issue 22.4): there is nothing left to report.
  const { user } = useSession();
  const canReport = !canEdit && !(user && post.userId._id === user._id) && !post.textRemoved;

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      toast.success(await onDelete());
    } catch (error) {
      toast.error(
        isApiError(error) && [403, 404, 429].includes(error.status)
          ? error.message
          : commentMessages.actionFailed,
      );
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <Box
      component="article"
      aria-labelledby={nameId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}
    >
      <CommentAuthorLine
        author={post.userId}
        createdAt={post.createdAt}
        wasEdited={post.wasEdited}
        small={isReply}
        nameId={nameId}
      />
      <Box
        sx={{ pl: { xs: 0, sm: isReply ? 5.25 : 6.25 }, display: 'flex', flexDirection: 'column', gap: 0.5 }}
      >
        {/* Hidden for review: its writer, the grade's teachers and administrators still see it (issue 21.2). */}
        <UnderReviewChip flag={post.moderation} />
        {editing ? (
          <CommentForm
            kind={isReply ? 'editReply' : 'editComment'}
            initialText={post.text}
            label={isReply ? t('social.editReplyLabel') : t('social.editLabel')}
            placeholder={isReply ? t('social.writeReply') : t('social.writeComment')}
            submitLabel={t('social.save')}
            onSubmit={onSave}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
            autoFocus
          />
        ) : post.textRemoved ? (
          // Its writer's account was erased with its text (issue 22.4): say so instead of a blank.
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {isReply ? commentMessages.replyTextRemoved : commentMessages.commentTextRemoved}
          </Typography>
        ) : (
          <CommentBody html={post.text} />
        )}
        {/* Held for approval: the teachers of the grade and administrators decide here (issue 21.5-6). */}
        {!editing && post.permissions.canApprove && post.moderation?.held ? (
          <ApprovalButtons
            held={{
              target: isReply ? 'REPLY' : 'COMMENT',
              id: post._id,
              commentId: 'commentId' in post ? post.commentId : post._id,
              storyId,
            }}
            writerName={post.userId.name}
          />
        ) : null}
        {!editing && (actions || canEdit || canDelete || canBlock || canReport) ? (
          <Box
            role="group"
            aria-label={t(isReply ? 'social.replyActions' : 'social.commentActions', {
              name: post.userId.name,
            })}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: -1 }}
          >
            {actions}
            {canEdit ? (
              <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('social.edit')}
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                size="small"
                startIcon={<DeleteOutlined />}
                onClick={() => setConfirming(true)}
                // The brand red is too light for text on white (theme.ts): its dark shade.
                sx={{ color: 'error.dark' }}
              >
                {t('social.delete')}
              </Button>
            ) : null}
            {canBlock ? <BlockUserButton author={post.userId} /> : null}
            {canReport ? (
              <ReportButton
                target={isReply ? 'REPLY' : 'COMMENT'}
                targetId={post._id}
                label={t(isReply ? 'moderation.reportReply' : 'moderation.reportComment', {
                  name: post.userId.name,
                })}
              />
            ) : null}
          </Box>
        ) : null}
        {children}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={isReply ? t('social.deleteReplyTitle') : t('social.deleteCommentTitle')}
        pending={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}
