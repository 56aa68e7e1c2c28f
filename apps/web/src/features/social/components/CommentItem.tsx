import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandLess from '#icons/ExpandLess';
import ExpandMore from '#icons/ExpandMore';
import ReplyOutlined from '#icons/ReplyOutlined';
import { useTranslation } from 'react-i18next';
import type { Comment } from '@fics/contracts';
import { useCreateReply, useDeleteComment, useUpdateComment } from '../api';
import { useRequireLogin } from '../use-require-login';
import { CommentForm } from './CommentForm';
import { PostItem } from './PostItem';
import { RepliesList } from './RepliesList';

/**
 * A comment with its replies (spec 001 §2): 'Ver respuestas (n)' opens them, 5 at a time;
 * 'Responder' opens them and a reply form under them (a visitor is asked to log in instead). No
 * 'Responder' while the fic's comments are closed, nor on a comment still waiting for approval
 * (issue 21.5-6: the server refuses both).
 */
export function CommentItem({ comment, closed = false }: { comment: Comment; closed?: boolean }) {
  const { t } = useTranslation();
  const allowed = useRequireLogin();
  const repliesId = useId();
  const [open, setOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const update = useUpdateComment(comment.storyId);
  const remove = useDeleteComment(comment.storyId);
  const createReply = useCreateReply(comment.storyId, comment._id);

  const canReply = !closed && !comment.moderation?.held;
  const startReply = () => {
    if (allowed()) {
      setOpen(true);
      setReplying(true);
    }
  };

  return (
    <PostItem
      post={comment}
      kind="comment"
      storyId={comment.storyId}
      onSave={(text) => update.mutateAsync({ commentId: comment._id, text }).then((saved) => saved.message)}
      onDelete={() => remove.mutateAsync(comment._id).then((answer) => answer.message)}
      actions={
        canReply ? (
          <Button size="small" startIcon={<ReplyOutlined />} onClick={startReply}>
            {t('social.reply')}
          </Button>
        ) : undefined
      }
    >
      {comment.replies > 0 ? (
        <Box>
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={open ? repliesId : undefined}
            endIcon={open ? <ExpandLess /> : <ExpandMore />}
            onClick={() => setOpen((value) => !value)}
            sx={{ ml: -1 }}
          >
            {open ? t('social.hideReplies') : t('social.showReplies', { count: comment.replies })}
          </Button>
        </Box>
      ) : null}
      {open && comment.replies > 0 ? <RepliesList id={repliesId} comment={comment} /> : null}
      {replying && canReply ? (
        <Box sx={{ mt: 1 }}>
          <CommentForm
            kind="reply"
            label={t('social.replyLabel')}
            placeholder={t('social.writeReply')}
            submitLabel={t('social.submitReply')}
            onSubmit={(text) => createReply.mutateAsync(text).then((saved) => saved.message)}
            onDone={() => setReplying(false)}
            onCancel={() => setReplying(false)}
            autoFocus
          />
        </Box>
      ) : null}
    </PostItem>
  );
}
