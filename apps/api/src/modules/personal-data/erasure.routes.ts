import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  erasureBodySchema,
  erasureOptionsResponseSchema,
  erasureResponseSchema,
  erasuresQuerySchema,
  erasuresResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  userDeletedResponseSchema,
  userMessages,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { securityLogFor } from '../../lib/security-log';
import { actorOf } from '../../plugins/auth';
import { deleteAccount, eraseAccount, getErasureOptions, listErasures } from './erasure.service';

const tags = ['Datos personales'];
const security = bearerSecurity;

/**
 * Erasing an account (issue 22.4, docs/decisions/privacy.md 'Supresión'): with the person's choices
 * (administrators), or the staff's DELETE /users/:id (everything goes). Both live here, over the
 * register, so the users module does not import the register that imports it.
 */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/users/:id',
    {
      preHandler: app.requireRole('ADMIN', 'TEACHER'),
      schema: {
        tags: ['Usuarios'],
        security,
        summary:
          'Elimina un usuario: todo lo suyo se borra (sus comentarios quedan sin texto como "Usuario eliminado") y queda constancia',
        description:
          'Administrador: cualquiera menos sí mismo y el último administrador; docente: sus estudiantes. ' +
          'Para conservar fics como "Anónimo" o el texto de los comentarios, POST /users/:id/erasure.',
        params: idParamsSchema,
        response: { 200: userDeletedResponseSchema, ...commonErrorResponses, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await deleteAccount({ db: app.db, actor, userId: request.params.id });
      securityLogFor(request)({
        event: 'account-deletion',
        outcome: 'success',
        userId: request.params.id,
        actorId: actor.userId,
      });
      return { message: userMessages.userDeleted };
    },
  );

  app.get(
    '/users/:id/erasure-options',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Fics publicados y comentarios de una persona, para elegir qué se conserva al suprimir su cuenta',
        params: idParamsSchema,
        response: { 200: erasureOptionsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => getErasureOptions({ db: app.db, actor: actorOf(request), userId: request.params.id }),
  );

  app.post(
    '/users/:id/erasure',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Suprime una cuenta: borra o anonimiza todo lo suyo y deja constancia (administradores)',
        params: idParamsSchema,
        body: erasureBodySchema,
        response: { 201: erasureResponseSchema, ...commonErrorResponses, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const erasure = await eraseAccount({
        db: app.db,
        actor,
        userId: request.params.id,
        body: request.body,
      });
      securityLogFor(request)({
        event: 'account-deletion',
        outcome: 'success',
        userId: request.params.id,
        actorId: actor.userId,
      });
      return reply.code(201).send({ erasure });
    },
  );

  app.get(
    '/erasures',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Constancias de supresión de cuentas, las más recientes primero (administradores)',
        querystring: erasuresQuerySchema,
        response: { 200: erasuresResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      erasures: await listErasures({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );
};
