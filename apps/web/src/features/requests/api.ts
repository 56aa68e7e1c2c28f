import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeRequest,
  CreateChangeRequestBody,
  CreateRegisterRequestBody,
  Paged,
  PageQuery,
} from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Rows per page of a student's 'Historial de solicitudes'. */
export const studentHistoryLimit = 10;

/** POST /register-requests (no session): answers 201 { message }, the text shown on success. */
export function useSendRegisterRequest() {
  return useMutation({
    mutationFn: (body: CreateRegisterRequestBody) =>
      api.post<{ message: string }>('/register-requests', body),
  });
}

/** GET /change-requests/student-sent: one page of the signed-in student's change requests, newest first. */
export function useStudentChangeRequests(query: PageQuery) {
  return useQuery({
    queryKey: queryKeys.requests.studentPage(query),
    queryFn: ({ signal }): Promise<Paged<ChangeRequest>> =>
      api
        .get<{ requests: Paged<ChangeRequest> }>('/change-requests/student-sent', { query, signal })
        .then((body) => body.requests),
    placeholderData: keepPreviousData,
  });
}

/**
 * The student's pending change request, if any. A student has at most one, and it is their newest
 * (a new one is refused while one waits), so it is the first row of the history's first page:
 * this reads that same cache entry.
 */
export function usePendingChangeRequest() {
  const first = useStudentChangeRequests({ page: 1, limit: studentHistoryLimit });
  const newest = first.data?.docs[0];
  return { ...first, pending: newest?.status === 'PENDING' ? newest : null };
}

/** POST /change-requests (students); refreshes their history. */
export function useSendChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChangeRequestBody) =>
      api.post<{ request: ChangeRequest }>('/change-requests', body).then((result) => result.request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests.student() }),
  });
}
