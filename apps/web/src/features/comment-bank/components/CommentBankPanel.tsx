import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '#icons/DeleteOutlined';
import SearchIcon from '#icons/Search';
import { useTranslation } from 'react-i18next';
import { commentBankLimits, type SavedComment } from '@fics/contracts';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteSavedComment, useSavedComments } from '../api';

/** Searches wait for a pause in typing (the server searches; spec 001 §9's tag search waits 500 ms). */
export const COMMENT_SEARCH_DEBOUNCE_MS = 300;

/** The search box and the list of the picker: type to narrow, click to pick, 'Ver más' for more. */
export function CommentBankPanel({ onPick }: { onPick: (comment: SavedComment) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim().slice(0, commentBankLimits.searchMax), COMMENT_SEARCH_DEBOUNCE_MS);
  const list = useSavedComments(q);
  const comments = list.data?.pages.flatMap((page) => page.docs) ?? [];
  const searching = list.isFetching && !list.isFetchingNextPage;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextField
        type="search"
        size="small"
        label={t('commentBank.search')}
        placeholder={t('commentBank.searchPlaceholder')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoFocus
        fullWidth
        slotProps={{
          htmlInput: { maxLength: commentBankLimits.searchMax },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: searching ? (
              <InputAdornment position="end">
                <CircularProgress size={16} aria-label={t('commentBank.loading')} />
              </InputAdornment>
            ) : null,
          },
        }}
      />
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('commentBank.loadFailed')}
        </Alert>
      ) : list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={24} aria-label={t('commentBank.loading')} />
        </Box>
      ) : comments.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {q ? t('commentBank.noMatches', { q }) : t('commentBank.empty')}
        </Typography>
      ) : (
        <Box sx={{ maxHeight: { xs: '55vh', sm: 360 }, overflowY: 'auto', mx: -1 }}>
          <List dense disablePadding aria-label={t('commentBank.listLabel')}>
            {comments.map((comment) => (
              <SavedCommentItem key={comment._id} comment={comment} onPick={onPick} />
            ))}
          </List>
          {list.hasNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
              <Button
                size="small"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                startIcon={
                  list.isFetchingNextPage ? <CircularProgress size={14} color="inherit" /> : undefined
                }
              >
                {t('commentBank.more')}
              </Button>
            </Box>
          ) : null}
        </Box>
      )}
    </Box>
  );
}

/** One saved comment: the whole row picks it; its bin asks once before deleting. */
function SavedCommentItem({
  comment,
  onPick,
}: {
  comment: SavedComment;
  onPick: (comment: SavedComment) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteSavedComment();
  const [confirming, setConfirming] = useState(false);

  if (confirming) {
    return (
      <ListItem sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 0.5, bgcolor: 'action.hover' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('commentBank.deleteConfirm')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={clamp}>
          {comment.text}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button size="small" onClick={() => setConfirming(false)} disabled={remove.isPending} autoFocus>
            {t('commentBank.deleteNo')}
          </Button>
          <Button
            size="small"
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(comment._id, {
                onSuccess: (body) => toast.success(body.message),
                onError: (error) => {
                  setConfirming(false);
                  toast.error(isApiError(error) ? error.message : t('errors.generic'));
                },
              })
            }
          >
            {t('commentBank.deleteYes')}
          </Button>
        </Box>
      </ListItem>
    );
  }

  return (
    <ListItem
      disablePadding
      secondaryAction={
        <Tooltip title={t('commentBank.delete')}>
          <IconButton
            edge="end"
            size="small"
            aria-label={t('commentBank.delete')}
            onClick={() => setConfirming(true)}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      }
    >
      <ListItemButton
        onClick={() => onPick(comment)}
        sx={{ pr: 6, flexDirection: 'column', alignItems: 'flex-start' }}
      >
        <Typography variant="body2" sx={clamp}>
          {comment.text}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {comment.useCount > 0
            ? t('commentBank.used', { count: comment.useCount })
            : t('commentBank.neverUsed')}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}

/** Long comments read in three lines; the whole text goes into the field. */
const clamp = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-line',
} as const;
