import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BulkImportSummary, bulkImportBodySchema, bulkImportResponseSchema } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { refreshAfterUsersChange } from '../../lib/resources';

export type BulkImportRequest = z.input<typeof bulkImportBodySchema>;

/**
 * POST /users/bulk: answers how many users were created and which rows were refused, and why.
 * Created users show in the user list and in the school view's counts, which ask again.
 */
export function useBulkImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkImportRequest): Promise<BulkImportSummary> =>
      api
        .post<z.infer<typeof bulkImportResponseSchema>>('/users/bulk', body)
        .then((response) => response.summary),
    // Not awaited: the summary shows at once while the lists behind the wizard reload.
    onSuccess: (summary) => {
      if (summary.usersCreated > 0) {
        void refreshAfterUsersChange(queryClient);
      }
    },
  });
}
