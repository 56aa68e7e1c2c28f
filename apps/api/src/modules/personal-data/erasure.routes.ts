import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  erasureBodySchema,
  erasureOptionsResponseSchema,
  erasureResponseSchema,
  erasuresQuerySchema,
  erasuresResponseSchema,
  errorResponseSchema,
  idParamsSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { eraseAccount, getErasureOptions, listErasures } from './erasure.service';

const tags = ['Datos personales'];
const security = bearerSecurity;

/** Erasing an account (issue 22.4, docs/decisions/privacy.md 'Supresión'): administrators only. */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const erasure = await eraseAccount({
        db: app.db,
        actor: actorOf(request),
        userId: request.params.id,
        body: request.body,
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
