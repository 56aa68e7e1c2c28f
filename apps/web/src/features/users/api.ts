import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateUserBody,
  GuardianConsent,
  PageQuery,
  User,
  UsersFilter,
  UsersQuery,
  usersResponseSchema,
} from '@fics/contracts';
import { usersExportFilename } from '@fics/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { saveFile } from '../../lib/save-file';
import { refreshAfterUsersChange } from '../../lib/resources';

/** The user list's filters and search; '' means "any". */
export interface UserFilters {
  roleId: string;
  collegeId: string;
  gradeId: string;
  /** Part of a name or e-mail (the API ignores accents and case). */
  search: string;
}

export const emptyFilters: UserFilters = { roleId: '', collegeId: '', gradeId: '', search: '' };

/** The filters as the API takes them, unset ones left out: equal lists share one cache entry. */
function toUsersFilter({ roleId, collegeId, gradeId, search }: UserFilters): UsersFilter {
  const filter: UsersFilter = {};
  if (roleId) {
    filter.roleId = roleId;
  }
  if (collegeId) {
    filter.collegeId = collegeId;
  }
  if (gradeId) {
    filter.gradeId = gradeId;
  }
  if (search.trim()) {
    filter.search = search.trim();
  }
  return filter;
}

export type UsersPage = z.infer<typeof usersResponseSchema>['users'];

function fetchUsersPage(query: UsersQuery, signal: AbortSignal): Promise<UsersPage> {
  return api
    .get<z.infer<typeof usersResponseSchema>>('/users', { query: { ...query }, signal })
    .then((body) => body.users);
}

/**
 * One page of GET /users (administrator: everyone; teacher: their students), sorted by name. While
 * another page or filter loads, the rows on screen stay (placeholder) instead of flashing away.
 */
export function useUsers(query: UserFilters & PageQuery, options: { enabled?: boolean } = {}) {
  const apiQuery: UsersQuery = { ...toUsersFilter(query), page: query.page, limit: query.limit };
  return useQuery({
    queryKey: queryKeys.users.list(apiQuery),
    queryFn: ({ signal }) => fetchUsersPage(apiQuery, signal),
    placeholderData: keepPreviousData,
    // Going back to an earlier page or filters shows the cached rows at once and asks again:
    // other administrators may have changed users meanwhile.
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

/**
 * The list as phones read it: the first page, then each `fetchNextPage` ('Ver más') appends the next.
 * Its pages live under their own key (`queryKeys.users.pages`); invalidating `queryKeys.users.all`
 * refreshes both kinds.
 */
export function useUserPages(filters: UserFilters, limit: number, options: { enabled?: boolean } = {}) {
  const filter = toUsersFilter(filters);
  return useInfiniteQuery({
    queryKey: queryKeys.users.pages({ ...filter, limit }),
    queryFn: ({ pageParam, signal }) => fetchUsersPage({ ...filter, limit, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

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
  /** A student's birth year (null: unknown); left out for other roles. */
  birthYear?: number | null;
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
      if (fields.birthYear !== undefined) {
        // '' clears it (unknown).
        form.append('birthYear', fields.birthYear === null ? '' : String(fields.birthYear));
      }
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

/** GET /users/export with the list's filters and search (every match, no page), saved as 'Usuarios.xlsx'. */
export async function downloadUsersExport(filters: UserFilters): Promise<void> {
  const file = await api.download('/users/export', { query: { ...toUsersFilter(filters) } });
  saveFile(file, usersExportFilename);
}

/** GET /users/:id/guardian-consent (issue 22.5): the student's guardian's consent as the staff see it. */
export function useGuardianConsent(userId: string) {
  return useQuery({
    queryKey: ['users', 'guardian-consent', userId],
    // The guardian answers elsewhere (the e-mailed link): read afresh each time the dialog opens.
    refetchOnMount: 'always',
    queryFn: ({ signal }) =>
      api
        .get<{ consent: GuardianConsent }>(`/users/${userId}/guardian-consent`, { signal })
        .then((body) => body.consent),
  });
}

/** POST /users/:id/guardian-consent (ask, or ask again) and its withdrawal; the section reloads. */
export function useGuardianConsentActions(userId: string) {
  const queryClient = useQueryClient();
  const settle = (body: { consent: GuardianConsent; message: string }) => {
    queryClient.setQueryData(['users', 'guardian-consent', userId], body.consent);
    return body.message;
  };
  const ask = useMutation({
    mutationFn: (guardianEmail: string) =>
      api
        .post<{ consent: GuardianConsent; message: string }>(`/users/${userId}/guardian-consent`, {
          guardianEmail,
        })
        .then(settle),
  });
  const withdraw = useMutation({
    mutationFn: () =>
      api
        .post<{ consent: GuardianConsent; message: string }>(
          `/users/${userId}/guardian-consent/withdrawal`,
          {},
        )
        .then(settle),
  });
  return { ask, withdraw };
}
