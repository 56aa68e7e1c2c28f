import { z } from 'zod';

/** Identifiers are UUID strings (architecture.md §4). */
export const idSchema = z.uuid({ message: 'Identificador inválido' });

export const idParamsSchema = z.object({ id: idSchema });

/** The one error shape every failure answers with (architecture.md §4). */
export const errorTypes = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorType = (typeof errorTypes)[number];

export const errorStatus: Record<ErrorType, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const errorResponseSchema = z
  .object({
    type: z.enum(errorTypes),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** Paged list shape shared by every paged endpoint. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    totalDocs: z.number().int(),
    hasNextPage: z.boolean(),
    nextPage: z.number().int().nullable(),
  });
}

/** Letters (accents and ñ included) separated by single spaces, as the spec's name rule. */
export const lettersAndSingleSpaces = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+( [A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+)*$/;
