import { useCallback, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { useTranslation } from 'react-i18next';
import { gradeLabel, maxPage, requestStatusLabels, type ChangeRequest } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { PageControls, useLastPageWhenPastTheEnd } from '../../../components/PageControls';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { studentHistoryLimit, useStudentChangeRequests } from '../api';

/** Spec 000 §9: dates in Spanish, 'MMM dd, yyyy'. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM dd, yyyy', { locale: es });
}

/** Spec 000 §4: 'Pendiente por revisión', 'Aprobado', 'Negada'; any other value blank. */
function statusLabel(status: string): string {
  return (requestStatusLabels as Record<string, string | undefined>)[status] ?? '';
}

/** The school and grade the student asked for, as they named them (listed or typed). */
function requested(request: ChangeRequest): { college: string; grade: string } {
  const grade = request.gradeId ? gradeLabel(request.gradeId) : '';
  return {
    college: request.formerCollegeName ?? request.collegeId?.name ?? request.collegeName ?? '',
    grade: request.formerGradeName ?? (request.isGradeListed ? grade : (request.gradeName ?? grade)),
  };
}

/** The history's page in the query string (/perfil?historial=2): a reload or the back button keeps it. */
const historyUrlParams = { historial: urlParam.int({ min: 1, max: maxPage, fallback: 1 }) };

/**
 * Spec 000 §2 Profile, 'Historial de solicitudes': the student's change requests, newest first, in
 * pages (GET /change-requests/student-sent); a row opens its detail.
 */
export function ChangeRequestHistory() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(historyUrlParams);
  const page = url.historial;
  const [shown, setShown] = useState<ChangeRequest | null>(null);
  const history = useStudentChangeRequests({ page, limit: studentHistoryLimit });

  // A page past the end (a stale link): go to the last one.
  const replacePage = useCallback((last: number) => setUrl({ historial: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(history.data, { enabled: !history.isPlaceholderData, goTo: replacePage });

  if (history.isPending) {
    return (
      <Box role="status" aria-label={t('common.loading')}>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} variant="text" height={40} />
        ))}
      </Box>
    );
  }
  if (history.isError) {
    return <LoadFailedState framed={false} onRetry={() => void history.refetch()} />;
  }
  const { docs, totalDocs } = history.data;
  if (totalDocs === 0) {
    return <EmptyState message={t('common.nothingToShow')} />;
  }
  return (
    <>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('requests.historyTitle')}
          // Four columns fit a phone's width with narrower padding.
          sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('requests.date')}</TableCell>
              <TableCell>{t('requests.student')}</TableCell>
              <TableCell>{t('requests.status')}</TableCell>
              <TableCell>{t('requests.reviewedBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {docs.map((request) => (
              <TableRow
                key={request._id}
                hover
                tabIndex={0}
                aria-label={t('requests.openDetail', { date: formatDate(request.date) })}
                onClick={() => setShown(request)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    setShown(request);
                  }
                }}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDate(request.date)}</TableCell>
                <TableCell>{request.userId.name}</TableCell>
                <TableCell>{statusLabel(request.status)}</TableCell>
                <TableCell>{request.adminId?.name ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PageControls
        page={page}
        limit={studentHistoryLimit}
        totalDocs={totalDocs}
        onPageChange={(next) => setUrl({ historial: next })}
        label={t('requests.historyPages')}
      />
      <ChangeRequestDetail request={shown} onClose={() => setShown(null)} />
    </>
  );
}

/** A request's detail: what was asked and why; once handled, the administrator's answer. */
function ChangeRequestDetail({ request, onClose }: { request: ChangeRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  // Keeps the last request drawn while the dialog fades out.
  const [last, setLast] = useState(request);
  if (request && request !== last) {
    setLast(request);
  }
  const shown = request ?? last;
  const asked = shown ? requested(shown) : null;
  const rows: { label: string; value: string }[] =
    shown && asked
      ? [
          { label: t('requests.date'), value: formatDate(shown.date) },
          { label: t('requests.college'), value: asked.college },
          { label: t('requests.grade'), value: asked.grade },
          { label: t('requests.explanation'), value: shown.studentExplanation },
          { label: t('requests.status'), value: statusLabel(shown.status) },
        ]
      : [];
  const answer: { label: string; value: string }[] =
    shown && shown.status !== 'PENDING'
      ? [
          { label: t('requests.attendant'), value: shown.adminId?.name ?? '' },
          { label: t('requests.answeredOn'), value: formatDate(shown.updatedAt) },
          { label: t('requests.status'), value: statusLabel(shown.status) },
          { label: t('requests.adminComments'), value: shown.adminComments || t('requests.noComments') },
        ]
      : [];
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('requests.detailTitle')}</DialogTitle>
      <DialogContent>
        <Fields rows={rows} />
        {answer.length > 0 ? (
          <>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mt: 3, mb: 1.5 }}>
              {t('requests.answerTitle')}
            </Typography>
            <Fields rows={answer} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Fields({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gap: 1.5, m: 0 }}>
      {rows.map((row) => (
        <Box key={row.label}>
          <Typography component="dt" variant="subtitle2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
