import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, User } from '@fics/contracts';
import { buildTestApp, createUser, DEFAULT_TEST_PASSWORD, type TestApp } from '../test/helpers';
import { createStory, storyWorld } from '../modules/stories/stories.fixtures';
import { multipartBody } from '../modules/users/users.fixtures';
import { cacheControlPlugin } from './cache-control';

const ONE_DAY = 86_400;

function maxAgeOf(cacheControl: string): number {
  const match = /(?:^|,\s*)max-age=(\d+)/.exec(cacheControl);
  expect(match, cacheControl).not.toBeNull();
  return Number(match![1]);
}

describe('Cache-Control of the API', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('never lets a login, /auth/me or a list of users be kept', async () => {
    const user = await createUser(t.app, { role: 'TEACHER' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const me = await get('/api/v1/auth/me', {
      authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}`,
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');

    const list = await get('/api/v1/users', w.admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('never lets an error be kept: 401, 404 (route or resource), 400, even on a cacheable route', async () => {
    const cases: [string, number, Record<string, string>?][] = [
      ['/api/v1/auth/me', 401],
      ['/api/v1/stories', 401, { authorization: 'Bearer nope' }],
      ['/api/v1/no-existe', 404],
      [`/api/v1/users/${randomUUID()}`, 404, w.admin.headers],
      [`/api/v1/media/${randomUUID()}`, 404],
      ['/api/v1/users?page=0', 400, w.admin.headers],
      ['/api/v1/stories?page=0', 400],
      // Fastify's own 400 for a path it cannot decode, before any route.
      ['/api/v1/stories/%E0%A4%A', 400],
    ];
    for (const [url, status, headers] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(status);
      expect(res.json<{ type: string }>().type, url).toBeTypeOf('string');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const badLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'no-es-un-correo', password: '' },
    });
    expect(badLogin.statusCode).toBe(400);
    expect(badLogin.headers['cache-control']).toBe('no-store');
  });

  it('lets caches keep the visitors’ gallery and tag suggestions briefly, varying on Authorization', async () => {
    for (const url of ['/api/v1/stories', '/api/v1/stories/tags?search=a']) {
      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(200);
      expect(visitor.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
      expect(maxAgeOf(String(visitor.headers['cache-control'])), url).toBeLessThanOrEqual(60);
      expect(String(visitor.headers.vary).split(/,\s*/), url).toContain('Authorization');

      const reader = await get(url, w.classmate.headers);
      expect(reader.statusCode, url).toBe(200);
      expect(reader.headers['cache-control'], url).toBe('private, no-store');
      expect(String(reader.headers.vary).split(/,\s*/), url).toContain('Authorization');
    }
  });

  it('lets caches keep the lists that are the same for everybody, never health', async () => {
    const expected: [string, string][] = [
      ['/api/v1/regions', 'public, max-age=3600'],
      ['/api/v1/client-config', 'public, max-age=300'],
      ['/api/v1/health', 'no-store'],
      ['/api/v1/ready', 'no-store'],
      ['/api/v1/roles', 'no-store'],
      ['/api/docs/json', 'no-store'],
    ];
    for (const [url, cacheControl] of expected) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(cacheControl);
    }
  });

  it('lets only the browser keep a profile photo, for a day at most', async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#32ADD0' } })
      .png()
      .toBuffer();
    const body = multipartBody({}, { content: photo, filename: 'foto.png', contentType: 'image/png' });
    const uploaded = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${w.author.id}/profile`,
      headers: { ...w.author.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const { url } = uploaded.json<{ user: User }>().user.profilePicture!;

    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const cacheControl = String(res.headers['cache-control']);
    expect(cacheControl).toBe('private, max-age=86400');
    expect(maxAgeOf(cacheControl)).toBeLessThanOrEqual(ONE_DAY);
    expect(cacheControl).not.toMatch(/public|immutable/);

    const revalidated = await get(url, { 'if-none-match': String(res.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe(cacheControl);
  });

  it('lets anyone keep a fic’s cover and its sizes for a year: a new cover gets a new URL', async () => {
    const story: Story = await createStory(t.app, w.author.headers, { draft: true });
    const urls = [story.image.url, ...story.image.variants.map((variant) => variant.url)];
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('cacheControlPlugin', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(cacheControlPlugin);
    app.get('/api/v1/own', { config: { cache: 'handler' } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=10').send({ ok: true }),
    );
    app.get('/api/v1/forgot', { config: { cache: 'handler' } }, () => ({ ok: true }));
    app.get('/api/v1/plain', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=99').send({ ok: true }),
    );
    app.get('/page', (_request, reply) => reply.header('cache-control', 'no-cache').send('<p>hola</p>'));
    app.get('/api/v1/visitors', { config: { cache: { visitors: 5 } } }, (_request, reply) =>
      reply.header('vary', 'Accept-Encoding').send({ ok: true }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps a handler’s own header only where its route allows it, and never on an API route without', async () => {
    const own = await app.inject({ method: 'GET', url: '/api/v1/own' });
    expect(own.headers['cache-control']).toBe('public, max-age=10');
    const forgot = await app.inject({ method: 'GET', url: '/api/v1/forgot' });
    expect(forgot.headers['cache-control']).toBe('no-store');
    const plain = await app.inject({ method: 'GET', url: '/api/v1/plain?x=1' });
    expect(plain.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app’s pages to their own header, and adds to an existing Vary', async () => {
    const page = await app.inject({ method: 'GET', url: '/page' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/no-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const visitors = await app.inject({ method: 'GET', url: '/api/v1/visitors' });
    expect(visitors.headers['cache-control']).toBe('public, max-age=5');
    expect(visitors.headers.vary).toBe('Accept-Encoding, Authorization');
  });
});
