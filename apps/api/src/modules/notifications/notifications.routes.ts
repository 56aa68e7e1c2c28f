import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  publishedNotificationBodySchema,
  publishedNotificationResponseSchema,
  readNotificationsBodySchema,
  readNotificationsResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { listNotifications, markNotificationsRead, notifyPublished } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Notificaciones'],
        security: bearerSecurity,
        summary: 'Las notificaciones de quien llama, la más nueva primero, y cuántas no ha leído',
        description:
          'Cada rol ve solo las suyas. `unread` cuenta las no leídas de todas las páginas (el número de la ' +
          'campana). El texto está escrito para quien la recibe y nunca nombra al autor real de una fic anónima ' +
          'o con seudónimo a quien no puede conocerlo.',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => listNotifications({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.post(
    '/notifications/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Notificaciones'],
        security: bearerSecurity,
        summary: 'Marca como leídas las notificaciones indicadas (`ids`) o todas (`all: true`)',
        description:
          'Solo las de quien llama: los ids de otras personas se ignoran (sin error). Responde cuántas quedan ' +
          'sin leer.',
        body: readNotificationsBodySchema,
        response: { 200: readNotificationsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => markNotificationsRead({ db: app.db, actor: actorOf(request), body: request.body }),
  );

  app.post(
    '/notifications/published',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Notificaciones'],
        security: bearerSecurity,
        summary: 'Avisa al estudiante que su fic fue publicada (una sola vez por fic)',
        description:
          'Publicar ya notifica al autor (notificación y correo). Esta llamada lo asegura y nunca envía un ' +
          'segundo correo: `notified` es true solo si la notificación se creó ahora. Sin `storyId`, la última ' +
          'fic publicada del estudiante en los cursos del docente cuyo autor puede conocer. Con `storyId` de una ' +
          'fic anónima o con seudónimo que el docente revisa a ciegas, la respuesta es la de la fic, sea cual ' +
          'sea `userId` (no sirve para averiguar quién la escribió).',
        body: publishedNotificationBodySchema,
        response: {
          200: publishedNotificationResponseSchema,
          ...commonErrorResponses,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const result = await notifyPublished({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
        publicUrl: app.config.publicUrl,
      });
      return result;
    },
  );
};
