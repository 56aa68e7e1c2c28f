import { Suspense, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { LoadFailedState } from '../../../components/LoadFailedState';
import type { useGallery } from '../api';
import { GalleryCard, GalleryCardSkeleton } from './GalleryCard';
import { GalleryGrid } from './GalleryGrid';
import { LazyGalleryNotice } from './lazy';

/** Skeletons while the first page loads: a page's worth (12, spec 000 §9), four rows on a desktop. */
const FIRST_PAGE_SKELETONS = 12;

function skeletons(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => (
    <li key={`skeleton-${from + i}`}>
      <GalleryCardSkeleton />
    </li>
  ));
}

/**
 * The cards of every page read so far, then 'Ver más' while there are more, 'No hay más contenido.'
 * once the last of several pages is in, or the spec's empty and failure texts (000 §2 Home).
 */
export function GalleryResults({ gallery }: { gallery: ReturnType<typeof useGallery> }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = gallery;
  const pages = data?.pages ?? [];
  const cards = pages.flatMap((page) => page.docs);
  const last = pages[pages.length - 1];

  // After 'Ver más', the focus goes to the first new card (the button may be gone).
  const focusFrom = useRef<number | null>(null);
  const firstNew = useRef<HTMLAnchorElement | null>(null);
  useEffect(() => {
    if (focusFrom.current !== null && cards.length > focusFrom.current) {
      focusFrom.current = null;
      firstNew.current?.focus();
    }
  }, [cards.length]);

  if (isPending) {
    return (
      <GalleryGrid label={t('gallery.loading')} busy>
        {skeletons(FIRST_PAGE_SKELETONS)}
      </GalleryGrid>
    );
  }
  if (isError && cards.length === 0) {
    return <LoadFailedState onRetry={() => void refetch()} />;
  }
  if (cards.length === 0) {
    return (
      <Suspense fallback={<Box sx={{ minHeight: 200 }} />}>
        <LazyGalleryNotice kind="empty" />
      </Suspense>
    );
  }

  const loadingMore = isFetchingNextPage && last ? Math.min(last.limit, last.totalDocs - cards.length) : 0;
  const moreFailed = gallery.isFetchNextPageError && !isFetchingNextPage;

  return (
    <>
      <GalleryGrid label={t('gallery.listLabel')} busy={isFetchingNextPage}>
        {cards.map((card, index) => (
          <li key={card._id}>
            <GalleryCard
              card={card}
              index={index}
              linkRef={
                index === focusFrom.current
                  ? (element) => {
                      firstNew.current = element;
                    }
                  : undefined
              }
            />
          </li>
        ))}
        {skeletons(Math.max(loadingMore, 0), cards.length)}
      </GalleryGrid>
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: { xs: 3, md: 4 }, minHeight: 36.5 }}>
        {moreFailed ? (
          <LoadFailedState framed={false} onRetry={() => void fetchNextPage()} />
        ) : hasNextPage ? (
          <Button
            variant="outlined"
            size="large"
            disabled={isFetchingNextPage}
            onClick={() => {
              focusFrom.current = cards.length;
              void fetchNextPage();
            }}
          >
            {t('paging.loadMore')}
          </Button>
        ) : pages.length > 1 ? (
          <Suspense fallback={null}>
            <LazyGalleryNotice kind="noMore" />
          </Suspense>
        ) : null}
      </Box>
    </>
  );
}
