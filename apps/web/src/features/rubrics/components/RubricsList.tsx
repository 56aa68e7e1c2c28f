import { memo, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
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
import DeleteOutlineOutlined from '#icons/DeleteOutlineOutlined';
import EditOutlined from '#icons/EditOutlined';
import KeyboardArrowDown from '#icons/KeyboardArrowDown';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gridMaxScore, type Rubric } from '@fics/contracts';
import { RubricGrid } from './RubricGrid';
import { visuallyHidden } from '../../../components/visually-hidden';

/** Whether the list shows cards (phones) rather than a table at this width. */
export function useCompactRubricsList(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

const SKELETON_ROWS = 5;

interface RubricsListProps {
  rubrics: Rubric[] | undefined;
  isLoading: boolean;
  /** The rows on screen are another page's, kept while the new one loads. */
  isUpdating: boolean;
  compact: boolean;
  onDelete: (rubric: Rubric) => void;
  /** Paging controls, under the rows or the cards. */
  footer?: ReactNode;
}

/**
 * Spec 001 §2 Mis Rúbricas: title and description, each rubric opening to a preview of its grid,
 * with edit and delete; a table, or cards on phones.
 */
export function RubricsList({ rubrics, isLoading, isUpdating, compact, onDelete, footer }: RubricsListProps) {
  const { t } = useTranslation();
  const rows = rubrics ?? [];
  const busy = isLoading || isUpdating;
  const staleRows = isUpdating ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined;
  const progress = isUpdating ? (
    <LinearProgress aria-hidden sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
  ) : null;

  if (compact) {
    return (
      <Box sx={{ position: 'relative' }}>
        {progress}
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={t('rubrics.listLabel')}
          aria-busy={busy}
          sx={{ listStyle: 'none', p: 0, m: 0, ...staleRows }}
        >
          {isLoading
            ? Array.from({ length: 3 }, (_, index) => (
                <Paper component="li" key={index} variant="outlined" sx={{ p: 2 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="90%" />
                  <Skeleton width="40%" />
                </Paper>
              ))
            : rows.map((rubric) => <RubricCard key={rubric._id} rubric={rubric} onDelete={onDelete} />)}
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
        <Table
          aria-label={t('rubrics.listLabel')}
          aria-busy={busy}
          // Fixed columns: opening a preview does not move them.
          sx={{ tableLayout: 'fixed', minWidth: 720, ...staleRows }}
        >
          <colgroup>
            <col style={{ width: 64 }} />
            <col style={{ width: '30%' }} />
            <col />
            <col style={{ width: 128 }} />
          </colgroup>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('rubrics.showGrid')}
                </Box>
              </TableCell>
              <TableCell>{t('rubrics.columnTitle')}</TableCell>
              <TableCell>{t('rubrics.columnDescription')}</TableCell>
              <TableCell align="right">{t('rubrics.columnActions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <TableRow key={index}>
                    <TableCell padding="checkbox">
                      <Skeleton variant="circular" width={28} height={28} sx={{ mx: 'auto' }} />
                    </TableCell>
                    <TableCell>
                      <Skeleton width="70%" />
                    </TableCell>
                    <TableCell>
                      <Skeleton />
                    </TableCell>
                    <TableCell>
                      <Skeleton width={80} sx={{ ml: 'auto' }} />
                    </TableCell>
                  </TableRow>
                ))
              : rows.map((rubric) => <RubricTableRow key={rubric._id} rubric={rubric} onDelete={onDelete} />)}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}

interface RubricItemProps {
  rubric: Rubric;
  onDelete: (rubric: Rubric) => void;
}

function RowActions({ rubric, onDelete }: RubricItemProps) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('rubrics.edit')}>
        <IconButton
          component={RouterLink}
          to={`/rubricas/${rubric._id}/actualizar`}
          aria-label={t('rubrics.editRubric', { title: rubric.title })}
        >
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('rubrics.delete')}>
        <IconButton
          aria-label={t('rubrics.deleteRubric', { title: rubric.title })}
          onClick={() => onDelete(rubric)}
          sx={{ '&:hover': { color: 'error.main' } }}
        >
          <DeleteOutlineOutlined />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** The grid as it will be read in an evaluation, with its size and best score (also the templates' preview). */
export function RubricPreview({ rubric, stacked = false }: { rubric: Rubric; stacked?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('rubrics.gridSummary', { count: rubric.items.length, max: gridMaxScore(rubric) })}
      </Typography>
      <RubricGrid
        columns={rubric.columns}
        items={rubric.items}
        label={t('rubrics.gridLabel', { title: rubric.title })}
        layout={stacked ? 'stacked' : 'table'}
      />
    </Box>
  );
}

export const ExpandIcon = ({ open }: { open: boolean }) => (
  <KeyboardArrowDown
    sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
    aria-hidden
  />
);

// Memoised: a page holds up to 100 rows, and paging re-renders the list.
const RubricTableRow = memo(function RubricTableRow({ rubric, onDelete }: RubricItemProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const previewId = useId();
  const toggleLabel = t(open ? 'rubrics.hideGridOf' : 'rubrics.showGridOf', { title: rubric.title });
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: 'unset' } }}>
        <TableCell padding="checkbox">
          <Tooltip title={t(open ? 'rubrics.hideGrid' : 'rubrics.showGrid')}>
            <IconButton
              aria-expanded={open}
              aria-controls={previewId}
              aria-label={toggleLabel}
              onClick={() => setOpen((value) => !value)}
            >
              <ExpandIcon open={open} />
            </IconButton>
          </Tooltip>
        </TableCell>
        <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 160 }}>
          {rubric.title}
        </TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere', color: 'text.secondary' }}>{rubric.description}</TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <RowActions rubric={rubric} onDelete={onDelete} />
        </TableCell>
      </TableRow>
      <TableRow id={previewId}>
        <TableCell colSpan={4} sx={{ py: 0, ...(open ? {} : { borderBottom: 1, borderColor: 'divider' }) }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <RubricPreview rubric={rubric} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
});

const RubricCard = memo(function RubricCard({ rubric, onDelete }: RubricItemProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const previewId = useId();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{rubric.title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
            {rubric.description}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexShrink: 0, mt: -0.5, mr: -1 }}>
          <RowActions rubric={rubric} onDelete={onDelete} />
        </Box>
      </Box>
      <Button
        size="small"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={previewId}
        aria-label={t(open ? 'rubrics.hideGridOf' : 'rubrics.showGridOf', { title: rubric.title })}
        endIcon={<ExpandIcon open={open} />}
        sx={{ mt: 1, ml: -0.5 }}
      >
        {t(open ? 'rubrics.hideGrid' : 'rubrics.showGrid')}
      </Button>
      <Box id={previewId}>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <RubricPreview rubric={rubric} stacked />
        </Collapse>
      </Box>
    </Paper>
  );
});
