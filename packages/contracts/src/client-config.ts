import { z } from 'zod';

/**
 * GET /client-config: settings the browser needs at run time. The map of the send dialog uses the
 * tile server and geocoder configured on the server (MAP_TILE_URL, MAP_GEOCODER_URL); null turns
 * that part off, and a typed place always works without them. `contactEmail` (CONTACT_EMAIL) is the
 * address the terms and privacy page gives for questions and data requests (spec 001 §9).
 */
export const clientConfigResponseSchema = z
  .object({
    map: z.object({
      /** Leaflet tile template with {z}/{x}/{y} (and optionally {s}), or null for no map. */
      tileUrl: z.string().nullable(),
      attribution: z.string(),
      /**
       * A Nominatim-compatible search endpoint (`?q=&format=jsonv2&countrycodes=cl&limit=5`
       * answering `[{ display_name, name, lat, lon }]`), or null for no place search.
       */
      geocoderUrl: z.string().nullable(),
      /** Whether the geocoder allows search as you type (public Nominatim does not). */
      geocoderAutocomplete: z.boolean(),
      center: z.object({ lat: z.number(), lng: z.number() }),
      zoom: z.number().int(),
    }),
    contactEmail: z.string(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigResponseSchema>;

/** Santiago, Chile, zoom 10 (spec 001 §9). */
export const defaultMapView = { center: { lat: -33.45694, lng: -70.64827 }, zoom: 10 } as const;
