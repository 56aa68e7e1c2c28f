import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import HistoryOutlined from '#icons/HistoryOutlined';
import { useTranslation } from 'react-i18next';
import { trackingMessages, trackingPaging, type TrackingRecord } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { LoadMore } from '../../../components/PageControls';
import { ActivityEntry } from './ActivityEntry';

/** Spec 001 §9: the activity skeleton shows 13 rows, one page's worth. */
export const ACTIVITY_SKELETON_ROWS = trackingPaging.defaultLimit;

interface ActivityListProps {
  /** Every event read so far, newest first; undefined while the first page loads. */
  records: TrackingRecord[] | undefined;
  totalDocs: number;
  pages: number;
  isError: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  /** Names the list for screen readers ('Actividad Reciente'). */
  labelledBy: string;
}

/** 'Actividad Reciente': the events, a 13-row skeleton, 'Sin actividad reciente...', and 'Ver más'. */
export function ActivityList({
  records,
  totalDocs,
  pages,
  isError,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
  labelledBy,
}: ActivityListProps) {
  const { t } = useTranslation();
  if (isError && !records) {
    return <LoadFailedState onRetry={onRetry} />;
  }
  if (!records) {
    return (
      <Paper variant="outlined">
        <Box
          component="ul"
          aria-label={t('tracking.loadingActivity')}
          aria-busy
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {Array.from({ length: ACTIVITY_SKELETON_ROWS }, (_, index) => (
            <Box
              component="li"
              key={index}
              sx={{
                display: 'flex',
                gap: 2,
                px: { xs: 2, sm: 3 },
                py: 2,
                '& + &': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Skeleton variant="circular" width={40} height={40} sx={{ flexShrink: 0 }} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width={index % 3 === 0 ? '70%' : '55%'} />
                <Skeleton width="30%" />
              </Box>
            </Box>
          ))}
        </Box>
      </Paper>
    );
  }
  if (records.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={trackingMessages.empty} icon={<HistoryOutlined fontSize="inherit" />} />
      </Paper>
    );
  }
  return (
    <>
      <Paper variant="outlined">
        <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {records.map((record) => (
            <ActivityEntry key={record._id} record={record} />
          ))}
        </Box>
      </Paper>
      <LoadMore
        shown={records.length}
        pages={pages}
        totalDocs={totalDocs}
        hasMore={hasMore}
        loading={loadingMore}
        onLoadMore={onLoadMore}
      />
    </>
  );
}
