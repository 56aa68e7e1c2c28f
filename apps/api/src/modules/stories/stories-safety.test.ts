import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { storyLimits, storyMessages, type Story } from '@fics/contracts';
import { xssCorpus, xssFindings } from '../../lib/xss-corpus';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createStory, postStory, storyWorld } from './stories.fixtures';

/** Hostile text and images through the fic endpoints (the cleaners' own tests go deeper). */
describe('fic content safety', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let draft: Story;
  const patch = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/stories/${draft._id}`,
      headers: w.author.headers,
      payload,
    });

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    draft = await createStory(t.app, w.author.headers);
  });
  afterAll(async () => {
    await t.close();
  });

  it(`stores the body of each of ${xssCorpus.length} XSS payloads with nothing executable left`, async () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(50);
    for (const payload of xssCorpus) {
      const res = await patch({ text: `<p>Había una vez</p>${payload}` });
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 200 });
      const text = res.json<{ story: Story }>().story.text;
      expect({ payload, findings: xssFindings(text) }).toEqual({ payload, findings: [] });
      // What a reader later gets is what was checked.
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stories/${draft._id}`,
        headers: w.author.headers,
      });
      expect(read.json<{ story: Story }>().story.text).toBe(text);
    }
  });

  it('keeps titles, tags and pseudonyms as plain text: stored exactly as typed or refused, never interpreted', async () => {
    let stored = 0;
    for (const payload of xssCorpus) {
      const value = payload.trim();
      // One-line fields turn pasted tabs and line breaks into spaces and refuse other control characters.
      const line = value.replace(/[\t\n\r]+/g, ' ').trim();
      // eslint-disable-next-line no-control-regex
      const clean = !/[\u0000-\u001f\u007f]/.test(line);
      const res = await patch({ title: value });
      if (clean && line.length >= storyLimits.titleMin && line.length <= storyLimits.titleMax) {
        expect({ payload, status: res.statusCode }).toEqual({ payload, status: 200 });
        expect(res.json<{ story: Story }>().story.title).toBe(line);
        stored += 1;
      } else {
        expect(res.statusCode).toBe(400);
      }
      const nickname = await patch({ nickname: true, nicknameValue: value, anonymity: false });
      if (clean && line.length <= storyLimits.nicknameMax && line.length > 0) {
        expect(nickname.json<{ story: Story }>().story.nicknameValue).toBe(line);
      } else {
        expect(nickname.statusCode).toBe(400);
      }
      const tags = await patch({ tags: [value] });
      // eslint-disable-next-line no-control-regex
      if (value.length <= storyLimits.tagMax && !/[\u0000-\u001f]/.test(value)) {
        // Tags are shared ignoring case: the first spelling stored is the one shown.
        const shown = tags.json<{ story: Story }>().story.tags.map((tag) => tag.toLowerCase());
        expect(shown).toEqual([value.replace(/\s+/g, ' ').toLowerCase()]);
      } else {
        expect(tags.statusCode).toBe(400);
      }
      // Answers are JSON, never HTML a browser could run.
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(stored).toBeGreaterThan(30);
  });

  it('refuses an SVG with a script and a text file named .png as covers', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const text = Buffer.from('esto no es una imagen, solo texto con nombre de png');
    for (const file of [svg, text]) {
      const res = await postStory(t.app, w.author.headers, { file });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { file: 'El archivo debe ser tipo imagen' },
      });
    }
  });

  it('refuses a cover over 1 MB with 413', async () => {
    const big = Buffer.concat([
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      Buffer.alloc(1_100_000),
    ]);
    const res = await postStory(t.app, w.author.headers, { file: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ type: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves a JPEG cover with GPS as a PNG and WebP sizes without any metadata', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#32ADD0' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telefono', Model: 'Escolar' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 27/1 2460/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '70/1 38/1 5370/100',
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const story = await createStory(t.app, w.author.headers, { file: jpeg });
    expect(story.image).toMatchObject({ width: 1080, height: 810 });
    expect(story.image.variants.map((v) => v.width)).toEqual([320, 640, 1080]);
    for (const url of [story.image.url, ...story.image.variants.map((v) => v.url)]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect({ url, exif: meta.exif, xmp: meta.xmp }).toEqual({ url, exif: undefined, xmp: undefined });
      expect(res.rawPayload.includes(Buffer.from('Telefono'))).toBe(false);
    }
  });

  it('answers a text over the multipart field size with 413, and a long valid text whole', async () => {
    const accented = `<p>${'ñandú '.repeat(15_000)}</p>`;
    expect(accented.length).toBeLessThanOrEqual(storyLimits.textMax);
    const ok = await postStory(t.app, w.author.headers, { fields: { text: accented } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ story: Story }>().story.wordCount).toBe(15_000);
    const huge = await postStory(t.app, w.author.headers, { fields: { text: 'ñ'.repeat(300_000) } });
    expect(huge.statusCode).toBe(413);
    const tooLong = await postStory(t.app, w.author.headers, {
      fields: { text: 'a'.repeat(storyLimits.textMax + 1) },
    });
    expect(tooLong.json()).toMatchObject({ errors: { text: storyMessages.textMax } });
  });
});
