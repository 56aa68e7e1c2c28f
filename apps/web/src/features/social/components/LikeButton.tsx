import Button from '@mui/material/Button';
import Favorite from '#icons/Favorite';
import FavoriteBorder from '#icons/FavoriteBorder';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { formatCount } from '../../../components/PageControls';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useToggleLike } from '../api';
import { useRequireLogin } from '../use-require-login';

/**
 * The like toggle with the fic's count: '♥ 12', read as '12 me gusta', pressed when the caller likes
 * it. A visitor is asked to log in; otherwise the count changes at once and goes back if the call
 * fails.
 */
export function LikeButton({ story }: { story: Story }) {
  const { t } = useTranslation();
  const toast = useToast();
  const allowed = useRequireLogin();
  const toggle = useToggleLike(story._id);
  const liked = story.likedByMe;

  const onClick = () => {
    // One call at a time: a second click while the first is on its way would toggle from a guess.
    if (!allowed() || toggle.isPending) {
      return;
    }
    toggle.mutate(undefined, {
      onError: (error) => {
        // A refusal the server explains (the fic is no longer published, gone); otherwise the generic one.
        toast.error(
          isApiError(error) && [403, 404, 409, 429].includes(error.status)
            ? error.message
            : t('errors.generic'),
        );
      },
    });
  };

  return (
    <Button
      variant={liked ? 'contained' : 'outlined'}
      color="primary"
      aria-pressed={liked}
      onClick={onClick}
      startIcon={liked ? <Favorite /> : <FavoriteBorder />}
      aria-label={t('social.likes', { formatted: formatCount(story.likesCount) })}
      sx={{ minWidth: 0 }}
    >
      {formatCount(story.likesCount)}
    </Button>
  );
}
