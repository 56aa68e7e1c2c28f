import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { College, Grade } from '@fics/contracts';
import { colleges, grades } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { authHeader, buildTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { enrol, makeCollege, makeGrade } from './colleges.fixtures';
import {
  createCollege,
  deleteCollege,
  exportColleges,
  getCollegeDetail,
  listColleges,
  updateCollege,
} from './colleges.service';
import { createGrade, deleteGrade, listGrades, updateGrade } from './grades.service';

type Headers = { authorization: string } | undefined;

/**
 * Who may do what with schools and grades. The routes only authenticate; the services decide, so
 * every admin-only endpoint is tried here by a teacher of the very school, by a student of it, and
 * without a session, and the services are called directly as well.
 */
describe('schools and grades: the services decide who may act', () => {
  let t: TestApp;
  let admin: Headers;
  let teacher: Headers;
  let student: Headers;
  let teacherUser: TestUser;
  let studentUser: TestUser;
  let school: College;
  let emptySchool: College;
  let held: Grade;
  let empty: Grade;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await authHeader(t.app, await createUser(t.app, { role: 'ADMIN' }));
    school = await makeCollege(t.app, admin, { name: 'Escuela del Acceso' });
    emptySchool = await makeCollege(t.app, admin, { name: 'Escuela Sin Cursos' });
    held = await makeGrade(t.app, admin, school._id, { name: 'A', level: 'Primero', cicle: 'Básico' });
    empty = await makeGrade(t.app, admin, school._id, { name: 'B', level: 'Primero', cicle: 'Básico' });
    teacherUser = await createUser(t.app, { role: 'TEACHER' });
    studentUser = await createUser(t.app, { role: 'STUDENT' });
    await enrol(t.app, teacherUser.id, held._id);
    await enrol(t.app, studentUser.id, held._id);
    teacher = await authHeader(t.app, teacherUser);
    student = await authHeader(t.app, studentUser);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every admin-only endpoint, with a request an administrator may make, and its success status. */
  const adminOnly = () =>
    [
      { method: 'GET', url: `/colleges/${school._id}`, ok: 200 },
      { method: 'GET', url: '/colleges/export', ok: 200 },
      { method: 'POST', url: '/colleges', payload: { name: 'Escuela Recién Creada' }, ok: 201 },
      { method: 'PATCH', url: `/colleges/${school._id}`, payload: { name: 'Escuela Renombrada' }, ok: 200 },
      { method: 'DELETE', url: `/colleges/${emptySchool._id}`, ok: 200 },
      {
        method: 'POST',
        url: `/colleges/${school._id}/grades`,
        payload: { name: 'C', level: 'Primero', cicle: 'Básico' },
        ok: 201,
      },
      { method: 'PATCH', url: `/colleges/${school._id}/grades/${held._id}`, payload: { name: 'Z' }, ok: 200 },
      { method: 'DELETE', url: `/colleges/${school._id}/grades/${empty._id}`, ok: 200 },
    ] as const;

  const call = (
    request: { method: InjectOptions['method']; url: string; payload?: object },
    headers: Headers,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: request.method, url: `/api/v1${request.url}`, headers, payload: request.payload });

  const snapshot = async () => ({
    colleges: (await t.app.db.select().from(colleges)).map((c) => [c.id, c.name]).sort(),
    grades: (await t.app.db.select().from(grades)).map((g) => [g.id, g.name, g.level, g.cicle]).sort(),
  });

  it('refuses a teacher of the school and a student of it (403), and callers without a session (401); nothing changes', async () => {
    const before = await snapshot();
    for (const request of adminOnly()) {
      for (const [who, headers] of [
        ['teacher', teacher],
        ['student', student],
      ] as const) {
        const res = await call(request, headers);
        expect({ who, ...request, status: res.statusCode }).toMatchObject({ status: 403 });
        expect(res.json()).toMatchObject({ type: 'FORBIDDEN' });
      }
      for (const headers of [undefined, { authorization: 'Bearer not-a-token' }]) {
        const res = await call(request, headers);
        expect({ ...request, status: res.statusCode }).toMatchObject({ status: 401 });
        expect(res.json()).toMatchObject({ type: 'UNAUTHORIZED' });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a teacher 403, not 404, for schools and grades that do not exist, so nothing is revealed', async () => {
    const unknown = randomUUID();
    for (const request of [
      { method: 'GET', url: `/colleges/${unknown}` },
      { method: 'PATCH', url: `/colleges/${unknown}`, payload: { name: 'Escuela Fantasma' } },
      { method: 'DELETE', url: `/colleges/${unknown}` },
      {
        method: 'POST',
        url: `/colleges/${unknown}/grades`,
        payload: { name: 'A', level: 'Primero', cicle: 'Medio' },
      },
      { method: 'PATCH', url: `/colleges/${school._id}/grades/${unknown}`, payload: { name: 'Q' } },
      { method: 'DELETE', url: `/colleges/${school._id}/grades/${unknown}` },
    ] as const) {
      const res = await call(request, teacher);
      expect({ ...request, status: res.statusCode }).toMatchObject({ status: 403 });
    }
  });

  it('lets a teacher list their own schools and grades, and refuses students (403) and anonymous callers (401)', async () => {
    const schools = await call({ method: 'GET', url: '/colleges' }, teacher);
    expect(schools.statusCode).toBe(200);
    expect(schools.json<{ colleges: College[] }>().colleges).toEqual([{ ...school, grades: [held] }]);
    const own = await call({ method: 'GET', url: `/colleges/${school._id}/grades` }, teacher);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ grades: [held] });
    for (const url of ['/colleges', `/colleges/${school._id}/grades`]) {
      expect((await call({ method: 'GET', url }, student)).statusCode).toBe(403);
      expect((await call({ method: 'GET', url }, undefined)).statusCode).toBe(401);
    }
    // The registration form's list stays public.
    expect((await call({ method: 'GET', url: '/colleges/list' }, undefined)).statusCode).toBe(200);
  });

  it('refuses non-administrators in the services themselves, whoever calls them', async () => {
    const db = t.app.db;
    for (const actor of [
      { userId: teacherUser.id, sessionId: randomUUID(), role: 'TEACHER' },
      { userId: studentUser.id, sessionId: randomUUID(), role: 'STUDENT' },
    ] satisfies Actor[]) {
      const collegeId = school._id;
      const gradeId = empty._id;
      const refusals: Array<() => Promise<unknown>> = [
        () => getCollegeDetail({ db, actor, collegeId }),
        () => exportColleges({ db, actor }),
        () => createCollege({ db, actor, input: { name: 'Escuela Por La Puerta Trasera' } }),
        () => updateCollege({ db, actor, collegeId, input: { name: 'Escuela Tomada' } }),
        () => deleteCollege({ db, actor, collegeId: emptySchool._id }),
        () => createGrade({ db, actor, collegeId, input: { name: 'D', level: 'Primero', cicle: 'Básico' } }),
        () => updateGrade({ db, actor, collegeId, gradeId, input: { name: 'Y' } }),
        () => deleteGrade({ db, actor, collegeId, gradeId }),
      ];
      for (const refusal of refusals) {
        await expect(refusal()).rejects.toMatchObject({ type: 'FORBIDDEN' });
      }
    }
    const asStudent = { userId: studentUser.id, sessionId: randomUUID(), role: 'STUDENT' } satisfies Actor;
    await expect(listColleges({ db, actor: asStudent })).rejects.toMatchObject({ type: 'FORBIDDEN' });
    await expect(listGrades({ db, actor: asStudent, collegeId: school._id })).rejects.toMatchObject({
      type: 'FORBIDDEN',
    });
  });

  // Last: it changes the data the tests above rely on.
  it('lets an administrator make every one of those requests', async () => {
    for (const request of adminOnly()) {
      const res = await call(request, admin);
      expect({ ...request, status: res.statusCode }).toMatchObject({ status: request.ok });
    }
  });
});
