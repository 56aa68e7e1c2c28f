import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  myRubricsQuerySchema,
  myRubricsResponseSchema,
  rubricBodySchema,
  rubricDeletedResponseSchema,
  rubricMessages,
  rubricResponseSchema,
  rubricCopiedResponseSchema,
  rubricTemplateCollegesResponseSchema,
  rubricTemplateCopyParamsSchema,
  rubricTemplateParamsSchema,
  rubricTemplatesQuerySchema,
  rubricTemplatesResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import {
  copyRubricTemplate,
  listRubricTemplateColleges,
  listRubricTemplates,
  markRubricTemplate,
  unmarkRubricTemplate,
} from './rubric-templates.service';
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
        summary: 'Las rúbricas propias (docentes y administradores), de a una página, las más nuevas primero',
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
        summary: 'Crea una rúbrica (docentes y administradores)',
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

  // School templates (issue 20.4, docs/decisions/rubrics.md).
  app.get(
    '/rubrics/:id/templates',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Los colegios de los que una rúbrica propia es plantilla (solo administradores)',
        params: idParamsSchema,
        response: { 200: rubricTemplateCollegesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      colleges: await listRubricTemplateColleges({
        db: app.db,
        actor: actorOf(request),
        rubricId: request.params.id,
      }),
    }),
  );

  app.put(
    '/rubrics/:id/templates/:collegeId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Marca una rúbrica propia como plantilla de un colegio (solo administradores; idempotente)',
        params: rubricTemplateParamsSchema,
        response: { 200: rubricTemplateCollegesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      colleges: await markRubricTemplate({
        db: app.db,
        actor: actorOf(request),
        rubricId: request.params.id,
        collegeId: request.params.collegeId,
      }),
    }),
  );

  app.delete(
    '/rubrics/:id/templates/:collegeId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Deja de ofrecer una rúbrica propia como plantilla de un colegio (solo administradores)',
        params: rubricTemplateParamsSchema,
        response: { 200: rubricTemplateCollegesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      colleges: await unmarkRubricTemplate({
        db: app.db,
        actor: actorOf(request),
        rubricId: request.params.id,
        collegeId: request.params.collegeId,
      }),
    }),
  );

  app.get(
    '/rubric-templates',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Las plantillas de rúbricas: de los colegios del docente, o todas para un administrador; ' +
          'las más nuevas primero, de a una página',
        querystring: rubricTemplatesQuerySchema,
        response: { 200: rubricTemplatesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      templates: await listRubricTemplates({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.post(
    '/rubric-templates/:rubricId/copy',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Copia una plantilla de uno de sus colegios a las rúbricas propias (una copia independiente)',
        params: rubricTemplateCopyParamsSchema,
        response: { 201: rubricCopiedResponseSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const rubric = await copyRubricTemplate({
        db: app.db,
        actor: actorOf(request),
        rubricId: request.params.rubricId,
      });
      return reply.status(201).send({ rubric, message: rubricMessages.copied });
    },
  );
};
