import { useInfiniteQuery } from '@tanstack/react-query';
import { trackingPaging, type trackingResponseSchema } from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export type TrackingPage = z.infer<typeof trackingResponseSchema>['tracking'];

/**
 * GET /tracking/:userId, newest first: the first page (13 events, spec 001 §9), then each
 * `fetchNextPage` ('Ver más') appends the next one under the same key.
 */
export function useUserActivity(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.tracking.ofUser(userId),
    queryFn: ({ pageParam, signal }) =>
      api
        .get<z.infer<typeof trackingResponseSchema>>(`/tracking/${userId}`, {
          query: { page: pageParam, limit: trackingPaging.defaultLimit },
          signal,
        })
        .then((body) => body.tracking),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNextPage ? (last.nextPage ?? undefined) : undefined),
    // An administrator or teacher opens this to see what the student did just now.
    staleTime: 0,
  });
}
