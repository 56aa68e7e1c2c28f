import { lazy } from 'react';

/*
 * The home's pieces that only some visits need, each a chunk of its own: the filter panel (on first
 * open), the filter chips (when the URL has filters) and the end texts (which come from
 * @fics/contracts, and so bring zod). The first paint of `/` waits for none of them.
 */

const loadFilterPanel = () => import('./FilterPanel');

export const LazyFilterPanel = lazy(() => loadFilterPanel().then((m) => ({ default: m.FilterPanel })));

export const LazyActiveFilters = lazy(() =>
  import('./ActiveFilters').then((m) => ({ default: m.ActiveFilters })),
);

export const LazyGalleryNotice = lazy(() =>
  import('./GalleryNotice').then((m) => ({ default: m.GalleryNotice })),
);

/** Starts loading the filter panel before it is asked for (the toggle is hovered or focused). */
export function preloadFilterPanel(): void {
  void loadFilterPanel().catch(() => undefined);
}
