import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerPrivacyRequestBodySchema,
  confirmPrivacyRequestBodySchema,
  createPrivacyRequestBodySchema,
  errorResponseSchema,
  ownPrivacyRequestsQuerySchema,
  privacyConfirmResponseSchema,
  privacyQueueQuerySchema,
  privacyRequestIdParamsSchema,
  privacyRequestMessages,
  privacyRequestPageResponseSchema,
  privacyRequestReceiptResponseSchema,
  privacyRequestResponseSchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import {
  answerPrivacyRequest,
  confirmPrivacyRequest,
  filePrivacyRequest,
  listOwnPrivacyRequests,
  listPrivacyQueue,
} from './privacy-requests.service';

const tags = ['Solicitudes de datos personales (Ley 21.719)'];
const security = bearerSecurity;

/** Requests under Ley 21.719 (issue 22.3): filing, a parent's confirmation, the queue and answers. */
export const privacyRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/privacy-requests',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'Ejercer un derecho sobre datos personales (con o sin sesión)',
        description:
          'Con sesión, la solicitud es de la cuenta (un `email` distinto del de la cuenta es 400) y entra de ' +
          'inmediato a la cola: el plazo corre desde hoy. Sin sesión (un apoderado), `email` es obligatorio: ' +
          'se envía un enlace de confirmación y el plazo corre desde que se abre. Plazo: 30 días corridos; ' +
          'un bloqueo, 2 días hábiles. Límites: 30 por hora por dirección (sin sesión), 5 al día por email (429).',
        body: createPrivacyRequestBodySchema,
        response: {
          201: privacyRequestReceiptResponseSchema,
          ...commonErrorResponses,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const receipt = await filePrivacyRequest({
        db: app.db,
        limiter: app.rateLimiter,
        ip: request.ip,
        actor: request.actor,
        input: request.body,
      });
      return reply.status(201).send({
        request: receipt,
        message: receipt.confirmed ? privacyRequestMessages.sent : privacyRequestMessages.sentUnconfirmed,
      });
    },
  );

  app.post(
    '/privacy-requests/confirm',
    {
      schema: {
        tags,
        summary: 'Confirma la solicitud de un apoderado con el enlace que recibió por email (una vez)',
        description: 'Un enlace desconocido, usado o vencido es 400.',
        body: confirmPrivacyRequestBodySchema,
        response: { 200: privacyConfirmResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      await confirmPrivacyRequest({ db: app.db, token: request.body.token });
      return { message: privacyRequestMessages.confirmed };
    },
  );

  app.get(
    '/privacy-requests',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cola de solicitudes confirmadas, la que vence antes primero, por páginas (administradores)',
        description:
          '`status`: OPEN (pendientes y extendidas), PENDING, EXTENDED, DONE o REFUSED; sin él, todas. ' +
          '`dueSoon`: vence dentro de 7 días; `overdue`: vencida.',
        querystring: privacyQueueQuerySchema,
        response: { 200: privacyRequestPageResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      requests: await listPrivacyQueue({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.patch(
    '/privacy-requests/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Responde una solicitud: DONE, REFUSED (con razones) o EXTENDED (una vez, 30 días más)',
        description:
          'La respuesta se envía por email con el aviso del artículo 11 (reclamo ante la Agencia). DONE y ' +
          'REFUSED son finales; EXTENDED solo desde PENDING y nunca para un bloqueo. 409 si ya no se puede.',
        params: privacyRequestIdParamsSchema,
        body: answerPrivacyRequestBodySchema,
        response: { 200: privacyRequestResponseSchema, ...commonErrorResponses, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      request: await answerPrivacyRequest({
        db: app.db,
        actor: actorOf(request),
        requestId: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.get(
    '/me/privacy-requests',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mis solicitudes sobre datos personales, la más nueva primero, por páginas',
        querystring: ownPrivacyRequestsQuerySchema,
        response: { 200: privacyRequestPageResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      requests: await listOwnPrivacyRequests({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );
};
