import { useCallback, useRef } from 'react';
import Paper from '@mui/material/Paper';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import { useTranslation } from 'react-i18next';
import { commentModerationMessages, heldCommentsPaging, maxPage } from '@fics/contracts';
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
import { useHeldComments } from '../api';
import { HeldCommentCard } from './HeldCommentCard';
import { CardList } from '../../../components/CardList';

/** The page in the query string (/reportes?vista=por-aprobar&page=2), as the reports' queue keeps its. */
const urlParams = { page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }) };
const limit = heldCommentsPaging.defaultLimit;

/**
 * 'Por aprobar' on /reportes (issue 21.5-6): the comments and replies waiting for the approval of
 * this teacher (on fics of their grades) or administrator (all), newest first, a page at a time, each
 * in context with 'Aprobar' / 'Rechazar'. A decision reads the page again, so the item leaves it.
 */
export function HeldQueue() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(urlParams);
  const { page } = url;
  const held = useHeldComments({ page, limit });
  const shown = held.data;

  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(shown, { enabled: !held.isPlaceholderData, goTo: replacePage });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    setUrl({ page: next });
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  let content;
  if (held.isError) {
    content = <LoadFailedState onRetry={() => void held.refetch()} />;
  } else if (!shown) {
    content = <PageLoader />;
  } else if (shown.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<HourglassEmptyOutlined fontSize="inherit" />}
          message={commentModerationMessages.heldEmpty}
        />
      </Paper>
    );
  } else {
    content = (
      <>
        <CardList label={t('moderation.heldList')} busy={held.isPlaceholderData}>
          {shown.docs.map((item) => (
            <li key={item._id}>
              <HeldCommentCard item={item} />
            </li>
          ))}
        </CardList>
        <Paper variant="outlined" sx={{ mt: 2 }}>
          <PageControls
            page={page}
            limit={limit}
            totalDocs={shown.totalDocs}
            onPageChange={goToPage}
            label={t('moderation.heldPages')}
          />
        </Paper>
      </>
    );
  }

  return (
    <>
      <ListTotal
        ref={listTop}
        text={
          shown && !held.isError && shown.totalDocs > 0
            ? t('moderation.heldTotal', { count: shown.totalDocs, formatted: formatCount(shown.totalDocs) })
            : null
        }
      />
      {content}
    </>
  );
}
