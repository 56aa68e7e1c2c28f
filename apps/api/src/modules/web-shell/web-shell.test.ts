import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryResponse } from '@fics/contracts';
import { eq, sql } from 'drizzle-orm';
import { stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { insertCover, insertFics } from '../stories/gallery.fixtures';
import { storyWorld } from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';

/** As Vite writes it: the module script and its preloads in the head, an empty #root. */
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Fics: plataforma escolar para escribir, revisar y publicar cuentos." />
    <title>Fics</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <noscript>Necesitas activar JavaScript para usar Fics.</noscript>
    <div id="root"></div>
  </body>
</html>
`;

const ASSET_JS = `console.log(${JSON.stringify('fics '.repeat(400))});`;
const PUBLIC_URL = 'https://fics.example.cl';
const EVIL = `</script><script>alert(1)</script>"><img src=x onerror=alert(2)>`;

let t: TestApp;
let webDist: string;
let world: Awaited<ReturnType<typeof storyWorld>>;
let coverId: string;

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control'], url).toBe('no-cache');
  return res.body;
};

/** The JSON the home sends for the app (features/home/initial-gallery.ts). */
function initialGallery(html: string): { query: string; stories: GalleryResponse['stories'] } | null {
  const match = /<script type="application\/json" id="fics-initial-gallery">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as { query: string; stories: GalleryResponse['stories'] }) : null;
}

/** The painted cards: each `<li>…</li>` of the grid. */
const cardsOf = (html: string) =>
  [...html.matchAll(/<li><article class="fx-card">(.*?)<\/article><\/li>/g)].map((m) => m[1]!);

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(':', ':')}" content="([^"]*)" />`).exec(html)?.[1];

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-shell-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), ASSET_JS);
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET_JS));
  t = await buildTestApp({ webDist, publicUrl: PUBLIC_URL });
  world = await storyWorld(t.app);
  coverId = await insertCover(t.app);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const seed = (title: string, more: Partial<Parameters<typeof insertFics>[2][number]> = {}) => ({
  authorId: world.author.id,
  collegeId: world.collegeA,
  gradeId: world.gradeA1,
  title,
  ...more,
});

describe('the home page (/)', () => {
  it('is the bare shell while there are no fics, with an empty first page for the app', async () => {
    const html = await page('/');
    expect(initialGallery(html)).toEqual({
      query: '',
      stories: expect.objectContaining({ docs: [], page: 1, totalDocs: 0, hasNextPage: false }),
    });
    expect(cardsOf(html)).toEqual([]);
    expect(html).toContain('<h1 class="fx-h1">Fics publicados</h1>');
    // Drawn disabled, and enabled by the inline script that follows the header (issue 23 point 2).
    expect(html).toContain(
      '<button type="button" class="fx-login" disabled>Ingresar</button></div></header><script>',
    );
  });

  it("lets the painted 'Ingresar''s inline script run by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const inline = [...res.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(
      String(res.headers['content-security-policy']),
    )?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", hash]);
    // The script marks the tap where boot.ts and the app look for it (LoginDialogProvider).
    expect(inline[0]).toContain("setAttribute('data-login-wanted','')");
  });

  it('carries the first page as JSON and paints the header and the cards before the JavaScript', async () => {
    await insertFics(t.app, coverId, [
      ...Array.from({ length: 11 }, (_, i) => seed(`Fic número ${i + 1}`, { tags: ['viaje'] })),
      seed('Fic anónima', { anonymity: true, publishedAt: new Date(Date.now() + 60_000) }),
      seed('Fic con seudónimo', { nicknameValue: 'Luna Azul', publishedAt: new Date(Date.now() + 120_000) }),
      seed('Borrador secreto', { status: 'EDITING' }),
    ]);
    const html = await page('/');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/stories' });
    const sent = initialGallery(html)!;
    expect(sent.query).toBe('');
    expect(sent.stories).toEqual(api.json<GalleryResponse>().stories);
    expect(sent.stories.docs).toHaveLength(12);
    expect(sent.stories.hasNextPage).toBe(true);

    const cards = cardsOf(html);
    expect(cards).toHaveLength(12);
    // Newest first: the pseudonymous fic, the anonymous one, then the others.
    expect(cards[0]).toContain('>Fic con seudónimo</a>');
    expect(cards[0]).toContain('<span class="fx-author">Luna Azul</span>');
    expect(cards[1]).toContain('<span class="fx-author">Anónimo</span>');
    expect(cards[2]).toContain('<span class="fx-author">Sofía E.</span>');
    expect(cards[2]).toContain('<div class="fx-avatar">SE</div>');
    // The real author of a student's fic is never in the page, nor an unpublished fic.
    expect(html).not.toContain('Escobar');
    expect(html).not.toContain('Borrador secreto');

    const id = sent.stories.docs[0]!._id;
    expect(cards[0]).toContain(`<a href="/fics/${id}">`);
    // Covers: WebP sizes with srcset/sizes, width and height, the first row eager, the first one first.
    const [variant] = sent.stories.docs[0]!.image.variants;
    expect(cards[0]).toContain(
      `<source type="image/webp" srcset="${variant!.url} ${variant!.width}w" sizes="`,
    );
    expect(cards[0]).toMatch(
      /<img class="fx-cover" src="\/api\/v1\/media\/[^"]+" alt="Fic con seudónimo" width="4" height="3" loading="eager" decoding="async" fetchpriority="high">/,
    );
    expect(cards[2]).toContain('loading="eager"');
    expect(cards[2]).not.toContain('fetchpriority');
    expect(cards[3]).toContain('loading="lazy"');
    expect(cards[11]).toContain('loading="lazy"');
    expect(html).toContain(
      `<link rel="preload" as="image" type="image/webp" imagesrcset="${variant!.url} ${variant!.width}w"`,
    );
    expect(html).toContain('<style>');
    expect(html).toContain('<button type="button" disabled>Ver más</button>');
    // The app's script stays where Vite put it.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
  });

  it('reads the filters of the URL (page ignored) and says which ones the page is for', async () => {
    const html = await page('/?page=3&tags=Viaje&searchTitle=n%C3%BAmero%201');
    const sent = initialGallery(html)!;
    expect(sent.query).toBe('searchTitle=n%C3%BAmero+1&tags=Viaje');
    expect(sent.stories.page).toBe(1);
    expect(sent.stories.docs.map((card) => card.title).sort()).toEqual([
      'Fic número 1',
      'Fic número 10',
      'Fic número 11',
    ]);
    expect(cardsOf(html)).toHaveLength(3);
    // The chips' row is kept free above the grid.
    expect(html).toContain('<div class="fx-filters"></div>');
  });

  it('serves the bare shell for filters the API refuses, and when the database fails', async () => {
    const tooMany = await page('/?tags=a,b,c,d,e,f');
    expect(tooMany).toBe(INDEX_HTML);
    // A real failure of the query: the fics' table is missing for a moment (a filter no page was
    // kept for, so the database is asked).
    await t.app.db.execute(sql`alter table stories rename to stories_away`);
    try {
      expect(await page('/?searchTitle=otro')).toBe(INDEX_HTML);
    } finally {
      await t.app.db.execute(sql`alter table stories_away rename to stories`);
    }
  });

  it('escapes what fics say, in the markup and in the JSON', async () => {
    await insertFics(t.app, coverId, [seed(EVIL, { publishedAt: new Date(Date.now() + 600_000) })]);
    const html = await page('/');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;',
    );
    // Exactly the template's script, the painted 'Ingresar''s and the JSON one.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(initialGallery(html)!.stories.docs[0]!.title).toBe(EVIL);
  });
});

