import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fics/contracts';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { roles, users } from '../../db/schema';
import { seedRegions } from '../../db/seed/regions';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../lib/errors';
import { authHeader, createUser } from '../../test/helpers';
import { testConfig } from '../../test/config';

/**
 * Restarts a real PostgreSQL server under a steady stream of requests (issue 11 point 10): no 500,
 * only 2xx/4xx or 503 UNAVAILABLE with Retry-After while it is down, normal answers again within 5 s
 * of it being back, and no write lost or made twice. The server is a throwaway cluster of this test
 * (Debian's binaries, a temporary directory, a free port), never the machine's main one.
 */

const run = promisify(execFile);

/** The newest PostgreSQL server binaries with the contrib extensions the migrations need. */
function findPostgres(): { bin: string; version: string } | null {
  const root = '/usr/lib/postgresql';
  let versions: string[];
  try {
    versions = fs.readdirSync(root);
  } catch {
    return null;
  }
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, version, 'bin');
    const extensions = `/usr/share/postgresql/${version}/extension`;
    const present = [
      path.join(bin, 'initdb'),
      path.join(bin, 'pg_ctl'),
      path.join(extensions, 'pg_trgm.control'),
      path.join(extensions, 'unaccent.control'),
    ].every((file) => fs.existsSync(file));
    if (present) {
      return { bin, version };
    }
  }
  return null;
}

const postgres = findPostgres();
const inCi = process.env.CI === 'true' || process.env.CI === '1';
if (!postgres && !inCi) {
  console.warn(
    'database-restart.test.ts: omitido, no hay binarios de PostgreSQL (initdb, pg_ctl, pg_trgm, unaccent) ' +
      'en /usr/lib/postgresql/*/bin; en CI (CI=true) esta prueba es obligatoria.',
  );
}

/** initdb refuses to run as root: as root, the cluster belongs to (and runs as) the postgres user. */
const asRoot = process.getuid?.() === 0;

async function pgCommand(program: string, args: string[]): Promise<void> {
  const file = path.join(postgres!.bin, program);
  if (asRoot) {
    await run('runuser', ['-u', 'postgres', '--', file, ...args]);
  } else {
    await run(file, args);
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 'done' when the promise settles within `ms`, else 'stuck' (it is left to settle on its own). */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'done' as const,
      () => 'done' as const,
    ),
    sleep(ms).then(() => 'stuck' as const),
  ]);

interface Sample {
  kind: 'stories' | 'regions' | 'ready' | 'users' | 'write';
  start: number;
  status: number;
  body: unknown;
  retryAfter: string | undefined;
  email?: string;
}

