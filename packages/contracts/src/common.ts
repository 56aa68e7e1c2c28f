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

/** Paged list shape shared by every paged endpoint (architecture.md §4, §6.9). */
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
export type Paged<T> = {
  docs: T[];
  page: number;
  limit: number;
  totalDocs: number;
  hasNextPage: boolean;
  nextPage: number | null;
};

/** Past this page a list answers 400: nobody reads that far, and offsets that deep cost the database. */
export const maxPage = 10_000;

export const pagingMessages = {
  page: `La página debe ser un número entero entre 1 y ${maxPage.toLocaleString('es-CL')}`,
  limit: (max: number) => `El límite debe ser un número entero entre 1 y ${max}`,
} as const;

/** Query strings send '' for an unset value; treat it as absent. */
const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * `page` and `limit` of a paged list's query string, shared by every paged endpoint: `page` from 1,
 * `limit` `defaultLimit` when absent and refused over `maxLimit` (gallery 12/12, comments 5/5,
 * users 50/100). Each list spreads `.shape` into its own query schema.
 */
export function pageQuerySchema({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) {
  const limitMessage = pagingMessages.limit(maxLimit);
  return z.object({
    page: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ error: pagingMessages.page })
        .int(pagingMessages.page)
        .min(1, pagingMessages.page)
        .max(maxPage, pagingMessages.page)
        .default(1),
    ),
    limit: z.preprocess(
      blankAsUndefined,
      z.coerce
        .number({ error: limitMessage })
        .int(limitMessage)
        .min(1, limitMessage)
        .max(maxLimit, limitMessage)
        .default(defaultLimit),
    ),
  });
}
export type PageQuery = { page: number; limit: number };

/** The page metadata of a list of `totalDocs` items read `limit` at a time. */
export function pageOf<T>(docs: T[], { page, limit }: PageQuery, totalDocs: number): Paged<T> {
  const hasNextPage = page * limit < totalDocs;
  return { docs, page, limit, totalDocs, hasNextPage, nextPage: hasNextPage ? page + 1 : null };
}

/** Letters (accents and ñ included) separated by single spaces, as the spec's name rule. */
export const lettersAndSingleSpaces = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+( [A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+)*$/;
