import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, User, usersResponseSchema } from '@fics/contracts';
import { usersExportFilename } from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { saveFile } from '../../lib/save-file';
import { refreshAfterUsersChange } from '../../lib/resources';

/** The user list's filters; '' means "any" (the api client leaves empty values out of the query). */
export interface UserFilters {
  roleId: string;
  collegeId: string;
  gradeId: string;
}

export const emptyFilters: UserFilters = { roleId: '', collegeId: '', gradeId: '' };

/** The user keys of lib/query-keys.ts, under the name the list code uses. */
export const usersKeys = queryKeys.users;

/** GET /users with the applied filters (administrator: everyone; teacher: their students). */
export function useUsers(filters: UserFilters) {
  return useQuery({
    queryKey: usersKeys.list(filters),
    queryFn: ({ signal }) =>
      api
        .get<z.infer<typeof usersResponseSchema>>('/users', { query: { ...filters }, signal })
        .then((body) => body.users),
    // Going back to earlier filters (Limpiar) shows the cached rows at once and asks again:
    // other administrators may have changed users meanwhile.
    staleTime: 0,
  });
}

// Roles and schools are shared by every feature: lib/resources. The user list page still imports
// them from here while it is being rewritten; new code imports lib/resources directly.
export { useRoles, useColleges as useCollegeOptions } from '../../lib/resources';

function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return (changedUserId?: string) => refreshAfterUsersChange(queryClient, changedUserId);
}

/** POST /users; the new account receives an e-mailed invitation to set its password. */
export function useCreateUser() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post<{ user: User }>('/users', body).then((b) => b.user),
    onSuccess: () => invalidate(),
  });
}

export interface UpdateUserInput {
  userId: string;
  email: string;
  name: string;
  /** Left out when the caller may not change roles (a teacher). */
  role?: string;
  collegeId: string[];
  gradeId: string[];
  /** New avatar image, checked on the client already (type and size). */
  file?: File | null;
}

/** PATCH /users/:id as multipart, the way the spec's client sends it (lists as JSON array strings). */
export function useUpdateUser() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: ({ userId, file, ...fields }: UpdateUserInput) => {
      const form = new FormData();
      form.append('email', fields.email);
      form.append('name', fields.name);
      if (fields.role) {
        form.append('role', fields.role);
      }
      form.append('collegeId', JSON.stringify(fields.collegeId));
      form.append('gradeId', JSON.stringify(fields.gradeId));
      if (file) {
        form.append('file', file, file.name);
      }
      return api.upload<{ user: User }>(`/users/${userId}`, form, { method: 'PATCH' }).then((b) => b.user);
    },
    onSuccess: (user) => invalidate(user._id),
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (userId: string) => api.delete<{ message: string }>(`/users/${userId}`),
    onSuccess: () => invalidate(),
  });
}

/** GET /users/export with the list's filters, saved as 'Usuarios.xlsx'. */
export async function downloadUsersExport(filters: UserFilters): Promise<void> {
  const file = await api.download('/users/export', { query: { ...filters } });
  saveFile(file, usersExportFilename);
}