describe.skipIf(!postgres && !inCi)('a PostgreSQL server restarted while requests run', () => {
  let dir: string | undefined;
  let started = false;
  let port = 0;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  const dataDir = () => path.join(dir!, 'data');
  const startServer = () =>
    pgCommand('pg_ctl', [
      '-D',
      dataDir(),
      '-l',
      path.join(dir!, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`,
      'start',
    ]);
  const stopServer = (mode: 'fast' | 'immediate') =>
    pgCommand('pg_ctl', ['-D', dataDir(), '-m', mode, '-w', '-t', '30', 'stop']);

  beforeAll(async () => {
    if (!postgres) {
      throw new Error(
        'CI=true pero no hay binarios de PostgreSQL con pg_trgm y unaccent en /usr/lib/postgresql/*/bin',
      );
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-pg-restart-'));
    if (asRoot) {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      fs.chownSync(dir, uid, gid);
    }
    await pgCommand('initdb', [
      '-D',
      dataDir(),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    port = await freePort();
    await startServer();
    started = true;

    database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await database.migrate();
    await seedRegions(database.db);
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    // Whatever happened above: the app (and its pool), then the cluster, then its files.
    if (app) {
      await within(app.close(), 10_000);
    } else if (database) {
      await within(database.close(), 10_000);
    }
    if (started) {
      await stopServer('immediate').catch(() => undefined);
    }
    if (dir) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers 503 with Retry-After (never 500) while it is down, recovers within 5 s, loses or doubles no write', async () => {
    const server = app!;
    const admin = await createUser(server, { role: 'ADMIN' });
    const auth = await authHeader(server, admin);
    const [adminRole] = await server.db.select().from(roles).where(eq(roles.name, 'ADMIN'));
    const prefix = `restart-${Date.now()}`;

    const samples: Sample[] = [];
    let running = true;
    const record = (kind: Sample['kind'], start: number, res: Awaited<ReturnType<typeof server.inject>>) => {
      const retryAfter = res.headers['retry-after'];
      samples.push({
        kind,
        start,
        status: res.statusCode,
        body: res.body ? res.json<unknown>() : undefined,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      });
    };
    const reader = async (kind: Sample['kind'], url: string, headers: Record<string, string> = {}) => {
      while (running) {
        const start = Date.now();
        record(kind, start, await server.inject({ method: 'GET', url, headers }));
        await sleep(10);
      }
    };
    let written = 0;
    const writer = async (lane: number) => {
      while (running) {
        written += 1;
        const email = `${prefix}-${lane}-${written}@fics.test`;
        const start = Date.now();
        const res = await server.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: auth,
          payload: { email, name: `Administrador ${written}`, role: adminRole!.id },
        });
        record('write', start, res);
        samples[samples.length - 1]!.email = email;
        await sleep(10);
      }
    };
    const workers = [
      reader('stories', '/api/v1/stories'),
      reader('regions', '/api/v1/regions'),
      reader('ready', '/api/v1/ready'),
      reader('users', '/api/v1/users', auth),
      writer(1),
      writer(2),
    ];

    // A steady stream first, then the restart mid-stream: stop (fast), about a second down, start.
    let back = 0;
    try {
      await sleep(1_000);
      await stopServer('fast');
      await sleep(1_000);
      await startServer();
      back = Date.now();
      await sleep(6_500);
    } finally {
      running = false;
      await Promise.all(workers);
    }

    // No 500 at any time: 2xx, or 503 in the one shape with Retry-After.
    const unexpected = samples.filter((s) => !(s.status >= 200 && s.status < 300) && s.status !== 503);
    expect(unexpected.map((s) => `${s.kind} ${s.status} ${JSON.stringify(s.body)}`)).toEqual([]);
    const unavailable = samples.filter((s) => s.status === 503);
    expect(unavailable.length, 'the restart was felt by some requests').toBeGreaterThan(0);
    for (const s of unavailable) {
      expect(s.body).toEqual({
        type: 'UNAVAILABLE',
        message: s.kind === 'ready' ? 'La base de datos no responde' : messages.unavailable,
      });
      expect(s.retryAfter).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }

    // Normal answers again within 5 s of the server being back, on every route of the stream.
    for (const kind of ['stories', 'regions', 'ready', 'users', 'write'] as const) {
      const late = samples.filter((s) => s.kind === kind && s.start >= back + 5_000);
      expect(late.length, `${kind} requests 5 s after the restart`).toBeGreaterThan(0);
      expect(
        late.filter((s) => s.status >= 300).map((s) => s.status),
        kind,
      ).toEqual([]);
    }

    // Writes. The rule: a 2xx write is there exactly once; a 503 write may or may not have
    // committed (the connection can drop after COMMIT, before the answer), so the client retries it
    // with the same unique key (the e-mail): 201 if it was lost, 409 CONFLICT if it was kept, and
    // either way the account then exists exactly once.
    const writes = samples.filter((s) => s.kind === 'write');
    const counts = async (): Promise<Map<string, number>> => {
      const rows = await server.db
        .select({ email: users.email, n: sql<number>`count(*)::int` })
        .from(users)
        .where(like(users.email, `${prefix}-%`))
        .groupBy(users.email);
      return new Map(rows.map((row) => [row.email, row.n]));
    };
    const before = await counts();
    const attempted = new Set(writes.map((s) => s.email!));
    expect([...before.keys()].filter((email) => !attempted.has(email))).toEqual([]);
    for (const s of writes.filter((w) => w.status === 201)) {
      expect(before.get(s.email!), s.email).toBe(1);
    }
    for (const s of writes.filter((w) => w.status === 503)) {
      const kept = before.get(s.email!) ?? 0;
      expect(kept, s.email).toBeLessThanOrEqual(1);
      const retry = await server.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: auth,
        payload: { email: s.email, name: 'Administrador reintento', role: adminRole!.id },
      });
      expect(retry.statusCode, s.email).toBe(kept === 1 ? 409 : 201);
      const [row] = await server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.email, s.email!));
      expect(row!.n, s.email).toBe(1);
    }
    // No connection was leaked by the faults: the pool (closed with the app) waits for every
    // checked-out client, so a leaked one would keep this from ever finishing.
    app = undefined;
    database = undefined;
    expect(await within(server.close(), 10_000), 'the app and its pool close').toBe('done');

    console.info(
      `database-restart: ${samples.length} requests, ${unavailable.length} answered 503, ` +
        `${writes.length} writes (${writes.filter((w) => w.status === 503).length} retried)`,
    );
  }, 60_000);
});
