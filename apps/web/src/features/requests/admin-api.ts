import {
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AcceptChangeRequestBody,
  AcceptRegisterRequestBody,
  ChangeRequest,
  Paged,
  RegisterRequest,
} from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { refreshAfterUsersChange } from '../../lib/resources';

/*
 * The administrator's side of the requests (spec 000 §2 Change requests, Account-creation requests,
 * §7): the pending lists (whole; they also feed the menu's dots), the paged histories, accept and
 * deny. The public form and the student's own requests are in ./api.ts.
 */

export interface HistoryQuery {
  page: number;
  limit: number;
}

/** GET /change-requests/pendings, oldest first. One cache entry for the page and the menu's dot. */
export function usePendingChangeRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.requests.changePending(),
    queryFn: ({ signal }) =>
      api.get<{ requests: ChangeRequest[] }>('/change-requests/pendings', { signal }).then((b) => b.requests),
    enabled,
  });
}

/** GET /change-requests/history: one page, last handled first. */
export function useChangeHistory(query: HistoryQuery) {
  return useQuery<Paged<ChangeRequest>>({
    queryKey: queryKeys.requests.changeHistory(query),
    queryFn: ({ signal }) =>
      api
        .get<{ requests: Paged<ChangeRequest> }>('/change-requests/history', { query: { ...query }, signal })
        .then((b) => b.requests),
    placeholderData: keepPreviousData,
  });
}

/** GET /register-requests/pendings, oldest first. One cache entry for the page and the menu's dot. */
export function usePendingRegisterRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.requests.registerPending(),
    queryFn: ({ signal }) =>
      api
        .get<{ requests: RegisterRequest[] }>('/register-requests/pendings', { signal })
        .then((b) => b.requests),
    enabled,
  });
}

/** GET /register-history: one page, last handled first. */
export function useRegisterHistory(query: HistoryQuery) {
  return useQuery<Paged<RegisterRequest>>({
    queryKey: queryKeys.requests.registerHistory(query),
    queryFn: ({ signal }) =>
      api
        .get<{ requests: Paged<RegisterRequest> }>('/register-history', { query: { ...query }, signal })
        .then((b) => b.requests),
    placeholderData: keepPreviousData,
  });
}

/**
 * The administrator's menu dots (spec 000 §2 Header, §4): whether each pending list has something.
 * Reads the same queries as the pages, so handling a request updates both. Off for other roles.
 */
export function useRequestBadges(isAdmin: boolean): { changeRequests: boolean; registerRequests: boolean } {
  const change = usePendingChangeRequests({ enabled: isAdmin });
  const register = usePendingRegisterRequests({ enabled: isAdmin });
  return {
    changeRequests: isAdmin && (change.data?.length ?? 0) > 0,
    registerRequests: isAdmin && (register.data?.length ?? 0) > 0,
  };
}

/** After an answer (or a 409: someone else handled it): the lists and the dots ask again. */
export function refreshChangeRequests(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.requests.change() });
}

export function refreshRegisterRequests(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.requests.register() });
}

export function useAcceptChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AcceptChangeRequestBody }) =>
      api.patch<{ request: ChangeRequest }>(`/change-requests/${id}/accept`, body).then((b) => b.request),
    // The student moved: user lists and the grades' counts change too.
    onSuccess: (request) =>
      Promise.all([
        refreshChangeRequests(queryClient),
        refreshAfterUsersChange(queryClient, request.userId._id),
      ]),
  });
}

export function useDenyChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, adminComments }: { id: string; adminComments: string }) =>
      api
        .patch<{ request: ChangeRequest }>(`/change-requests/${id}/deny`, { adminComments })
        .then((b) => b.request),
    onSuccess: () => refreshChangeRequests(queryClient),
  });
}

export function useAcceptRegisterRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AcceptRegisterRequestBody }) =>
      api.patch<{ request: RegisterRequest }>(`/register-requests/${id}/accept`, body).then((b) => b.request),
    // A new account: user lists and the grades' counts change too.
    onSuccess: () =>
      Promise.all([refreshRegisterRequests(queryClient), refreshAfterUsersChange(queryClient)]),
  });
}

export function useDenyRegisterRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, adminComments }: { id: string; adminComments: string }) =>
      api
        .patch<{ request: RegisterRequest }>(`/register-requests/${id}/deny`, { adminComments })
        .then((b) => b.request),
    onSuccess: () => refreshRegisterRequests(queryClient),
  });
}
