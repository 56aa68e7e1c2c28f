import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FlagOutlined from '#icons/FlagOutlined';
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
import { formatCount } from '../../../components/PageControls';
import { PagedList } from '../../../components/PagedList';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useReports } from '../api';
import { DecideDialog } from './DecideDialog';
import { ReportCaseCard } from './ReportCaseCard';

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

  const goToPage = useCallback(
    (next: number, options?: { replace?: boolean }) => setUrl({ page: next }, options),
    [setUrl],
  );

  // Kept while the dialog fades out, so its title does not change on the way.
  const [deciding, setDeciding] = useState<{ caseId: string; decision: ModerationDecision } | null>(null);
  const [decideOpen, setDecideOpen] = useState(false);
  const askDecision = useCallback((report: ReportCase, decision: ModerationDecision) => {
    setDeciding({ caseId: report._id, decision });
    setDecideOpen(true);
  }, []);

  const filtered = url.status !== 'OPEN' || url.reason !== '';

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
      <PagedList
        data={shown}
        isError={reports.isError}
        isPlaceholderData={reports.isPlaceholderData}
        onRetry={() => void reports.refetch()}
        page={page}
        limit={limit}
        onPageChange={goToPage}
        totalText={(count) => t('moderation.total', { count, formatted: formatCount(count) })}
        empty={{
          icon: <FlagOutlined fontSize="inherit" />,
          message: moderationMessages.empty,
          action: filtered ? (
            <Button onClick={() => setUrl({ status: 'OPEN', reason: '' })}>
              {t('moderation.clearFilters')}
            </Button>
          ) : undefined,
        }}
        listLabel={t('moderation.listLabel')}
        pagesLabel={t('moderation.pages')}
        renderItem={(report) => <ReportCaseCard report={report} onDecide={askDecision} />}
      />
      <DecideDialog
        caseId={deciding?.caseId ?? null}
        decision={deciding?.decision ?? 'KEEP'}
        open={decideOpen}
        onClose={() => setDecideOpen(false)}
      />
    </>
  );
}
