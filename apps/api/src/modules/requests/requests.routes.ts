import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptChangeRequestBodySchema,
  acceptRegisterRequestBodySchema,
  changeRequestListResponseSchema,
  changeRequestPageResponseSchema,
  changeRequestResponseSchema,
  createChangeRequestBodySchema,
  createRegisterRequestBodySchema,
  denyRequestBodySchema,
  errorResponseSchema,
  registerRequestListResponseSchema,
  registerRequestPageResponseSchema,
  registerRequestResponseSchema,
  registerRequestSentResponseSchema,
  requestIdParamsSchema,
  requestMessages,
  requestsPageQuerySchema,
} from '@fics/contracts';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import {
  acceptChangeRequest,
  denyChangeRequest,
  listChangeHistory,
  listOwnChangeRequests,
  listPendingChangeRequests,
  sendChangeRequest,
} from './change-requests.service';
import {
  acceptRegisterRequest,
  denyRegisterRequest,
  listPendingRegisterRequests,
  listRegisterHistory,
  sendRegisterRequest,
} from './register-requests.service';

const security = bearerSecurity;
const failures = { ...commonErrorResponses, 409: errorResponseSchema };
const registerTags = ['Solicitudes de registro'];
const changeTags = ['Solicitudes de cambio'];

/** Registration requests (public form, administrators' handling) and students' change requests. */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register-requests',
    {
      schema: {
        tags: registerTags,
        summary: 'Una persona sin cuenta pide una (formulario público; sin sesión)',
        description:
          'Establecimiento de la lista (`collegeId`) o escrito (`collegeName`, 5 a 50 letras); curso de la lista ' +
          '(`gradeId`) o escrito (`gradeName` con `level` y `cicle`); un establecimiento escrito obliga a ' +
          'escribir el curso. El rol ADMIN no se acepta. 409 si el email ya tiene cuenta o una solicitud ' +
          'pendiente. Límites: 60 por hora por dirección, 5 al día por email (429). `website` es un campo ' +
          'trampa que el formulario oculta: debe ir vacío.',
        body: createRegisterRequestBodySchema,
        response: { 201: registerRequestSentResponseSchema, ...failures, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await sendRegisterRequest({
        db: app.db,
        limiter: app.rateLimiter,
        ip: request.ip,
        input: request.body,
      });
      return reply.status(201).send({ message: requestMessages.registerSent });
    },
  );

  app.get(
    '/register-requests/pendings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: registerTags,
        security,
        summary: 'Solicitudes de registro pendientes, la más antigua primero (administradores)',
        response: { 200: registerRequestListResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      requests: await listPendingRegisterRequests({ db: app.db, actor: actorOf(request) }),
    }),
  );

  app.get(
    '/register-history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: registerTags,
        security,
        summary:
          'Solicitudes de registro atendidas, la última atendida primero, por páginas (administradores)',
        querystring: requestsPageQuerySchema,
        response: { 200: registerRequestPageResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      requests: await listRegisterHistory({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.patch(
    '/register-requests/:id/accept',
    {
      preHandler: app.authenticate,
      schema: {
        tags: registerTags,
        security,
        summary: 'Aprueba una solicitud: crea la cuenta e invita por email a crear la contraseña',
        description:
          'El email debe ser el de la solicitud. 409 "Esta solicitud no existe o ya fue atendida" si ya se atendió.',
        params: requestIdParamsSchema,
        body: acceptRegisterRequestBodySchema,
        response: { 200: registerRequestResponseSchema, ...failures },
      },
    },
    async (request) => {
      const result = await acceptRegisterRequest({
        db: app.db,
        actor: actorOf(request),
        requestId: request.params.id,
        input: request.body,
        publicUrl: app.config.publicUrl,
      });
      return { request: result };
    },
  );

  app.patch(
    '/register-requests/:id/deny',
    {
      preHandler: app.authenticate,
      schema: {
        tags: registerTags,
        security,
        summary: 'Rechaza una solicitud de registro; se envía el resultado por email con el comentario',
        params: requestIdParamsSchema,
        body: denyRequestBodySchema,
        response: { 200: registerRequestResponseSchema, ...failures },
      },
    },
    async (request) => {
      const result = await denyRegisterRequest({
        db: app.db,
        actor: actorOf(request),
        requestId: request.params.id,
        adminComments: request.body.adminComments,
      });
      return { request: result };
    },
  );

  app.post(
    '/change-requests',
    {
      preHandler: app.authenticate,
      schema: {
        tags: changeTags,
        security,
        summary: 'Un estudiante pide cambiar de establecimiento o curso',
        description:
          'Mismas reglas de establecimiento y curso que el registro; `studentExplanation` de 20 a 100 ' +
          'caracteres. 400 si nombra su establecimiento y curso actuales; 409 si ya tiene una pendiente.',
        body: createChangeRequestBodySchema,
        response: { 201: changeRequestResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const result = await sendChangeRequest({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.status(201).send({ request: result });
    },
  );

  app.get(
    '/change-requests/student-sent',
    {
      preHandler: app.authenticate,
      schema: {
        tags: changeTags,
        security,
        summary: 'Las solicitudes de cambio del estudiante, la más nueva primero, por páginas',
        querystring: requestsPageQuerySchema,
        response: { 200: changeRequestPageResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      requests: await listOwnChangeRequests({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.get(
    '/change-requests/pendings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: changeTags,
        security,
        summary: 'Solicitudes de cambio pendientes, la más antigua primero (administradores)',
        response: { 200: changeRequestListResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      requests: await listPendingChangeRequests({ db: app.db, actor: actorOf(request) }),
    }),
  );

  app.get(
    '/change-requests/history',
    {
      preHandler: app.authenticate,
      schema: {
        tags: changeTags,
        security,
        summary: 'Solicitudes de cambio atendidas, la última atendida primero, por páginas (administradores)',
        querystring: requestsPageQuerySchema,
        response: { 200: changeRequestPageResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ({
      requests: await listChangeHistory({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  app.patch(
    '/change-requests/:id/accept',
    {
      preHandler: app.authenticate,
      schema: {
        tags: changeTags,
        security,
        summary: 'Aprueba una solicitud de cambio: el estudiante pasa al establecimiento y curso elegidos',
        description:
          'Sus fics conservan el establecimiento y curso en que se escribieron. Se avisa al estudiante por ' +
          'email. 409 "Esta solicitud fue atendida" si ya se atendió.',
        params: requestIdParamsSchema,
        body: acceptChangeRequestBodySchema,
        response: { 200: changeRequestResponseSchema, ...failures },
      },
    },
    async (request) => {
      const result = await acceptChangeRequest({
        db: app.db,
        actor: actorOf(request),
        requestId: request.params.id,
        input: request.body,
      });
      return { request: result };
    },
  );

  app.patch(
    '/change-requests/:id/deny',
    {
      preHandler: app.authenticate,
      schema: {
        tags: changeTags,
        security,
        summary: 'Rechaza una solicitud de cambio; se avisa al estudiante por email con el comentario',
        params: requestIdParamsSchema,
        body: denyRequestBodySchema,
        response: { 200: changeRequestResponseSchema, ...failures },
      },
    },
    async (request) => {
      const result = await denyChangeRequest({
        db: app.db,
        actor: actorOf(request),
        requestId: request.params.id,
        adminComments: request.body.adminComments,
      });
      return { request: result };
    },
  );
};
