import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { GalleryFilters, GalleryResponse } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { subscribeSession } from '../../lib/session';
import { toGalleryFilters, type GalleryUrlFilters } from './gallery-filters';
import { takeInitialGallery, type GalleryPage } from './initial-gallery';

function fetchGalleryPage(filters: GalleryFilters, page: number, signal: AbortSignal): Promise<GalleryPage> {
  return api
    .get<GalleryResponse>('/stories', {
      // The page size is the API's (12, spec 000 §9); tags travel as one comma list.
      query: {
        page,
        searchTitle: filters.searchTitle,
        tags: filters.tags.length > 0 ? filters.tags.join(',') : undefined,
        collegeId: filters.collegeId,
        gradeId: filters.gradeId,
      },
      signal,
    })
    .then((body) => body.stories);
}

/** Every gallery in the cache, whatever its filters (`{}` matches any filters as a key prefix). */
const anyGallery = queryKeys.stories.gallery({} as GalleryFilters);

/**
 * GET /stories: the public gallery, newest first, one page at first and the next appended by each
 * `fetchNextPage` ('Ver más'). Page 1 may come with the HTML (initial-gallery.ts). Signing in asks
 * again: a signed-in reader sees students' names and photos where a visitor sees 'Sofía E.'.
 */
export function useGallery(urlFilters: GalleryUrlFilters) {
  const filters = toGalleryFilters(urlFilters);
  const queryClient = useQueryClient();

  useEffect(
    () =>
      subscribeSession((change) => {
        if (change === 'login') {
          void queryClient.invalidateQueries({ queryKey: anyGallery });
        }
      }),
    [queryClient],
  );

  return useInfiniteQuery({
    queryKey: queryKeys.stories.gallery(filters),
    queryFn: ({ pageParam, signal }) => fetchGalleryPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNextPage ? (last.nextPage ?? last.page + 1) : undefined),
    initialData: () => {
      const page = takeInitialGallery(urlFilters);
      return page ? { pages: [page], pageParams: [1] } : undefined;
    },
    // The server's page is as fresh as the HTML, which has just arrived: no second request for it.
    initialDataUpdatedAt: () => Date.now(),
  });
}

// GET /colleges/list is shared with the registration and change request forms (lib/resources).
export { useCollegeOptions } from '../../lib/resources/use-college-options';
