import { useCallback, useRef, useState } from 'react';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@fics/contracts';
import { useLastPageWhenPastTheEnd } from '../../../../components/PageControls';
import { PageTitle } from '../../../../components/PageTitle';
import { urlParam, useUrlState } from '../../../../lib/use-url-state';
import type { RequestKind } from '../action-outcome';
import type { AdminRequest } from '../request-text';
import { ApproveFlow } from './ApproveFlow';
import { PendingRequests } from './PendingRequests';
import { RejectDialog } from './RejectDialog';
import { historyPageSizes, RequestHistory } from './RequestHistory';

/** The history's page and page size live in the query string (?page=2&limit=50). */
export const historyUrlParams = {
  page: urlParam.int({ min: 1, max: 100_000, fallback: 1 }),
  limit: urlParam.oneOf(historyPageSizes, 20),
};
const urlOptions = { resetOnChange: ['page'] } as const;

/** The history page asked for in the URL. */
export function useHistoryUrl() {
  return useUrlState(historyUrlParams, urlOptions);
}

interface RequestsScreenProps<R extends AdminRequest> {
  kind: RequestKind;
  /** The browser tab's title and the page's heading. */
  title: string;
  heading: string;
  requesterLabel: string;
  summary: (request: R) => string;
  pending: UseQueryResult<R[]>;
  history: UseQueryResult<Paged<R>>;
}

/**
 * Spec 000 §2 Change requests and Account-creation requests: the heading, the pending table, then
 * 'Historial de solicitudes' with the history table; approve (dialog or wizard) and reject.
 */
export function RequestsScreen<R extends AdminRequest>({
  kind,
  title,
  heading,
  requesterLabel,
  summary,
  pending,
  history,
}: RequestsScreenProps<R>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'));
  const [url, setUrl] = useHistoryUrl();
  const [approving, setApproving] = useState<R | null>(null);
  const [denying, setDenying] = useState<R | null>(null);

  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(history.data, { enabled: !history.isPlaceholderData, goTo: replacePage });
  const historyTop = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <PageTitle title={title} />
      <Typography variant="h2" component="h2" sx={{ mb: 0.5 }}>
        {heading}
      </Typography>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2, minHeight: 20 }}>
        {pending.data ? t('requestsAdmin.pendingCount', { count: pending.data.length }) : null}
      </Typography>
      <PendingRequests
        requests={pending.data}
        isPending={pending.isPending}
        isError={pending.isError}
        onRetry={() => void pending.refetch()}
        onApprove={setApproving}
        onDeny={setDenying}
        requesterLabel={requesterLabel}
        summary={summary}
        compact={compact}
        label={heading}
      />
      <Typography ref={historyTop} variant="h2" component="h2" sx={{ mt: 5, mb: 2, scrollMarginTop: 88 }}>
        {t('requestsAdmin.historyHeading')}
      </Typography>
      <RequestHistory
        page={history.data}
        isPending={history.isPending}
        isUpdating={history.isPlaceholderData}
        isError={history.isError}
        onRetry={() => void history.refetch()}
        pageNumber={url.page}
        limit={url.limit}
        onPageChange={(page) => {
          setUrl({ page });
          historyTop.current?.scrollIntoView?.({ block: 'start' });
        }}
        onLimitChange={(limit) => setUrl({ limit: limit as (typeof historyPageSizes)[number] })}
        requesterLabel={requesterLabel}
        compact={compact}
        label={t('requestsAdmin.historyHeading')}
      />
      {approving ? (
        <ApproveFlow key={approving._id} kind={kind} request={approving} onClose={() => setApproving(null)} />
      ) : null}
      <RejectDialog kind={kind} request={denying} onClose={() => setDenying(null)} />
    </>
  );
}
