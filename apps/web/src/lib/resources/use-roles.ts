import { useQuery } from '@tanstack/react-query';
import type { Role, RoleName } from '@fics/contracts';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /roles: public and fixed, so fetched once per visit and shared by every screen. */
export function useRoles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.roles.all,
    queryFn: ({ signal }) => api.get<{ roles: Role[] }>('/roles', { signal }).then((body) => body.roles),
    staleTime: Infinity,
    enabled,
  });
}

/** The `_id` of the role called `name`, once the roles are loaded. */
export function useRoleId(name: RoleName): string | undefined {
  const { data } = useRoles();
  return data?.find((role) => role.name === name)?._id;
}
