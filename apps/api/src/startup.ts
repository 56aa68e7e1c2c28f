import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { users } from './db/schema';
import { ensureBootstrapAdmin } from './db/seed/bootstrap-admin';
import { describeDemoAccounts, seedDemoData, writeDemoAccounts } from './db/seed/demo';
import { prepareDemoCovers } from './db/seed/demo-content';
import { seedRegions } from './db/seed/regions';

type DemoCovers = ReturnType<typeof prepareDemoCovers>;

/**
 * The demo's covers, started at once when an embedded database is about to be created in
 * `pgliteDir` (no cluster there yet) and will get the demo (prepareDatabase's rule: an embedded
 * database without users, SEED_DEMO not false, not production): sharp draws and encodes them on
 * libuv's threads while PostgreSQL initialises on the main one, about 2 s of a fresh clone's first
 * start (issue 23 point 3). Undefined otherwise: a restart draws nothing.
 */
export function startDemoCovers(
  config: Pick<Config, 'databaseUrl' | 'seedDemo' | 'env'>,
  pgliteDir: string,
): DemoCovers | undefined {
  if (
    config.databaseUrl ||
    config.seedDemo === false ||
    config.env === 'production' ||
    fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))
  ) {
    return undefined;
  }
  const covers = prepareDemoCovers();
  // Awaited by the seed; a failure meanwhile is not an unhandled rejection.
  covers.catch(() => undefined);
  return covers;
}

/** What prepareDatabase did, for reportStartup to log and print. */
export interface StartupReport {
  bootstrapAdmin?: { email: string; created: boolean };
  /** The demo accounts created now (a brand-new embedded database). */
  demoAccountsCreated: string[];
  /** The demo accounts block, or '' when there is none to show. */
  demoAccounts: string;
}

/**
 * Everything that runs once before the server listens: migrations, reference data, accounts. It
 * needs the database and the settings only, not the app: server.ts runs it while the app is built
 * (and, on a fresh clone, while the web app is built), so that the app's build and the argon2 checks
 * of the demo passwords (libuv's threads) overlap instead of following each other (issue 23 point 3).
 */
export async function prepareDatabase({
  database,
  config,
  demoCovers,
}: {
  database: Database;
  config: Pick<Config, 'bootstrapAdmin' | 'seedDemo' | 'env' | 'dataDir'>;
  /** From startDemoCovers, when it started them. */
  demoCovers?: DemoCovers;
}): Promise<StartupReport> {
  const { db } = database;
  await database.migrate();
  await seedRegions(db);
  const hadUsers = (await db.select({ id: users.id }).from(users).limit(1)).length > 0;

  const report: StartupReport = { demoAccountsCreated: [], demoAccounts: '' };
  if (config.bootstrapAdmin) {
    const created = await ensureBootstrapAdmin({ db, ...config.bootstrapAdmin });
    report.bootstrapAdmin = { email: config.bootstrapAdmin.email, created };
  }

  // Unset: only a brand-new embedded database (a developer's first `npm start`) gets demo data.
  const seedDemo = config.seedDemo ?? (database.kind === 'pglite' && !hadUsers);
  if (seedDemo && config.env !== 'production') {
    const created = await seedDemoData({ db, covers: demoCovers });
    if (created.length > 0) {
      writeDemoAccounts(config.dataDir, created);
      report.demoAccountsCreated = created.map((a) => a.email);
    }
  }

  report.demoAccounts = await describeDemoAccounts({ db, dataDir: config.dataDir });
  return report;
}

/** Logs what prepareDatabase did and prints the demo accounts block (it must be seen on every `npm start`). */
export function reportStartup(
  report: StartupReport,
  { log, print = (text) => console.log(text) }: { log: FastifyBaseLogger; print?: (text: string) => void },
): void {
  if (report.bootstrapAdmin) {
    log.info(
      { email: report.bootstrapAdmin.email },
      report.bootstrapAdmin.created
        ? 'administrador inicial creado'
        : 'el administrador inicial ya existe; no se modifica',
    );
  }
  if (report.demoAccountsCreated.length > 0) {
    log.info({ accounts: report.demoAccountsCreated }, 'cuentas de demostración creadas');
  }
  if (report.demoAccounts) {
    print(report.demoAccounts);
  }
}

/** Both, for an app already built (the tests). */
export async function runStartupTasks({
  app,
  print,
}: {
  app: FastifyInstance;
  /** Where the demo accounts block goes (the console by default). */
  print?: (text: string) => void;
}): Promise<void> {
  reportStartup(await prepareDatabase({ database: app.database, config: app.config }), {
    log: app.log,
    print,
  });
}
