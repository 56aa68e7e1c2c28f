import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createEvaluationBodySchema,
  errorResponseSchema,
  evaluationResponseSchema,
  idParamsSchema,
  updateEvaluationBodySchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { createEvaluation, updateEvaluation } from './evaluations.service';

const tags = ['Evaluaciones'];
const security = bearerSecurity;
const failures = { ...commonErrorResponses, 409: errorResponseSchema };

export const evaluationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/evaluations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Un docente del curso evalúa una fic por revisar (queda como su docente evaluador)',
        description:
          'El puntaje lo calcula el servidor con las casillas marcadas (una por fila como máximo; nunca el ' +
          'criterio); un `score` enviado se ignora. La fic queda evaluada. Cada criterio necesita un ' +
          'nivel: filas sin marcar se rechazan (400 en `items`, «Falta evaluar: …») salvo con ' +
          '`incomplete: true`, la confirmación del docente; con `rubricId`, las filas son los criterios ' +
          'de esa rúbrica, ni más ni menos.',
        body: createEvaluationBodySchema,
        response: { 201: evaluationResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const evaluation = await createEvaluation({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.status(201).send({ evaluation });
    },
  );

  app.patch(
    '/evaluations/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'El docente evaluador actualiza la evaluación (antes de publicar la fic)',
        description:
          'Se recalcula el puntaje; una fic reenviada queda evaluada de nuevo. Las filas sin nivel piden ' +
          '`incomplete: true` como en POST; las filas son los criterios de la rúbrica `rubricId` ' +
          '(una grilla nueva) o, sin ella, los de la evaluación.',
        params: idParamsSchema,
        body: updateEvaluationBodySchema,
        response: { 200: evaluationResponseSchema, ...failures },
      },
    },
    async (request) => ({
      evaluation: await updateEvaluation({
        db: app.db,
        actor: actorOf(request),
        evaluationId: request.params.id,
        input: request.body,
      }),
    }),
  );
};
