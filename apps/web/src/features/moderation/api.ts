import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReportBody,
  CreateReportResponse,
  DecideReportBody,
  DecideReportResponse,
  ReportsQuery,
  ReportsResponse,
} from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The queue is what the signed-in teacher or administrator decides on, so its key hangs under theirs
 * (GET /auth/me): gone with the session. Not a new key in lib/query-keys.ts, which the home page's
 * code carries (no room in its budget).
 */
const reportsKey = [...queryKeys.auth.me(), 'reports'] as const;
const reportsPageKey = (query: ReportsQuery) => [...reportsKey, query] as const;

/** GET /reports?status&reason&page&limit: one page of the caller's cases, newest report first. */
export function useReports(query: ReportsQuery) {
  return useQuery({
    queryKey: reportsPageKey(query),
    queryFn: ({ signal }): Promise<ReportsResponse['reports']> =>
      api
        .get<ReportsResponse>('/reports', {
          query: {
            status: query.status,
            reason: query.reason,
            page: query.page,
            limit: query.limit,
          },
          signal,
        })
        .then((body) => body.reports),
    // The page on screen stays while the next one (or the next filter) loads.
    placeholderData: keepPreviousData,
  });
}

/** Re-reads every page of the queue (after a decision, or a 409 from someone else's). */
export function useRefreshReports() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportsKey });
}

/**
 * POST /reports: 201 with the thanks; 409 when the caller already reported it. The item may be
 * hidden now (a third reporter, a teacher): what shows it is read again, so its 'En revisión' chip
 * (for those who still see it) or its absence follows.
 */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportBody) => api.post<CreateReportResponse>('/reports', body),
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({
        queryKey: body.target === 'STORY' ? queryKeys.stories.detail(body.targetId) : queryKeys.comments.all,
      }),
  });
}

/** PATCH /reports/:id `{ decision, note? }`: 409 when someone decided first; the queue is read again either way. */
export function useDecideReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ caseId, ...body }: DecideReportBody & { caseId: string }) =>
      api.patch<DecideReportResponse>(`/reports/${caseId}`, body),
    onSettled: () => refresh(),
  });
}
