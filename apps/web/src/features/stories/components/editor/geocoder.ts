import { coarseLocationLink, coarsePoint, pointOfLocationLink, storyLimits } from '@fics/contracts';

/** A place found by the configured geocoder (Nominatim's jsonv2 shape, spec 001 §7). */
export interface Place {
  /** What fills the location field: short enough for its 30 characters. */
  label: string;
  /** The full address, shown in the results list. */
  description: string;
  lat: number;
  lng: number;
}

/** How long a place search may take before it counts as unreachable. */
const SEARCH_TIMEOUT_MS = 8000;

/**
 * The place's name plus as many of the following address parts as fit in the location field
 * ('Plaza de Armas, Santiago'), skipping postcodes; a name alone longer than the field is cut.
 */
export function shortPlaceName(
  name: string,
  displayName: string,
  max: number = storyLimits.locationMax,
): string {
  const parts = displayName
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^\d[\d -]*$/.test(part));
  const first = name.trim() || parts[0] || '';
  let label = first;
  for (const part of parts) {
    if (part === first || label.includes(part)) {
      continue;
    }
    const longer = `${label}, ${part}`;
    if (longer.length > max) {
      break;
    }
    label = longer;
  }
  if (label.length <= max) {
    return label;
  }
  const cut = label.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trim();
}

/**
 * The OpenStreetMap page of a point as `locationURL` sends it: rounded to two decimals (about 1 km)
 * before it leaves the browser, as the server keeps it (docs/decisions/stories.md); null off the globe.
 */
export function osmLink(lat: number, lng: number): string | null {
  const point = coarsePoint(lat, lng);
  return point ? coarseLocationLink(point) : null;
}

/** The (rounded) point of a `locationURL`, to show its pin again (edit mode, a recovered copy). */
export function pointOfOsmLink(url: string | null): { lat: number; lng: number } | null {
  const point = url ? pointOfLocationLink(url) : undefined;
  return point ? { lat: point.lat, lng: point.lon } : null;
}

/**
 * A point written in the location field when a place has no name, to two decimals like the point
 * itself ('-33.46, -70.65'): the name never places the student more finely than the map does.
 */
export function coordinatesLabel(lat: number, lng: number): string {
  const point = coarsePoint(lat, lng);
  return point ? `${point.lat.toFixed(2)}, ${point.lon.toFixed(2)}` : '';
}

export interface NominatimResult {
  display_name?: unknown;
  name?: unknown;
  lat?: unknown;
  lon?: unknown;
  /** What the result is: 'house', 'road', 'suburb', 'city'... (jsonv2). */
  addresstype?: unknown;
  /** Its address by parts (addressdetails=1). */
  address?: unknown;
}

/**
 * The address parts a fic's place may name, from the smallest area up: none finer than a
 * neighbourhood. A street, a house number or a building (a child's home, issue 18.5) never becomes
 * the place's name; the student may still type one, and the dialog says what will be shown.
 */
const AREA_PARTS = [
  'neighbourhood',
  'suburb',
  'quarter',
  'hamlet',
  'village',
  'town',
  'city',
  'municipality',
  'county',
  'state',
] as const;

/**
 * A search result as a place to keep: an area is named as it is ('Valparaíso'); anything smaller
 * (an address, a building, a street, a square) by the area it lies in ('Providencia, Santiago'), or
 * by its rounded point when its address names no area. Null for a result without a point.
 */
export function placeOfResult(item: NominatimResult): Place | null {
  const lat = Number(item.lat);
  const lng = Number(item.lon);
  const description = typeof item.display_name === 'string' ? item.display_name : '';
  const name = typeof item.name === 'string' ? item.name : '';
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || (description === '' && name === '')) {
    return null;
  }
  const address =
    item.address && typeof item.address === 'object' ? (item.address as Record<string, unknown>) : {};
  const isArea = (AREA_PARTS as readonly unknown[]).includes(item.addresstype);
  const areas = AREA_PARTS.map((part) => address[part]).filter(
    (value, index, all): value is string =>
      typeof value === 'string' && value.trim() !== '' && all.indexOf(value) === index,
  );
  const label = isArea
    ? shortPlaceName(name, description)
    : areas.length > 0
      ? shortPlaceName(areas[0] ?? '', areas.join(', '))
      : coordinatesLabel(lat, lng);
  return { label, description: description || name, lat, lng };
}

/**
 * Searches places in Chile (countrycodes=cl) at the configured Nominatim-compatible URL. Throws on
 * any failure (unreachable, slow, an answer of another shape): the caller says the search is not
 * available and the typed place still works. No bearer token: the geocoder is not our API.
 */
export async function searchPlaces(
  geocoderUrl: string,
  query: string,
  signal?: AbortSignal,
): Promise<Place[]> {
  const url = new URL(geocoderUrl, window.location.origin);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('countrycodes', 'cl');
  url.searchParams.set('limit', '5');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('accept-language', 'es');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEARCH_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      throw new Error(`geocoder ${response.status}`);
    }
    const body = (await response.json()) as unknown;
    if (!Array.isArray(body)) {
      throw new Error('geocoder answer');
    }
    return (body as NominatimResult[]).flatMap((item) => {
      const place = placeOfResult(item);
      return place ? [place] : [];
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
