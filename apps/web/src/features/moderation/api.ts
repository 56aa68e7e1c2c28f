import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalBody,
  ApprovalResponse,
  CreateModerationWordBody,
  CreateModerationWordResponse,
  CreateReportBody,
  CreateReportResponse,
  DecideReportBody,
  DecideReportResponse,
  HeldCommentsQuery,
  HeldCommentsResponse,
  ModerationWordsQuery,
  ModerationWordsResponse,
  ReportsQuery,
  ReportsResponse,
  SetCommentsModeBody,
  SetCommentsModeResponse,
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

// ---------------------------------------------------------------------------------------------------
// Comments held for approval, who may comment on a fic, the administrators' words (issue 21.5-6)
// ---------------------------------------------------------------------------------------------------

/** The held comments the signed-in teacher or administrator approves: gone with the session too. */
const heldKey = [...queryKeys.auth.me(), 'held-comments'] as const;
const wordsKey = [...queryKeys.auth.me(), 'moderation-words'] as const;

/** GET /comments/held?page&limit: one page of what waits for the caller's approval, newest first. */
export function useHeldComments(query: HeldCommentsQuery) {
  return useQuery({
    queryKey: [...heldKey, query],
    queryFn: ({ signal }): Promise<HeldCommentsResponse['held']> =>
      api
        .get<HeldCommentsResponse>('/comments/held', {
          query: { page: query.page, limit: query.limit },
          signal,
        })
        .then((body) => body.held),
    placeholderData: keepPreviousData,
  });
}

/** A held comment or reply, as the approval's path needs it. */
export interface HeldTarget {
  target: 'COMMENT' | 'REPLY';
  /** The comment's or the reply's id. */
  id: string;
  /** The comment (itself, or the one a reply answers). */
  commentId: string;
  /** Its fic, whose public comment count moves when a comment shows. */
  storyId: string;
}

const approvalPath = ({ target, id, commentId }: Omit<HeldTarget, 'storyId'>) =>
  target === 'COMMENT' ? `/comments/${id}/approval` : `/comments/${commentId}/replies/${id}/approval`;

/**
 * PATCH …/approval `{ decision }`: 'Aprobar' shows it, 'Rechazar' deletes it. Settled once (409 to
 * whoever comes second). Either way what shows held items is read again: the fic's comments (and
 * its count), the replies, the 'Por aprobar' list.
 */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ...held }: HeldTarget & ApprovalBody) =>
      api.patch<ApprovalResponse>(approvalPath(held), { decision }),
    onSettled: (_answer, _error, { storyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: heldKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(storyId) }),
      ]),
  });
}

/**
 * PUT /stories/:id/comments-mode `{ mode }`: the answer is the fic as it is now, which replaces the
 * cached one (the form, the notes under it and the control follow at once).
 */
export function useSetCommentsMode(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetCommentsModeBody) =>
      api.put<SetCommentsModeResponse>(`/stories/${storyId}/comments-mode`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.stories.detail(storyId), answer.story);
    },
  });
}

/** GET /moderation-words?q&page&limit (administrators): alphabetical, `q` searching within words. */
export function useModerationWords(query: ModerationWordsQuery) {
  return useQuery({
    queryKey: [...wordsKey, query],
    queryFn: ({ signal }): Promise<ModerationWordsResponse['words']> =>
      api
        .get<ModerationWordsResponse>('/moderation-words', {
          query: { q: query.q, page: query.page, limit: query.limit },
          signal,
        })
        .then((body) => body.words),
    placeholderData: keepPreviousData,
  });
}

/** POST /moderation-words `{ word }`: 201, or 409 when it is listed already. */
export function useAddModerationWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateModerationWordBody) =>
      api.post<CreateModerationWordResponse>('/moderation-words', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wordsKey }),
  });
}

/** DELETE /moderation-words/:id: the list is read again (a 404 means someone removed it first). */
export function useDeleteModerationWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wordId: string) => api.delete<{ message: string }>(`/moderation-words/${wordId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wordsKey }),
  });
}
