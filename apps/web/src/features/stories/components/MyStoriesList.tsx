import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import VisibilityOutlined from '#icons/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StorySummary } from '@fics/contracts';
import { StoryCover } from './StoryCover';
import { StoryStatusChip } from './StoryStatusChip';
import { formatStoryDate } from './story-date';

/** Whether the list shows cards (phones) rather than a table at this width. */
export function useCompactStoriesList(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

const THUMB = 48;
const SKELETON_ROWS = 5;

interface MyStoriesListProps {
  stories: StorySummary[] | undefined;
  isLoading: boolean;
  /** The rows on screen are another page's, kept while the new one loads. */
  isUpdating: boolean;
  /** Cards instead of a table (phones). */
  compact: boolean;
  /** Paging controls, under the rows or the cards. */
  footer?: ReactNode;
}

/** Spec 001 §2 Mis fics: title, status label, date and the view action, as a table or as cards. */
export function MyStoriesList({ stories, isLoading, isUpdating, compact, footer }: MyStoriesListProps) {
  const { t } = useTranslation();
  const rows = stories ?? [];
  const busy = isLoading || isUpdating;
  const staleRows = isUpdating ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined;
  const progress = isUpdating ? (
    <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
  ) : null;

  if (compact) {
    return (
      <Box sx={{ position: 'relative' }}>
        {progress}
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={t('stories.listLabel')}
          aria-busy={busy}
          sx={{ listStyle: 'none', p: 0, m: 0, ...staleRows }}
        >
          {isLoading
            ? Array.from({ length: 3 }, (_, index) => (
                <Paper component="li" key={index} variant="outlined" sx={{ p: 2, display: 'flex', gap: 2 }}>
                  <Skeleton variant="rounded" width={THUMB} height={THUMB} />
                  <Box sx={{ flexGrow: 1 }}>
                    <Skeleton width="70%" />
                    <Skeleton width="40%" />
                  </Box>
                </Paper>
              ))
            : rows.map((story) => <StoryCard key={story._id} story={story} />)}
        </Stack>
        {footer ? (
          <Paper variant="outlined" sx={{ mt: 1.5, overflow: 'hidden' }}>
            {footer}
          </Paper>
        ) : null}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {progress}
      <TableContainer>
        <Table aria-label={t('stories.listLabel')} aria-busy={busy} sx={staleRows}>
          <TableHead>
            <TableRow>
              <TableCell>{t('stories.columnTitle')}</TableCell>
              <TableCell>{t('stories.columnStatus')}</TableCell>
              <TableCell>{t('stories.columnDate')}</TableCell>
              <TableCell align="right">{t('stories.columnActions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <TableRow key={index}>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                        <Skeleton variant="rounded" width={THUMB} height={THUMB} />
                        <Skeleton width="50%" />
                      </Box>
                    </TableCell>
                    {Array.from({ length: 3 }, (_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((story) => <StoryTableRow key={story._id} story={story} />)}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}

function Thumbnail({ story }: { story: StorySummary }) {
  return (
    <StoryCover
      image={story.image}
      // Decorative next to the title, which says the same.
      alt=""
      sizes={`${THUMB}px`}
      sx={{ width: THUMB, height: THUMB, borderRadius: 1, flexShrink: 0 }}
    />
  );
}

function ViewAction({ story }: { story: StorySummary }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('stories.view')}>
      <IconButton
        component={RouterLink}
        to={`/fics/${story._id}`}
        aria-label={t('stories.viewStory', { title: story.title })}
      >
        <VisibilityOutlined />
      </IconButton>
    </Tooltip>
  );
}

// Memoised: a page holds up to 100 rows, and paging re-renders the list.
const StoryTableRow = memo(function StoryTableRow({ story }: { story: StorySummary }) {
  return (
    <TableRow hover>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Thumbnail story={story} />
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{story.title}</Typography>
        </Box>
      </TableCell>
      <TableCell>
        <StoryStatusChip status={story.publicationStatus} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatStoryDate(story.date)}</TableCell>
      <TableCell align="right">
        <ViewAction story={story} />
      </TableCell>
    </TableRow>
  );
});

const StoryCard = memo(function StoryCard({ story }: { story: StorySummary }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Thumbnail story={story} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{story.title}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <StoryStatusChip status={story.publicationStatus} />
          <Typography variant="body2" color="text.secondary" component="span">
            {formatStoryDate(story.date)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        <ViewAction story={story} />
      </Box>
    </Paper>
  );
});
