import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { processImage } from './images';
import { storeImage } from './media.service';

describe('images and GET /media/:id', () => {
  let t: TestApp;
  let id: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const source = await sharp({ create: { width: 120, height: 90, channels: 4, background: '#32ADD0' } })
      .webp()
      .toBuffer();
    id = await storeImage({ db: t.app.db, ownerId: null, image: await processImage(source) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a stored image publicly as a PNG, kept a day by the browser only when not a cover', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/media/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // Covers' year-long cache: plugins/cache-control.test.ts.
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${id}"`);
    const meta = await sharp(res.rawPayload).metadata();
    // Smaller than 200x200: kept at its size, never enlarged.
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 120,
      height: 90,
    });
  });

  it('answers 304 when the browser already has it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/media/${id}`,
      headers: { 'if-none-match': `"${id}"` },
    });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('answers an unknown or malformed id with 404 in the error shape', async () => {
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/media/${unknown}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ type: 'NOT_FOUND', message: 'La imagen solicitada no existe' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('accepts the image formats browsers upload and refuses the rest by content', async () => {
    const base = sharp({ create: { width: 400, height: 400, channels: 3, background: '#FF4B5C' } });
    for (const encoded of [
      await base.clone().png().toBuffer(),
      await base.clone().jpeg().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const image = await processImage(encoded);
      expect({ w: image.width, h: image.height, type: image.contentType }).toEqual({
        w: 200,
        h: 200,
        type: 'image/png',
      });
    }
    const tiff = await base.clone().tiff().toBuffer();
    await expect(processImage(tiff)).rejects.toMatchObject({ type: 'VALIDATION_ERROR' });
    await expect(processImage(Buffer.from('%PDF-1.4 no es una imagen'))).rejects.toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { file: 'El archivo debe ser tipo imagen' },
    });
  });
});
