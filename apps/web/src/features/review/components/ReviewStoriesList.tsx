import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import DeleteOutlined from '#icons/DeleteOutlined';
import RateReviewOutlined from '#icons/RateReviewOutlined';
import VisibilityOutlined from '#icons/VisibilityOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReviewStoryRow } from '@fics/contracts';
import { formatStoryDate, PersonalChip, StoryStatusChip } from '../../stories';
import { StudentName } from './StudentName';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Whether the list shows cards (phones) rather than a table at this width. */
export function useCompactReviewList(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

/**
 * 'review': Fics para Revisión (with Estado; Corregir fic). 'published': Fics Publicados (view).
 */
export type ReviewListKind = 'review' | 'published';

const SKELETON_ROWS = 5;

interface ReviewStoriesListProps {
  kind: ReviewListKind;
  rows: ReviewStoryRow[] | undefined;
  isLoading: boolean;
  /** The rows on screen are another page's, kept while the new one loads. */
  isUpdating: boolean;
  /** Cards instead of a table (phones). */
  compact: boolean;
  /** Names the table or the card list for screen readers. */
  label: string;
  /** Asks to delete a row (only offered when `row.canDelete`); stable, the rows are memoised. */
  onDelete: (row: ReviewStoryRow) => void;
  /** Paging controls, under the rows or the cards. */
  footer?: ReactNode;
}

/**
 * Spec 001 §2 Fics para Revisión (Alumno, Colegio / Curso, Fic, Estado; Corregir fic, delete) and
 * Fics Publicados (Alumno, Colegio / Curso, Fic; view, delete), with the date, as a table or cards.
 */
export function ReviewStoriesList({
  kind,
  rows,
  isLoading,
  isUpdating,
  compact,
  label,
  onDelete,
  footer,
}: ReviewStoriesListProps) {
  const { t } = useTranslation();
  const busy = isLoading || isUpdating;
  const staleRows = isUpdating ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined;
  const progress = isUpdating ? (
    <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
  ) : null;
  const shown = rows ?? [];

  if (compact) {
    return (
      <Box sx={{ position: 'relative' }}>
        {progress}
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={label}
          aria-busy={busy}
          sx={{ listStyle: 'none', p: 0, m: 0, ...staleRows }}
        >
          {isLoading
            ? Array.from({ length: 3 }, (_, index) => (
                <Paper component="li" key={index} variant="outlined" sx={{ p: 2 }}>
                  <Skeleton width="70%" />
                  <Skeleton width="50%" />
                  <Skeleton width="40%" />
                </Paper>
              ))
            : shown.map((row) => <StoryCard key={row._id} kind={kind} row={row} onDelete={onDelete} />)}
        </Stack>
        {footer ? (
          <Paper variant="outlined" sx={{ mt: 1.5, overflow: 'hidden' }}>
            {footer}
          </Paper>
        ) : null}
      </Box>
    );
  }

  const columns = [
    t('review.columnStudent'),
    t('review.columnSchool'),
    t('review.columnStory'),
    ...(kind === 'review' ? [t('review.columnStatus')] : []),
    t('review.columnDate'),
  ];
  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {progress}
      <TableContainer>
        <Table aria-label={label} aria-busy={busy} sx={staleRows}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
              <TableCell align="right">{t('review.columnActions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <TableRow key={index}>
                    {Array.from({ length: columns.length + 1 }, (_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : shown.map((row) => <StoryTableRow key={row._id} kind={kind} row={row} onDelete={onDelete} />)}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}

interface RowProps {
  kind: ReviewListKind;
  row: ReviewStoryRow;
  onDelete: (row: ReviewStoryRow) => void;
}

// Memoised: a page holds up to 100 rows, and paging re-renders the list.
const StoryTableRow = memo(function StoryTableRow({ kind, row, onDelete }: RowProps) {
  return (
    <TableRow hover>
      <TableCell sx={{ minWidth: 140 }}>
        <StudentName row={row} />
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <SchoolAndGrade row={row} />
      </TableCell>
      <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 160 }}>
        {row.storyTitle}
        {row.personal ? (
          <Box sx={{ mt: 0.5 }}>
            <PersonalChip personal />
          </Box>
        ) : null}
      </TableCell>
      {kind === 'review' ? (
        <TableCell>
          <StoryStatusChip status={row.publicationStatus} />
        </TableCell>
      ) : null}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatStoryDate(row.date)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowActions kind={kind} row={row} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
});

const StoryCard = memo(function StoryCard({ kind, row, onDelete }: RowProps) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.storyTitle}
      </Typography>
      <Box sx={{ mt: 0.5 }}>
        <Typography variant="body2" component="div">
          <Box component="span" sx={visuallyHidden}>
            {t('review.columnStudent')}:{' '}
          </Box>
          <StudentName row={row} />
        </Typography>
        <Typography variant="body2" component="div" color="text.secondary" sx={{ mt: 0.25 }}>
          <Box component="span" sx={visuallyHidden}>
            {t('review.columnSchool')}:{' '}
          </Box>
          {row.college} · {row.grade}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mt: 1,
        }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {kind === 'review' ? <StoryStatusChip status={row.publicationStatus} /> : null}
          <PersonalChip personal={row.personal} />
          <Typography variant="body2" color="text.secondary" component="span">
            {formatStoryDate(row.date)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          <RowActions kind={kind} row={row} onDelete={onDelete} />
        </Box>
      </Box>
    </Paper>
  );
});

function SchoolAndGrade({ row }: { row: ReviewStoryRow }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {row.college}
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {row.grade}
      </Box>
    </>
  );
}

function RowActions({ kind, row, onDelete }: RowProps) {
  const { t } = useTranslation();
  return (
    <>
      {kind === 'review' ? (
        <Button
          component={RouterLink}
          to={`/fics/${row._id}/revision`}
          size="small"
          variant="outlined"
          startIcon={<RateReviewOutlined />}
          aria-label={t('review.correctStory', { title: row.storyTitle })}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('review.correct')}
        </Button>
      ) : (
        <Tooltip title={t('review.view')}>
          <IconButton
            component={RouterLink}
            to={`/fics/${row._id}`}
            aria-label={t('review.viewStory', { title: row.storyTitle })}
          >
            <VisibilityOutlined />
          </IconButton>
        </Tooltip>
      )}
      <DeleteAction row={row} onDelete={onDelete} />
    </>
  );
}

/**
 * Delete, enabled when the API would accept it (`row.canDelete`: the evaluating teacher). Otherwise
 * it stays in its place, greyed, focusable, and its tooltip says who may delete the fic.
 */
function DeleteAction({ row, onDelete }: Omit<RowProps, 'kind'>) {
  const { t } = useTranslation();
  const name = t('review.deleteStory', { title: row.storyTitle });
  if (row.canDelete) {
    return (
      <Tooltip title={t('review.delete')}>
        <IconButton aria-label={name} onClick={() => onDelete(row)} sx={{ color: 'error.dark' }}>
          <DeleteOutlined />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={t('review.onlyEvaluatorDeletes')} describeChild>
      {/* aria-disabled rather than disabled: a disabled button takes no focus, and its reason would go unread. */}
      <IconButton
        aria-label={name}
        aria-disabled="true"
        disableRipple
        onClick={(event) => event.preventDefault()}
        sx={{ color: 'action.disabled', cursor: 'default' }}
      >
        <DeleteOutlined />
      </IconButton>
    </Tooltip>
  );
}
