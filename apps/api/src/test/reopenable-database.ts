import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database that survives being closed, for restart tests: `open()` may be called
 * again after the previous handle was closed (an app closes its database on close). PGlite keeps
 * its files in a temporary directory; on a server it is a database made from the run's template.
 */
export async function reopenableDatabase(): Promise<{
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fics_r_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      open: () => openDatabase({ databaseUrl: url.toString() }),
      drop: async () => {
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-reopen-'));
  const dataDir = path.join(dir, 'pglite');
  let first = true;
  return {
    open: async () => {
      const loadDataDir = first ? new Blob([fs.readFileSync(inject('templateDump'))]) : undefined;
      first = false;
      return openDatabase({ dataDir, loadDataDir });
    },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
