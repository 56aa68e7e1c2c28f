import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublishedStoriesQuery, reviewStoriesResponseSchema, ReviewStoriesQuery } from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

type ReviewStoriesResponse = z.infer<typeof reviewStoriesResponseSchema>;
/** One page of review list rows (spec 001 §3 Review list row). */
export type ReviewStoriesPage = ReviewStoriesResponse['stories'];

/** GET /stories/review-stories: one page of the fics to review in the teacher's grades. */
export function useReviewStories(query: ReviewStoriesQuery) {
  return useQuery({
    queryKey: queryKeys.stories.review(query),
    queryFn: ({ signal }): Promise<ReviewStoriesPage> =>
      api
        .get<ReviewStoriesResponse>('/stories/review-stories', { query: { ...query }, signal })
        .then((body) => body.stories),
    placeholderData: keepPreviousData,
  });
}

/** GET /stories/published-stories: one page of the published fics of the teacher's grades. */
export function usePublishedStories(query: PublishedStoriesQuery) {
  return useQuery({
    queryKey: queryKeys.stories.published(query),
    queryFn: ({ signal }): Promise<ReviewStoriesPage> =>
      api
        .get<ReviewStoriesResponse>('/stories/published-stories', { query: { ...query }, signal })
        .then((body) => body.stories),
    placeholderData: keepPreviousData,
  });
}
