import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  commentsModeDescriptions,
  commentsModeLabels,
  commentsModes,
  type CommentsMode,
  type Story,
} from '@fics/contracts';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useSetCommentsMode } from '../api';

/**
 * 'Quién puede comentar' on a fic (issue 21.5), for its author, the teachers of its grade and
 * administrators (`permissions.canManageComments`): open, with a teacher's approval, or closed. A
 * choice is saved at once; the fic the server answers replaces the cached one, so the form and the
 * notes under it follow, and a toast says it was saved.
 */
export function CommentsModeControl({ story }: { story: Story }) {
  const { t } = useTranslation();
  const toast = useToast();
  const setMode = useSetCommentsMode(story._id);
  // While the call runs the choice already shows; a refusal goes back to the fic's own.
  const shown = (setMode.isPending ? setMode.variables?.mode : undefined) ?? story.commentsMode;

  const choose = (mode: CommentsMode) => {
    if (mode === story.commentsMode) {
      return;
    }
    setMode.mutate(
      { mode },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) =>
          toast.error(
            isApiError(error) && error.status > 0 && error.status < 500 && error.message
              ? error.message
              : t('errors.generic'),
          ),
      },
    );
  };

  return (
    <TextField
      select
      size="small"
      label={t('moderation.commentsMode')}
      value={shown}
      onChange={(event) => choose(event.target.value as CommentsMode)}
      disabled={setMode.isPending}
      helperText={commentsModeDescriptions[shown]}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 380 } }}
    >
      {commentsModes.map((mode) => (
        <MenuItem key={mode} value={mode}>
          {commentsModeLabels[mode]}
        </MenuItem>
      ))}
    </TextField>
  );
}
