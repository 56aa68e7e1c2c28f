import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { commentMessages, type Comment, type Reply } from '@fics/contracts';
import { FormError } from '../../../components/FormError';
import { flattenPages, useCommentReplies, useDeleteReply, useUpdateReply } from '../api';
import { PostItem } from './PostItem';
import { CommentsSkeleton } from './CommentsSkeleton';

function ReplyItem({ reply, storyId }: { reply: Reply; storyId: string }) {
  const update = useUpdateReply(reply.commentId);
  const remove = useDeleteReply(storyId, reply.commentId);
  return (
    <PostItem
      post={reply}
      kind="reply"
      storyId={storyId}
      onSave={(text) => update.mutateAsync({ replyId: reply._id, text }).then((saved) => saved.message)}
      onDelete={() => remove.mutateAsync(reply._id).then((answer) => answer.message)}
    />
  );
}

/** A comment's replies, oldest first, 5 a page: 'Ver más', then 'No hay más respuestas'. */
export function RepliesList({ id, comment }: { id: string; comment: Comment }) {
  const { t } = useTranslation();
  const replies = useCommentReplies(comment._id, true);
  const items = flattenPages(replies.data);

  if (replies.isPending) {
    return <CommentsSkeleton rows={Math.min(comment.replies, 2)} label={t('social.repliesLoading')} />;
  }

  return (
    <Box
      id={id}
      role="region"
      aria-label={t('social.repliesOf', { name: comment.userId.name })}
      sx={{ borderLeft: '2px solid', borderColor: 'divider', pl: { xs: 1.5, sm: 2 }, mt: 0.5 }}
    >
      {items.length > 0 ? (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {items.map((reply) => (
            <li key={reply._id}>
              <ReplyItem reply={reply} storyId={comment.storyId} />
            </li>
          ))}
        </Box>
      ) : null}
      {replies.isError ? (
        <FormError
          message={t('errors.loadFailed')}
          action={
            <Button color="inherit" size="small" onClick={() => void replies.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : replies.hasNextPage ? (
        <Button
          size="small"
          onClick={() => void replies.fetchNextPage()}
          disabled={replies.isFetchingNextPage}
          startIcon={replies.isFetchingNextPage ? <CircularProgress size={14} color="inherit" /> : undefined}
          sx={{ mt: 1, ml: -1 }}
        >
          {t('paging.loadMore')}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: items.length > 0 ? 1.5 : 0 }}>
          {commentMessages.noMoreReplies}
        </Typography>
      )}
    </Box>
  );
}
