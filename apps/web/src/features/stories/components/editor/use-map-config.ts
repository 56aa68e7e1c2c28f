import { defaultMapView, type ClientConfig } from '@fics/contracts';
import { useClientConfig } from '../../../../lib/resources';

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
  const query = useClientConfig({ enabled });
  return { config: query.data?.map ?? noMapConfig, isPending: enabled && query.isPending };
}
