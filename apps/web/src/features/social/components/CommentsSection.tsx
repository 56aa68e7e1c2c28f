import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import LockOutlined from '#icons/LockOutlined';
import {
  commentMessages,
  commentsModeDescriptions,
  commentsModeLabels,
  storyMessages,
  type Story,
} from '@fics/contracts';
import { FormError } from '../../../components/FormError';
import { useSession } from '../../auth';
import { CommentsModeControl } from '../../moderation';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { flattenPages, useCreateComment, useStoryComments } from '../api';
import { useRequireLogin } from '../use-require-login';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { CommentsSkeleton } from './CommentsSkeleton';

/**
 * A new comment: a quiet 'Escribe un comentario...' field that becomes the editor when chosen (Quill
 * loads then, not with the list); a visitor is asked to log in instead (spec 001 §4).
 */
function NewComment({ storyId }: { storyId: string }) {
  const { t } = useTranslation();
  const allowed = useRequireLogin();
  const create = useCreateComment(storyId);
  const [open, setOpen] = useState(false);

  if (!open) {
    return (
      <Button
        variant="outlined"
        fullWidth
        onClick={() => setOpen(allowed())}
        sx={{
          justifyContent: 'flex-start',
          textTransform: 'none',
          fontWeight: 400,
          py: 1.25,
          color: 'text.secondary',
          borderColor: 'divider',
        }}
      >
        {t('social.writeComment')}
      </Button>
    );
  }
  return (
    <CommentForm
      kind="comment"
      label={t('social.commentLabel')}
      placeholder={t('social.writeComment')}
      submitLabel={t('social.submitComment')}
      onSubmit={(text) => create.mutateAsync(text).then((saved) => saved.message)}
      onDone={() => setOpen(false)}
      onCancel={() => setOpen(false)}
      autoFocus
    />
  );
}

/**
 * The comments of a published fic (spec 001 §2): the new comment's form, then the comments newest
 * first, 5 a page with 'Ver más'; 'No hay comentarios' when there are none and 'No hay más
 * comentarios' at the end. Loaded lazily by StoryComments.
 */
export default function CommentsSection({ story }: { story: Story }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const comments = useStoryComments(story._id);
  const items = flattenPages(comments.data);
  // The author of an anonymous or pseudonymous fic is told how the others see what they write here
  // (the API shows it as the fic's author: docs/decisions/social.md).
  const ownHiddenFic =
    (story.anonymity || story.nickname) && user !== null && story.writtenBy?._id === user._id;
  // Who may comment (issue 21.5): closed, nothing new (what is there stays); moderated, new ones
  // wait for a teacher's approval, which the form says.
  const closed = story.commentsMode === 'CLOSED';

  let list;
  if (comments.isPending) {
    list = <CommentsSkeleton label={t('social.commentsLoading')} />;
  } else if (comments.isError && items.length === 0) {
    list = <LoadFailedState framed={false} onRetry={() => void comments.refetch()} />;
  } else if (items.length === 0) {
    list = (
      <Typography role="status" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        {commentMessages.empty}
      </Typography>
    );
  } else {
    list = (
      <>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column' }}>
          {items.map((comment, index) => (
            <li key={comment._id}>
              {index > 0 ? <Divider sx={{ my: 2 }} /> : null}
              <CommentItem comment={comment} closed={closed} />
            </li>
          ))}
        </Box>
        {comments.isFetchNextPageError ? <FormError message={t('errors.loadFailed')} sx={{ mt: 2 }} /> : null}
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          {comments.hasNextPage ? (
            <Button
              variant="outlined"
              onClick={() => void comments.fetchNextPage()}
              disabled={comments.isFetchingNextPage}
              startIcon={
                comments.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined
              }
            >
              {t('paging.loadMore')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {commentMessages.noMore}
            </Typography>
          )}
        </Box>
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {story.permissions.canManageComments ? <CommentsModeControl story={story} /> : null}
      <Box>
        {closed ? (
          <Box
            role="status"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 1.25,
              px: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              color: 'text.secondary',
            }}
          >
            <LockOutlined fontSize="small" aria-hidden />
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {commentsModeLabels.CLOSED}
            </Typography>
          </Box>
        ) : (
          <NewComment storyId={story._id} />
        )}
        {story.commentsMode === 'MODERATED' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {commentsModeDescriptions.MODERATED}
          </Typography>
        ) : null}
        {ownHiddenFic && !closed ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('social.authorMaskNotice', { name: story.nicknameValue ?? storyMessages.storyAuthor })}
          </Typography>
        ) : null}
      </Box>
      <Box aria-busy={comments.isFetching}>{list}</Box>
    </Box>
  );
}
