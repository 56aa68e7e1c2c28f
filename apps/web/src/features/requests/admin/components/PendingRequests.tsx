import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
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
import CheckOutlined from '#icons/CheckOutlined';
import CloseOutlined from '#icons/CloseOutlined';
import KeyboardArrowDown from '#icons/KeyboardArrowDown';
import KeyboardArrowUp from '#icons/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/EmptyState';
import { LoadFailedState } from '../../../../components/LoadFailedState';
import { formatRequestDate, requesterName, type AdminRequest } from '../request-text';
import { PendingRequestDetails } from './RequestDetails';

interface PendingRequestsProps<R extends AdminRequest> {
  requests: R[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onApprove: (request: R) => void;
  onDeny: (request: R) => void;
  /** 'Estudiante' or 'Usuario'. */
  requesterLabel: string;
  /** The 'Solicitud' column: the student's explanation or the user's comment. */
  summary: (request: R) => string;
  /** Cards instead of a table (phones). */
  compact: boolean;
  /** Names the table or list for screen readers. */
  label: string;
}

const SKELETON_ROWS = 3;

function Actions<R extends AdminRequest>({
  request,
  onApprove,
  onDeny,
  compact,
}: {
  request: R;
  onApprove: (request: R) => void;
  onDeny: (request: R) => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const name = requesterName(request);
  // Side by side: in one line on a table row, in two equal columns on a phone's card.
  return (
    <Box
      sx={
        compact
          ? { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }
          : { display: 'flex', gap: 1, justifyContent: 'flex-end', whiteSpace: 'nowrap' }
      }
    >
      <Button
        size="small"
        variant="contained"
        startIcon={compact ? undefined : <CheckOutlined />}
        aria-label={t('requestsAdmin.approveAria', { name })}
        onClick={() => onApprove(request)}
      >
        {t('requestsAdmin.approve')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={compact ? undefined : <CloseOutlined />}
        aria-label={t('requestsAdmin.denyAria', { name })}
        onClick={() => onDeny(request)}
      >
        {t('requestsAdmin.deny')}
      </Button>
    </Box>
  );
}

/**
 * Spec 000 §2: the pending requests, each with 'Aprobar Solicitud' and 'Rechazar Solicitud' and a
 * detail panel it expands into. A table on wide screens, cards on phones.
 */
export function PendingRequests<R extends AdminRequest>({
  requests,
  isPending,
  isError,
  onRetry,
  onApprove,
  onDeny,
  requesterLabel,
  summary,
  compact,
  label,
}: PendingRequestsProps<R>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });

  if (isError) {
    return <LoadFailedState onRetry={onRetry} />;
  }
  if (!isPending && requests?.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={t('common.nothingToShow')} />
      </Paper>
    );
  }
  const rows = requests ?? [];

  const expandButton = (request: R) => {
    const open = expanded.has(request._id);
    const name = requesterName(request);
    return (
      <IconButton
        size="small"
        aria-expanded={open}
        aria-label={open ? t('requestsAdmin.collapse', { name }) : t('requestsAdmin.expand', { name })}
        onClick={() => toggle(request._id)}
      >
        {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
      </IconButton>
    );
  };

  if (compact) {
    return (
      <Stack
        component="ul"
        spacing={1.5}
        aria-label={label}
        aria-busy={isPending}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {isPending
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <Paper component="li" key={index} variant="outlined" sx={{ p: 2 }}>
                <Skeleton width="60%" />
                <Skeleton width="40%" />
                <Skeleton width="90%" />
              </Paper>
            ))
          : rows.map((request) => (
              <Paper component="li" key={request._id} variant="outlined" sx={{ p: 2 }}>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700 }}>{requesterName(request)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatRequestDate(request.date)}
                    </Typography>
                  </Box>
                  {expandButton(request)}
                </Box>
                <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>{summary(request)}</Typography>
                <Collapse in={expanded.has(request._id)} unmountOnExit>
                  <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
                    <PendingRequestDetails request={request} />
                  </Box>
                </Collapse>
                <Box sx={{ mt: 2 }}>
                  <Actions request={request} onApprove={onApprove} onDeny={onDeny} compact />
                </Box>
              </Paper>
            ))}
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table aria-label={label} aria-busy={isPending}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{requesterLabel}</TableCell>
              <TableCell>{t('requestsAdmin.date')}</TableCell>
              <TableCell>{t('requestsAdmin.request')}</TableCell>
              <TableCell align="right">{t('requestsAdmin.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <TableRow key={index}>
                    {Array.from({ length: 5 }, (_, cell) => (
                      <TableCell key={cell}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((request) => {
                  const open = expanded.has(request._id);
                  return (
                    <Fragment key={request._id}>
                      <TableRow sx={open ? { '& > td': { borderBottom: 0 } } : undefined}>
                        <TableCell padding="checkbox">{expandButton(request)}</TableCell>
                        <TableCell sx={{ fontWeight: 600 }}>{requesterName(request)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRequestDate(request.date)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{summary(request)}</TableCell>
                        <TableCell align="right" sx={{ width: '1%' }}>
                          <Actions request={request} onApprove={onApprove} onDeny={onDeny} compact={false} />
                        </TableCell>
                      </TableRow>
                      {open ? (
                        <TableRow>
                          <TableCell colSpan={5} sx={{ bgcolor: 'action.hover', px: 4, py: 2.5 }}>
                            <PendingRequestDetails request={request} />
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  );
                })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
