import { useQuery } from '@tanstack/react-query';
import type { Region } from '@fics/contracts';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /regions: the official list changes about once a decade, so it is fetched once per visit. */
export function useRegions() {
  return useQuery({
    queryKey: queryKeys.regions.all,
    queryFn: ({ signal }) =>
      api.get<{ regions: Region[] }>('/regions', { signal }).then((body) => body.regions),
    staleTime: Infinity,
  });
}
