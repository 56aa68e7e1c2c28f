import { randomUUID } from 'node:crypto';
import { inArray, or } from 'drizzle-orm';
import { storyLimits, type StoryImage } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';
import { mediaUrl } from './media.service';
import { decodeImage, encodePng, fromDecoded, type DecodedImage, type ProcessedImage } from './images';

/**
 * Fic covers (spec 001 §5, §9): the PNG the spec names as the original, plus WebP sizes for the
 * gallery's srcset, which weigh a small fraction of the PNG.
 */

export interface ProcessedCover {
  /** PNG, longest side at most storyLimits.coverMaxSide. */
  original: ProcessedImage;
  /** WebP, narrowest first, never wider than the original. */
  variants: ProcessedImage[];
}

/**
 * WebP quality: 75 is libwebp's default and indistinguishable at card sizes. Effort 2 of 6 encodes
 * about 30% faster than the default 4 for files a few percent larger (measured on 2 cores).
 */
const WEBP = { quality: 75, effort: 2 } as const;

/**
 * The widths to make for an original `width` wide: each storyLimits.coverVariantWidths not wider
 * than it, and the original's own width when it falls between them (else a browser that wants more
 * than the largest listed width would get a blurry enlargement or the heavy PNG).
 */
export function coverVariantWidths(width: number): number[] {
  const widths = new Set<number>(storyLimits.coverVariantWidths.filter((w) => w <= width));
  widths.add(width);
  return [...widths].sort((a, b) => a - b);
}

async function encodeWebp(image: DecodedImage, width: number): Promise<ProcessedImage> {
  const { data, info } = await fromDecoded(image)
    .resize({ width, withoutEnlargement: true })
    .webp(WEBP)
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
}

/**
 * Checks a cover upload by its content (the avatar's rules: accepted formats, 1 MB, pixel cap) and
 * encodes it: a PNG original fitted inside 1080 without enlargement and its WebP sizes. The file is
 * decoded once (orientation applied, metadata gone); the encodings run in parallel from its pixels.
 */
export async function processCover(input: Buffer): Promise<ProcessedCover> {
  const decoded = await decodeImage(input, { maxSide: storyLimits.coverMaxSide });
  const [original, ...variants] = await Promise.all([
    encodePng(decoded),
    ...coverVariantWidths(decoded.width).map((width) => encodeWebp(decoded, width)),
  ]);
  return { original, variants };
}

/**
 * Stores a processed cover in one statement: the original and its sizes (variant_of = original);
 * returns the original's id (stories.cover_id). The id is made here so that the variants can point
 * at it in the same INSERT (PostgreSQL checks the reference at the end of the statement).
 */
export async function storeCover(options: {
  db: DbOrTx;
  ownerId: string;
  cover: ProcessedCover;
}): Promise<string> {
  const id = randomUUID();
  const row = (image: ProcessedImage, variantOf: string | null) => ({
    ownerId: options.ownerId,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    variantOf,
  });
  await options.db
    .insert(media)
    .values([
      { id, ...row(options.cover.original, null) },
      ...options.cover.variants.map((variant) => row(variant, id)),
    ]);
  return id;
}

/**
 * Covers as the API shows them, keyed by cover id: the original's URL and size, and its sizes by
 * width. One query for any number of covers, reading sizes only (never the bytes). Unknown ids are
 * absent from the map.
 */
export async function loadCoverImages(options: {
  db: DbOrTx;
  coverIds: string[];
}): Promise<Map<string, StoryImage>> {
  const covers = new Map<string, StoryImage>();
  const ids = new Set(options.coverIds);
  if (ids.size === 0) {
    return covers;
  }
  const rows = await options.db
    .select({ id: media.id, variantOf: media.variantOf, width: media.width, height: media.height })
    .from(media)
    .where(or(inArray(media.id, [...ids]), inArray(media.variantOf, [...ids])));
  for (const row of rows) {
    if (row.variantOf === null && ids.has(row.id)) {
      covers.set(row.id, { url: mediaUrl(row.id), width: row.width, height: row.height, variants: [] });
    }
  }
  for (const row of rows) {
    const cover = row.variantOf === null ? undefined : covers.get(row.variantOf);
    cover?.variants.push({ url: mediaUrl(row.id), width: row.width, height: row.height });
  }
  for (const cover of covers.values()) {
    cover.variants.sort((a, b) => a.width - b.width);
  }
  return covers;
}

/** Deletes covers; their WebP sizes go with them (variant_of cascades). */
export async function deleteCovers(options: { db: DbOrTx; coverIds: string[] }): Promise<void> {
  if (options.coverIds.length > 0) {
    await options.db.delete(media).where(inArray(media.id, options.coverIds));
  }
}
