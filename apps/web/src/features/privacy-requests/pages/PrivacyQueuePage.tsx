import { lazy, Suspense, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  erasureTexts,
  maxPage,
  privacyQueueFilters,
  privacyRequestStatusLabels,
  privacyRequestsPaging,
  type PrivacyQueueFilter,
  type PrivacyRequest,
} from '@fics/contracts';
import InboxOutlined from '#icons/InboxOutlined';
import { PagedList } from '../../../components/PagedList';
import { PageTitle } from '../../../components/PageTitle';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { usePrivacyQueue } from '../api';
import { AnswerDialog } from '../components/AnswerDialog';
import { PrivacyRequestCard } from '../components/PrivacyRequestCard';

// The users feature's erasure dialog, loaded when an administrator opens it from a request.
const EraseUserDialog = lazy(() =>
  import('../../users').then((module) => ({ default: module.EraseUserDialog })),
);

const ALL = 'ALL';
/** Filter and page in the query string (/solicitudes-datos?estado=DONE&page=2); the open ones by default. */
const urlParams = {
  estado: urlParam.oneOf<string>([...privacyQueueFilters, ALL], 'OPEN'),
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
};
const urlOptions = { resetOnChange: ['page'] } as const;
const limit = privacyRequestsPaging.defaultLimit;

/**
 * /solicitudes-datos (ADMIN; issue 22.3): the requests under Ley 21.719, oldest due first, a page at
 * a time, filtered by status; each with its due date, 'Vence pronto' a week before and 'Vencida'
 * after, and 'Responder' while the API allows an answer. An open ERASURE request about an account
 * also gets 'Suprimir la cuenta' (issue 22.4): the erasure dialog of /usuarios with the request's id;
 * once it is done and closed, 'Responder' opens with the answer proposed from the record.
 */
export function PrivacyQueuePage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  const { page } = url;
  const status = url.estado === ALL ? undefined : (url.estado as PrivacyQueueFilter);
  const queue = usePrivacyQueue({ status, page, limit });
  const goToPage = useCallback(
    (next: number, options?: { replace?: boolean }) => setUrl({ page: next }, options),
    [setUrl],
  );
  const [answering, setAnswering] = useState<PrivacyRequest | null>(null);
  const [proposedAnswer, setProposedAnswer] = useState<string | undefined>(undefined);
  const [erasing, setErasing] = useState<PrivacyRequest | null>(null);
  const [erasedAnswer, setErasedAnswer] = useState<string | null>(null);
  const answer = (request: PrivacyRequest, proposed?: string) => {
    setProposedAnswer(proposed);
    setAnswering(request);
  };
  const closeErasure = () => {
    const request = erasing;
    setErasing(null);
    setErasedAnswer(null);
    if (request && erasedAnswer) {
      answer(request, erasedAnswer);
    }
  };

  return (
    <>
      <PageTitle title={t('privacyRequests.queueTitle')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('privacyRequests.queueIntro')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('privacyRequests.statusFilter')}
          value={url.estado}
          onChange={(event) => setUrl({ estado: event.target.value })}
          // The theme makes fields full width; a filter is as wide as its longest status.
          fullWidth={false}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="OPEN">{t('privacyRequests.filterOpen')}</MenuItem>
          {(['PENDING', 'EXTENDED', 'DONE', 'REFUSED'] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {privacyRequestStatusLabels[value]}
            </MenuItem>
          ))}
          <MenuItem value={ALL}>{t('privacyRequests.filterAll')}</MenuItem>
        </TextField>
      </Box>
      <PagedList
        data={queue.data}
        isError={queue.isError}
        isPlaceholderData={queue.isPlaceholderData}
        onRetry={() => void queue.refetch()}
        page={page}
        limit={limit}
        onPageChange={goToPage}
        totalText={(count) => t('privacyRequests.total', { count })}
        empty={{
          icon: <InboxOutlined fontSize="inherit" />,
          message: t('privacyRequests.queueEmpty'),
          action:
            url.estado !== 'OPEN' ? (
              <Button onClick={() => setUrl({ estado: 'OPEN' })}>{t('privacyRequests.clearFilters')}</Button>
            ) : undefined,
        }}
        listLabel={t('privacyRequests.queueLabel')}
        pagesLabel={t('privacyRequests.pages')}
        renderItem={(request) => (
          <PrivacyRequestCard
            request={request}
            header={
              <>
                <Typography variant="body2">
                  {t('privacyRequests.requester')}:{' '}
                  {request.requester ? request.requester.name : t('privacyRequests.noAccount')} ·{' '}
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {request.email}
                  </Box>
                </Typography>
                {request.account && !request.requester ? (
                  <Typography variant="body2">{erasureTexts.requestAccount(request.account.name)}</Typography>
                ) : null}
              </>
            }
            action={
              request.allowedAnswers.length > 0 ? (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {request.type === 'ERASURE' && request.account ? (
                    <Button variant="outlined" color="error" onClick={() => setErasing(request)}>
                      {erasureTexts.fromRequest}
                    </Button>
                  ) : null}
                  <Button variant="contained" onClick={() => answer(request)}>
                    {t('privacyRequests.respond')}
                  </Button>
                </Box>
              ) : undefined
            }
          />
        )}
      />
      <AnswerDialog request={answering} initialAnswer={proposedAnswer} onClose={() => setAnswering(null)} />
      {erasing?.account ? (
        <Suspense fallback={null}>
          <EraseUserDialog
            user={erasing.account}
            requestId={erasing._id}
            onErased={(record) => {
              setErasedAnswer(erasureTexts.requestAnswer(record));
              void queue.refetch();
            }}
            onClose={closeErasure}
          />
        </Suspense>
      ) : null}
    </>
  );
}
