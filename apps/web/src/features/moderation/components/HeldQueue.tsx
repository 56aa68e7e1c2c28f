import { useCallback } from 'react';
import HourglassEmptyOutlined from '#icons/HourglassEmptyOutlined';
import { useTranslation } from 'react-i18next';
import { commentModerationMessages, heldCommentsPaging, maxPage } from '@fics/contracts';
import { formatCount } from '../../../components/PageControls';
import { PagedList } from '../../../components/PagedList';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useHeldComments } from '../api';
import { HeldCommentCard } from './HeldCommentCard';

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
  const goToPage = useCallback(
    (next: number, options?: { replace?: boolean }) => setUrl({ page: next }, options),
    [setUrl],
  );

  return (
    <PagedList
      data={held.data}
      isError={held.isError}
      isPlaceholderData={held.isPlaceholderData}
      onRetry={() => void held.refetch()}
      page={page}
      limit={limit}
      onPageChange={goToPage}
      totalText={(count) => t('moderation.heldTotal', { count, formatted: formatCount(count) })}
      empty={{
        icon: <HourglassEmptyOutlined fontSize="inherit" />,
        message: commentModerationMessages.heldEmpty,
      }}
      listLabel={t('moderation.heldList')}
      pagesLabel={t('moderation.heldPages')}
      renderItem={(item) => <HeldCommentCard item={item} />}
    />
  );
}
