import { useEffect, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { StoryAuthorLine } from './StoryAuthorLine';
import { StoryBody } from './StoryBody';
import { StoryCover } from './StoryCover';
import { StoryLength } from './StoryLength';
import { StoryPlace } from './StoryPlace';
import { StoryTags } from './StoryTags';

/** The reading column: about 80 characters a line at the body's size. */
export const ARTICLE_WIDTH = 880;
/** The cover's drawn width: a column beside the title from 768 px, the card's width below. */
const COVER_WIDTH = 220;
const coverSizes = `(min-width: 768px) ${COVER_WIDTH}px, (min-width: 480px) 420px, calc(100vw - 64px)`;

/**
 * A fic to read (spec 001 §2 Story detail), as the fic page and the review page show it: cover,
 * title, author and date, length, tags, the page's `actions`, the cleaned body and the page's `footer`.
 */
export function StoryArticle({
  story,
  actions,
  footer,
}: {
  story: Story;
  actions?: ReactNode;
  /** Under the body: the fic page's likes, comment count and share (features/social). */
  footer?: ReactNode;
}) {
  const titleId = useId();

  useEffect(() => {
    document.title = `${story.title} · Fics`;
    return () => {
      document.title = 'Fics';
    };
  }, [story.title]);

  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3, md: 4 } }}
    >
      <Box
        component="header"
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${COVER_WIDTH}px minmax(0, 1fr)` },
          gridTemplateRows: { md: 'auto 1fr' },
          // Phones: title and author first, then the cover; wider: the cover beside them.
          gridTemplateAreas: { xs: '"heading" "cover" "details"', md: '"cover heading" "cover details"' },
          alignItems: 'start',
          mb: { xs: 3, md: 4 },
        }}
      >
        <Box sx={{ gridArea: 'heading', minWidth: 0 }}>
          <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
            {story.title}
          </Typography>
          <StoryAuthorLine story={story} />
        </Box>
        <Box
          sx={{
            gridArea: 'cover',
            justifySelf: { xs: 'center', md: 'stretch' },
            width: '100%',
            maxWidth: { xs: 420, md: 'none' },
          }}
        >
          <StoryCover
            image={story.image}
            alt={story.title}
            sizes={coverSizes}
            loading="eager"
            fetchPriority="high"
            sx={{ width: '100%', aspectRatio: '1 / 1', borderRadius: 2 }}
          />
        </Box>
        <Box sx={{ gridArea: 'details', display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <StoryLength wordCount={story.wordCount} />
          <StoryPlace story={story} />
          <StoryTags tags={story.tags} />
          {actions}
        </Box>
      </Box>
      <Divider sx={{ mb: { xs: 3, md: 4 } }} />
      <StoryBody html={story.text} />
      {footer ? <Box sx={{ mt: { xs: 3, md: 4 } }}>{footer}</Box> : null}
    </Paper>
  );
}

/** The article's shape while the fic loads. */
export function StorySkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-label={t('common.loading')}
      sx={{ maxWidth: ARTICLE_WIDTH, mx: 'auto', p: { xs: 2, sm: 3, md: 4 } }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${COVER_WIDTH}px minmax(0, 1fr)` },
          mb: 4,
        }}
      >
        <Skeleton
          variant="rounded"
          sx={{
            width: '100%',
            maxWidth: { xs: 420, md: 'none' },
            aspectRatio: '1 / 1',
            height: 'auto',
            justifySelf: 'center',
          }}
        />
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '2rem', width: '80%' }} />
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="30%" />
        </Box>
      </Box>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} variant="text" width={index === 5 ? '60%' : '100%'} />
      ))}
    </Paper>
  );
}
