import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BulkImportSummary,
  bulkImportBodySchema,
  bulkImportResponseSchema,
  collegesResponseSchema,
  rolesResponseSchema,
} from '@fics/contracts';
import { api } from '../../lib/api-client';

export type BulkImportRequest = z.input<typeof bulkImportBodySchema>;

// Keys of their own: the user list may cache the same endpoints in another shape.
export const bulkImportKeys = {
  roles: ['bulk-import', 'roles'] as const,
  colleges: ['bulk-import', 'colleges'] as const,
};

/** GET /roles, while the wizard is open. */
export function useImportRoles(enabled: boolean) {
  return useQuery({
    queryKey: bulkImportKeys.roles,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof rolesResponseSchema>>('/roles', { signal }).then((body) => body.roles),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** GET /colleges: every school for an administrator, a teacher's own schools and grades for a teacher. */
export function useImportColleges(enabled: boolean) {
  return useQuery({
    queryKey: bulkImportKeys.colleges,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof collegesResponseSchema>>('/colleges', { signal }).then((body) => body.colleges),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /users/bulk: answers how many users were created and which rows were refused, and why. */
export function useBulkImport() {
  return useMutation({
    mutationFn: (body: BulkImportRequest): Promise<BulkImportSummary> =>
      api
        .post<z.infer<typeof bulkImportResponseSchema>>('/users/bulk', body)
        .then((response) => response.summary),
  });
}
