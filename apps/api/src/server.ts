import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { resolveJwtSecret } from './lib/secrets';
import { runStartupTasks } from './startup';

async function main(): Promise<void> {
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const app = await buildApp({ config, database });
  await runStartupTasks({ app });

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
}

await main();
