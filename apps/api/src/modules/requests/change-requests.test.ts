import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requestMessages, type ChangeRequest, type Paged } from '@fics/contracts';
import { changeRequests, stories, userGrades } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createStory } from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';
import {
  changeBody,
  changeRequest,
  get,
  mailsTo,
  patch,
  postChange,
  schoolWorld,
  type World,
} from './requests.fixtures';

type Member = Awaited<ReturnType<typeof member>>;

describe('change requests', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new student of grade A1 (each test its own, since one may have one pending request). */
  const newStudent = (name = 'Sofía Estudiante'): Promise<Member> =>
    member(t.app, 'STUDENT', [w.gradeA1], { name });
  const gradesOf = async (userId: string) =>
    (await t.app.db.select().from(userGrades).where(eq(userGrades.userId, userId))).map((g) => g.gradeId);
  const rowOf = async (id: string) => {
    const [row] = await t.app.db.select().from(changeRequests).where(eq(changeRequests.id, id));
    return row!;
  };

  describe('sending (students)', () => {
    it('stores the request and answers it with the student populated', async () => {
      const student = await newStudent();
      const res = await postChange(t.app, student.headers, changeBody(w));
      expect(res.statusCode).toBe(201);
      const { request } = res.json<{ request: ChangeRequest }>();
      expect(request).toEqual({
        _id: expect.any(String),
        date: expect.any(String),
        updatedAt: expect.any(String),
        userId: {
          _id: student.id,
          name: 'Sofía Estudiante',
          collegeId: [{ _id: w.collegeA, name: 'Escuela Arrayán' }],
          gradeId: [{ _id: w.gradeA1, level: 'Primero', cicle: 'Básico', name: 'A', collegeId: w.collegeA }],
        },
        studentExplanation: 'Me cambié de casa y ahora estudio en otro liceo',
        isCollegeListed: true,
        isGradeListed: true,
        collegeId: { _id: w.collegeB, name: 'Liceo Bosque' },
        collegeName: null,
        gradeId: { _id: w.gradeB1, level: 'Primero', cicle: 'Medio', name: 'C', collegeId: w.collegeB },
        gradeName: null,
        requestedGrade: null,
        status: 'PENDING',
        adminId: null,
        adminComments: '',
        formerName: null,
        formerCollegeName: null,
        formerGradeName: null,
      });
      // Sending changes nothing yet.
      expect(await gradesOf(student.id)).toEqual([w.gradeA1]);
    });

    it("accepts 'Otro' (a typed school and grade) and another grade of the same school", async () => {
      const typed = await newStudent();
      const res = await postChange(
        t.app,
        typed.headers,
        changeBody(w, {
          collegeId: undefined,
          gradeId: undefined,
          collegeName: 'Colegio Nuevo Horizonte',
          gradeName: 'D',
          level: 'Segundo',
          cicle: 'Medio',
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().request).toMatchObject({
        isCollegeListed: false,
        collegeName: 'Colegio Nuevo Horizonte',
        isGradeListed: false,
        gradeName: 'Segundo Medio D',
      });
      const sameSchool = await newStudent();
      const other = await postChange(
        t.app,
        sameSchool.headers,
        changeBody(w, { collegeId: w.collegeA, gradeId: w.gradeA2 }),
      );
      expect(other.statusCode).toBe(201);
    });

    it("refuses the student's own school and grade with the spec's message", async () => {
      const student = await newStudent();
      const res = await postChange(
        t.app,
        student.headers,
        changeBody(w, { collegeId: w.collegeA, gradeId: w.gradeA1 }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        type: 'VALIDATION_ERROR',
        message: 'Usted ya se encuentra asignado al establecimiento y curso.',
        errors: { gradeId: 'Usted ya se encuentra asignado al establecimiento y curso.' },
      });
      expect(await t.app.db.$count(changeRequests, eq(changeRequests.userId, student.id))).toBe(0);
    });

    it('allows one pending request per student (409), enforced by a partial unique index', async () => {
      const student = await newStudent();
      const first = await changeRequest(t.app, student.headers, w);
      const again = await postChange(t.app, student.headers, changeBody(w, { gradeId: w.gradeB1 }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        type: 'CONFLICT',
        message: 'Ya tienes una solicitud de cambio pendiente',
      });
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = await rowOf(first._id);
      const error = await t.app.db
        .insert(changeRequests)
        .values(copy)
        .then(() => null)
        .catch((e: unknown) => e);
      expect(isUniqueViolation(error, 'change_requests_pending_user_idx')).toBe(true);
      // Once handled, the student may ask again.
      expect((await patch(t.app, w.admin.headers, `/change-requests/${first._id}/deny`)).statusCode).toBe(
        200,
      );
      expect((await postChange(t.app, student.headers, changeBody(w))).statusCode).toBe(201);
    });

    describe('validation (400, message per field)', () => {
      const cases: [string, (w: World) => Record<string, unknown>, Record<string, string>][] = [
        [
          'no explanation',
          () => ({ studentExplanation: undefined }),
          { studentExplanation: 'La explicación es obligatoria' },
        ],
        [
          'an explanation under 20 characters',
          () => ({ studentExplanation: 'Quiero cambiarme' }),
          { studentExplanation: 'La explicación debe tener al menos 20 caracteres' },
        ],
        [
          'an explanation over 100 characters',
          () => ({ studentExplanation: 'a'.repeat(101) }),
          { studentExplanation: 'La explicación no debe tener más de 100 caracteres' },
        ],
        [
          'no school',
          () => ({ collegeId: undefined }),
          { collegeId: 'El campo Establecimiento es obligatorio' },
        ],
        ['no grade', () => ({ gradeId: '' }), { gradeId: 'El campo Curso es obligatorio' }],
        [
          "'Otro' school with a listed grade",
          () => ({ collegeId: undefined, collegeName: 'Liceo Nuevo' }),
          { gradeId: requestMessages.gradeMustBeTyped },
        ],
        [
          'a typed grade without level',
          () => ({ gradeId: undefined, gradeName: 'A', cicle: 'Medio' }),
          { level: 'El nivel es obligatorio' },
        ],
        [
          'a typed school name with digits',
          () => ({
            collegeId: undefined,
            collegeName: 'Liceo 12',
            gradeId: undefined,
            gradeName: 'A',
            level: 'Primero',
            cicle: 'Medio',
          }),
          { collegeName: requestMessages.lettersOnly },
        ],
        [
          'a grade of another school',
          (world) => ({ gradeId: world.gradeA2 }),
          { gradeId: 'El curso no pertenece al establecimiento seleccionado' },
        ],
      ];
      it.each(cases)('refuses %s', async (_name, overrides, errors) => {
        const student = await newStudent();
        const res = await postChange(t.app, student.headers, changeBody(w, overrides(w)));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
        expect(await t.app.db.$count(changeRequests, eq(changeRequests.userId, student.id))).toBe(0);
      });
    });

    it('refuses visitors (401), teachers and administrators (403)', async () => {
      expect((await postChange(t.app, null, changeBody(w))).statusCode).toBe(401);
      for (const who of [w.teacherA, w.admin]) {
        const res = await postChange(t.app, who.headers, changeBody(w));
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(requestMessages.studentsOnly);
      }
    });
  });

  describe("the student's own list (GET /change-requests/student-sent)", () => {
    it('pages only their own requests, newest first, and refuses other roles', async () => {
      const student = await newStudent();
      const other = await newStudent('Otro Estudiante');
      const first = await changeRequest(t.app, student.headers, w);
      await patch(t.app, w.admin.headers, `/change-requests/${first._id}/deny`);
      const second = await changeRequest(t.app, student.headers, w);
      await changeRequest(t.app, other.headers, w);
      const res = await get(t.app, student.headers, '/change-requests/student-sent?limit=1');
      expect(res.statusCode).toBe(200);
      const page = res.json<{ requests: Paged<ChangeRequest> }>().requests;
      expect(page).toMatchObject({ page: 1, limit: 1, totalDocs: 2, hasNextPage: true, nextPage: 2 });
      expect(page.docs.map((r) => r._id)).toEqual([second._id]);
      const all = (await get(t.app, student.headers, '/change-requests/student-sent')).json<{
        requests: Paged<ChangeRequest>;
      }>().requests;
      expect(all.docs.map((r) => r._id)).toEqual([second._id, first._id]);
      expect(all.docs[1]).toMatchObject({ status: 'DENIED', adminId: { name: 'Ana Administradora' } });
      expect((await get(t.app, null, '/change-requests/student-sent')).statusCode).toBe(401);
      expect((await get(t.app, w.teacherA.headers, '/change-requests/student-sent')).statusCode).toBe(403);
      expect((await get(t.app, w.admin.headers, '/change-requests/student-sent')).statusCode).toBe(403);
    });
  });

  describe('handling (administrators)', () => {
    it('refuses the lists, accepting and denying to visitors (401), students, the requester and teachers (403)', async () => {
      const student = await newStudent();
      const request = await changeRequest(t.app, student.headers, w);
      const calls: ['GET' | 'PATCH', string, object | undefined][] = [
        ['GET', '/change-requests/pendings', undefined],
        ['GET', '/change-requests/history', undefined],
        ['PATCH', `/change-requests/${request._id}/accept`, { collegeId: w.collegeB, gradeId: w.gradeB1 }],
        ['PATCH', `/change-requests/${request._id}/deny`, { adminComments: 'no' }],
      ];
      for (const [method, url, payload] of calls) {
        const as = (headers?: Record<string, string>) =>
          t.app.inject({
            method,
            url: `/api/v1${url}`,
            headers,
            ...(payload ? { payload } : {}),
          });
        expect((await as()).statusCode).toBe(401);
        expect((await as(student.headers)).statusCode).toBe(403);
        expect((await as(w.studentB1.headers)).statusCode).toBe(403);
        expect((await as(w.teacherB.headers)).statusCode).toBe(403);
      }
      expect((await rowOf(request._id)).status).toBe('PENDING');
      expect(await gradesOf(student.id)).toEqual([w.gradeA1]);
    });

    it('accepting moves the student, keeps their fics where they were written, records the handling and e-mails the student', async () => {
      const student = await newStudent('Martina Fuentes');
      const story = await createStory(t.app, student.headers, { draft: true });
      const request = await changeRequest(t.app, student.headers, w, {
        collegeId: undefined,
        gradeId: undefined,
        collegeName: 'Liceo Bosque Nuevo',
        gradeName: 'C',
        level: 'Primero',
        cicle: 'Medio',
      });
      const res = await patch(t.app, w.admin.headers, `/change-requests/${request._id}/accept`, {
        collegeId: w.collegeB,
        gradeId: w.gradeB1,
        adminComments: 'Te asignamos al curso existente',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ request: ChangeRequest }>().request).toMatchObject({
        status: 'APPROVED',
        userId: { _id: student.id, collegeId: [{ _id: w.collegeB }], gradeId: [{ _id: w.gradeB1 }] },
        collegeId: { _id: w.collegeB },
        gradeId: { _id: w.gradeB1 },
        collegeName: 'Liceo Bosque Nuevo',
        adminId: { _id: w.admin.id, name: 'Ana Administradora' },
        adminComments: 'Te asignamos al curso existente',
        formerName: 'Martina Fuentes',
        formerCollegeName: 'Liceo Bosque Nuevo',
        formerGradeName: 'Primero Medio C',
      });
      expect(await gradesOf(student.id)).toEqual([w.gradeB1]);
      const [fic] = await t.app.db.select().from(stories).where(eq(stories.id, story._id));
      expect(fic).toMatchObject({ authorId: student.id, collegeId: w.collegeA, gradeId: w.gradeA1 });
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stories/${story._id}`,
        headers: student.headers,
      });
      expect(mine.statusCode).toBe(200);
      const mails = await mailsTo(t.app, student.email, 'change-approved');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Liceo Bosque, curso Primero Medio C');
      expect(mails[0]!.text).toContain('Comentario del equipo: Te asignamos al curso existente');
      // The student's own history shows the outcome; the admin lists moved it.
      const pending = (await get(t.app, w.admin.headers, '/change-requests/pendings')).json<{
        requests: ChangeRequest[];
      }>().requests;
      expect(pending.map((r) => r._id)).not.toContain(request._id);
      const history = (await get(t.app, w.admin.headers, '/change-requests/history')).json<{
        requests: Paged<ChangeRequest>;
      }>().requests;
      expect(history.docs[0]!._id).toBe(request._id);
    });

    it('denying keeps the student where they are and e-mails the comment', async () => {
      const student = await newStudent('Tomás Rivera');
      const request = await changeRequest(t.app, student.headers, w);
      const res = await patch(t.app, w.admin.headers, `/change-requests/${request._id}/deny`, {
        adminComments: 'Falta el certificado de traslado',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().request).toMatchObject({
        status: 'DENIED',
        adminComments: 'Falta el certificado de traslado',
        formerName: 'Tomás Rivera',
        formerCollegeName: 'Liceo Bosque',
        formerGradeName: 'Primero Medio C',
      });
      expect(await gradesOf(student.id)).toEqual([w.gradeA1]);
      const mails = await mailsTo(t.app, student.email, 'change-denied');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Falta el certificado de traslado');
    });

    it("answers 409 'Esta solicitud fue atendida' to a second accept or deny, 404 to an unknown id", async () => {
      const student = await newStudent();
      const request = await changeRequest(t.app, student.headers, w);
      const url = `/change-requests/${request._id}`;
      expect((await patch(t.app, w.admin.headers, `${url}/deny`)).statusCode).toBe(200);
      for (const res of [
        await patch(t.app, w.admin.headers, `${url}/accept`, { collegeId: w.collegeB, gradeId: w.gradeB1 }),
        await patch(t.app, w.admin.headers, `${url}/deny`, { adminComments: 'otra vez' }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ type: 'CONFLICT', message: 'Esta solicitud fue atendida' });
      }
      expect(await gradesOf(student.id)).toEqual([w.gradeA1]);
      expect(await mailsTo(t.app, student.email, 'change-denied')).toHaveLength(1);
      expect(await mailsTo(t.app, student.email, 'change-approved')).toHaveLength(0);
      const unknown = await patch(
        t.app,
        w.admin.headers,
        '/change-requests/6f1c1d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f/deny',
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('La solicitud no existe');
    });

    it('refuses an accept without school or grade, with a grade of another school, or long comments (400)', async () => {
      const student = await newStudent();
      const request = await changeRequest(t.app, student.headers, w);
      const url = `/change-requests/${request._id}/accept`;
      const missing = await patch(t.app, w.admin.headers, url, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({
        collegeId: 'El campo Establecimiento es obligatorio',
        gradeId: 'El campo Curso es obligatorio',
      });
      const elsewhere = await patch(t.app, w.admin.headers, url, {
        collegeId: w.collegeA,
        gradeId: w.gradeB1,
      });
      expect(elsewhere.json().errors).toEqual({
        gradeId: 'El curso no pertenece al establecimiento seleccionado',
      });
      const long = await patch(t.app, w.admin.headers, url, {
        collegeId: w.collegeB,
        gradeId: w.gradeB1,
        adminComments: 'x'.repeat(101),
      });
      expect(long.json().errors).toEqual({
        adminComments: 'El comentario no debe tener más de 100 caracteres',
      });
      expect((await rowOf(request._id)).status).toBe('PENDING');
    });

    it('refuses to move an account that is no longer a student (409) and leaves the request pending', async () => {
      const student = await newStudent();
      const request = await changeRequest(t.app, student.headers, w);
      const promote = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${student.id}`,
        headers: w.admin.headers,
        payload: { role: w.roleIds.TEACHER, collegeId: [w.collegeA], gradeId: [w.gradeA1] },
      });
      expect(promote.statusCode).toBe(200);
      const res = await patch(t.app, w.admin.headers, `/change-requests/${request._id}/accept`, {
        collegeId: w.collegeB,
        gradeId: w.gradeB1,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(requestMessages.notStudentAnymore);
      expect((await rowOf(request._id)).status).toBe('PENDING');
      expect(await gradesOf(student.id)).toEqual([w.gradeA1]);
    });
  });
});
