import { useCallback, useRef, useState, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import RateReviewOutlined from '#icons/RateReviewOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reviewStoriesPaging, type ReviewStoryRow } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import {
  formatCount,
  ListTotal,
  PageControls,
  useLastPageWhenPastTheEnd,
} from '../../../components/PageControls';
import type { ReviewStoriesPage } from '../api';
import { DeleteStoryDialog } from './DeleteStoryDialog';
import { ReviewStoriesList, useCompactReviewList, type ReviewListKind } from './ReviewStoriesList';
import { LoadFailedState } from '../../../components/LoadFailedState';

/** Page sizes offered under the table; the API's default first. */
export const reviewPageSizes = [reviewStoriesPaging.defaultLimit, 50, reviewStoriesPaging.maxLimit] as const;

interface ReviewListScreenProps {
  kind: ReviewListKind;
  /** The page asked for, as the URL holds it. */
  page: number;
  limit: number;
  list: UseQueryResult<ReviewStoriesPage>;
  /** Moves to another page or size; `replace` for corrections (a page past the end). */
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  onLimitChange: (limit: number) => void;
  /** Controls above the list (a filter). */
  toolbar?: ReactNode;
  /** Offered under 'Nada que mostrar...' (a way out of a filter). */
  emptyAction?: ReactNode;
}

/**
 * What the two review lists share under their title: the count, the rows one page at a time
 * (architecture.md §6.9) with the loading, empty and failed states of spec 001 §8, and the delete
 * confirmation.
 */
export function ReviewListScreen({
  kind,
  page,
  limit,
  list,
  onPageChange,
  onLimitChange,
  toolbar,
  emptyAction,
}: ReviewListScreenProps) {
  const { t } = useTranslation();
  const compact = useCompactReviewList();
  const shown = list.data;

  // A page past the end (a stale link, or the last row of the last page deleted): go to the last one.
  const replacePage = useCallback((last: number) => onPageChange(last, { replace: true }), [onPageChange]);
  useLastPageWhenPastTheEnd(shown, { enabled: !list.isPlaceholderData, goTo: replacePage });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    onPageChange(next);
    // The controls are under the rows: bring the new page's first row into view, below the sticky header.
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  // Kept after the confirmation closes, so its title does not change while it fades out.
  const [deleteTarget, setDeleteTarget] = useState<ReviewStoryRow | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const askDelete = useCallback((row: ReviewStoryRow) => {
    setDeleteTarget(row);
    setDeleteOpen(true);
  }, []);

  const labels =
    kind === 'review'
      ? { list: t('review.reviewListLabel'), pages: t('review.reviewPages') }
      : { list: t('review.publishedListLabel'), pages: t('review.publishedPages') };

  let content;
  if (list.isError) {
    content = <LoadFailedState onRetry={() => void list.refetch()} />;
  } else if (shown && shown.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<RateReviewOutlined fontSize="inherit" />}
          message={t('common.nothingToShow')}
          action={emptyAction}
        />
      </Paper>
    );
  } else {
    content = (
      <ReviewStoriesList
        kind={kind}
        rows={shown?.docs}
        isLoading={list.isPending}
        isUpdating={list.isPlaceholderData}
        compact={compact}
        label={labels.list}
        onDelete={askDelete}
        footer={
          shown ? (
            <PageControls
              page={page}
              limit={limit}
              totalDocs={shown.totalDocs}
              onPageChange={goToPage}
              // Phones keep the size they have: the choice does not fit beside the arrows.
              limitOptions={compact ? undefined : reviewPageSizes}
              onLimitChange={onLimitChange}
              label={labels.pages}
            />
          ) : null
        }
      />
    );
  }

  return (
    <>
      {toolbar}
      <ListTotal
        ref={listTop}
        text={
          shown && !list.isError && shown.totalDocs > 0
            ? t('review.total', { count: shown.totalDocs, formatted: formatCount(shown.totalDocs) })
            : null
        }
      />
      {content}
      <DeleteStoryDialog target={deleteTarget} open={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </>
  );
}
