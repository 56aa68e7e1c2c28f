import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_EXPORT_CONTENT_TYPE, dataExportParamsSchema } from '@fics/contracts';
import { attachmentHeader } from '../../lib/spreadsheet';
import { bearerSecurity } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { startDataExport } from './data-export.service';

const tags = ['Datos personales'];
const security = bearerSecurity;
const description =
  'Responde un ZIP (LEEME.txt, datos.json, los fics en HTML con sus portadas) que se produce mientras se descarga; ' +
  'los errores (401, 403, 404, 429 con Retry-After: los datos propios, una vez por hora), en el formato de siempre.';

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/data-export',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mis datos: descarga todos tus datos personales (ZIP)',
        description,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const exported = await startDataExport({
        db: app.db,
        actor,
        userId: actor.userId,
        publicUrl: app.config.publicUrl,
      });
      return reply
        .header('content-type', DATA_EXPORT_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(exported.filename))
        .header('cache-control', 'no-store')
        .send(exported.stream);
    },
  );

  app.get(
    '/users/:id/data-export',
    {
      preHandler: app.requireRole('ADMIN'),
      schema: {
        tags,
        security,
        summary: 'Los datos personales de un usuario (ZIP; solo administradores)',
        description,
        params: dataExportParamsSchema,
      },
    },
    async (request, reply) => {
      const exported = await startDataExport({
        db: app.db,
        actor: actorOf(request),
        userId: request.params.id,
        publicUrl: app.config.publicUrl,
      });
      return reply
        .header('content-type', DATA_EXPORT_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(exported.filename))
        .header('cache-control', 'no-store')
        .send(exported.stream);
    },
  );
};
