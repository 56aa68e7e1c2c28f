import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkImportBodySchema,
  bulkImportResponseSchema,
  consentTokenParamsSchema,
  decideGuardianConsentBodySchema,
  decideGuardianConsentResponseSchema,
  guardianConsentActionResponseSchema,
  guardianConsentMessages,
  guardianConsentResponseSchema,
  publicGuardianConsentResponseSchema,
  requestGuardianConsentBodySchema,
  createUserBodySchema,
  errorResponseSchema,
  idParamsSchema,
  updateProfileBodySchema,
  updateUserBodySchema,
  userDetailResponseSchema,
  userMessages,
  userResponseSchema,
  usersExportFilename,
  usersFilterSchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@fics/contracts';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet';
import { parseBody } from '../../lib/validation';
import { actorOf } from '../../plugins/auth';
import { readJsonOrUploadForm } from '../media';
import { importUsers } from './bulk-import.service';
import { deleteProfilePhoto, updateProfile } from './profile.service';
import { exportUsers } from './users-export.service';
import { securityLogFor } from '../../lib/security-log';
import { createUser, getUser, listUsers, updateUser } from './users.service';
import {
  decideGuardianConsent,
  getGuardianConsent,
  getPublicConsent,
  recordConsentWithdrawal,
  requestGuardianConsent,
} from './guardian-consent.service';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';

const tags = ['Usuarios'];
const security = bearerSecurity;
const failures = commonErrorResponses;
const uploadFailures = { ...failures, 409: errorResponseSchema, 413: errorResponseSchema };
const avatarFileDoc = 'Foto de perfil: imagen de hasta 1 MB (PNG, JPEG, WebP, GIF o AVIF)';

