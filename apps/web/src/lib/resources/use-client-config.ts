import { useQuery } from '@tanstack/react-query';
import { clientConfigResponseSchema, type ClientConfig } from '@fics/contracts';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /client-config, fetched once per visit and shared (the send dialog's map, the policies'
 * contact e-mail). Any failure (an older server without the route, an answer of another shape,
 * offline) reads as null: each reader falls back to what it does without configuration.
 */
export function useClientConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: async ({ signal }): Promise<ClientConfig | null> => {
      try {
        const parsed = clientConfigResponseSchema.safeParse(await api.get('/client-config', { signal }));
        return parsed.success ? parsed.data : null;
      } catch (error) {
        if (signal.aborted) {
          throw error; // cancelled, not failed: do not remember "no configuration"
        }
        return null;
      }
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
