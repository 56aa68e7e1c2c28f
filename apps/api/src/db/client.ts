import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The relations' type argument too: without it (its default is none) no real transaction is a Tx. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function accepts either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long opening a server connection may take before the request fails as unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long the readiness check waits for `select 1` before it calls the database unreachable. */
const PING_TIMEOUT_MS = 5_000;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded engine, when there is one (tests clone it). */
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Embedded database directory; undefined means in memory. */
  dataDir?: string;
  /** A dumped data directory to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only for a server: the embedded database's start does not evaluate them (issue 23 point 3).
    const [{ default: pgModule }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pgModule.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the server is down or unreachable a request fails (503) instead of waiting forever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Half-open TCP connections (a server host gone) are noticed instead of kept in the pool.
      keepAlive: true,
    });
    // An idle client losing its connection must not crash the process: pg-pool drops it from the
    // pool and reports it here, and the next request opens a fresh connection.
    pool.on('error', () => undefined);
    // A checked-out client (inside a transaction, between two queries) has no listener of the
    // pool's: the server ending its connection then would be an uncaught 'error' event. The query
    // that follows fails instead (answered 503) and the pool discards the client on release.
    // And a client whose connection ends while checked out goes back to the pool (to be discarded)
    // at once: drizzle never releases the client of a transaction whose BEGIN failed, and such
    // leaked clients would fill the pool (every request then waiting, pool.end() never ending).
    const checkedOut = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      client.on('end', () => {
        if (!checkedOut.has(client)) {
          return;
        }
        const release = client.release.bind(client);
        // Whoever held it releases it later too: that second release must do nothing.
        client.release = () => undefined;
        release(new Error('Connection terminated'));
      });
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.loadDataDir,
  });
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