describe('the page of a shared fic (/fics/:id)', () => {
  it('tells preview services the title, a description without the real name, the cover and the address', async () => {
    const [id] = await insertFics(t.app, coverId, [seed('El faro del sur')]);
    const html = await page(`/fics/${id}`);
    expect(html).toContain('<title>El faro del sur | Fics</title>');
    expect(metaContent(html, 'og:title')).toBe('El faro del sur');
    expect(metaContent(html, 'og:description')).toBe('«El faro del sur», una fic de Sofía E. en Fics');
    expect(html).toContain(
      '<meta name="description" content="«El faro del sur», una fic de Sofía E. en Fics" />',
    );
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/fics/${id}`);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/api/v1/media/${coverId}`);
    expect(metaContent(html, 'og:image:width')).toBe('4');
    expect(metaContent(html, 'og:image:height')).toBe('3');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('Escobar');
    // The image is reachable at that address.
    const image = await t.app.inject({ method: 'GET', url: `/api/v1/media/${coverId}` });
    expect(image.statusCode).toBe(200);
  });

  it('never names the author of an anonymous or pseudonymous fic', async () => {
    const [anonymous, pseudonymous] = await insertFics(t.app, coverId, [
      seed('Sin firma', { anonymity: true }),
      seed('Con otro nombre', { nicknameValue: 'Luna Azul' }),
    ]);
    const a = await page(`/fics/${anonymous}`);
    expect(metaContent(a, 'og:description')).toBe('«Sin firma», una fic anónima en Fics');
    const p = await page(`/fics/${pseudonymous}`);
    expect(metaContent(p, 'og:description')).toBe('«Con otro nombre», una fic de Luna Azul en Fics');
    for (const html of [a, p]) {
      expect(html).not.toMatch(/Sofía|Escobar/);
    }
  });

  it('gives unpublished, missing and malformed fics the plain page: no title leaks', async () => {
    const [draft, review] = await insertFics(t.app, coverId, [
      seed('Borrador oculto', { status: 'EDITING' }),
      seed('En revisión oculta', { status: 'REVIEWING' }),
    ]);
    for (const url of [
      `/fics/${draft}`,
      `/fics/${review}`,
      '/fics/00000000-0000-4000-8000-000000000000',
      '/fics/nuevo',
      '/fics/123',
    ]) {
      expect(await page(url), url).toBe(INDEX_HTML);
    }
  });

  it('gives a personal fic and one by a student without a needed guardian consent the plain page (issue 22)', async () => {
    const kid = await member(t.app, 'STUDENT', [world.gradeA1], {
      name: 'Inés Ibáñez',
      birthYear: new Date().getFullYear() - 10,
    });
    const [personal, withheld] = await insertFics(t.app, coverId, [
      seed('Mi diario secreto'),
      { ...seed('El cometa del patio'), authorId: kid.id },
    ]);
    await t.app.db.update(stories).set({ personal: true }).where(eq(stories.id, personal!));
    for (const id of [personal!, withheld!]) {
      const html = await page(`/fics/${id}`);
      expect(html).toBe(INDEX_HTML);
      expect(html).not.toMatch(/Inés|Ibáñez|cometa|diario/);
    }
    // Nor on the home's painted first page.
    expect(await page('/')).not.toMatch(/Inés|cometa|diario secreto/);
  });

  it('escapes a hostile title in every tag', async () => {
    const [id] = await insertFics(t.app, coverId, [seed(EVIL)]);
    const html = await page(`/fics/${id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(metaContent(html, 'og:title')).toBe(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;',
    );
  });
});

describe("the app's files", () => {
  it('sends the brotli file the build wrote beside a script, with the year-long cache', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(ASSET_JS);
    // The compressed copy is sent through the script's own route; it has none of its own.
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/index-abc123.js' })).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/index-abc123.js.br' })).toBe(false);
  });
});
