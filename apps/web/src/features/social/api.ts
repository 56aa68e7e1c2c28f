import { useEffect } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  commentsPaging,
  type Comment,
  type commentsResponseSchema,
  type LikeResponse,
  type Reply,
  type repliesResponseSchema,
  type Story,
} from '@fics/contracts';
import type { z } from 'zod';
import { api, isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { subscribeSession } from '../../lib/session';
import { useCurrentUser } from '../auth';

export type CommentsPage = z.infer<typeof commentsResponseSchema>['comments'];
export type RepliesPage = z.infer<typeof repliesResponseSchema>['replies'];
type Pages<T> = InfiniteData<{ docs: T[] }, number>;

/** Changes the cached fic of the page (its like and comment counts), if it is cached. */
function patchStory(queryClient: QueryClient, storyId: string, patch: (story: Story) => Story): void {
  queryClient.setQueryData<Story>(queryKeys.stories.detail(storyId), (story) =>
    story ? patch(story) : story,
  );
}

/**
 * The gallery's cards show like counts: mark every cached gallery list stale (they reload when the
 * home shows them again). Matched through the key factory, never a spelled key.
 */
function staleGalleries(queryClient: QueryClient): Promise<void> {
  const gallery = queryKeys.stories.gallery({ tags: [], searchTitle: undefined })[1];
  return queryClient.invalidateQueries({
    queryKey: queryKeys.stories.all,
    predicate: (query) => query.queryKey[1] === gallery,
    refetchType: 'none',
  });
}

/**
 * POST /stories/:id toggles the caller's like (spec 001 §7). Optimistic: the button and count change
 * at once, go back if the call fails, and take the server's count (others like meanwhile) when it
 * answers.
 */
export function useToggleLike(storyId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.stories.detail(storyId);
  return useMutation({
    mutationFn: () => api.post<LikeResponse>(`/stories/${storyId}`),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Story>(key);
      patchStory(queryClient, storyId, (story) => {
        const liked = story.likedByMe;
        return {
          ...story,
          likedByMe: !liked,
          likesCount: Math.max(0, story.likesCount + (liked ? -1 : 1)),
        };
      });
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) {
        queryClient.setQueryData(key, context.previous);
      }
    },
    onSuccess: (answer) => {
      patchStory(queryClient, storyId, (story) => ({
        ...story,
        likedByMe: answer.liked,
        likesCount: answer.likesCount,
      }));
      void staleGalleries(queryClient);
    },
  });
}

/**
 * What a visitor saw (a student as 'Sofía E.', no like, no edit rights) is not what the same person
 * sees once logged in: on a login in this tab, the fic and its comments load again.
 */
export function useReloadOnLogin(storyId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeSession((change) => {
        if (change === 'login') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(storyId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.comments.all });
        }
      }),
    [queryClient, storyId],
  );
}

/**
 * A student opening a published fic reports the reading (POST /tracking, architecture.md §6.6): the
 * server cannot see it. Once per fic shown; the server skips a repeat within 30 minutes. A failure
 * is of no concern to the reader.
 */
export function useReportReading(story: Pick<Story, '_id' | 'publicationStatus'>): void {
  const { data: user } = useCurrentUser();
  const isStudent = user?.role.name === 'STUDENT';
  const published = story.publicationStatus === 'PUBLISHED';
  useEffect(() => {
    if (isStudent && published) {
      api
        .post('/tracking', { resource: 'STORIES', action: 'READ', storyId: story._id })
        .catch(() => undefined);
    }
  }, [isStudent, published, story._id]);
}

/**
 * GET /comments?storyId: newest first, 5 a page (spec 001 §9); each `fetchNextPage` ('Ver más')
 * appends the next page.
 */
export function useStoryComments(storyId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.comments.ofStory(storyId),
    queryFn: ({ pageParam, signal }): Promise<CommentsPage> =>
      api
        .get<z.infer<typeof commentsResponseSchema>>('/comments', {
          query: { storyId, page: pageParam, limit: commentsPaging.defaultLimit },
          signal,
        })
        .then((body) => body.comments),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
}

/** GET /comments/:id/replies: oldest first, 5 a page, read once the replies are opened. */
export function useCommentReplies(commentId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.comments.replies(commentId),
    queryFn: ({ pageParam, signal }): Promise<RepliesPage> =>
      api
        .get<z.infer<typeof repliesResponseSchema>>(`/comments/${commentId}/replies`, {
          query: { page: pageParam, limit: commentsPaging.defaultLimit },
          signal,
        })
        .then((body) => body.replies),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    enabled,
  });
}

/**
 * The items of every page read so far, each once: a comment added or removed meanwhile shifts the
 * pages on the server, so the next page may repeat one already shown.
 */
export function flattenPages<T extends { _id: string }>(data: { pages: { docs: T[] }[] } | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.docs) {
      if (!seen.has(item._id)) {
        seen.add(item._id);
        items.push(item);
      }
    }
  }
  return items;
}

