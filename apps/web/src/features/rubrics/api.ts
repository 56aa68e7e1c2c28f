import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyRubricsQuery,
  Rubric,
  RubricBody,
  RubricTemplateCollege,
  RubricTemplatesQuery,
  myRubricsResponseSchema,
  rubricCopiedResponseSchema,
  rubricDeletedResponseSchema,
  rubricResponseSchema,
  rubricTemplateCollegesResponseSchema,
  rubricTemplatesResponseSchema,
} from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export type MyRubricsPage = z.infer<typeof myRubricsResponseSchema>['rubrics'];
type RubricResponse = z.infer<typeof rubricResponseSchema>;

/**
 * GET /rubrics/my-rubrics: one page of the signed-in teacher's rubrics, newest first. Mis Rúbricas
 * pages through them; the evaluation drawer reads `{ page: 1, limit: 100 }` to offer them all.
 */
export function useMyRubrics(query: MyRubricsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.rubrics.mine(query),
    queryFn: ({ signal }): Promise<MyRubricsPage> =>
      api
        .get<z.infer<typeof myRubricsResponseSchema>>('/rubrics/my-rubrics', { query: { ...query }, signal })
        .then((body) => body.rubrics),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** GET /rubrics/:id (404 for a rubric that is not the caller's or does not exist). */
export function useRubric(rubricId: string) {
  return useQuery({
    queryKey: queryKeys.rubrics.detail(rubricId),
    queryFn: ({ signal }) =>
      api.get<RubricResponse>(`/rubrics/${rubricId}`, { signal }).then((body) => body.rubric),
  });
}

/** After any change: the saved rubric is its detail, and every list of rubrics reloads. */
function useApplyRubric() {
  const queryClient = useQueryClient();
  return (rubric: Rubric) => {
    queryClient.setQueryData(queryKeys.rubrics.detail(rubric._id), rubric);
    void queryClient.invalidateQueries({
      queryKey: queryKeys.rubrics.all,
      predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== rubric._id,
    });
  };
}

/** POST /rubrics: title, description and the grid (the editor's parsed values). */
export function useCreateRubric() {
  const applyRubric = useApplyRubric();
  return useMutation({
    mutationFn: (body: RubricBody) =>
      api.post<RubricResponse>('/rubrics', body).then((response) => response.rubric),
    onSuccess: applyRubric,
  });
}

/** PATCH /rubrics/:id with the whole rubric, as the editor holds it. */
export function useUpdateRubric(rubricId: string) {
  const applyRubric = useApplyRubric();
  return useMutation({
    mutationFn: (body: RubricBody) =>
      api.patch<RubricResponse>(`/rubrics/${rubricId}`, body).then((response) => response.rubric),
    onSuccess: applyRubric,
  });
}

/** DELETE /rubrics/:id. Evaluations keep their own copy of the grid, so nothing else changes. */
export function useDeleteRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rubricId: string) =>
      api.delete<z.infer<typeof rubricDeletedResponseSchema>>(`/rubrics/${rubricId}`),
    onSuccess: (_body, rubricId) => {
      queryClient.removeQueries({ queryKey: queryKeys.rubrics.detail(rubricId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.all });
    },
  });
}

/*
 * School rubric templates (issue 20.4). Their keys sit under `queryKeys.rubrics.all`, so a saved,
 * copied or deleted rubric refreshes them with every other list of rubrics.
 */
export type RubricTemplatesPage = z.infer<typeof rubricTemplatesResponseSchema>['templates'];
type TemplateCollegesResponse = z.infer<typeof rubricTemplateCollegesResponseSchema>;
const templateKeys = {
  list: (query: RubricTemplatesQuery) => [...queryKeys.rubrics.all, 'templates', query] as const,
  colleges: (rubricId: string) => [...queryKeys.rubrics.all, 'template-colleges', rubricId] as const,
};

/** GET /rubric-templates: one page of the templates of the caller's schools (all, for an administrator). */
export function useRubricTemplates(query: RubricTemplatesQuery) {
  return useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }): Promise<RubricTemplatesPage> =>
      api
        .get<z.infer<typeof rubricTemplatesResponseSchema>>('/rubric-templates', {
          query: { page: query.page, limit: query.limit },
          signal,
        })
        .then((body) => body.templates),
    placeholderData: keepPreviousData,
  });
}

/** POST /rubric-templates/:rubricId/copy: a new rubric of the caller's, with the API's success message. */
export function useCopyRubricTemplate() {
  const applyRubric = useApplyRubric();
  return useMutation({
    mutationFn: (rubricId: string) =>
      api.post<z.infer<typeof rubricCopiedResponseSchema>>(`/rubric-templates/${rubricId}/copy`),
    onSuccess: (body) => applyRubric(body.rubric),
  });
}

/** GET /rubrics/:id/templates (administrators): the schools the rubric is a template of. */
export function useRubricTemplateColleges(rubricId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: templateKeys.colleges(rubricId),
    queryFn: ({ signal }): Promise<RubricTemplateCollege[]> =>
      api
        .get<TemplateCollegesResponse>(`/rubrics/${rubricId}/templates`, { signal })
        .then((body) => body.colleges),
    enabled: options.enabled,
  });
}

/** PUT (mark) or DELETE (unmark) /rubrics/:id/templates/:collegeId; the answer is the new list. */
export function useSetRubricTemplate(rubricId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collegeId, marked }: { collegeId: string; marked: boolean }) =>
      (marked
        ? api.put<TemplateCollegesResponse>(`/rubrics/${rubricId}/templates/${collegeId}`)
        : api.delete<TemplateCollegesResponse>(`/rubrics/${rubricId}/templates/${collegeId}`)
      ).then((body) => body.colleges),
    onSuccess: (colleges) => {
      queryClient.setQueryData(templateKeys.colleges(rubricId), colleges);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.rubrics.all, 'templates'] });
    },
  });
}
