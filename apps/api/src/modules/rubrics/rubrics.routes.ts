import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  myRubricsQuerySchema,
  myRubricsResponseSchema,
  rubricBodySchema,
  rubricDeletedResponseSchema,
  rubricMessages,
  rubricResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { createRubric, deleteRubric, getRubric, listMyRubrics, updateRubric } from './rubrics.service';

const tags = ['Rúbricas'];
const security = bearerSecurity;

const gridDescription =
  'Cuerpo: title (2 a 30), description (hasta 100), columns [{ key, name, pointValue }] (la primera es el ' +
  'criterio y vale 0; de 2 a 10 columnas) e items (de 1 a 30 filas, cada una con una celda ' +
  '`col{key}` { value, checked } por columna; checked se guarda en false).';

export const rubricsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The static path is registered before '/rubrics/:id', and Fastify matches it first.
  app.get(
    '/rubrics/my-rubrics',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Las rúbricas propias (solo docentes), de a una página, las más nuevas primero',
        querystring: myRubricsQuerySchema,
        response: { 200: myRubricsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      rubrics: await listMyRubrics({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.get(
    '/rubrics/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Una rúbrica propia (para cualquier otra persona no existe)',
        params: idParamsSchema,
        response: { 200: rubricResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      rubric: await getRubric({ db: app.db, actor: actorOf(request), rubricId: request.params.id }),
    }),
  );

  app.post(
    '/rubrics',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Crea una rúbrica (solo docentes)',
        description: gridDescription,
        body: rubricBodySchema,
        response: { 201: rubricResponseSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const rubric = await createRubric({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.status(201).send({ rubric });
    },
  );

  app.patch(
    '/rubrics/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Reemplaza una rúbrica propia entera, como la envía el editor',
        description: gridDescription,
        params: idParamsSchema,
        body: rubricBodySchema,
        response: { 200: rubricResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      rubric: await updateRubric({
        db: app.db,
        actor: actorOf(request),
        rubricId: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/rubrics/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Elimina una rúbrica propia (las evaluaciones hechas con ella conservan su copia)',
        params: idParamsSchema,
        response: { 200: rubricDeletedResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await deleteRubric({ db: app.db, actor: actorOf(request), rubricId: request.params.id });
      return { message: rubricMessages.deleted };
    },
  );
};
