import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collegeGradesParamsSchema,
  createGradeBodySchema,
  errorResponseSchema,
  gradeMessages,
  gradeParamsSchema,
  gradeResponseSchema,
  gradesResponseSchema,
  messageResponseSchema,
  updateGradeBodySchema,
} from '@fics/contracts';
import { actorOf } from '../../plugins/auth';
import { createGrade, deleteGrade, listGrades, updateGrade } from './grades.service';
import { bearerSecurity, commonErrorResponses } from '../../lib/route-schemas';

const tags = ['Cursos'];
const security = bearerSecurity;
const errors = { ...commonErrorResponses, 409: errorResponseSchema };

/** Routes only authenticate; the services decide who may do what (colleges.access.ts). */
export const gradesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/colleges/:collegeId/grades',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cursos del establecimiento (un docente ve solo los suyos)',
        params: collegeGradesParamsSchema,
        response: { 200: gradesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      grades: await listGrades({ db: app.db, actor: actorOf(request), collegeId: request.params.collegeId }),
    }),
  );

  app.post(
    '/colleges/:collegeId/grades',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Crea un curso',
        params: collegeGradesParamsSchema,
        body: createGradeBodySchema,
        response: { 201: gradeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const grade = await createGrade({
        db: app.db,
        actor: actorOf(request),
        collegeId: request.params.collegeId,
        input: request.body,
      });
      return reply.status(201).send({ grade });
    },
  );

  app.patch(
    '/colleges/:collegeId/grades/:gradeId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Edita un curso',
        params: gradeParamsSchema,
        body: updateGradeBodySchema,
        response: { 200: gradeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      grade: await updateGrade({
        db: app.db,
        actor: actorOf(request),
        collegeId: request.params.collegeId,
        gradeId: request.params.gradeId,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/colleges/:collegeId/grades/:gradeId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Elimina un curso sin usuarios ni fics',
        params: gradeParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteGrade({
        db: app.db,
        actor: actorOf(request),
        collegeId: request.params.collegeId,
        gradeId: request.params.gradeId,
      });
      return { message: gradeMessages.deleted };
    },
  );
};
