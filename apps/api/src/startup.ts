import type { FastifyInstance } from 'fastify';
import { seedRegions } from './db/seed/regions';

/** Everything that runs once before the server listens: migrations, reference data, accounts. */
export async function runStartupTasks({ app }: { app: FastifyInstance }): Promise<void> {
  await app.database.migrate();
  await seedRegions(app.db);
}
