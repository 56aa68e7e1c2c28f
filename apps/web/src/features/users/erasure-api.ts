import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErasureBody, ErasureOptions, ErasureRecord } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { refreshAfterUsersChange } from '../../lib/resources';

/** GET /users/:id/erasure-options (issue 22.4): the person's published fics and comment count. */
export function useErasureOptions(userId: string) {
  return useQuery({
    queryKey: [...queryKeys.users.detail(userId), 'erasure-options'],
    queryFn: ({ signal }) => api.get<ErasureOptions>(`/users/${userId}/erasure-options`, { signal }),
  });
}

/** POST /users/:id/erasure: answers the erasure record; the user lists are refreshed. */
export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: ErasureBody }) =>
      api.post<{ erasure: ErasureRecord }>(`/users/${userId}/erasure`, body).then((r) => r.erasure),
    onSuccess: () => refreshAfterUsersChange(queryClient),
  });
}
