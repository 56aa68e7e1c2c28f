import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collegeDetailResponseSchema,
  collegeMessages,
  collegeOptionsResponseSchema,
  collegeResponseSchema,
  collegesExport,
  collegesResponseSchema,
  createCollegeBodySchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  updateCollegeBodySchema,
} from '@fics/contracts';
import { attachmentHeader, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet';
import { actorOf } from '../../plugins/auth';
import {
  createCollege,
  deleteCollege,
  exportColleges,
  getCollegeDetail,
  listCollegeOptions,
  listColleges,
  updateCollege,
} from './colleges.service';
import { gradesRoutes } from './grades.routes';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';

const tags = ['Establecimientos'];
const security = bearerSecurity;
const errors = { ...commonErrorResponses, 409: errorResponseSchema };

/** Routes only authenticate; the services decide who may do what (colleges.access.ts). */
export const collegesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/colleges',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Establecimientos: todos (administrador) o los del docente con sus cursos',
        response: { 200: collegesResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({ colleges: await listColleges({ db: app.db, actor: actorOf(request) }) }),
  );

  app.get(
    '/colleges/list',
    {
      schema: {
        tags,
        summary: 'Establecimientos y cursos para el formulario de registro (público)',
        response: { 200: collegeOptionsResponseSchema },
      },
    },
    async () => ({ colleges: await listCollegeOptions({ db: app.db }) }),
  );

  // A static path: the router prefers it to '/colleges/:id', so 'export' is never read as an id.
  app.get(
    '/colleges/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        // No response schema: the body is the .xlsx file itself, which no serializer touches.
        summary: `Descarga ${collegesExport.filename}`,
      },
    },
    async (request, reply) => {
      const file = await exportColleges({ db: app.db, actor: actorOf(request) });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(collegesExport.filename))
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/colleges/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Vista del establecimiento: cursos con docentes y conteos',
        params: idParamsSchema,
        response: { 200: collegeDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({
      college: await getCollegeDetail({ db: app.db, actor: actorOf(request), collegeId: request.params.id }),
    }),
  );

  app.post(
    '/colleges',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Crea un establecimiento',
        body: createCollegeBodySchema,
        response: { 201: collegeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const college = await createCollege({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.status(201).send({ college });
    },
  );

  app.patch(
    '/colleges/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Edita un establecimiento',
        params: idParamsSchema,
        body: updateCollegeBodySchema,
        response: { 200: collegeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      college: await updateCollege({
        db: app.db,
        actor: actorOf(request),
        collegeId: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/colleges/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Elimina un establecimiento sin usuarios ni fics',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCollege({ db: app.db, actor: actorOf(request), collegeId: request.params.id });
      return { message: collegeMessages.deleted };
    },
  );

  await app.register(gradesRoutes);
};
