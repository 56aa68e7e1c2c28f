import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { College, CreateUserBody, Role, User, usersResponseSchema } from '@fics/contracts';
import { usersExportFilename } from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { currentUserKey } from '../auth/api';

/** The user list's filters; '' means "any" (the api client leaves empty values out of the query). */
export interface UserFilters {
  roleId: string;
  collegeId: string;
  gradeId: string;
}

export const emptyFilters: UserFilters = { roleId: '', collegeId: '', gradeId: '' };

export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (filters: UserFilters) => [...usersKeys.lists(), filters] as const,
};

/*
 * Roles and schools are cached under the same keys, with the same data, as the schools screens
 * (features/colleges/api.ts): a school or grade created there shows up in these filters and dialogs
 * at once, and a user change here refreshes the school view's counts.
 */
const rolesKey = ['roles'] as const;
const collegesKey = ['colleges'] as const;
const collegesListKey = [...collegesKey, 'list'] as const;

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

/** GET /roles (public, rarely changes). */
export function useRoles() {
  return useQuery({
    queryKey: rolesKey,
    queryFn: ({ signal }) => api.get<{ roles: Role[] }>('/roles', { signal }).then((b) => b.roles),
    staleTime: Infinity,
  });
}

/** GET /colleges: every school for an administrator, a teacher's own schools with only their grades. */
export function useCollegeOptions() {
  return useQuery({
    queryKey: collegesListKey,
    queryFn: ({ signal }) =>
      api.get<{ colleges: College[] }>('/colleges', { signal }).then((b) => b.colleges),
  });
}

function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return (changedUserId?: string) => {
    const me = queryClient.getQueryData<User>(currentUserKey);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKeys.all }),
      // The school view counts teachers and students per grade.
      queryClient.invalidateQueries({ queryKey: collegesKey }),
      // Editing one's own row changes the name and picture in the header.
      me && me._id === changedUserId
        ? queryClient.invalidateQueries({ queryKey: currentUserKey })
        : undefined,
    ]);
  };
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
