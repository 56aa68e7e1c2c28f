import type { GalleryResponse } from '@fics/contracts';
import { getToken } from '../../lib/session';
import { galleryFiltersKey, readGalleryFilters, type GalleryUrlFilters } from './gallery-filters';

export type GalleryPage = GalleryResponse['stories'];

/**
 * The first page of the gallery the server may put in the HTML of `/` so the cards need no second
 * round trip (issue 9 point 8):
 *
 *   <script>window.__FICS_INITIAL_GALLERY__ = { "query": "tags=terror", "stories": { docs, page: 1, … } }</script>
 *
 * `query` is the query string of the URL the page was served for ('' for `/`, with or without '?',
 * any parameter order; parameters other than the filters are ignored). `stories` is what
 * GET /stories?<those filters> answers under `stories` for page 1, as a visitor without a session
 * sees it. The home uses it once for page 1 when the URL's filters are the same and no session
 * is stored (a signed-in reader sees real names, which the server's visitor page does not have);
 * otherwise it asks the API as usual.
 */
export interface InitialGallery {
  query: string;
  stories: GalleryPage;
}

declare global {
  interface Window {
    __FICS_INITIAL_GALLERY__?: InitialGallery;
  }
}

function isPage(value: unknown): value is GalleryPage {
  const page = value as Partial<GalleryPage> | null;
  return (
    typeof page === 'object' &&
    page !== null &&
    Array.isArray(page.docs) &&
    page.page === 1 &&
    typeof page.hasNextPage === 'boolean'
  );
}

/**
 * The server's first page for `filters`, or undefined. It is taken away once read: a later visit to
 * the same filters reads the query cache (or the API), never this snapshot again.
 */
export function takeInitialGallery(filters: GalleryUrlFilters): GalleryPage | undefined {
  if (typeof window === 'undefined') {
    return undefined;
  }
  const initial = window.__FICS_INITIAL_GALLERY__;
  if (!initial) {
    return undefined;
  }
  delete window.__FICS_INITIAL_GALLERY__;
  if (
    typeof initial.query !== 'string' ||
    !isPage(initial.stories) ||
    getToken() !== null ||
    galleryFiltersKey(readGalleryFilters(initial.query)) !== galleryFiltersKey(filters)
  ) {
    return undefined;
  }
  return initial.stories;
}
