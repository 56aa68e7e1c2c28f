import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  storyLimits,
  type Story,
  type StudentStoriesQuery,
  type storyTagsResponseSchema,
  type studentStoriesResponseSchema,
} from '@fics/contracts';
import type { z } from 'zod';
import { api, isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type StudentStoriesPage = z.infer<typeof studentStoriesResponseSchema>['stories'];

/** GET /stories/student-stories: one page of the signed-in student's fics, newest first. */
export function useStudentStories(query: StudentStoriesQuery) {
  return useQuery({
    queryKey: queryKeys.stories.mine(query),
    queryFn: ({ signal }): Promise<StudentStoriesPage> =>
      api
        .get<z.infer<typeof studentStoriesResponseSchema>>('/stories/student-stories', {
          query: { ...query },
          signal,
        })
        .then((body) => body.stories),
    placeholderData: keepPreviousData,
  });
}

/** GET /stories/:id (404 for a fic the caller may not see). */
export function useStory(storyId: string) {
  return useQuery({
    queryKey: queryKeys.stories.detail(storyId),
    queryFn: ({ signal }) =>
      api.get<{ story: Story }>(`/stories/${storyId}`, { signal }).then((b) => b.story),
  });
}

/** GET /stories/tags?search; `search` is already debounced by the caller (500 ms, spec 001 §9). */
export function useStoryTags(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: queryKeys.stories.tags(text),
    queryFn: ({ signal }) =>
      api
        .get<z.infer<typeof storyTagsResponseSchema>>('/stories/tags', { query: { search: text }, signal })
        .then((b) => b.tags),
    enabled: text.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Spec 001 §7 and §9 (and 000 §7): tag suggestions are asked 500 ms after the last keystroke. */
export const TAG_SEARCH_DEBOUNCE_MS = 500;

/**
 * Suggestions for the tag being typed (the fic editor's tags, the gallery's tag filter): GET
 * /stories/tags once the text has stayed the same for 500 ms, cut to the longest search accepted.
 */
export function useTagSuggestions(typed: string) {
  const search = useDebouncedValue(typed.trim().slice(0, storyLimits.tagSearchMax), TAG_SEARCH_DEBOUNCE_MS);
  return useStoryTags(search);
}

/** The fic form's values as the API takes them (spec 001 §7: tags as a JSON string). */
export interface StoryFormInput {
  title: string;
  /** The editor's HTML. */
  text: string;
  anonymity: boolean;
  nickname: boolean;
  nicknameValue: string;
  personal: boolean;
  tags: string[];
  /** Seconds since this form session opened. */
  writingTime: number;
  location: string;
  locationURL: string | null;
  /** The cropped cover; required to create, optional to edit. */
  file?: Blob | null;
}

function toFormData(input: StoryFormInput, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('title', input.title);
  form.append('text', input.text);
  form.append('anonymity', String(input.anonymity));
  form.append('nickname', String(input.nickname));
  if (input.nickname) {
    form.append('nicknameValue', input.nicknameValue);
  }
  form.append('personal', String(input.personal));
  form.append('tags', JSON.stringify(input.tags));
  form.append('writingTime', String(Math.max(0, Math.round(input.writingTime))));
  form.append('location', input.location);
  // '' clears a link removed in edit mode (the API reads it as none).
  form.append('locationURL', input.locationURL ?? '');
  for (const [key, value] of Object.entries(extra)) {
    form.append(key, value);
  }
  // The file goes last: the server reads the text fields before the image.
  if (input.file) {
    form.append('file', input.file, 'portada.png');
  }
  return form;
}

/** After any change to a fic: its detail takes the answer, lists and tag suggestions reload. */
function useApplyStory() {
  const queryClient = useQueryClient();
  return (story: Story) => {
    queryClient.setQueryData(queryKeys.stories.detail(story._id), story);
    void queryClient.invalidateQueries({
      queryKey: queryKeys.stories.all,
      predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== story._id,
    });
  };
}

/**
 * POST /stories (multipart). `draft: true` saves a draft (EDITING); otherwise the fic is sent for
 * review (REVIEWING) with its location.
 */
export function useCreateStory() {
  const applyStory = useApplyStory();
  return useMutation({
    mutationFn: ({ draft, ...input }: StoryFormInput & { draft: boolean }) =>
      api
        .upload<{ story: Story }>(
          '/stories',
          toFormData(input, draft ? { draft: 'true', publicationStatus: 'EDITING' } : {}),
        )
        .then((b) => b.story),
    onSuccess: applyStory,
  });
}

/** PATCH /stories/:id as a multipart edit (a new cover only when `file` is set). */
export function useUpdateStory(storyId: string) {
  const applyStory = useApplyStory();
  return useMutation({
    mutationFn: (input: StoryFormInput) =>
      api
        .upload<{ story: Story }>(`/stories/${storyId}`, toFormData(input), { method: 'PATCH' })
        .then((b) => b.story),
    onSuccess: applyStory,
  });
}

/** PATCH /stories/:id `{ draft: false, publicationStatus: 'REVIEWING' }`: send for review. */
export function useSendStory(storyId: string) {
  const applyStory = useApplyStory();
  return useMutation({
    mutationFn: () =>
      api
        .patch<{ story: Story }>(`/stories/${storyId}`, { draft: false, publicationStatus: 'REVIEWING' })
        .then((b) => b.story),
    onSuccess: applyStory,
  });
}

/**
 * PATCH /stories/:id `{ publicationStatus: 'PUBLISHED' }` (a teacher of the grade or an administrator,
 * once the fic is evaluated), then POST /notifications/published `{ userId, storyId }` when the
 * author is known (spec 001 §7). Publishing already notifies the author and the call never e-mails
 * twice, so a failure of that second call does not undo nor hide the publication.
 */
export function usePublishStory(storyId: string) {
  const applyStory = useApplyStory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { story } = await api.patch<{ story: Story }>(`/stories/${storyId}`, {
        publicationStatus: 'PUBLISHED',
      });
      const userId = story.writtenBy?._id;
      if (userId) {
        await api.post('/notifications/published', { userId, storyId }).catch(() => undefined);
      }
      return story;
    },
    onSuccess: applyStory,
    // Refused because the fic changed meanwhile (published by someone else): show it as it is now.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.stories.detail(storyId) });
      }
    },
  });
}

/** DELETE /stories/:id. */
export function useDeleteStory(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/stories/${storyId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.stories.detail(storyId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories.all });
    },
  });
}
