import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalBodySchema,
  approvalResponseSchema,
  commentModerationMessages,
  heldCommentsQuerySchema,
  heldCommentsResponseSchema,
  commentDeletedResponseSchema,
  commentLimits,
  commentMessages,
  commentResponseSchema,
  commentsQuerySchema,
  commentsResponseSchema,
  createCommentBodySchema,
  errorResponseSchema,
  idParamsSchema,
  repliesQuerySchema,
  repliesResponseSchema,
  replyBodySchema,
  replyParamsSchema,
  replyResponseSchema,
  updateCommentBodySchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { createComment, deleteComment, listComments, updateComment } from './comments.service';
import { createReply, deleteReply, listReplies, updateReply } from './replies.service';
import { decideHeldComment, listHeldComments } from './comment-approval.service';

const tags = ['Comentarios'];
const security = bearerSecurity;
const writeFailures = { ...commonErrorResponses, 409: errorResponseSchema, 429: errorResponseSchema };

const textRules =
  'text: HTML del editor de comentarios; el servidor conserva solo párrafos, saltos de línea, negrita, ' +
  'cursiva, subrayado, tachado y cita, y lo rechaza si no queda texto visible o pasa de ' +
  `${commentLimits.plainTextMax} caracteres visibles.`;
const rateRules =
  `Límite por usuario: ${commentLimits.postsPerMinute} comentarios y respuestas nuevos por minuto, ` +
  `${commentLimits.editsPerMinute} ediciones por minuto (429).`;
const heldRules =
  'Un estudiante que comenta una fic con comentarios con aprobación (salvo su autor), o escribe una ' +
  'palabra de la lista, queda esperando la aprobación de un docente del curso de la fic (moderation.held). ' +
  '409 si la fic tiene los comentarios cerrados.';
const approvalRules =
  'Docentes del curso de la fic y administradores (403 estudiantes; 404 si no es de sus cursos). ' +
  'APPROVE lo muestra; REJECT lo elimina y avisa a quien lo escribió. Se decide una sola vez (409 después).';
