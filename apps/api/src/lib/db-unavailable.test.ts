import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { messages } from '@fics/contracts';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { testConfig } from '../test/config';
import { isDatabaseUnavailable } from './db-errors';
import { notFound, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors';
import { signAccessToken } from './jwt';

/** An error as node-postgres raises it from the server: a message and a SQLSTATE. */
function pgError(code: string, message = 'servidor'): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

/** Drizzle wraps the driver's error: 'Failed query: ...' with the original as `cause`. */
function wrapped(cause: unknown): Error {
  return new Error('Failed query: select 1\nparams: ', { cause });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['08006 connection_failure', pgError('08006')],
    ['08001 cannot establish a connection', pgError('08001')],
    ['08P01 protocol violation', pgError('08P01')],
    ['57P01 admin_shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', pgError('57P02')],
    ['57P03 cannot_connect_now', pgError('57P03', 'the database system is starting up')],
    ['53300 too_many_connections', pgError('53300', 'sorry, too many clients already')],
    [
      'ECONNREFUSED',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [
      'a missing unix socket',
      Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' }),
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    [
      "Node's AggregateError (IPv6 and IPv4 both refused)",
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
      ]),
    ],
  ])('is true for %s, bare or wrapped by drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(wrapped(error)))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a query canceled', pgError('57014')],
    ['NUL in text', pgError('22021')],
    ['a file that is not there', Object.assign(new Error('ENOENT'), { code: 'ENOENT', syscall: 'open' })],
    ['a plain error', new Error('boom')],
    ['an AppError', notFound()],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

/** A TCP port on 127.0.0.1 that nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('an app whose PostgreSQL server refuses connections', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`,
    });
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 503 UNAVAILABLE with Retry-After and no detail, public and authenticated routes alike', async () => {
    // A valid token: its session is looked up in the database, and unreachable is not "signed out".
    const token = await signAccessToken(
      { userId: randomUUID(), sessionId: randomUUID(), role: 'ADMIN' },
      app.config.jwtSecret,
    );
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/regions' },
      { method: 'GET' as const, url: '/api/v1/stories' },
      { method: 'GET' as const, url: '/api/v1/users', headers: { authorization: `Bearer ${token}` } },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(503);
      expect(res.json()).toEqual({ type: 'UNAVAILABLE', message: messages.unavailable });
      expect(res.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    }
  });

  it('answers /ready 503 with Retry-After while /health stays 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ type: 'UNAVAILABLE', message: 'La base de datos no responde' });
    expect(ready.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });
});
