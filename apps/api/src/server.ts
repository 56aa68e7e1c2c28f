import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { prepareStrengthEstimator } from './lib/password-policy';
import { resolveJwtSecret } from './lib/secrets';
import { prepareDatabase, reportStartup, startDemoCovers } from './startup';

export interface StartServerOptions {
  /**
   * Settles once the web app's build (apps/web/dist) is written. `npm start` (scripts/start.mjs)
   * builds the web app while the database opens and is prepared, which on a fresh clone means
   * created, migrated and filled with the demo: the two share the machine's cores instead of one
   * waiting for the other (issue 23 point 3). The app that serves those files is built only after
   * it; a failed build stops the start.
   */
  webBuild?: Promise<unknown>;
}

/** Opens the database, prepares it (startup.ts) while the app is built, and listens. */
export async function startServer({ webBuild }: StartServerOptions = {}): Promise<void> {
  let partial;
  try {
    partial = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const config: Config = { ...partial, jwtSecret: resolveJwtSecret(partial.jwtSecret, partial.dataDir) };
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const demoCovers = startDemoCovers(config, pgliteDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir });
  // Migrations, reference data and accounts, while the web app and then the app are built.
  const prepared = prepareDatabase({ database, config, demoCovers });
  // Awaited below; a failure meanwhile is not an unhandled rejection.
  prepared.catch(() => undefined);
  let app: FastifyInstance;
  try {
    await webBuild;
    app = await buildApp({ config, database });
  } catch (error) {
    await prepared.catch(() => undefined);
    await database.close();
    throw error;
  }
  try {
    reportStartup(await prepared, { log: app.log });
  } catch (error) {
    await app.close();
    throw error;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'cerrando: se terminan las solicitudes en curso');
    const timer = setTimeout(() => {
      app.log.error('el cierre tardó demasiado; se fuerza la salida');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      // Fastify's onClose hooks stop the mail dispatcher, then close the database, after in-flight requests end.
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Once listening, in the background: the password estimator's dictionaries (lib/password-policy.ts),
  // which loading at start would delay every start by a few tenths of a second.
  setTimeout(() => {
    try {
      prepareStrengthEstimator();
    } catch (error) {
      app.log.error({ err: error }, 'no se pudo preparar el estimador de contraseñas');
    }
  }, 0);
}

// Run as the program (`node dist/server.js`, `npm run dev`): start now. Imported (scripts/start.mjs),
// the importer calls startServer.
const entry = process.argv[1] ? fs.realpathSync(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url)) {
  await startServer();
}
