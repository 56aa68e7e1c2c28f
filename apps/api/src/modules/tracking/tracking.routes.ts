import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTrackingBodySchema,
  createTrackingResponseSchema,
  errorResponseSchema,
  idSchema,
  trackingQuerySchema,
  trackingResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { listTracking, recordClientEvent } from './tracking.service';

const tags = ['Actividad'];
const security = bearerSecurity;

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tracking',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Registra que el estudiante leyó una fic o cerró sesión (lo demás lo registra el servidor)',
        description:
          'Solo { resource: "STORIES", action: "READ", storyId } (una fic que quien llama puede ver; si no, 404) ' +
          'y { resource: "AUTH", action: "LOGOUT" }; cualquier otro evento responde 400. 201 { recorded: true } ' +
          'cuando se registró; 200 { recorded: false } cuando no: quien llama no es estudiante, leyó la misma ' +
          'fic en los últimos 30 minutos o su cierre de sesión ya se registró en el último minuto. ' +
          'A lo más 60 llamadas por minuto por usuario (429).',
        body: createTrackingBodySchema,
        response: {
          201: createTrackingResponseSchema,
          200: createTrackingResponseSchema,
          ...commonErrorResponses,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const recorded = await recordClientEvent({
        db: app.db,
        limiter: app.rateLimiter,
        actor: actorOf(request),
        body: request.body,
      });
      return reply.status(recorded ? 201 : 200).send({ recorded });
    },
  );

  app.get(
    '/tracking/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'La actividad reciente de un estudiante, la más nueva primero (13 por página)',
        description:
          'Administradores: la de cualquier usuario. Docentes: la de los estudiantes de sus cursos (403 para ' +
          'cualquier otro). Estudiantes: 403. Usuario inexistente: 404.',
        params: z.object({ userId: idSchema }),
        querystring: trackingQuerySchema,
        response: { 200: trackingResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      tracking: await listTracking({
        db: app.db,
        actor: actorOf(request),
        userId: request.params.userId,
        query: request.query,
      }),
    }),
  );
};
