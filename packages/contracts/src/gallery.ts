import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';
import { normalizeTags, storyAuthorSchema, storyImageSchema, storyLimits } from './stories';

/**
 * The public gallery (spec 000 §2 Home, §7 `GET /stories`): published fics only, newest first,
 * 12 a page (spec 000 §9).
 */
export const galleryPaging = { defaultLimit: 12, maxLimit: 12 } as const;

/** More tags than this in one filter is refused (every tag must match: more would only narrow to nothing). */
export const galleryTagsMax = 5;

/**
 * A title search, several tags, or a tag with a school or grade are counted up to this many fics
 * (docs/decisions/gallery.md): past it `totalDocs` is a lower bound and says so
 * (`totalIsLowerBound`: '50+' in a result line); `hasNextPage` is exact either way.
 */
export const galleryCountCap = 50;

export const galleryMessages = {
  searchTitleMax: `La búsqueda debe tener máximo ${storyLimits.titleMax} caracteres`,
  tagsMax: `Puedes filtrar por máximo ${galleryTagsMax} etiquetas`,
  tagMax: `Cada etiqueta debe tener máximo ${storyLimits.tagMax} caracteres`,
  /** Spec 000 §2 Home. */
  empty: 'No se encontraron Fics con los criterios establecidos.',
  noMore: 'No hay más contenido.',
  loadFailed: 'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
} as const;

const blankAsUndefined = (value: unknown) =>
  value === '' || value === null || (Array.isArray(value) && value.length === 0) ? undefined : value;

/**
 * `tags` as the query string brings it: `tags=a,b`, `tags=a&tags=b`, or both. Each tag is trimmed;
 * case is ignored when matching (tags are one row per name ignoring case, as the suggestions give
 * them); duplicates count once; every tag must match; a name that is no tag matches no fic.
 */
export const galleryTagsField = z.preprocess(
  (value: unknown): unknown => {
    const values: unknown[] = Array.isArray(value)
      ? value
      : value === undefined || value === null
        ? []
        : [value];
    const parts: unknown[] = values
      .flatMap((v): unknown[] => (typeof v === 'string' ? v.split(',') : [v]))
      .map((v) => (typeof v === 'string' ? v.trim() : v))
      .filter((v) => v !== '');
    const strings = parts.filter((p): p is string => typeof p === 'string');
    return strings.length === parts.length ? normalizeTags(strings) : parts;
  },
  // Every refusal is reported on `tags` itself (not `tags.0`), where the filter panel shows it.
  z
    .array(z.string(), { error: galleryMessages.tagMax })
    .max(galleryTagsMax, galleryMessages.tagsMax)
    .refine((list) => list.every((tag) => tag.length <= storyLimits.tagMax), galleryMessages.tagMax),
);

export const galleryQuerySchema = z.object({
  ...pageQuerySchema(galleryPaging).shape,
  collegeId: z.preprocess(blankAsUndefined, idSchema.optional()),
  gradeId: z.preprocess(blankAsUndefined, idSchema.optional()),
  tags: galleryTagsField,
  searchTitle: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : blankAsUndefined(v)),
    z
      .string({ error: galleryMessages.searchTitleMax })
      .max(storyLimits.titleMax, galleryMessages.searchTitleMax)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  ),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;
/** The filters of the gallery as the browser keeps them (in the URL of `/`). */
export type GalleryFilters = Pick<GalleryQuery, 'collegeId' | 'gradeId' | 'tags' | 'searchTitle'>;

/**
 * A gallery card: cover, title, author and like count, nothing more (the body, location, writing
 * time and evaluation are read on the fic's page). `writtenBy` follows the fic's settings and the
 * caller (architecture.md §6.8): null when anonymous or pseudonymous, and a student appears to a
 * visitor without a session as 'Sofía E.' without a photo.
 */
export const galleryCardSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    image: storyImageSchema,
    anonymity: z.boolean(),
    nickname: z.boolean(),
    nicknameValue: z.string().nullable(),
    writtenBy: storyAuthorSchema.nullable(),
    likesCount: z.number().int(),
    /** Publication date. */
    date: z.string(),
  })
  .meta({ id: 'GalleryCard' });
export type GalleryCard = z.infer<typeof galleryCardSchema>;

/**
 * `{ stories: { docs, page, limit, totalDocs, hasNextPage, nextPage, totalIsLowerBound } }`
 * (architecture.md §4).
 */
export const galleryResponseSchema = z.object({
  stories: pagedSchema(galleryCardSchema).extend({
    /**
     * true when `totalDocs` was counted only up to galleryCountCap and more fics match (a title
     * search or several filters together): the true total is at least `totalDocs`.
     */
    totalIsLowerBound: z.boolean().optional(),
  }),
});
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;

/** POST /stories/:id toggles the caller's like (spec 001 §7). */
export const likeResponseSchema = z.object({
  likesCount: z.number().int(),
  /** Whether the caller likes the fic after this call. */
  liked: z.boolean(),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const likeMessages = {
  /** Spec 001 §8: a visitor without a session who tries to like, comment or reply. */
  loginRequired: 'Debes iniciar sesión para realizar esta acción',
  notPublished: 'Solo se pueden dar me gusta a fics publicadas',
} as const;
