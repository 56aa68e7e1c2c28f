import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonOutlined from '#icons/PersonOutlined';
import VisibilityOffOutlined from '#icons/VisibilityOffOutlined';
import VisibilityOutlined from '#icons/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { initials } from '../../../lib/user-display';
import { formatStoryDate } from './story-date';

const AVATAR = 36;

/**
 * Who wrote the fic and when (spec 001 §2 Story detail): 'Anónimo', the pseudonym, or the author's
 * name and photo (to a visitor the API already sends 'Sofía E.' without one, architecture.md §6.8).
 * Administrators and the evaluating teacher (permissions.canRevealAuthor, spec 001 §2) reveal the
 * real author of an anonymous or pseudonymous fic with a show/hide toggle, so it is not on screen
 * by default, on a projector for instance.
 */
export function StoryAuthorLine({ story }: { story: Story }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const hidden = story.anonymity || story.nickname;
  const author = story.writtenBy;
  const shownName = story.anonymity
    ? t('stories.anonymous')
    : story.nickname
      ? (story.nicknameValue ?? t('stories.anonymous'))
      : (author?.name ?? t('stories.anonymous'));
  const photo = !hidden ? author?.profilePicture?.url : undefined;
  const realAuthor = hidden && story.permissions.canRevealAuthor ? author : null;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar
          src={photo}
          alt=""
          sx={{
            width: AVATAR,
            height: AVATAR,
            fontSize: AVATAR * 0.4,
            bgcolor: 'primary.dark',
            color: '#fff',
          }}
        >
          {hidden || !author ? <PersonOutlined fontSize="small" /> : initials(author.name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('stories.byLine', { name: shownName })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={story.date}>{formatStoryDate(story.date)}</time>
          </Typography>
        </Box>
      </Box>
      {realAuthor ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mt: 0.5 }}>
          <Button
            size="small"
            onClick={() => setRevealed((value) => !value)}
            aria-pressed={revealed}
            startIcon={revealed ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
            sx={{ ml: -0.5 }}
          >
            {revealed ? t('stories.hideRealAuthor') : t('stories.showRealAuthor')}
          </Button>
          {revealed ? (
            <Typography variant="body2" color="text.secondary">
              {t('stories.realAuthor', { name: realAuthor.name })}
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
