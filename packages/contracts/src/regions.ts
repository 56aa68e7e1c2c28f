import { z } from 'zod';

/** A commune (comuna) with its official code as `_id`. */
export const communeSchema = z.object({ _id: z.string(), name: z.string() });
export type Commune = z.infer<typeof communeSchema>;

/** A region with its official code as `_id` and its communes in Spanish alphabetical order. */
export const regionSchema = z
  .object({ _id: z.string(), name: z.string(), communes: z.array(communeSchema) })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof regionSchema>;

/** GET /regions: north to south. */
export const regionsResponseSchema = z.object({ regions: z.array(regionSchema) });
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;
