import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@fics/contracts';
import { unavailable } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Operación'],
        summary: 'El proceso está vivo',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['Operación'],
        summary: 'La base de datos responde',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorResponseSchema },
      },
    },
    async () => {
      if (!(await app.database.ping())) {
        throw unavailable('La base de datos no responde');
      }
      return { status: 'ready' as const };
    },
  );
};
