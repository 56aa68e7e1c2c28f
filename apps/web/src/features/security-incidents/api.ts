import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSecurityIncidentBody,
  Paged,
  SecurityIncident,
  SecurityIncidentsQuery,
  UpdateSecurityIncidentBody,
} from '@fics/contracts';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/**
 * The register is the signed-in administrator's to read, so its keys hang under GET /auth/me (gone
 * with the session), not new keys in lib/query-keys.ts, which the home page's code carries.
 */
const incidentsKey = [...queryKeys.auth.me(), 'security-incidents'] as const;

/** GET /security-incidents?status&page&limit: one page, the newest incident first. */
export function useSecurityIncidents(query: SecurityIncidentsQuery) {
  return useQuery({
    queryKey: [...incidentsKey, query],
    queryFn: ({ signal }): Promise<Paged<SecurityIncident>> =>
      api
        .get<{ incidents: Paged<SecurityIncident> }>('/security-incidents', {
          query: { status: query.status, page: query.page, limit: query.limit },
          signal,
        })
        .then((body) => body.incidents),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /security-incidents, or PATCH /security-incidents/:id with the version the form was opened
 * on; the list is read again whatever the outcome (a 409 included: someone else saved it).
 */
export function useSaveSecurityIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: string;
      body: CreateSecurityIncidentBody | UpdateSecurityIncidentBody;
    }) =>
      id
        ? api.patch<{ incident: SecurityIncident; message: string }>(`/security-incidents/${id}`, body)
        : api.post<{ incident: SecurityIncident; message: string }>('/security-incidents', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
