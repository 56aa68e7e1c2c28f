import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  annotationDeletedResponseSchema,
  annotationMessages,
  annotationReplyBodySchema,
  annotationReplyResponseSchema,
  annotationResponseSchema,
  annotationsResponseSchema,
  createAnnotationBodySchema,
  errorResponseSchema,
  idParamsSchema,
  updateAnnotationBodySchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import {
  addAnnotationReply,
  createAnnotation,
  deleteAnnotation,
  listAnnotations,
  updateAnnotation,
} from './annotations.service';

const tags = ['Notas'];
const security = bearerSecurity;
const failures = { ...commonErrorResponses, 409: errorResponseSchema };
const who =
  'Solo la autora o el autor de la fic, los docentes de su curso y los administradores, en cualquier estado; 404 para cualquier otra persona.';

export const annotationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stories/:id/annotations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Notas de la fic sobre fragmentos de su texto (hasta 500), en el orden del texto',
        description: `${who} Las notas sin ubicación (orphan) van al final.`,
        params: idParamsSchema,
        response: { 200: annotationsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      annotations: await listAnnotations({ db: app.db, actor: actorOf(request), storyId: request.params.id }),
    }),
  );

  app.post(
    '/stories/:id/annotations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Un docente del curso o un administrador anota un fragmento del texto',
        description:
          'quote: { exact, prefix, suffix } (32 caracteres de contexto) y position: { start, end } en el texto plano ' +
          '(el textContent del HTML). Si exact no está en esa posición del texto actual: 400. Hasta 500 notas por fic (409).',
        params: idParamsSchema,
        body: createAnnotationBodySchema,
        response: { 201: annotationResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const annotation = await createAnnotation({
        db: app.db,
        actor: actorOf(request),
        storyId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send({ annotation, message: annotationMessages.created });
    },
  );

  app.patch(
    '/annotations/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cambia el texto de una nota (quien la escribió) o su estado',
        description:
          'resolved: true lo marca la autora o el autor de la fic (o un administrador); resolved: false (reabrir), ' +
          'un docente del curso o un administrador.',
        params: idParamsSchema,
        body: updateAnnotationBodySchema,
        response: { 200: annotationResponseSchema, ...failures },
      },
    },
    async (request) => ({
      annotation: await updateAnnotation({
        db: app.db,
        actor: actorOf(request),
        annotationId: request.params.id,
        body: request.body,
      }),
      message: annotationMessages.updated,
    }),
  );

  app.delete(
    '/annotations/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Borra una nota y sus respuestas (quien la escribió o un administrador)',
        params: idParamsSchema,
        response: { 200: annotationDeletedResponseSchema, ...failures },
      },
    },
    async (request) => {
      await deleteAnnotation({ db: app.db, actor: actorOf(request), annotationId: request.params.id });
      return { message: annotationMessages.deleted };
    },
  );

  app.post(
    '/annotations/:id/replies',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Responde una nota (la autora o el autor de la fic, un docente del curso o un administrador)',
        description: 'Texto plano de hasta 1.000 caracteres; hasta 100 respuestas por nota (409).',
        params: idParamsSchema,
        body: annotationReplyBodySchema,
        response: { 201: annotationReplyResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const created = await addAnnotationReply({
        db: app.db,
        actor: actorOf(request),
        annotationId: request.params.id,
        text: request.body.text,
      });
      return reply.status(201).send({ reply: created, message: annotationMessages.replyCreated });
    },
  );
};
