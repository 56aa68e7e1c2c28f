import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerPrivacyRequestBody,
  CreatePrivacyRequestBody,
  PageQuery,
  Paged,
  PrivacyQueueQuery,
  PrivacyRequest,
  PrivacyRequestReceipt,
} from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * Both lists are the signed-in person's (their own requests; an administrator's queue), so their
 * keys hang under GET /auth/me: gone with the session. Not new keys in lib/query-keys.ts, which the
 * home page's code carries (no room in its budget), as the moderation queue does.
 */
const privacyKey = [...queryKeys.auth.me(), 'privacy-requests'] as const;
const ownKey = (query: PageQuery) => [...privacyKey, 'own', query] as const;
const queueKey = (query: PrivacyQueueQuery) => [...privacyKey, 'queue', query] as const;

/** POST /privacy-requests: the receipt and the message to show (a visitor's says to confirm by e-mail). */
export function useFilePrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePrivacyRequestBody) =>
      api.post<{ request: PrivacyRequestReceipt; message: string }>('/privacy-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKey }),
  });
}

/** POST /privacy-requests/confirm: a parent's e-mailed link, once. */
export function useConfirmPrivacyRequest() {
  return useMutation({
    mutationFn: (token: string) => api.post<{ message: string }>('/privacy-requests/confirm', { token }),
  });
}

/** GET /me/privacy-requests: one page of the caller's own, newest first. */
export function useOwnPrivacyRequests(query: PageQuery) {
  return useQuery({
    queryKey: ownKey(query),
    queryFn: ({ signal }): Promise<Paged<PrivacyRequest>> =>
      api
        .get<{ requests: Paged<PrivacyRequest> }>('/me/privacy-requests', { query, signal })
        .then((body) => body.requests),
    placeholderData: keepPreviousData,
  });
}

/** GET /privacy-requests?status&page&limit (administrators): oldest due first. */
export function usePrivacyQueue(query: PrivacyQueueQuery) {
  return useQuery({
    queryKey: queueKey(query),
    queryFn: ({ signal }): Promise<Paged<PrivacyRequest>> =>
      api
        .get<{ requests: Paged<PrivacyRequest> }>('/privacy-requests', {
          query: { status: query.status, page: query.page, limit: query.limit },
          signal,
        })
        .then((body) => body.requests),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /privacy-requests/:id; the queue is read again whatever the outcome (a 409 included). */
export function useAnswerPrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AnswerPrivacyRequestBody }) =>
      api.patch<{ request: PrivacyRequest }>(`/privacy-requests/${id}`, body).then((r) => r.request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKey }),
  });
}
