import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEvaluationInput, Evaluation, RubricColumn, RubricRow } from '@fics/contracts';
import { api, isApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * PATCH /evaluations/:id: the rows and the comment, the columns when the grid was replaced, the
 * rubric it was replaced by, and `incomplete` when the teacher confirmed criteria left unmarked.
 */
export interface UpdateEvaluationInput {
  rubricId?: string;
  columns?: RubricColumn[];
  items: RubricRow[];
  comment: string;
  /** One per row ('' for none): replaces the stored ones. */
  criterionComments: string[];
  incomplete: boolean;
}

/**
 * After an evaluation is written the fic changes (status, permissions, its evaluation): its page
 * reloads it (spec 001 §7 "then the story is reloaded"), and the teachers' review lists too. The
 * mutation stays pending until the fic is back, so the drawer never shows the old permissions.
 */
function useReloadStory(storyId: string) {
  const queryClient = useQueryClient();
  const reload = async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: queryKeys.stories.detail(storyId) }),
      queryClient.invalidateQueries({
        queryKey: queryKeys.stories.all,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== storyId,
      }),
    ]);
  };
  return {
    onSuccess: reload,
    // Refused because the fic changed meanwhile (another teacher evaluated it, it was published):
    // show it as it is now.
    onError: (error: unknown) => {
      if (isApiError(error) && error.status === 409) {
        void reload();
      }
    },
  };
}

/** POST /evaluations `{ storyId, userId?, rubricId?, columns, items, comment }` (the server computes the score). */
export function useCreateEvaluation(storyId: string) {
  const afterWrite = useReloadStory(storyId);
  return useMutation({
    mutationFn: (body: Omit<CreateEvaluationInput, 'storyId'>) =>
      api.post<{ evaluation: Evaluation }>('/evaluations', { storyId, ...body }).then((b) => b.evaluation),
    ...afterWrite,
  });
}

/** PATCH /evaluations/:id `{ items, comment }` (and `columns` with a new grid); the score is recomputed. */
export function useUpdateEvaluation(storyId: string, evaluationId: string) {
  const afterWrite = useReloadStory(storyId);
  return useMutation({
    mutationFn: (body: UpdateEvaluationInput) =>
      api.patch<{ evaluation: Evaluation }>(`/evaluations/${evaluationId}`, body).then((b) => b.evaluation),
    ...afterWrite,
  });
}
