import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { FormError } from '../../../components/FormError';
import { formatCount } from '../../../components/PageControls';
import { ChunkBoundary } from '../../../components/ChunkBoundary';
import { CommentsSkeleton } from './CommentsSkeleton';

/** The section's id, the target of the comment count's link. */
export const COMMENTS_ANCHOR = 'comentarios';

const loadSection = () => import('./CommentsSection');

/** Where the comments start loading: this far below the screen's bottom edge. */
const PRELOAD_MARGIN = '600px 0px';

/**
 * A published fic's comments (spec 001 §2 Comments and replies), below the fic. The heading is part
 * of the page; the list, forms and editor are a chunk of their own, fetched when the section comes
 * near the screen, so the fic paints without them.
 */
export function StoryComments({ story }: { story: Story }) {
  const { t } = useTranslation();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  // A new lazy component per attempt: React.lazy remembers a failed fetch, 'Reintentar' must not.
  const [CommentsSection, setCommentsSection] = useState(() => lazy(loadSection));
  const published = story.publicationStatus === 'PUBLISHED';

  useEffect(() => {
    const section = sectionRef.current;
    if (!published || near || !section) {
      return undefined;
    }
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [published, near]);

  if (!published) {
    return null;
  }

  const loading = <CommentsSkeleton label={t('social.commentsLoading')} />;

  return (
    <Paper
      component="section"
      ref={sectionRef}
      id={COMMENTS_ANCHOR}
      aria-labelledby={headingId}
      variant="outlined"
      // Clear of the sticky header when the comment count's link scrolls here.
      sx={{ mt: { xs: 2, md: 3 }, p: { xs: 2, sm: 3, md: 4 }, scrollMarginTop: 88 }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.25rem', md: '1.4rem' }, mb: 2 }}>
        {t('social.commentsTitle')}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          ({formatCount(story.comments)})
        </Box>
      </Typography>
      {near ? (
        <ChunkBoundary
          fallback={(retry) => (
            <FormError
              message={t('errors.loadFailed')}
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setCommentsSection(() => lazy(loadSection));
                    retry();
                  }}
                >
                  {t('common.retry')}
                </Button>
              }
            />
          )}
        >
          <Suspense fallback={loading}>
            <CommentsSection story={story} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        loading
      )}
    </Paper>
  );
}
