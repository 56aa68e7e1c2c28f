import type { FastifyInstance } from 'fastify';
import { users } from './db/schema';
import { ensureBootstrapAdmin } from './db/seed/bootstrap-admin';
import { describeDemoAccounts, seedDemoData, writeDemoAccounts } from './db/seed/demo';
import { seedRegions } from './db/seed/regions';

/** Everything that runs once before the server listens: migrations, reference data, accounts. */
export async function runStartupTasks({
  app,
  print = (text) => console.log(text),
}: {
  app: FastifyInstance;
  /** Where the demo accounts block goes (the console: it must be seen on every `npm start`). */
  print?: (text: string) => void;
}): Promise<void> {
  const { config } = app;
  await app.database.migrate();
  await seedRegions(app.db);
  const hadUsers = (await app.db.select({ id: users.id }).from(users).limit(1)).length > 0;

  if (config.bootstrapAdmin) {
    const created = await ensureBootstrapAdmin({ db: app.db, ...config.bootstrapAdmin });
    app.log.info(
      { email: config.bootstrapAdmin.email },
      created ? 'administrador inicial creado' : 'el administrador inicial ya existe; no se modifica',
    );
  }

  // Unset: only a brand-new embedded database (a developer's first `npm start`) gets demo data.
  const seedDemo = config.seedDemo ?? (app.database.kind === 'pglite' && !hadUsers);
  if (seedDemo && config.env !== 'production') {
    const created = await seedDemoData({ db: app.db });
    if (created.length > 0) {
      writeDemoAccounts(config.dataDir, created);
      app.log.info({ accounts: created.map((a) => a.email) }, 'cuentas de demostración creadas');
    }
  }

  const demo = await describeDemoAccounts({ db: app.db, dataDir: config.dataDir });
  if (demo) {
    print(demo);
  }
}
