import { useQuery } from '@tanstack/react-query';
import { clientConfigResponseSchema, defaultMapView, type ClientConfig } from '@fics/contracts';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export type MapConfig = ClientConfig['map'];

/** No map, no place search: what the send dialog does when the configuration cannot be had. */
export const noMapConfig: MapConfig = {
  tileUrl: null,
  attribution: '',
  geocoderUrl: null,
  geocoderAutocomplete: false,
  center: { ...defaultMapView.center },
  zoom: defaultMapView.zoom,
};

/**
 * GET /client-config's map part. Any failure (an older server without the route, an answer of
 * another shape, offline) reads as `noMapConfig`: the typed place always works without a map.
 */
export function useMapConfig(enabled: boolean): { config: MapConfig; isPending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: async ({ signal }) => {
      try {
        const parsed = clientConfigResponseSchema.safeParse(await api.get('/client-config', { signal }));
        return parsed.success ? parsed.data.map : noMapConfig;
      } catch (error) {
        if (signal.aborted) {
          throw error; // cancelled, not failed: do not remember "no map"
        }
        return noMapConfig;
      }
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  return { config: query.data ?? noMapConfig, isPending: enabled && query.isPending };
}
