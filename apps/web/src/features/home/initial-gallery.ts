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
 * or, the same object as JSON in an element the Content-Security-Policy (script-src 'self') lets
 * through without a hash or nonce, since it is data and never runs:
 *
 *   <script type="application/json" id="fics-initial-gallery">{ "query": "", "stories": { … } }</script>
 *
 * (either way with '<' written as \u003c inside the JSON, so a title cannot close the script).
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

/** The id of the JSON element holding the first page (the other way to send it). */
export const INITIAL_GALLERY_ELEMENT_ID = 'fics-initial-gallery';

/** What the server sent, taken out of the page so it is read once; undefined when nothing was. */
function takeSent(): Partial<InitialGallery> | undefined {
  const global = window.__FICS_INITIAL_GALLERY__;
  if (global) {
    delete window.__FICS_INITIAL_GALLERY__;
    return global;
  }
  const element = document.getElementById(INITIAL_GALLERY_ELEMENT_ID);
  if (!element) {
    return undefined;
  }
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as Partial<InitialGallery>;
  } catch {
    return undefined;
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
  const initial = takeSent();
  if (
    !initial ||
    typeof initial.query !== 'string' ||
    !isPage(initial.stories) ||
    getToken() !== null ||
    galleryFiltersKey(readGalleryFilters(initial.query)) !== galleryFiltersKey(filters)
  ) {
    return undefined;
  }
  return initial.stories;
}
