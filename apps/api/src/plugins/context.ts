import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/** Makes configuration and database reachable from every plugin and route. */
export const contextPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; database: Database }) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
  },
  { name: 'context' },
);
