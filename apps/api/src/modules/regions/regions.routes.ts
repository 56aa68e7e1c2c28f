import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regionsResponseSchema } from '@fics/contracts';
import { listRegions } from './regions.service';

export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/regions',
    {
      // Chile's regions and communes: the same for everybody, changed only by a migration.
      config: { cache: { public: 3600 } },
      schema: {
        tags: ['Regiones'],
        summary: 'Regiones de Chile con sus comunas (público)',
        response: { 200: regionsResponseSchema },
      },
    },
    async () => ({ regions: await listRegions({ db: app.db }) }),
  );
};
