import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { commentBankPaging, type SavedCommentResponse, type SavedCommentsResponse } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const BASE = '/me/saved-comments';

/**
 * The bank is the signed-in user's own, so its key hangs under theirs (GET /auth/me): gone with the
 * session. Not a new key in lib/query-keys.ts, which the home page's code carries (no room in its budget).
 */
const bankKey = [...queryKeys.auth.me(), 'saved-comments'] as const;
/** GET /me/saved-comments?q: every page read so far ('Ver más') of one search. */
const listKey = (q: string) => [...bankKey, 'list', q] as const;

/**
 * GET /me/saved-comments?q&page&limit: the teacher's comments matching `q` (already debounced by
 * the caller), last used first; each `fetchNextPage` ('Ver más') appends the next page.
 */
export function useSavedComments(q: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: listKey(q),
    queryFn: ({ pageParam, signal }) =>
      api
        .get<SavedCommentsResponse>(BASE, {
          query: { ...(q ? { q } : {}), page: pageParam, limit: commentBankPaging.defaultLimit },
          signal,
        })
        .then((body) => body.comments),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    // While the next search runs, the last answer stays on screen (no flash of an empty list).
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

function useRefreshBank() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bankKey });
}

/** POST /me/saved-comments `{ text }`: 201 saved now, 200 when the same text was already there. */
export function useSaveComment() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (text: string) => api.post<SavedCommentResponse>(BASE, { text }),
    onSuccess: () => refresh(),
  });
}

/** POST /me/saved-comments/:id/use: the comment rises to the top next time. */
export function useRecordCommentUse() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (commentId: string) => api.post<SavedCommentResponse>(`${BASE}/${commentId}/use`),
    onSettled: () => refresh(),
  });
}

/** DELETE /me/saved-comments/:id. */
export function useDeleteSavedComment() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (commentId: string) => api.delete<{ message: string }>(`${BASE}/${commentId}`),
    onSuccess: () => refresh(),
  });
}
