import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  College,
  CollegeDetail,
  CreateCollegeBody,
  CreateGradeBody,
  Grade,
  Region,
  Role,
  RoleName,
  UpdateCollegeBody,
  UpdateGradeBody,
} from '@fics/contracts';
import { collegesExport } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

export const collegesKeys = {
  all: ['colleges'] as const,
  list: () => [...collegesKeys.all, 'list'] as const,
  detail: (collegeId: string) => [...collegesKeys.all, 'detail', collegeId] as const,
};

/** GET /regions: the official list changes about once a decade, so it is fetched once per visit. */
export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: ({ signal }) => api.get<{ regions: Region[] }>('/regions', { signal }).then((b) => b.regions),
    staleTime: Infinity,
  });
}

/** GET /roles: the detail dialog needs the TEACHER and STUDENT role ids for the user list's filters. */
export function useRoles() {
  return useQuery({
    queryKey: ['roles'],
    queryFn: ({ signal }) => api.get<{ roles: Role[] }>('/roles', { signal }).then((b) => b.roles),
    staleTime: Infinity,
  });
}

/** The `_id` of the role called `name`, once the roles are loaded. */
export function useRoleId(name: RoleName): string | undefined {
  const { data } = useRoles();
  return data?.find((role) => role.name === name)?._id;
}

/** GET /colleges (an administrator sees them all). */
export function useColleges() {
  return useQuery({
    queryKey: collegesKeys.list(),
    queryFn: ({ signal }) =>
      api.get<{ colleges: College[] }>('/colleges', { signal }).then((b) => b.colleges),
  });
}

/** GET /colleges/:id: the school view with its grade cards. */
export function useCollege(collegeId: string) {
  return useQuery({
    queryKey: collegesKeys.detail(collegeId),
    queryFn: ({ signal }) =>
      api.get<{ college: CollegeDetail }>(`/colleges/${collegeId}`, { signal }).then((b) => b.college),
  });
}

export function useCreateCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCollegeBody) =>
      api.post<{ college: College }>('/colleges', body).then((b) => b.college),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collegesKeys.all }),
  });
}

export function useUpdateCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collegeId, body }: { collegeId: string; body: UpdateCollegeBody }) =>
      api.patch<{ college: College }>(`/colleges/${collegeId}`, body).then((b) => b.college),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collegesKeys.all }),
  });
}

export function useDeleteCollege() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collegeId: string) => api.delete<{ message: string }>(`/colleges/${collegeId}`),
    onSuccess: (_body, collegeId) => {
      queryClient.removeQueries({ queryKey: collegesKeys.detail(collegeId) });
      return queryClient.invalidateQueries({ queryKey: collegesKeys.list() });
    },
  });
}

/** GET /colleges/export, saved as 'Establecimientos.xlsx'. */
export async function downloadCollegesExport(): Promise<void> {
  const file = await api.download('/colleges/export');
  saveFile(file, collegesExport.filename);
}

// A grade change alters the school view and the grades listed with each school.
function useInvalidateCollege() {
  const queryClient = useQueryClient();
  return (collegeId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: collegesKeys.detail(collegeId) }),
      queryClient.invalidateQueries({ queryKey: collegesKeys.list() }),
    ]);
}

export function useCreateGrade(collegeId: string) {
  const invalidate = useInvalidateCollege();
  return useMutation({
    mutationFn: (body: CreateGradeBody) =>
      api.post<{ grade: Grade }>(`/colleges/${collegeId}/grades`, body).then((b) => b.grade),
    onSuccess: () => invalidate(collegeId),
  });
}

export function useUpdateGrade(collegeId: string) {
  const invalidate = useInvalidateCollege();
  return useMutation({
    mutationFn: ({ gradeId, body }: { gradeId: string; body: UpdateGradeBody }) =>
      api.patch<{ grade: Grade }>(`/colleges/${collegeId}/grades/${gradeId}`, body).then((b) => b.grade),
    onSuccess: () => invalidate(collegeId),
  });
}

export function useDeleteGrade(collegeId: string) {
  const invalidate = useInvalidateCollege();
  return useMutation({
    mutationFn: (gradeId: string) =>
      api.delete<{ message: string }>(`/colleges/${collegeId}/grades/${gradeId}`),
    onSuccess: () => invalidate(collegeId),
  });
}
