import { useQuery } from '@tanstack/react-query';
import type { userDetailResponseSchema } from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

export type UserDetail = z.infer<typeof userDetailResponseSchema>;

/**
 * GET /users/:id: the user plus, for a teacher, their schools and grades. Read by the profile (the
 * signed-in user) and the activity page (a student, for an administrator or their teacher).
 */
export function useUserDetail(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.users.detail(userId),
    queryFn: ({ signal }) => api.get<UserDetail>(`/users/${userId}`, { signal }),
    enabled,
  });
}
