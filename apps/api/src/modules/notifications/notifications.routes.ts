import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  publishedNotificationBodySchema,
  publishedNotificationResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { notifyPublished } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
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
          'fic publicada del estudiante en los cursos del docente.',
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
      if (result.notified) {
        // The e-mail is committed: send it now rather than at the next poll.
        app.mail.wake();
      }
      return result;
    },
  );
};
