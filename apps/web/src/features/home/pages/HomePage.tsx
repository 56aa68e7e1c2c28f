import { Suspense, useCallback, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGallery } from '../api';
import { GalleryResults } from '../components/GalleryResults';
import { LazyActiveFilters, LazyFilterPanel } from '../components/lazy';
import { filterPanel, useFilterPanel } from '../filter-panel';
import {
  countFilters,
  galleryFiltersKey,
  noFilters,
  useGalleryFilters,
  type GalleryUrlFilters,
} from '../gallery-filters';

/**
 * Home (/, spec 000 §2): the public gallery of published fics, newest first, with the filters of
 * the URL; the filter panel opens from the header's toggle or a filter chip. This page is in the
 * app's first load (every other page is lazy): it keeps to React, MUI and the query cache, and
 * loads the panel, the chips and the end texts on demand.
 */
export function HomePage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useGalleryFilters();
  const panel = useFilterPanel();
  const gallery = useGallery(filters);
  const heading = useRef<HTMLHeadingElement>(null);
  const filtered = countFilters(filters) > 0;
  const first = gallery.data?.pages[0];
  // Past a cap the API counts a search only so far, and says so (totalIsLowerBound).
  const lowerBound = (first as { totalIsLowerBound?: boolean } | undefined)?.totalIsLowerBound === true;

  // Leaving the home closes the panel: the next visit starts with the gallery.
  useEffect(() => () => filterPanel.close(), []);

  const apply = useCallback(
    (next: GalleryUrlFilters) => {
      setFilters(next);
      filterPanel.close();
      heading.current?.focus();
    },
    [setFilters],
  );

  return (
    <>
      <Box sx={{ mb: { xs: 2, md: 3 } }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h1"
          sx={{ outline: 'none', fontSize: { xs: '1.5rem', md: '2rem' } }}
        >
          {t('gallery.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('gallery.subtitle')}
        </Typography>
      </Box>
      {panel.open ? (
        <Suspense fallback={<Box sx={{ minHeight: 320, mb: 3 }} />}>
          <LazyFilterPanel
            key={galleryFiltersKey(filters)}
            filters={filters}
            onApply={apply}
            onClear={() => {
              filterPanel.open();
              setFilters(noFilters);
            }}
            onClose={() => filterPanel.close()}
            focus={panel.focus}
            seq={panel.seq}
          />
        </Suspense>
      ) : null}
      {filtered ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: { xs: 2, md: 3 } }}>
          <Suspense fallback={<Box sx={{ height: 32 }} />}>
            <LazyActiveFilters filters={filters} onChange={setFilters} />
          </Suspense>
          <Typography role="status" variant="body2" color="text.secondary">
            {first === undefined
              ? ''
              : t(lowerBound ? 'gallery.foundAtLeast' : 'gallery.found', { count: first.totalDocs })}
          </Typography>
        </Box>
      ) : null}
      <GalleryResults gallery={gallery} />
    </>
  );
}
