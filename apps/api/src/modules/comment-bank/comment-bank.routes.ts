import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentBankMessages,
  errorResponseSchema,
  idParamsSchema,
  saveCommentBodySchema,
  savedCommentDeletedResponseSchema,
  savedCommentResponseSchema,
  savedCommentsQuerySchema,
  savedCommentsResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { deleteSavedComment, listSavedComments, saveComment, useSavedComment } from './comment-bank.service';

const tags = ['Mis comentarios'];
const security = bearerSecurity;
const who =
  'Solo docentes y administradores (403 para estudiantes); cada uno ve y cambia solo los suyos (404 para los de otra persona).';

export const commentBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('TEACHER', 'ADMIN');

  app.get(
    '/me/saved-comments',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Mis comentarios: los usados más recientemente primero, luego los más nuevos',
        description: `${who} q busca cada palabra en el texto, sin distinguir mayúsculas ni tildes.`,
        querystring: savedCommentsQuerySchema,
        response: { 200: savedCommentsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      comments: await listSavedComments({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.post(
    '/me/saved-comments',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Guarda un comentario en Mis comentarios',
        description:
          `${who} Texto plano de hasta 1.000 caracteres. 201 si se guardó; 200 con el ya guardado si el ` +
          'mismo texto ya estaba (no se duplica). Hasta 500 por persona (409).',
        body: saveCommentBodySchema,
        response: {
          200: savedCommentResponseSchema,
          201: savedCommentResponseSchema,
          ...commonErrorResponses,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { comment, created } = await saveComment({
        db: app.db,
        actor: actorOf(request),
        text: request.body.text,
      });
      return reply
        .status(created ? 201 : 200)
        .send({ comment, message: created ? commentBankMessages.saved : commentBankMessages.alreadySaved });
    },
  );

  app.post(
    '/me/saved-comments/:id/use',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Registra que se reutilizó un comentario (sube al principio de la lista)',
        description: who,
        params: idParamsSchema,
        response: { 200: savedCommentResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      comment: await useSavedComment({ db: app.db, actor: actorOf(request), commentId: request.params.id }),
      message: commentBankMessages.saved,
    }),
  );

  app.delete(
    '/me/saved-comments/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Borra un comentario de Mis comentarios',
        description: who,
        params: idParamsSchema,
        response: { 200: savedCommentDeletedResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await deleteSavedComment({ db: app.db, actor: actorOf(request), commentId: request.params.id });
      return { message: commentBankMessages.deleted };
    },
  );
};
