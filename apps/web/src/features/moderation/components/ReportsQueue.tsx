import { useCallback, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { useTranslation } from 'react-i18next';
import {
  maxPage,
  moderationMessages,
  moderationStatusLabels,
  moderationStatuses,
  reportReasonLabels,
  reportReasons,
  reportsPaging,
  type ModerationDecision,
  type ReportCase,
} from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailedState } from '../../../components/LoadFailedState';
import {
  formatCount,
  ListTotal,
  PageControls,
  useLastPageWhenPastTheEnd,
} from '../../../components/PageControls';
import { PageLoader } from '../../../components/PageLoader';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useReports } from '../api';
import { DecideDialog } from './DecideDialog';
import { ReportCaseCard } from './ReportCaseCard';
import { CardList } from '../../../components/CardList';

const ALL = 'ALL';
/**
 * Filters and page in the query string (/reportes?status=KEPT&reason=SPAM&page=2): reload, a shared
 * link and back keep them. The queue opens on what waits for a decision; 'Todos' shows every case.
 */
const urlParams = {
  status: urlParam.oneOf<string>([...moderationStatuses, ALL], 'OPEN'),
  reason: urlParam.oneOf<string>(['', ...reportReasons], ''),
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
};
const urlOptions = { resetOnChange: ['page'] } as const;
const limit = reportsPaging.defaultLimit;

/**
 * The 'Reportes' view of /reportes (TEACHER, ADMIN; issue 21.3): the reports about the teacher's
 * grades' students' content (an administrator's: all), one case per item, newest report first, a
 * page at a time, filtered by status and reason; each case decided once with 'Mantener' or
 * 'Eliminar' and an optional note.
 */
export function ReportsQueue() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  const { page } = url;
  const status = url.status === ALL ? undefined : (url.status as ReportCase['status']);
  const reason = url.reason === '' ? undefined : (url.reason as (typeof reportReasons)[number]);
  const reports = useReports({ status, reason, page, limit });
  const shown = reports.data;

  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(shown, { enabled: !reports.isPlaceholderData, goTo: replacePage });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    setUrl({ page: next });
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  // Kept while the dialog fades out, so its title does not change on the way.
  const [deciding, setDeciding] = useState<{ caseId: string; decision: ModerationDecision } | null>(null);
  const [decideOpen, setDecideOpen] = useState(false);
  const askDecision = useCallback((report: ReportCase, decision: ModerationDecision) => {
    setDeciding({ caseId: report._id, decision });
    setDecideOpen(true);
  }, []);

  const filtered = url.status !== 'OPEN' || url.reason !== '';

  let content;
  if (reports.isError) {
    content = <LoadFailedState onRetry={() => void reports.refetch()} />;
  } else if (!shown) {
    content = <PageLoader />;
  } else if (shown.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<FlagOutlined fontSize="inherit" />}
          message={moderationMessages.empty}
          action={
            filtered ? (
              <Button onClick={() => setUrl({ status: 'OPEN', reason: '' })}>
                {t('moderation.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      </Paper>
    );
  } else {
    content = (
      <>
        <CardList label={t('moderation.listLabel')} busy={reports.isPlaceholderData}>
          {shown.docs.map((report) => (
            <li key={report._id}>
              <ReportCaseCard report={report} onDecide={askDecision} />
            </li>
          ))}
        </CardList>
        <Paper variant="outlined" sx={{ mt: 2 }}>
          <PageControls
            page={page}
            limit={limit}
            totalDocs={shown.totalDocs}
            onPageChange={goToPage}
            label={t('moderation.pages')}
          />
        </Paper>
      </>
    );
  }

  return (
    <>
      <Box
        role="search"
        aria-label={t('moderation.filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('moderation.status')}
          value={url.status}
          onChange={(event) => setUrl({ status: event.target.value })}
          // The theme makes fields full width; two filters share a line (a phone's included).
          fullWidth={false}
          sx={{ minWidth: { sm: 200 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
        >
          {moderationStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {moderationStatusLabels[value]}
            </MenuItem>
          ))}
          <MenuItem value={ALL}>{t('moderation.allStatuses')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('moderation.reason')}
          value={url.reason}
          onChange={(event) => setUrl({ reason: event.target.value })}
          fullWidth={false}
          sx={{ minWidth: { sm: 240 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('moderation.allReasons')}</MenuItem>
          {reportReasons.map((value) => (
            <MenuItem key={value} value={value}>
              {reportReasonLabels[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListTotal
        ref={listTop}
        text={
          shown && !reports.isError && shown.totalDocs > 0
            ? t('moderation.total', { count: shown.totalDocs, formatted: formatCount(shown.totalDocs) })
            : null
        }
      />
      {content}
      <DecideDialog
        caseId={deciding?.caseId ?? null}
        decision={deciding?.decision ?? 'KEEP'}
        open={decideOpen}
        onClose={() => setDecideOpen(false)}
      />
    </>
  );
}
