import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  College,
  CollegeDetail,
  CreateCollegeBody,
  CreateGradeBody,
  Grade,
  UpdateCollegeBody,
  UpdateGradeBody,
} from '@fics/contracts';
import { collegesExport } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { refreshAfterCollegesChange } from '../../lib/resources';
import { saveFile } from '../../lib/save-file';

/*
 * The schools screens' own calls. The school list, regions and roles they also show are shared with
 * other features: lib/resources.
 */

/** GET /colleges/:id: the school view with its grade cards. */
export function useCollege(collegeId: string) {
  return useQuery({
    queryKey: queryKeys.colleges.detail(collegeId),
    queryFn: ({ signal }) =>
      api.get<{ college: CollegeDetail }>(`/colleges/${collegeId}`, { signal }).then((b) => b.college),
  });
}

export function useCreateCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCollegeBody) =>
      api.post<{ college: College }>('/colleges', body).then((b) => b.college),
    onSuccess: () => refreshAfterCollegesChange(queryClient),
  });
}

export function useUpdateCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collegeId, body }: { collegeId: string; body: UpdateCollegeBody }) =>
      api.patch<{ college: College }>(`/colleges/${collegeId}`, body).then((b) => b.college),
    onSuccess: () => refreshAfterCollegesChange(queryClient, { renamed: true }),
  });
}

export function useDeleteCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collegeId: string) => api.delete<{ message: string }>(`/colleges/${collegeId}`),
    onSuccess: (_body, collegeId) => {
      // Gone for good: its view is dropped rather than asked again (it would answer 404).
      queryClient.removeQueries({ queryKey: queryKeys.colleges.detail(collegeId) });
      return refreshAfterCollegesChange(queryClient);
    },
  });
}

/** GET /colleges/export, saved as 'Establecimientos.xlsx'. */
export async function downloadCollegesExport(): Promise<void> {
  const file = await api.download('/colleges/export');
  saveFile(file, collegesExport.filename);
}

export function useCreateGrade(collegeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGradeBody) =>
      api.post<{ grade: Grade }>(`/colleges/${collegeId}/grades`, body).then((b) => b.grade),
    onSuccess: () => refreshAfterCollegesChange(queryClient),
  });
}

export function useUpdateGrade(collegeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gradeId, body }: { gradeId: string; body: UpdateGradeBody }) =>
      api.patch<{ grade: Grade }>(`/colleges/${collegeId}/grades/${gradeId}`, body).then((b) => b.grade),
    onSuccess: () => refreshAfterCollegesChange(queryClient, { renamed: true }),
  });
}

export function useDeleteGrade(collegeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gradeId: string) =>
      api.delete<{ message: string }>(`/colleges/${collegeId}/grades/${gradeId}`),
    onSuccess: () => refreshAfterCollegesChange(queryClient),
  });
}
