import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReportBodySchema,
  createReportResponseSchema,
  decideReportBodySchema,
  decideReportResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  moderationMessages,
  reportsQuerySchema,
  reportsResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { createReport, decideReport, listReports } from './moderation.service';

const tags = ['Reportes'];
const security = bearerSecurity;
const queue =
  'Docentes: los casos sobre lo que escribieron estudiantes de sus cursos; administradores: todos; ' +
  'estudiantes: 403. Nunca muestra quién reportó.';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reports',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Reporta un comentario, una respuesta o una fic publicada',
        description:
          'Cualquier persona con sesión, sobre algo que puede ver (404 si no) y que no escribió (403). ' +
          'Una vez por persona y contenido (409). Con 3 personas, o con un docente o administrador, se ' +
          'oculta hasta que se revise. Quien reportó nunca se muestra a la persona reportada.',
        body: createReportBodySchema,
        response: { 201: createReportResponseSchema, ...commonErrorResponses, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const report = await createReport({ db: app.db, actor: actorOf(request), body: request.body });
      return reply.status(201).send({ report, message: moderationMessages.created });
    },
  );

  app.get(
    '/reports',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Reportes: los casos, el reporte más reciente primero',
        description: `${queue} Filtros: status (OPEN, KEPT, REMOVED) y reason.`,
        querystring: reportsQuerySchema,
        response: { 200: reportsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      reports: await listReports({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.patch(
    '/reports/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Decide un caso: Mantener o Eliminar',
        description:
          `${queue} Un caso que no es suyo: 404. Se decide una sola vez (409 a quien llega después). ` +
          'Eliminar borra el comentario o la respuesta; una fic sale de la galería y vuelve a su autor.',
        params: idParamsSchema,
        body: decideReportBodySchema,
        response: { 200: decideReportResponseSchema, ...commonErrorResponses, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const report = await decideReport({
        db: app.db,
        actor: actorOf(request),
        caseId: request.params.id,
        body: request.body,
      });
      return {
        report,
        message: request.body.decision === 'KEEP' ? moderationMessages.kept : moderationMessages.removed,
      };
    },
  );
};
