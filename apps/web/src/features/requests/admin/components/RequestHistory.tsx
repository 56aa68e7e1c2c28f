import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@fics/contracts';
import { EmptyState } from '../../../../components/EmptyState';
import { LoadFailedState } from '../../../../components/LoadFailedState';
import { PageControls } from '../../../../components/PageControls';
import { requesterName, statusLabel, type AdminRequest } from '../request-text';
import { HandledRequestDetails } from './RequestDetails';

export const historyPageSizes = [20, 50, 100] as const;

interface RequestHistoryProps<R extends AdminRequest> {
  page: Paged<R> | undefined;
  isPending: boolean;
  isUpdating: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The page asked for (from the URL), from 1. */
  pageNumber: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  requesterLabel: string;
  compact: boolean;
  label: string;
}

function StatusChip({ status }: { status: string }) {
  const text = statusLabel(status);
  if (!text) {
    return null;
  }
  const color = status === 'APPROVED' ? 'success' : status === 'DENIED' ? 'error' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={text} />;
}

/**
 * Spec 000 §2: the handled requests (requester, status, reviewer), one page at a time; a row opens
 * a read-only detail dialog with a 'Cerrar' button.
 */
export function RequestHistory<R extends AdminRequest>({
  page,
  isPending,
  isUpdating,
  isError,
  onRetry,
  pageNumber,
  limit,
  onPageChange,
  onLimitChange,
  requesterLabel,
  compact,
  label,
}: RequestHistoryProps<R>) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState<R | null>(null);
  const [shown, setShown] = useState<R | null>(null);
  const show = (request: R) => {
    setShown(request);
    setOpen(request);
  };

  if (isError) {
    return <LoadFailedState onRetry={onRetry} />;
  }
  if (!isPending && page?.totalDocs === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={t('common.nothingToShow')} />
      </Paper>
    );
  }
  const rows = page?.docs ?? [];
  const stale = isUpdating ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined;
  const controls = page ? (
    <PageControls
      page={pageNumber}
      limit={limit}
      totalDocs={page.totalDocs}
      onPageChange={onPageChange}
      limitOptions={compact ? undefined : historyPageSizes}
      onLimitChange={compact ? undefined : onLimitChange}
      label={t('requestsAdmin.historyPages')}
    />
  ) : null;

  const dialog = (
    <Dialog
      open={Boolean(open)}
      onClose={() => setOpen(null)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('requestsAdmin.detailTitle')}</DialogTitle>
      <DialogContent>{shown ? <HandledRequestDetails request={shown} /> : null}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={() => setOpen(null)}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
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
          aria-label={label}
          aria-busy={isPending || isUpdating}
          sx={{ listStyle: 'none', p: 0, m: 0, ...stale }}
        >
          {isPending
            ? Array.from({ length: 3 }, (_, index) => (
                <Paper component="li" key={index} variant="outlined" sx={{ p: 2 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="40%" />
                </Paper>
              ))
            : rows.map((request) => (
                <Paper component="li" key={request._id} variant="outlined">
                  <ButtonBase
                    onClick={() => show(request)}
                    aria-label={t('requestsAdmin.openHistory', { name: requesterName(request) })}
                    sx={{ display: 'block', width: '100%', textAlign: 'left', p: 2, borderRadius: 1 }}
                  >
                    <Box
                      sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}
                    >
                      <Typography sx={{ fontWeight: 700 }}>{requesterName(request)}</Typography>
                      <StatusChip status={request.status} />
                    </Box>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {t('requestsAdmin.reviewedBy')}: {request.adminId?.name ?? ''}
                    </Typography>
                  </ButtonBase>
                </Paper>
              ))}
        </Stack>
        {controls ? (
          <Paper variant="outlined" sx={{ mt: 1.5 }}>
            {controls}
          </Paper>
        ) : null}
        {dialog}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
      {progress}
      <TableContainer>
        <Table aria-label={label} aria-busy={isPending || isUpdating} sx={stale}>
          <TableHead>
            <TableRow>
              <TableCell>{requesterLabel}</TableCell>
              <TableCell>{t('requestsAdmin.status')}</TableCell>
              <TableCell>{t('requestsAdmin.reviewedBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending
              ? Array.from({ length: 3 }, (_, index) => (
                  <TableRow key={index}>
                    {Array.from({ length: 3 }, (_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((request) => (
                  <TableRow key={request._id} hover onClick={() => show(request)} sx={{ cursor: 'pointer' }}>
                    <TableCell sx={{ fontWeight: 600 }}>
                      {/* The row's click, reachable by keyboard. */}
                      <ButtonBase
                        onClick={(event) => {
                          event.stopPropagation();
                          show(request);
                        }}
                        aria-label={t('requestsAdmin.openHistory', { name: requesterName(request) })}
                        sx={{ font: 'inherit', textAlign: 'left', borderRadius: 0.5 }}
                      >
                        {requesterName(request)}
                      </ButtonBase>
                    </TableCell>
                    <TableCell>
                      <StatusChip status={request.status} />
                    </TableCell>
                    <TableCell>{request.adminId?.name ?? ''}</TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {controls}
      {dialog}
    </Paper>
  );
}
