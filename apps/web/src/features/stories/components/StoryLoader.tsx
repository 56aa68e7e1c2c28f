import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchOffOutlined from '#icons/SearchOffOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyMessages, type Story } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { isApiError } from '../../../lib/api-client';
import { useLoginDialog, useSession } from '../../auth';
import { useStory } from '../api';
import { StorySkeleton } from './StoryArticle';
import { LoadFailedState } from '../../../components/LoadFailedState';

/**
 * Loads a fic for the fic page and the review page, and shows what they share while it is not
 * there: the skeleton, 'La fic solicitada no existe' for a fic the caller may not see (the API
 * answers 404 and does not say which), or the load failure with a retry.
 */
export function StoryLoader({
  storyId,
  children,
}: {
  storyId: string;
  children: (story: Story) => ReactNode;
}) {
  const { t } = useTranslation();
  const { status } = useSession();
  const { openLogin } = useLoginDialog();
  const story = useStory(storyId);

  // Signing in here (from the not-found message, or the header) may show more: ask again.
  const previousStatus = useRef(status);
  const { refetch } = story;
  useEffect(() => {
    if (previousStatus.current === 'anonymous' && status === 'authenticated') {
      void refetch();
    }
    previousStatus.current = status;
  }, [status, refetch]);

  if (story.isPending) {
    return <StorySkeleton />;
  }
  if (story.isError) {
    // An unknown or malformed id, or a fic the caller may not see: the API does not say which.
    const missing = isApiError(story.error) && (story.error.status === 404 || story.error.status === 400);
    if (missing) {
      return (
        <EmptyState
          icon={<SearchOffOutlined fontSize="inherit" />}
          message={storyMessages.notFound}
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
              {status === 'anonymous' ? (
                <Button variant="outlined" onClick={openLogin}>
                  {t('header.login')}
                </Button>
              ) : null}
              <Button variant="contained" component={RouterLink} to="/">
                {t('stories.goHome')}
              </Button>
            </Box>
          }
        />
      );
    }
    return <LoadFailedState framed={false} onRetry={() => void story.refetch()} />;
  }
  return children(story.data);
}
