import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockBodySchema,
  blockMessages,
  blockParamsSchema,
  blockResponseSchema,
  blocksQuerySchema,
  blocksResponseSchema,
  errorResponseSchema,
  unblockResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { blockUser, listBlocks, unblockUser } from './blocks.service';

const tags = ['Bloqueos'];
const security = bearerSecurity;
const who =
  'Solo estudiantes (403 para docentes y administradores); cada uno ve y cambia solo sus propios bloqueos.';

export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blocks',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Usuarios bloqueados: los bloqueados más recientemente primero',
        description: who,
        querystring: blocksQuerySchema,
        response: { 200: blocksResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      blocks: await listBlocks({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.post(
    '/blocks',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Bloquea a otro estudiante',
        description:
          `${who} Desde ese momento ninguno ve los comentarios ni respuestas del otro, y ninguno puede ` +
          'comentar las fics del otro ni responder sus comentarios (403). 201 si se bloqueó; 200 si ya ' +
          'estaba bloqueado. A uno mismo: 400; a un docente o administrador: 403; un usuario que no existe: 404.',
        body: blockBodySchema,
        response: { 200: blockResponseSchema, 201: blockResponseSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const { block, created } = await blockUser({
        db: app.db,
        actor: actorOf(request),
        userId: request.body.userId,
      });
      return reply
        .status(created ? 201 : 200)
        .send({ block, message: created ? blockMessages.blocked : blockMessages.alreadyBlocked });
    },
  );

  app.delete(
    '/blocks/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Desbloquea a un usuario',
        description: `${who} 404 si no estaba bloqueado.`,
        params: blockParamsSchema,
        response: { 200: unblockResponseSchema, ...commonErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await unblockUser({ db: app.db, actor: actorOf(request), userId: request.params.userId });
      return { message: blockMessages.unblocked };
    },
  );
};