function mapPages<T extends { _id: string }>(
  data: Pages<T> | undefined,
  change: (docs: T[], pageIndex: number, pageCount: number) => T[],
): Pages<T> | undefined {
  if (!data) {
    return data;
  }
  const count = data.pages.length;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({ ...page, docs: change(page.docs, index, count) })),
  };
}

const replaceItem =
  <T extends { _id: string }>(item: T) =>
  (docs: T[]) =>
    docs.map((doc) => (doc._id === item._id ? item : doc));

interface Saved<T> {
  message: string;
  item: T;
}

/**
 * POST /comments `{ text, storyId }`: the new comment goes on top, the fic counts one more — unless it
 * is held for approval (issue 21.5-6): its writer sees it 'Esperando aprobación', the public count
 * waits. A 409 may mean the comments were closed meanwhile: the fic is read again, so the form says so.
 */
export function useCreateComment(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api
        .post<{ comment: Comment; message: string }>('/comments', { text, storyId })
        .then((b): Saved<Comment> => ({ message: b.message, item: b.comment })),
    onSuccess: ({ item }) => {
      queryClient.setQueryData<Pages<Comment>>(queryKeys.comments.ofStory(storyId), (data) =>
        mapPages(data, (docs, index) => (index === 0 ? [item, ...docs] : docs)),
      );
      if (!item.moderation?.hidden) {
        patchStory(queryClient, storyId, (story) => ({ ...story, comments: story.comments + 1 }));
      }
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(storyId) });
      }
    },
  });
}

/** PATCH /comments/:id `{ text }`. */
export function useUpdateComment(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, text }: { commentId: string; text: string }) =>
      api
        .patch<{ comment: Comment; message: string }>(`/comments/${commentId}`, { text })
        .then((b): Saved<Comment> => ({ message: b.message, item: b.comment })),
    onSuccess: ({ item }) => {
      queryClient.setQueryData<Pages<Comment>>(queryKeys.comments.ofStory(storyId), (data) =>
        mapPages(data, replaceItem(item)),
      );
    },
  });
}

/** DELETE /comments/:id (its replies go with it): the list reloads, the fic counts one less. */
export function useDeleteComment(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.delete<{ message: string }>(`/comments/${commentId}`),
    onSuccess: (_answer, commentId) => {
      queryClient.setQueryData<Pages<Comment>>(queryKeys.comments.ofStory(storyId), (data) =>
        mapPages(data, (docs) => docs.filter((doc) => doc._id !== commentId)),
      );
      queryClient.removeQueries({ queryKey: queryKeys.comments.replies(commentId) });
      patchStory(queryClient, storyId, (story) => ({ ...story, comments: Math.max(0, story.comments - 1) }));
      // The pages after it shift by one on the server: read them again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.ofStory(storyId) });
    },
  });
}

/** A comment's reply count, in the fic's cached comments. */
function patchReplyCount(queryClient: QueryClient, storyId: string, commentId: string, by: number) {
  queryClient.setQueryData<Pages<Comment>>(queryKeys.comments.ofStory(storyId), (data) =>
    mapPages(data, (docs) =>
      docs.map((doc) => (doc._id === commentId ? { ...doc, replies: Math.max(0, doc.replies + by) } : doc)),
    ),
  );
}

/** POST /comments/:id/replies `{ text }`: the reply goes last (replies read oldest first). */
export function useCreateReply(storyId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api
        .post<{ reply: Reply; message: string }>(`/comments/${commentId}/replies`, { text })
        .then((b): Saved<Reply> => ({ message: b.message, item: b.reply })),
    onSuccess: ({ item }) => {
      queryClient.setQueryData<Pages<Reply>>(queryKeys.comments.replies(commentId), (data) =>
        mapPages(data, (docs, index, count) => (index === count - 1 ? [...docs, item] : docs)),
      );
      patchReplyCount(queryClient, storyId, commentId, 1);
    },
    // Closed meanwhile, or the comment is held again: the fic is read again, the form follows.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(storyId) });
      }
    },
  });
}

/** PATCH /comments/:commentId/replies/:replyId `{ text }`. */
export function useUpdateReply(commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ replyId, text }: { replyId: string; text: string }) =>
      api
        .patch<{ reply: Reply; message: string }>(`/comments/${commentId}/replies/${replyId}`, { text })
        .then((b): Saved<Reply> => ({ message: b.message, item: b.reply })),
    onSuccess: ({ item }) => {
      queryClient.setQueryData<Pages<Reply>>(queryKeys.comments.replies(commentId), (data) =>
        mapPages(data, replaceItem(item)),
      );
    },
  });
}

/** DELETE /comments/:commentId/replies/:replyId. */
export function useDeleteReply(storyId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) =>
      api.delete<{ message: string }>(`/comments/${commentId}/replies/${replyId}`),
    onSuccess: (_answer, replyId) => {
      queryClient.setQueryData<Pages<Reply>>(queryKeys.comments.replies(commentId), (data) =>
        mapPages(data, (docs) => docs.filter((doc) => doc._id !== replyId)),
      );
      patchReplyCount(queryClient, storyId, commentId, -1);
      void queryClient.invalidateQueries({ queryKey: queryKeys.comments.replies(commentId) });
    },
  });
}
