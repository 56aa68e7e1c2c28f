import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ModeCommentOutlined from '#icons/ModeCommentOutlined';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { formatCount } from '../../../components/PageControls';
import { useReloadOnLogin, useReportReading } from '../api';
import { COMMENTS_ANCHOR } from './StoryComments';
import { LikeButton } from './LikeButton';
import { ShareButton } from './ShareButton';

/**
 * Under a published fic (spec 001 §2 Story detail): its likes (the toggle), its comment count (a
 * link down to the comments) and 'Compartir'. Nothing for a fic that is not published (spec 001 §4).
 */
export function StorySocialBar({ story }: { story: Story }) {
  const { t } = useTranslation();
  useReloadOnLogin(story._id);
  useReportReading(story);
  if (story.publicationStatus !== 'PUBLISHED') {
    return null;
  }
  return (
    <Box
      role="group"
      aria-label={t('social.bar')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <LikeButton story={story} />
      <Button
        href={`#${COMMENTS_ANCHOR}`}
        startIcon={<ModeCommentOutlined />}
        aria-label={t('social.comments', { count: story.comments, formatted: formatCount(story.comments) })}
        sx={{ color: 'text.secondary' }}
      >
        {formatCount(story.comments)}
        {/* Phones show the count alone, so the bar stays on one line. */}
        <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' }, ml: 0.5 }}>
          {t('social.commentsWord', { count: story.comments })}
        </Box>
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      <ShareButton story={story} />
    </Box>
  );
}
