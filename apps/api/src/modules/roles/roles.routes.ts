import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesResponseSchema } from '@fics/contracts';
import { listRoles } from './roles.service';

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the registration request form lists the roles before anyone is signed in.
  app.get(
    '/roles',
    {
      schema: {
        tags: ['Roles'],
        summary: 'Roles de la plataforma',
        response: { 200: rolesResponseSchema },
      },
    },
    async () => ({ roles: await listRoles({ db: app.db }) }),
  );
};
