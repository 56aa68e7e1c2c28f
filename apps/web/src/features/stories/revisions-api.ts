import { useQuery } from '@tanstack/react-query';
import type { StoryRevisionResponse, StoryRevisionsResponse } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** GET /stories/:id/revisions: the rounds sent, oldest first. A sent round never changes. */
export function useStoryRevisions(storyId: string) {
  return useQuery({
    queryKey: queryKeys.stories.revisions(storyId),
    queryFn: ({ signal }) =>
      api
        .get<StoryRevisionsResponse>(`/stories/${storyId}/revisions`, { signal })
        .then((body) => body.revisions),
  });
}

/** GET /stories/:id/revisions/:round (`round` null: nothing chosen yet). */
export function useStoryRevision(storyId: string, round: number | null) {
  return useQuery({
    queryKey: queryKeys.stories.revision(storyId, round ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<StoryRevisionResponse>(`/stories/${storyId}/revisions/${round}`, { signal })
        .then((body) => body.revision),
    enabled: round !== null,
    // What was sent in a round is kept as it was: no need to ask again while the page is open.
    staleTime: Infinity,
  });
}
