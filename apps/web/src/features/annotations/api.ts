import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Annotation,
  annotationDeletedResponseSchema,
  annotationReplyResponseSchema,
  annotationResponseSchema,
  annotationsResponseSchema,
  CreateAnnotationBody,
  UpdateAnnotationBody,
} from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * A fic's notes hang under the fic's own key (the key factory's stories.detail), so no key of theirs
 * adds to the home page's code (lib/query-keys.ts is part of it; its budget has no room), and
 * refreshing the fic refreshes its notes too. The version (the fic's updatedAt) follows.
 */
const notesKey = (storyId: string) => [...queryKeys.stories.detail(storyId), 'annotations'] as const;

type AnnotationsResponse = z.infer<typeof annotationsResponseSchema>;
type AnnotationResponse = z.infer<typeof annotationResponseSchema>;
type ReplyResponse = z.infer<typeof annotationReplyResponseSchema>;
type DeletedResponse = z.infer<typeof annotationDeletedResponseSchema>;

/**
 * GET /stories/:id/annotations: the fic's notes in text order, orphans last. `version` is the fic's
 * updatedAt: after the author saves, the server has re-anchored them, so the new text asks again.
 * Call it only when story.permissions.canViewAnnotations (anyone else gets the fic's 404).
 */
export function useStoryAnnotations(storyId: string, version: string) {
  return useQuery({
    queryKey: [...notesKey(storyId), version],
    queryFn: ({ signal }) =>
      api
        .get<AnnotationsResponse>(`/stories/${storyId}/annotations`, { signal })
        .then((body) => body.annotations),
  });
}

/** Every write refreshes the fic's notes (positions, replies and states come from the server). */
function useRefreshNotes(storyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notesKey(storyId) });
}

/** POST /stories/:id/annotations (a teacher of the grade or an administrator). */
export function useCreateAnnotation(storyId: string) {
  const refresh = useRefreshNotes(storyId);
  return useMutation({
    mutationFn: (body: CreateAnnotationBody) =>
      api.post<AnnotationResponse>(`/stories/${storyId}/annotations`, body),
    onSuccess: refresh,
  });
}

/** PATCH /annotations/:id: its text (its writer) or resolved (author) / reopened (teachers). */
export function useUpdateAnnotation(storyId: string) {
  const refresh = useRefreshNotes(storyId);
  return useMutation({
    mutationFn: ({ id, body }: { id: Annotation['_id']; body: UpdateAnnotationBody }) =>
      api.patch<AnnotationResponse>(`/annotations/${id}`, body),
    onSuccess: refresh,
  });
}

/** DELETE /annotations/:id (its writer or an administrator). */
export function useDeleteAnnotation(storyId: string) {
  const refresh = useRefreshNotes(storyId);
  return useMutation({
    mutationFn: (id: Annotation['_id']) => api.delete<DeletedResponse>(`/annotations/${id}`),
    onSuccess: refresh,
  });
}

/** POST /annotations/:id/replies (whoever reads the notes). */
export function useReplyToAnnotation(storyId: string) {
  const refresh = useRefreshNotes(storyId);
  return useMutation({
    mutationFn: ({ id, text }: { id: Annotation['_id']; text: string }) =>
      api.post<ReplyResponse>(`/annotations/${id}/replies`, { text }),
    onSuccess: refresh,
  });
}
