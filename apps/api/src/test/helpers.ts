import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RoleName } from '@fics/contracts';
import { buildApp } from '../app';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { roles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createSession } from '../modules/credentials';

import { testConfig } from './config';

export { TEST_JWT_SECRET, testConfig } from './config';

/** A fresh, migrated database: a copy of the run's template (PGlite dump, or a server database). */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fics_t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      drop: async () => {
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject('templateDump'))]);
  const database = await openDatabase({ loadDataDir: dump });
  return { database, drop: async () => undefined };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/** Boots the whole app on a fresh database; close() shuts both down. */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export const DEFAULT_TEST_PASSWORD = 'clave-de-prueba-segura';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: RoleName;
  password: string | null;
}

let counter = 0;

/** Inserts a user directly (with a password unless `password: null`, which mimics a pending invitation). */
export async function createUser(
  app: FastifyInstance,
  options: {
    role: RoleName;
    email?: string;
    name?: string;
    password?: string | null;
    birthYear?: number | null;
  },
): Promise<TestUser> {
  counter += 1;
  const email =
    options.email ?? `${options.role.toLowerCase()}${counter}-${randomUUID().slice(0, 8)}@fics.test`;
  const name = options.name ?? `Usuario ${options.role} ${counter}`;
  const password = options.password === undefined ? DEFAULT_TEST_PASSWORD : options.password;
  const [role] = await app.db.select().from(roles).where(eq(roles.name, options.role));
  const [row] = await app.db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      name,
      roleId: role!.id,
      passwordHash: password === null ? null : await hashPassword(password),
      // Test students are 16 (no guardian's consent needed, issue 22.5) unless a test says otherwise.
      birthYear:
        options.birthYear !== undefined
          ? options.birthYear
          : options.role === 'STUDENT'
            ? new Date().getFullYear() - 16
            : null,
    })
    .returning({ id: users.id });
  return { id: row!.id, email: email.toLowerCase(), name, role: options.role, password };
}

/** Opens a session for the user and returns its tokens, as a login would. */
export async function tokensFor(app: FastifyInstance, user: TestUser) {
  return createSession({ db: app.db, jwtSecret: app.config.jwtSecret, userId: user.id, role: user.role });
}

/** The Authorization header of a fresh session of this user. */
export async function authHeader(app: FastifyInstance, user: TestUser): Promise<{ authorization: string }> {
  const { accessToken } = await tokensFor(app, user);
  return { authorization: `Bearer ${accessToken}` };
}