const approvalFailures = { ...commonErrorResponses, 409: errorResponseSchema };
const permissionRules =
  'Lo cambia quien lo escribió, un administrador, o un docente si lo escribió un estudiante de uno de sus cursos (403 si no).';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/comments/held',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Comentarios y respuestas que esperan aprobación, los más nuevos primero',
        description:
          'Docentes: los de las fics de sus cursos; administradores: todos; estudiantes: 403. Cada uno con ' +
          'su fic, quién lo escribió, el comentario que responde, por qué espera y qué palabras de la lista contiene.',
        querystring: heldCommentsQuerySchema,
        response: { 200: heldCommentsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      held: await listHeldComments({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.patch(
    '/comments/:id/approval',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Aprueba o rechaza un comentario que espera aprobación',
        description: approvalRules,
        params: idParamsSchema,
        body: approvalBodySchema,
        response: { 200: approvalResponseSchema, ...approvalFailures },
      },
    },
    async (request) => {
      const { decision } = request.body;
      await decideHeldComment({
        db: app.db,
        actor: actorOf(request),
        target: 'COMMENT',
        commentId: request.params.id,
        decision,
      });
      return {
        target: 'COMMENT' as const,
        _id: request.params.id,
        decision,
        message:
          decision === 'APPROVE' ? commentModerationMessages.approved : commentModerationMessages.rejected,
      };
    },
  );

  app.patch(
    '/comments/:commentId/replies/:replyId/approval',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Aprueba o rechaza una respuesta que espera aprobación',
        description: `${approvalRules} 404 si la respuesta no es de ese comentario.`,
        params: replyParamsSchema,
        body: approvalBodySchema,
        response: { 200: approvalResponseSchema, ...approvalFailures },
      },
    },
    async (request) => {
      const { decision } = request.body;
      await decideHeldComment({
        db: app.db,
        actor: actorOf(request),
        target: 'REPLY',
        commentId: request.params.commentId,
        replyId: request.params.replyId,
        decision,
      });
      return {
        target: 'REPLY' as const,
        _id: request.params.replyId,
        decision,
        message:
          decision === 'APPROVE' ? commentModerationMessages.approved : commentModerationMessages.rejected,
      };
    },
  );

  app.get(
    '/comments',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'Comentarios de una fic publicada, los más nuevos primero (5 por página)',
        description:
          'Pública. Sin sesión, un estudiante aparece como nombre e inicial del apellido, sin foto. ' +
          '`replies` es la cantidad de respuestas; `permissions` dice qué puede hacer quien consulta.',
        querystring: commentsQuerySchema,
        response: { 200: commentsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      comments: await listComments({ db: app.db, actor: request.actor, query: request.query }),
    }),
  );

  app.post(
    '/comments',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Comenta una fic publicada',
        description: `${textRules} 409 si la fic no está publicada. ${heldRules} ${rateRules}`,
        body: createCommentBodySchema,
        response: { 201: commentResponseSchema, ...writeFailures },
      },
    },
    async (request, reply) => {
      const comment = await createComment({
        db: app.db,
        limiter: app.rateLimiter,
        actor: actorOf(request),
        storyId: request.body.storyId,
        text: request.body.text,
      });
      const message = comment.moderation?.held
        ? commentModerationMessages.commentHeld
        : commentMessages.created;
      return reply.status(201).send({ comment, message });
    },
  );

  app.patch(
    '/comments/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Edita un comentario (queda marcado como editado)',
        description: `${permissionRules} ${textRules} ${rateRules}`,
        params: idParamsSchema,
        body: updateCommentBodySchema,
        response: { 200: commentResponseSchema, ...writeFailures },
      },
    },
    async (request) => ({
      comment: await updateComment({
        db: app.db,
        limiter: app.rateLimiter,
        actor: actorOf(request),
        commentId: request.params.id,
        text: request.body.text,
      }),
      message: commentMessages.updated,
    }),
  );

  app.delete(
    '/comments/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Elimina un comentario con sus respuestas',
        description: permissionRules,
        params: idParamsSchema,
        response: { 200: commentDeletedResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await deleteComment({ db: app.db, actor: actorOf(request), commentId: request.params.id });
      return { message: commentMessages.deleted };
    },
  );

  app.get(
    '/comments/:id/replies',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'Respuestas de un comentario, las más antiguas primero (5 por página)',
        description: 'Pública; los autores se muestran como en GET /comments.',
        params: idParamsSchema,
        querystring: repliesQuerySchema,
        response: { 200: repliesResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      replies: await listReplies({
        db: app.db,
        actor: request.actor,
        commentId: request.params.id,
        query: request.query,
      }),
    }),
  );

  app.post(
    '/comments/:id/replies',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Responde un comentario',
        description: `${textRules} ${heldRules} 409 también si el comentario espera aprobación. ${rateRules}`,
        params: idParamsSchema,
        body: replyBodySchema,
        response: { 201: replyResponseSchema, ...writeFailures },
      },
    },
    async (request, reply) => {
      const created = await createReply({
        db: app.db,
        limiter: app.rateLimiter,
        actor: actorOf(request),
        commentId: request.params.id,
        text: request.body.text,
      });
      const message = created.moderation?.held
        ? commentModerationMessages.replyHeld
        : commentMessages.replyCreated;
      return reply.status(201).send({ reply: created, message });
    },
  );

  app.patch(
    '/comments/:commentId/replies/:replyId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Edita una respuesta (queda marcada como editada)',
        description: `${permissionRules} 404 si la respuesta no es de ese comentario. ${textRules} ${rateRules}`,
        params: replyParamsSchema,
        body: replyBodySchema,
        response: { 200: replyResponseSchema, ...writeFailures },
      },
    },
    async (request) => ({
      reply: await updateReply({
        db: app.db,
        limiter: app.rateLimiter,
        actor: actorOf(request),
        commentId: request.params.commentId,
        replyId: request.params.replyId,
        text: request.body.text,
      }),
      message: commentMessages.replyUpdated,
    }),
  );

  app.delete(
    '/comments/:commentId/replies/:replyId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Elimina una respuesta',
        description: `${permissionRules} 404 si la respuesta no es de ese comentario.`,
        params: replyParamsSchema,
        response: { 200: commentDeletedResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await deleteReply({
        db: app.db,
        actor: actorOf(request),
        commentId: request.params.commentId,
        replyId: request.params.replyId,
      });
      return { message: commentMessages.replyDeleted };
    },
  );
};
