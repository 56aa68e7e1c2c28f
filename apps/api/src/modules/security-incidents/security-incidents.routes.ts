import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSecurityIncidentBodySchema,
  errorResponseSchema,
  idParamsSchema,
  securityIncidentMessages,
  securityIncidentResponseSchema,
  securityIncidentsQuerySchema,
  securityIncidentsResponseSchema,
  securityIncidentWrittenResponseSchema,
  updateSecurityIncidentBodySchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import {
  getSecurityIncident,
  listSecurityIncidents,
  recordSecurityIncident,
  updateSecurityIncident,
} from './security-incidents.service';

const tags = ['Incidentes de seguridad (Ley 21.719)'];
const security = bearerSecurity;
const who = 'Solo administradores (403 para los demás).';

/** The register of security incidents (issue 22.6; Ley 21.719 arts. 14 quinquies and sexies). */
export const securityIncidentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/security-incidents',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Registro de incidentes de seguridad, el más reciente primero, por páginas',
        description: `${who} \`status\`: OPEN o CLOSED; sin él, todos.`,
        querystring: securityIncidentsQuerySchema,
        response: { 200: securityIncidentsResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      incidents: await listSecurityIncidents({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.get(
    '/security-incidents/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Un incidente de seguridad',
        description: who,
        params: idParamsSchema,
        response: { 200: securityIncidentResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      incident: await getSecurityIncident({
        db: app.db,
        actor: actorOf(request),
        incidentId: request.params.id,
      }),
    }),
  );

  app.post(
    '/security-incidents',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Registra un incidente de seguridad',
        description:
          `${who} Un aviso dado (a las personas afectadas o a la Agencia) lleva su fecha; a las personas, ` +
          'también cómo. Con datos de niños, niñas o adolescentes, no se cierra sin avisar a las personas ' +
          'afectadas. Se avisa en la aplicación a los demás administradores.',
        body: createSecurityIncidentBodySchema,
        response: { 201: securityIncidentWrittenResponseSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const incident = await recordSecurityIncident({
        db: app.db,
        actor: actorOf(request),
        body: request.body,
      });
      return reply.status(201).send({ incident, message: securityIncidentMessages.recorded });
    },
  );

  app.patch(
    '/security-incidents/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Actualiza un incidente: medidas, avisos, estado…',
        description:
          `${who} \`version\` es la que se leyó: si otro administrador guardó el incidente desde entonces, ` +
          '409 y nada cambia. Las reglas entre campos se revisan sobre el incidente tal como quedaría.',
        params: idParamsSchema,
        body: updateSecurityIncidentBodySchema,
        response: {
          200: securityIncidentWrittenResponseSchema,
          ...commonErrorResponses,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      incident: await updateSecurityIncident({
        db: app.db,
        actor: actorOf(request),
        incidentId: request.params.id,
        body: request.body,
      }),
      message: securityIncidentMessages.updated,
    }),
  );
};
