import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useEffect, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** Counts as Chile writes them: 10.000. */
const numberFormat = new Intl.NumberFormat('es-CL');
export const formatCount = (value: number) => numberFormat.format(value);

interface PageControlsProps {
  /** The page shown, from 1 (as the API counts, architecture.md §4). */
  page: number;
  limit: number;
  totalDocs: number;
  onPageChange: (page: number) => void;
  /** Page sizes to choose from; without them (or without onLimitChange) the size is fixed. */
  limitOptions?: readonly number[];
  onLimitChange?: (limit: number) => void;
  /** Names the controls for screen readers ('Páginas de usuarios'). */
  label?: string;
}

/**
 * Previous / next (and first / last) page of a paged list with its range, '1–50 de 10.000', and
 * optionally the page size. Goes under a table; the list's owner keeps the page (in the URL).
 */
export function PageControls({
  page,
  limit,
  totalDocs,
  onPageChange,
  limitOptions,
  onLimitChange,
  label,
}: PageControlsProps) {
  const { t } = useTranslation();
  const sizes = onLimitChange && limitOptions ? [...limitOptions] : [];
  // A page past the end (a stale link) shows as the last one until the owner corrects it.
  const lastPage = Math.max(1, Math.ceil(totalDocs / limit));
  return (
    <TablePagination
      component="nav"
      aria-label={label}
      count={totalDocs}
      // MUI counts pages from 0.
      page={Math.min(Math.max(page, 1), lastPage) - 1}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={sizes}
      onRowsPerPageChange={(event) => onLimitChange?.(Number(event.target.value))}
      showFirstButton
      showLastButton
      labelRowsPerPage={t('paging.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('paging.range', { from: formatCount(from), to: formatCount(to), total: formatCount(count) })
      }
      getItemAriaLabel={(type) => t(`paging.${type}`)}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    />
  );
}

interface LoadMoreProps {
  /** Items on screen so far. */
  shown: number;
  /** Pages loaded so far. */
  pages: number;
  totalDocs: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Shown once every page is loaded, if there was more than one (the gallery's 'No hay más contenido.'). */
  endMessage?: string;
}

/** 'Ver más' under a list that grows page by page (phones, galleries), with 'Mostrando 50 de 500'. */
export function LoadMore({
  shown,
  pages,
  totalDocs,
  hasMore,
  loading,
  onLoadMore,
  endMessage,
}: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('paging.shown', { shown: formatCount(shown), total: formatCount(totalDocs) })}
      </Typography>
      {hasMore ? (
        <Button
          variant="outlined"
          onClick={onLoadMore}
          disabled={loading}
          aria-busy={loading}
          startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ minWidth: 160 }}
        >
          {t('paging.loadMore')}
        </Button>
      ) : endMessage && pages > 1 ? (
        <Typography variant="body2" color="text.secondary">
          {endMessage}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * A page past the end of its list (a stale link, or rows deleted since) moves to the last page:
 * `goTo` (stable, e.g. a useCallback) is called with it once the real answer (not a placeholder) is
 * empty while the list is not.
 */
export function useLastPageWhenPastTheEnd(
  page: { docs: unknown[]; page: number; limit: number; totalDocs: number } | undefined,
  options: { enabled: boolean; goTo: (page: number) => void },
): void {
  const { enabled, goTo } = options;
  const pastTheEnd =
    enabled && page !== undefined && page.docs.length === 0 && page.totalDocs > 0 && page.page > 1;
  const lastPage = page ? Math.max(1, Math.ceil(page.totalDocs / page.limit)) : 1;
  useEffect(() => {
    if (pastTheEnd) {
      goTo(lastPage);
    }
  }, [pastTheEnd, lastPage, goTo]);
}

/**
 * The line above a paged list that says its total ('12 fics'), or keeps its height while there is
 * none; page changes scroll back to it (`ref`), below the sticky header.
 */
export function ListTotal({ text, ref }: { text: string | null; ref?: Ref<HTMLDivElement> }) {
  return (
    <Box ref={ref} sx={{ minHeight: 28, mb: 1, scrollMarginTop: 88 }}>
      {text ? (
        <Typography role="status" variant="body2" color="text.secondary">
          {text}
        </Typography>
      ) : null}
    </Box>
  );
}
