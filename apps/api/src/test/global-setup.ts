import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * (PGlite: a dumped data directory; server: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = `fics_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${templateName}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${templateName}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    await database.close();
    provide('templateDatabase', templateName);
    return async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fics-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  provide('templateDump', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
  }
}
