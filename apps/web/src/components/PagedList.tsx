import { Fragment, useCallback, useRef, type ReactNode } from 'react';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import { CardList } from './CardList';
import { EmptyState } from './EmptyState';
import { LoadFailedState } from './LoadFailedState';
import { ListTotal, PageControls, useLastPageWhenPastTheEnd } from './PageControls';
import { PageLoader } from './PageLoader';

/** One page of a list as the API answers it (contracts' paged shape). */
interface PageOf<Item> {
  docs: Item[];
  page: number;
  limit: number;
  totalDocs: number;
}

interface PagedListProps<Item extends { _id: string }> {
  /** The page shown: undefined while the first one loads. */
  data: PageOf<Item> | undefined;
  isError: boolean;
  /** The previous page is shown while the next loads (React Query's placeholder data). */
  isPlaceholderData: boolean;
  onRetry: () => void;
  /** The page asked for, and its size (from the URL: reload and back keep it). */
  page: number;
  limit: number;
  /** Moves to a page; `replace` when the page asked for was past the end (the list shrank). */
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  /** The line above the list ('12 solicitudes'), shown once there is at least one. */
  totalText: (totalDocs: number) => string;
  /** What an empty list says, with an icon and, when a filter hides everything, an action. */
  empty: { icon: ReactNode; message: string; action?: ReactNode };
  /** Accessible names of the list and of its page controls. */
  listLabel: string;
  pagesLabel: string;
  /** One item: a `<li>` card is wrapped for `cards`; a `rows` item is a ListItem of its own. */
  renderItem: (item: Item) => ReactNode;
  /**
   * `cards` (the queues): a list of cards, the page controls in their own box below;
   * `rows` (notifications): list items in one box with the controls at its foot.
   */
  variant?: 'cards' | 'rows';
}

/**
 * A paged list of a staff or personal screen (the moderation queues, the privacy requests,
 * notifications): its total, then the loading, failure and empty states, the page's items and the
 * page controls; a page change scrolls back to the total, and a page past the end (items gone
 * meanwhile) moves to the last one. Filters and dialogs stay with the screen that owns them.
 */
export function PagedList<Item extends { _id: string }>(props: PagedListProps<Item>) {
  const { data, isError, isPlaceholderData, page, limit, onPageChange, variant = 'cards' } = props;

  const toLastPage = useCallback((last: number) => onPageChange(last, { replace: true }), [onPageChange]);
  useLastPageWhenPastTheEnd(data, { enabled: !isPlaceholderData, goTo: toLastPage });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    onPageChange(next);
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };
  const controls = (
    <PageControls
      page={page}
      limit={limit}
      totalDocs={data?.totalDocs ?? 0}
      onPageChange={goToPage}
      label={props.pagesLabel}
    />
  );

  let content;
  if (isError) {
    content = <LoadFailedState onRetry={props.onRetry} />;
  } else if (!data) {
    content = <PageLoader />;
  } else if (data.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState icon={props.empty.icon} message={props.empty.message} action={props.empty.action} />
      </Paper>
    );
  } else if (variant === 'rows') {
    content = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <List disablePadding aria-label={props.listLabel} aria-busy={isPlaceholderData}>
          {data.docs.map((item) => (
            <Fragment key={item._id}>{props.renderItem(item)}</Fragment>
          ))}
        </List>
        {controls}
      </Paper>
    );
  } else {
    content = (
      <>
        <CardList label={props.listLabel} busy={isPlaceholderData}>
          {data.docs.map((item) => (
            <li key={item._id}>{props.renderItem(item)}</li>
          ))}
        </CardList>
        <Paper variant="outlined" sx={{ mt: 2 }}>
          {controls}
        </Paper>
      </>
    );
  }

  return (
    <>
      <ListTotal
        ref={listTop}
        text={data && !isError && data.totalDocs > 0 ? props.totalText(data.totalDocs) : null}
      />
      {content}
    </>
  );
}
