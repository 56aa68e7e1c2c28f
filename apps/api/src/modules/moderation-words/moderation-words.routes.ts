import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentModerationMessages,
  createModerationWordBodySchema,
  createModerationWordResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  moderationWordDeletedResponseSchema,
  moderationWordsQuerySchema,
  moderationWordsResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { addModerationWord, listModerationWords, removeModerationWord } from './moderation-words.service';

const tags = ['Palabras moderadas'];
const security = bearerSecurity;
const who =
  'Solo administradores (403 para los demás). Un comentario o respuesta que contiene una de estas ' +
  'palabras como palabra completa (sin distinguir mayúsculas ni tildes) espera la aprobación de un docente.';

export const moderationWordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/moderation-words',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Lista de palabras que retienen comentarios, en orden alfabético',
        description: `${who} q busca dentro de las palabras.`,
        querystring: moderationWordsQuerySchema,
        response: { 200: moderationWordsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      words: await listModerationWords({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.post(
    '/moderation-words',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Agrega una palabra o expresión a la lista',
        description:
          `${who} De 2 a 40 caracteres: letras, espacios, guiones y apóstrofos. ` +
          '409 si ya está en la lista (sin distinguir mayúsculas ni tildes).',
        body: createModerationWordBodySchema,
        response: {
          201: createModerationWordResponseSchema,
          ...commonErrorResponses,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const word = await addModerationWord({ db: app.db, actor: actorOf(request), body: request.body });
      return reply.status(201).send({ word, message: commentModerationMessages.wordAdded });
    },
  );

  app.delete(
    '/moderation-words/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Quita una palabra de la lista',
        description: `${who} Lo ya retenido sigue esperando aprobación.`,
        params: idParamsSchema,
        response: { 200: moderationWordDeletedResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await removeModerationWord({ db: app.db, actor: actorOf(request), wordId: request.params.id });
      return { message: commentModerationMessages.wordRemoved };
    },
  );
};
