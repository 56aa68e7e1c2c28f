import { deflateSync, crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp, { type Sharp } from 'sharp';
import { eq, inArray, or } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { storyLimits, userMessages } from '@fics/contracts';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { media } from '../../db/schema';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { coverVariantWidths, deleteCovers, loadCoverImages, processCover, storeCover } from './covers';

/**
 * A photo-like picture: texture at several scales (sky, hills, foliage, grain), made of small random
 * images enlarged smoothly and summed. Flat colours would flatter every encoder.
 */
async function photo(width: number, height: number): Promise<Sharp> {
  const layers = await Promise.all(
    [
      { cell: 200, weight: 0.5 },
      { cell: 50, weight: 0.3 },
      { cell: 12, weight: 0.15 },
      { cell: 3, weight: 0.1 },
    ].map(async ({ cell, weight }) => {
      const w = Math.ceil(width / cell) + 1;
      const h = Math.ceil(height / cell) + 1;
      const data = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
        .resize(width, height, { fit: 'fill', kernel: 'cubic' })
        .raw()
        .toBuffer();
      return { data, weight };
    }),
  );
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) {
    let value = 128;
    for (const { data, weight } of layers) {
      value += (data[i]! - 128) * weight;
    }
    pixels[i] = value;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A valid PNG declaring a huge canvas (1-bit grey, so it weighs a few kilobytes): a decompression bomb. */
function hugePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // each row: filter byte + bits, all 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same as a file of `format`. */
const photoFile = async (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  (await photo(width, height)).toFormat(format).toBuffer();

const sizes = (images: { width: number; height: number }[]) => images.map((i) => [i.width, i.height]);

describe('cover images', () => {
  let jpegWithGps: Buffer;
  beforeAll(async () => {
    const picture = await photo(2000, 1500);
    jpegWithGps = await picture
      .jpeg({ quality: 80 })
      .withIccProfile('p3')
      .withExif({
        IFD0: { Make: 'FicsCam', Model: 'Prueba 1', Copyright: 'Sofía Escobar' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 27/1 2460/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '70/1 38/1 5370/100',
        },
      })
      .toBuffer();
  });

  it('strips EXIF, GPS and the colour profile from the PNG and from every WebP', async () => {
    const before = await sharp(jpegWithGps).metadata();
    // The input really carries them: the camera's name and a GPS IFD pointer (tag 0x8825).
    expect(before.exif?.includes('FicsCam')).toBe(true);
    expect(before.icc).toBeDefined();
    expect(
      before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    const cover = await processCover(jpegWithGps);
    for (const image of [cover.original, ...cover.variants]) {
      const meta = await sharp(image.bytes).metadata();
      expect(meta.format).toBe(image.contentType === 'image/png' ? 'png' : 'webp');
      expect({
        exif: meta.exif,
        icc: meta.icc,
        xmp: meta.xmp,
        iptc: meta.iptc,
        orientation: meta.orientation,
      }).toEqual({
        exif: undefined,
        icc: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      expect(image.bytes.includes('FicsCam')).toBe(false);
      expect(image.bytes.includes('Exif')).toBe(false);
    }
  });

  it('keeps a 1080 PNG original and WebP sizes that weigh a fraction of it', async () => {
    const started = Date.now();
    const cover = await processCover(jpegWithGps);
    const elapsed = Date.now() - started;
    expect(cover.original).toMatchObject({ width: 1080, height: 810, contentType: 'image/png' });
    expect(sizes(cover.variants)).toEqual([
      [320, 240],
      [640, 480],
      [1080, 810],
    ]);
    const kb = (bytes: Buffer) => `${(bytes.length / 1024).toFixed(1)} KB`;
    console.log(
      `cover of a ${(jpegWithGps.length / 1024).toFixed(0)} KB 2000x1500 JPEG in ${elapsed} ms: PNG 1080x810 ${kb(cover.original.bytes)}; ` +
        cover.variants.map((v) => `WebP ${v.width}x${v.height} ${kb(v.bytes)}`).join(', '),
    );
    for (const variant of cover.variants) {
      expect(variant.contentType).toBe('image/webp');
      expect((await sharp(variant.bytes).metadata()).format).toBe('webp');
      expect(variant.bytes.length).toBeLessThan(cover.original.bytes.length / 10);
    }
    expect(cover.variants[0]!.bytes.length).toBeLessThan(40 * 1024);
  });

  it('never enlarges: a 500 px image stays 500 px, with a WebP at its own width', async () => {
    const cover = await processCover(await photoFile(500, 375, 'png'));
    expect(sizes([cover.original])).toEqual([[500, 375]]);
    expect(sizes(cover.variants)).toEqual([
      [320, 240],
      [500, 375],
    ]);
    const small = await processCover(await photoFile(200, 150, 'webp'));
    expect(sizes([small.original, ...small.variants])).toEqual([
      [200, 150],
      [200, 150],
    ]);
  });

  it('fits a portrait inside 1080 and applies the EXIF orientation', async () => {
    const portrait = await processCover(await photoFile(1500, 2000, 'jpeg'));
    expect(sizes([portrait.original, ...portrait.variants])).toEqual([
      [810, 1080],
      [320, 427],
      [640, 853],
      [810, 1080],
    ]);
    // A phone photo stored landscape with "rotate 90°" in EXIF comes out upright.
    const landscape = await photo(300, 200);
    const rotated = await processCover(await landscape.jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect(sizes([rotated.original, ...rotated.variants])).toEqual([
      [200, 300],
      [200, 300],
    ]);
  });

  it('lists the sizes to make', () => {
    expect(coverVariantWidths(1080)).toEqual([320, 640, 1080]);
    expect(coverVariantWidths(640)).toEqual([320, 640]);
    expect(coverVariantWidths(810)).toEqual([320, 640, 810]);
    expect(coverVariantWidths(100)).toEqual([100]);
    expect(storyLimits.coverVariantWidths.every((w) => w <= storyLimits.coverMaxSide)).toBe(true);
  });

  it('uses the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const cover = await processCover(gif);
    expect(sizes([cover.original, ...cover.variants])).toEqual([
      [60, 40],
      [60, 40],
    ]);
    const { data } = await sharp(cover.original.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
  });

  describe('refuses', () => {
    const notAnImage = { type: 'VALIDATION_ERROR', errors: { file: userMessages.fileNotImage } };

    it('an SVG, even one that looks like a picture (scripts, external references)', async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
          '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
      );
      await expect(processCover(svg)).rejects.toMatchObject({ ...notAnImage, status: 400 });
    });

    it('text named .png, and a truncated JPEG', async () => {
      await expect(
        processCover(Buffer.from('hola, no soy una imagen aunque me llame cover.png')),
      ).rejects.toMatchObject(notAnImage);
      const jpeg = await photoFile(400, 300, 'jpeg');
      await expect(processCover(jpeg.subarray(0, jpeg.length / 2))).rejects.toMatchObject(notAnImage);
    });

    it('a 20000x20000 canvas, at once and without decoding it', async () => {
      const bomb = hugePng(20_000);
      expect(bomb.length).toBeLessThan(200 * 1024);
      const started = Date.now();
      await expect(processCover(bomb)).rejects.toMatchObject({
        type: 'VALIDATION_ERROR',
        message: userMessages.imageTooManyPixels,
        errors: { file: userMessages.imageTooManyPixels },
      });
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('a file over 1 MB with 413', async () => {
      const noise = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(1_048_576);
      await expect(processCover(noise)).rejects.toMatchObject({
        type: 'PAYLOAD_TOO_LARGE',
        status: 413,
        errors: { file: userMessages.fileTooLarge },
      });
    });
  });

  describe('in the database', () => {
    let t: TestApp;
    let ownerId: string;
    beforeAll(async () => {
      t = await buildTestApp();
      ownerId = (await createUser(t.app, { role: 'STUDENT' })).id;
    });
    afterAll(async () => {
      await t.close();
    });

    /** A second drizzle on the same connection, logging the SQL it sends. */
    function loggingDb(): { db: Db; queries: string[] } {
      const queries: string[] = [];
      const logger = { logQuery: (query: string) => queries.push(query) };
      const db = t.database.pglite
        ? drizzlePglite({ client: t.database.pglite, schema, logger })
        : drizzlePg({ client: (t.app.db as unknown as { $client: pg.Pool }).$client, schema, logger });
      return { db, queries };
    }

    it('stores a cover with its sizes, serves them, loads them in one query and deletes them together', async () => {
      const first = await processCover(jpegWithGps);
      const second = await processCover(await photoFile(500, 375, 'jpeg'));
      const { db: logged, queries } = loggingDb();
      const firstId = await storeCover({ db: logged, ownerId, cover: first });
      expect(queries).toHaveLength(1);
      const secondId = await storeCover({ db: t.app.db, ownerId, cover: second });

      const rows = await t.app.db
        .select({
          id: media.id,
          variantOf: media.variantOf,
          contentType: media.contentType,
          width: media.width,
        })
        .from(media)
        .where(or(eq(media.id, firstId), eq(media.variantOf, firstId)));
      expect(
        rows.map((r) => [r.variantOf, r.contentType, r.width]).sort((a, b) => Number(a[2]) - Number(b[2])),
      ).toEqual([
        [firstId, 'image/webp', 320],
        [firstId, 'image/webp', 640],
        [null, 'image/png', 1080],
        [firstId, 'image/webp', 1080],
      ]);

      queries.length = 0;
      const unknown = '00000000-0000-4000-8000-000000000000';
      const covers = await loadCoverImages({ db: logged, coverIds: [firstId, secondId, firstId, unknown] });
      expect(queries).toHaveLength(1);
      expect(queries[0]).not.toMatch(/"bytes"/);
      expect(covers.has(unknown)).toBe(false);
      const variantIds = rows.filter((r) => r.variantOf).sort((a, b) => a.width - b.width);
      expect(covers.get(firstId)).toEqual({
        url: `/api/v1/media/${firstId}`,
        width: 1080,
        height: 810,
        variants: [
          { url: `/api/v1/media/${variantIds[0]!.id}`, width: 320, height: 240 },
          { url: `/api/v1/media/${variantIds[1]!.id}`, width: 640, height: 480 },
          { url: `/api/v1/media/${variantIds[2]!.id}`, width: 1080, height: 810 },
        ],
      });
      expect(covers.get(secondId)).toMatchObject({ width: 500, height: 375 });
      expect(covers.get(secondId)!.variants.map((v) => v.width)).toEqual([320, 500]);
      expect(await loadCoverImages({ db: logged, coverIds: [] })).toEqual(new Map());

      const served = await t.app.inject({ method: 'GET', url: covers.get(firstId)!.variants[0]!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(320);

      await deleteCovers({ db: t.app.db, coverIds: [firstId] });
      expect(
        await t.app.db.$count(media, or(eq(media.id, firstId), inArray(media.variantOf, [firstId]))),
      ).toBe(0);
      // The other cover and its sizes are untouched.
      expect(await t.app.db.$count(media, or(eq(media.id, secondId), eq(media.variantOf, secondId)))).toBe(3);
      await deleteCovers({ db: t.app.db, coverIds: [] });
    });
  });
});
