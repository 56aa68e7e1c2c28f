import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fics/contracts';
import { buildTestApp, type TestApp } from './test/helpers';

const INDEX_HTML = '<!doctype html><html lang="es"><head><title>Fics</title></head><body>app</body></html>';
const ASSET_JS = 'console.log("fics");';

function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('no-referrer');
  const csp = String(headers['content-security-policy']);
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).not.toContain('unsafe-eval');
  // Geolocation (the send dialog) and copying a link for our own origin; the rest denied.
  const policy = String(headers['permissions-policy']).split(', ');
  expect(policy, label).toEqual(
    expect.arrayContaining([
      'geolocation=(self)',
      'clipboard-write=(self)',
      'camera=()',
      'microphone=()',
      'payment=()',
      'usb=()',
      'browsing-topics=()',
    ]),
  );
  const allowed = policy.filter((entry) => !entry.endsWith('=()'));
  expect(allowed, label).toEqual(['geolocation=(self)', 'clipboard-write=(self)']);
}

describe('app with the built web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), ASSET_JS);
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers any page path with index.html, never cached, so deep links work on reload', async () => {
    for (const url of ['/', '/perfil', '/fics/123', '/password-recovery/abc?x=1', '/ruta/que/no/existe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_HTML);
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(ASSET_JS);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves other top-level files without the long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('immutable');
  });

  it('redirects /index.html to /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/');
  });

  it('answers a missing file with 404 in the one shape, not with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/no-existe.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'NOT_FOUND', message: messages.routeNotFound });
  });

  it('answers unknown API paths with JSON 404 even though the web app is served', async () => {
    for (const url of ['/api/v1/unknown', '/api', '/api/v2/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.json(), url).toEqual({ type: 'NOT_FOUND', message: messages.routeNotFound });
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('answers a non-GET request to a page path with JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/perfil', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'NOT_FOUND', message: messages.routeNotFound });
  });

  it('sends the security headers on JSON answers too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers, 'health');
  });
});

describe('app without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers page paths with JSON 404 when there is no web build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/perfil' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'NOT_FOUND', message: messages.routeNotFound });
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('Fics API');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/ready']));
    // The zod response schemas come through as JSON schema.
    expect(spec.paths['/api/v1/health']!.get!.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } },
        },
      },
    });
    // Internal routes stay out of the document.
    expect(Object.keys(spec.paths)).not.toContain('/index.html');
    // Every registered API route is documented.
    const documented = Object.entries(spec.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.length).toBeGreaterThanOrEqual(2);
    for (const entry of documented) {
      expect(entry).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/v1\//);
    }
  });

  it('serves the Swagger UI page under our CSP, with its scripts from our own origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expectSecurityHeaders(page.headers, '/api/docs');
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
  });
});
