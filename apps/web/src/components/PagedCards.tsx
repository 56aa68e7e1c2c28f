import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import type { Paged } from '@fics/contracts';
import { CardList } from './CardList';
import { EmptyState } from './EmptyState';
import { LoadFailedState } from './LoadFailedState';
import { PageControls, useLastPageWhenPastTheEnd } from './PageControls';
import { PageLoader } from './PageLoader';

interface PagedCardsProps<T> {
  /** The page's query (React Query): its data, failure and whether a previous page stands in. */
  query: {
    data: Paged<T> | undefined;
    isError: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  /** The page asked for, from 1, and its size. */
  page: number;
  limit: number;
  /** Go to a page (a click on the controls). */
  onPageChange: (page: number) => void;
  /** Replace the URL's page with the last one, when the one asked for is past the end (stable). */
  onPastTheEnd: (lastPage: number) => void;
  /** The list's and the page controls' accessible names. */
  label: string;
  pagesLabel: string;
  /** What an empty list says, with its icon and action (clear the filters). */
  empty: { message: string; icon?: ReactNode; action?: ReactNode };
  /** One card; it goes inside the list's `<li>`. */
  renderCard: (item: T) => ReactNode;
  itemKey: (item: T) => string;
}

/**
 * A queue's body: a paged list of cards with its states, shared by the administrators' lists
 * (security incidents; the same shape as the reports, the comments awaiting approval and the
 * privacy requests). The load failure with 'Reintentar', the loader, the empty state, the cards
 * (faded while the next page loads) and the page controls under them; a page past the end (a stale
 * link, rows gone) moves to the last one.
 */
export function PagedCards<T>({
  query,
  page,
  limit,
  onPageChange,
  onPastTheEnd,
  label,
  pagesLabel,
  empty,
  renderCard,
  itemKey,
}: PagedCardsProps<T>) {
  const shown = query.data;
  useLastPageWhenPastTheEnd(shown, { enabled: !query.isPlaceholderData, goTo: onPastTheEnd });
  if (query.isError) {
    return <LoadFailedState onRetry={() => void query.refetch()} />;
  }
  if (!shown) {
    return <PageLoader />;
  }
  if (shown.totalDocs === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState message={empty.message} icon={empty.icon} action={empty.action} />
      </Paper>
    );
  }
  return (
    <>
      <CardList label={label} busy={query.isPlaceholderData}>
        {shown.docs.map((item) => (
          <li key={itemKey(item)}>{renderCard(item)}</li>
        ))}
      </CardList>
      <Paper variant="outlined" sx={{ mt: 2 }}>
        <PageControls
          page={page}
          limit={limit}
          totalDocs={shown.totalDocs}
          onPageChange={onPageChange}
          label={pagesLabel}
        />
      </Paper>
    </>
  );
}