/** A bulk import of the maximum row count fits comfortably (2,000 rows of name and e-mail). */
const BULK_BODY_LIMIT = 1024 * 1024;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('ADMIN', 'TEACHER');

  app.get(
    '/users',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Usuarios, de a una página, por nombre (administrador: todos; docente: sus estudiantes)',
        description:
          '`search` busca parte del nombre o del email sin importar tildes ni mayúsculas (cada palabra debe aparecer); ' +
          '`limit` 50 por omisión, máximo 100.',
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema, ...failures },
      },
    },
    async (request) => ({
      users: await listUsers({ db: app.db, actor: actorOf(request), query: request.query }),
    }),
  );

  // Static paths are matched before '/users/:id', so 'export' and 'bulk' are never taken for an id.
  app.get(
    '/users/export',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: `Descarga ${usersExportFilename} (hojas Administradores, Docentes, Estudiantes)`,
        description: 'Responde el archivo .xlsx; los errores, en el formato de siempre.',
        querystring: usersFilterSchema,
      },
    },
    async (request, reply) => {
      // Scope and filters are checked before the first byte, so a refusal is the usual JSON error;
      // the rows are then read and written as the download goes (users-export.service.ts).
      const workbook = await exportUsers({ db: app.db, actor: actorOf(request), filter: request.query });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(usersExportFilename))
        .header('cache-control', 'no-store')
        .send(workbook);
    },
  );

  app.post(
    '/users/bulk',
    {
      preHandler: staff,
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Carga masiva: crea usuarios de un rol; cada fila con error se informa aparte',
        body: bulkImportBodySchema,
        response: { 200: bulkImportResponseSchema, ...failures, 413: errorResponseSchema },
      },
    },
    async (request) => {
      const summary = await importUsers({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
        publicUrl: app.config.publicUrl,
      });
      return { summary };
    },
  );

  app.get(
    '/users/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Un usuario y, si es docente, sus establecimientos y cursos',
        params: idParamsSchema,
        response: { 200: userDetailResponseSchema, ...failures },
      },
    },
    async (request) => getUser({ db: app.db, actor: actorOf(request), userId: request.params.id }),
  );

  app.post(
    '/users',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Crea un usuario; recibe una invitación por email para definir su contraseña',
        body: createUserBodySchema,
        response: { 201: userResponseSchema, ...failures, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await createUser({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
        publicUrl: app.config.publicUrl,
      });
      return reply.status(201).send({ user });
    },
  );

  app.patch(
    '/users/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Edita un usuario (JSON, o multipart con los campos y un avatar opcional en `file`)',
        description:
          'Campos: email, name, role, collegeId y gradeId (arreglos; en multipart, un arreglo JSON como texto), ' +
          `file (imagen de hasta 1 MB). ${userMessages.fileNotImage}.`,
        consumes: ['application/json', 'multipart/form-data'],
        uploadBody: { form: updateUserBodySchema, file: avatarFileDoc, json: updateUserBodySchema },
        params: idParamsSchema,
        response: { 200: userResponseSchema, ...uploadFailures },
      },
    },
    async (request) => {
      const { body, file } = await readJsonOrUploadForm(request);
      const user = await updateUser({
        db: app.db,
        actor: actorOf(request),
        userId: request.params.id,
        input: parseBody(updateUserBodySchema, body),
        file,
        publicUrl: app.config.publicUrl,
        security: securityLogFor(request),
      });
      return { user };
    },
  );

  app.patch(
    '/users/:id/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Edita el perfil propio (JSON: name, bio, phoneNumber; o multipart con la foto en `file`)',
        consumes: ['application/json', 'multipart/form-data'],
        uploadBody: { form: updateProfileBodySchema, file: avatarFileDoc, json: updateProfileBodySchema },
        params: idParamsSchema,
        response: { 200: userResponseSchema, ...uploadFailures },
      },
    },
    async (request) => {
      const { body, file } = await readJsonOrUploadForm(request);
      const user = await updateProfile({
        db: app.db,
        actor: actorOf(request),
        userId: request.params.id,
        input: parseBody(updateProfileBodySchema, body),
        file,
      });
      return { user };
    },
  );

  app.delete(
    '/users/:id/profile/photo',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Quita la foto del perfil propio',
        params: idParamsSchema,
        response: { 200: userResponseSchema, ...failures },
      },
    },
    async (request) => ({
      user: await deleteProfilePhoto({ db: app.db, actor: actorOf(request), userId: request.params.id }),
    }),
  );

  // A guardian's consent (issue 22.5, docs/decisions/privacy.md 'Consentimiento'): the staff's side.
  const consentTags = ['Consentimiento del apoderado'];
  app.get(
    '/users/:id/guardian-consent',
    {
      preHandler: staff,
      schema: {
        tags: consentTags,
        security,
        summary:
          'Estado del consentimiento del apoderado de un estudiante (docente de su curso, administrador)',
        params: idParamsSchema,
        response: { 200: guardianConsentResponseSchema, ...failures },
      },
    },
    async (request) => ({
      consent: await getGuardianConsent({
        db: app.db,
        actor: actorOf(request),
        studentId: request.params.id,
      }),
    }),
  );

  app.post(
    '/users/:id/guardian-consent',
    {
      preHandler: staff,
      schema: {
        tags: consentTags,
        security,
        summary: 'Pide (o pide de nuevo) el consentimiento al apoderado: le llega un email con el enlace',
        params: idParamsSchema,
        body: requestGuardianConsentBodySchema,
        response: { 200: guardianConsentActionResponseSchema, ...failures },
      },
    },
    async (request) => {
      const consent = await requestGuardianConsent({
        db: app.db,
        actor: actorOf(request),
        studentId: request.params.id,
        guardianEmail: request.body.guardianEmail,
      });
      return { consent, message: guardianConsentMessages.requested };
    },
  );

  app.post(
    '/users/:id/guardian-consent/withdrawal',
    {
      preHandler: staff,
      schema: {
        tags: consentTags,
        security,
        summary: 'Registra que el apoderado retiró su consentimiento (se aplica de inmediato)',
        params: idParamsSchema,
        response: { 200: guardianConsentActionResponseSchema, ...failures },
      },
    },
    async (request) => {
      const consent = await recordConsentWithdrawal({
        db: app.db,
        actor: actorOf(request),
        studentId: request.params.id,
      });
      return { consent, message: guardianConsentMessages.withdrawn };
    },
  );

  // The guardian's side: public, the link's token is the only credential.
  app.get(
    '/guardian-consents/:token',
    {
      schema: {
        tags: consentTags,
        summary: 'Aviso y estado de una solicitud de consentimiento (enlace del email; sin cuenta)',
        params: consentTokenParamsSchema,
        response: { 200: publicGuardianConsentResponseSchema, ...failures },
      },
    },
    async (request) => ({ consent: await getPublicConsent({ db: app.db, token: request.params.token }) }),
  );

  app.post(
    '/guardian-consents/:token',
    {
      schema: {
        tags: consentTags,
        summary:
          "Responde 'Acepto' (ACCEPT) o 'No acepto' (REFUSE), una vez; WITHDRAW retira un consentimiento dado",
        params: consentTokenParamsSchema,
        body: decideGuardianConsentBodySchema,
        response: { 200: decideGuardianConsentResponseSchema, ...failures },
      },
    },
    async (request) =>
      decideGuardianConsent({ db: app.db, token: request.params.token, input: request.body }),
  );
};
