import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { messages } from '@fics/contracts';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { rateLimited } from '../lib/errors';
import { freshDatabase, testConfig } from '../test/helpers';

const SECRET_DETAIL = 'detalle interno /srv/fics/secreto.ts';

/**
 * The real app plus a few routes that exist only on this test instance: one that throws, one whose
 * answer breaks its own response schema, one that validates a body.
 */
async function buildAppWithTestRoutes(database: Database) {
  const app = await buildApp({ config: testConfig(), database, logger: false });
  const testRoutes: FastifyPluginAsyncZod = async (test) => {
    test.get('/throws', async () => {
      throw new Error(SECRET_DETAIL);
    });
    test.get('/throws-string', async () => {
      // Not even an Error: the handler must still answer in the one shape.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw SECRET_DETAIL;
    });
    test.get(
      '/bad-response',
      { schema: { response: { 200: z.object({ count: z.number() }) } } },
      async () => ({ count: SECRET_DETAIL }) as unknown as { count: number },
    );
    test.post(
      '/echo',
      { schema: { body: z.object({ name: z.string().min(2, 'Mínimo 2 caracteres'), age: z.number() }) } },
      async (request) => request.body,
    );
    test.get('/items/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => ({
      id: request.params.id,
    }));
    test.post('/store', { schema: { body: z.object({ text: z.string() }) } }, async (request) => {
      // Any field a route stores: PostgreSQL refuses a NUL character in text.
      await test.db.execute(sql`select ${request.body.text}::text`);
      return { ok: true };
    });
    test.get('/limited', async () => {
      throw rateLimited(42);
    });
  };
  await app.register(testRoutes, { prefix: '/api/v1/test' });
  await app.ready();
  return app;
}

function expectOneShape(body: unknown) {
  expect(body).toEqual(
    expect.objectContaining({ type: expect.any(String) as string, message: expect.any(String) as string }),
  );
  const keys = Object.keys(body as object).sort();
  expect(['errors', 'message', 'type']).toEqual(expect.arrayContaining(keys));
}

describe('error shape', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    app = await buildAppWithTestRoutes(fresh.database);
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ana",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ type: 'VALIDATION_ERROR', message: messages.invalidJson });
  });

  it('answers an empty JSON body with 400 VALIDATION_ERROR', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ type: 'VALIDATION_ERROR', message: messages.invalidJson });
  });

  it('answers a body that breaks the schema with a Spanish message per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { name: 'A', age: 'diez' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ type: string; message: string; errors: Record<string, string> }>();
    expect(body.type).toBe('VALIDATION_ERROR');
    expect(body.message).toBe(messages.validation);
    expect(body.errors.name).toBe('Mínimo 2 caracteres');
    expect(body.errors.age).toMatch(/se esperaba número/);
  });

  it('answers a content type nobody parses with 415 in the one shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ana&age=3',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ type: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType });
  });

  it('answers a plain-text body on a JSON route with 400 in the one shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ type: string }>();
    expect(body.type).toBe('VALIDATION_ERROR');
    expectOneShape(body);
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(300 * 1024), age: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ type: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge });
  });

  it('answers unknown API routes with 404 NOT_FOUND, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const) {
      const res = await app.inject({ method, url: '/api/v1/no-existe/123' });
      expect(res.statusCode, method).toBe(404);
      if (method !== 'HEAD') {
        expect(res.json(), method).toEqual({ type: 'NOT_FOUND', message: messages.routeNotFound });
      }
    }
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toEqual({ type: 'NOT_FOUND', message: messages.routeNotFound });
  });

  it('answers a malformed percent-encoding in a path parameter with 400 in the one shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/items/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ type: 'VALIDATION_ERROR', message: messages.validation });
  });

  it('answers text the database cannot store (a NUL character) with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/store',
      payload: { text: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ type: 'VALIDATION_ERROR', message: messages.validation });
    const fine = await app.inject({ method: 'POST', url: '/api/v1/test/store', payload: { text: 'ñandú' } });
    expect(fine.statusCode).toBe(200);
  });

  it('answers an unexpected error with 500 INTERNAL and no internal detail', async () => {
    for (const url of ['/api/v1/test/throws', '/api/v1/test/throws-string']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json(), url).toEqual({ type: 'INTERNAL', message: messages.internal });
      expect(res.body).not.toContain('secreto');
      expect(res.body).not.toMatch(/stack|\.ts:\d+/);
    }
  });

  it('answers a response that breaks its own schema with 500 INTERNAL and no detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ type: 'INTERNAL', message: messages.internal });
    expect(res.body).not.toContain('secreto');
  });

  it('passes the headers an error carries, such as Retry-After on 429', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toEqual({ type: 'RATE_LIMITED', message: messages.rateLimited });
  });
});

/** Sends raw bytes and reads until the server closes the socket. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
    socket.write(request);
  });
}

function jsonBodies(raw: string): unknown[] {
  return raw
    .split('HTTP/1.1 ')
    .slice(1)
    .map((part) => JSON.parse(part.slice(part.indexOf('\r\n\r\n') + 4)) as unknown);
}

describe('error shape on the wire', () => {
  it('answers requests Node cannot parse (bad syntax, oversized headers) in the one shape', async () => {
    const fresh = await freshDatabase();
    const app = await buildAppWithTestRoutes(fresh.database);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const raw = await rawExchange(
        port,
        'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      );
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
      expect(raw).toContain('\r\nCache-Control: no-store\r\n');
      expect(jsonBodies(raw)).toEqual([{ type: 'VALIDATION_ERROR', message: messages.validation }]);
      const huge = await rawExchange(
        port,
        `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(huge).toMatch(/^HTTP\/1\.1 431 /);
      expect(jsonBodies(huge)).toEqual([{ type: 'PAYLOAD_TOO_LARGE', message: messages.payloadTooLarge }]);
    } finally {
      await app.close();
      await fresh.drop();
    }
  });
});

describe('readiness', () => {
  it('answers /ready with 503 in the one shape once the database is closed, while /health stays up', async () => {
    const fresh = await freshDatabase();
    const app = await buildAppWithTestRoutes(fresh.database);
    try {
      const before = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(before.statusCode).toBe(200);
      await fresh.database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ type: 'UNAVAILABLE', message: 'La base de datos no responde' });
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close().catch(() => undefined);
      await fresh.drop();
    }
  });
});
