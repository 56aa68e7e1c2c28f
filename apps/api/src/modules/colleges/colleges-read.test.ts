import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { College, CollegeDetail, CollegeOption, Grade } from '@fics/contracts';
import { eq } from 'drizzle-orm';
import { roles } from '../../db/schema';
import { seedRegions } from '../../db/seed/regions';
import { authHeader, buildTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { enrol, makeCollege, makeGrade } from './colleges.fixtures';

describe('reading schools: GET /colleges, /colleges/list, /colleges/:id', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let teacherUser: TestUser;
  let teacher: { authorization: string };
  let lonelyTeacher: { authorization: string };
  let student: { authorization: string };
  let alfa: College;
  let beta: College;
  let angeles: College;
  let alfaA: Grade;
  let alfaB: Grade;
  let alfaMedio: Grade;
  let betaA: Grade;
  let ana: TestUser;
  let bruno: TestUser;
  let teacherRoleId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedRegions(t.app.db);
    admin = await authHeader(t.app, await createUser(t.app, { role: 'ADMIN' }));
    alfa = await makeCollege(t.app, admin, {
      name: 'Colegio Alfa',
      region: 'Metropolitana de Santiago',
      zone: 'Ñuñoa',
    });
    beta = await makeCollege(t.app, admin, { name: 'Escuela Beta' });
    angeles = await makeCollege(t.app, admin, { name: 'Ángeles del Sur', region: 'Biobío' });
    // Created out of order on purpose: answers list grades by cycle, level, then name.
    alfaMedio = await makeGrade(t.app, admin, alfa._id, { name: 'A', level: 'Primero', cicle: 'Medio' });
    alfaB = await makeGrade(t.app, admin, alfa._id, { name: 'B', level: 'Primero', cicle: 'Básico' });
    alfaA = await makeGrade(t.app, admin, alfa._id, { name: 'A', level: 'Primero', cicle: 'Básico' });
    betaA = await makeGrade(t.app, admin, beta._id, { name: 'A', level: 'Octavo', cicle: 'Básico' });

    teacherUser = await createUser(t.app, { role: 'TEACHER', name: 'Carla Docente' });
    teacher = await authHeader(t.app, teacherUser);
    await enrol(t.app, teacherUser.id, alfaA._id, betaA._id);
    // Ana teaches two grades of the same school: the school counts her once.
    ana = await createUser(t.app, { role: 'TEACHER', name: 'Ana Profesora' });
    await enrol(t.app, ana.id, alfaA._id, alfaB._id);
    bruno = await createUser(t.app, { role: 'STUDENT', name: 'Bruno Alumno' });
    await enrol(t.app, bruno.id, alfaA._id);
    const carmen = await createUser(t.app, { role: 'STUDENT', name: 'Carmen Alumna' });
    await enrol(t.app, carmen.id, alfaB._id);
    student = await authHeader(t.app, bruno);
    lonelyTeacher = await authHeader(t.app, await createUser(t.app, { role: 'TEACHER' }));
    const [role] = await t.app.db.select().from(roles).where(eq(roles.name, 'TEACHER'));
    teacherRoleId = role!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers?: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  describe('GET /colleges', () => {
    it('gives an administrator every school by name, each with all its grades in school order', async () => {
      const res = await get('/colleges', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        colleges: [
          { ...angeles, grades: [] },
          {
            _id: alfa._id,
            name: 'Colegio Alfa',
            region: 'Metropolitana de Santiago',
            zone: 'Ñuñoa',
            grades: [alfaA, alfaB, alfaMedio],
          },
          { _id: beta._id, name: 'Escuela Beta', region: null, zone: null, grades: [betaA] },
        ],
      });
      expect(alfaA).toEqual({
        _id: expect.any(String),
        level: 'Primero',
        cicle: 'Básico',
        name: 'A',
        collegeId: alfa._id,
      });
    });

    it('gives a teacher only the schools where they teach, with only their own grades', async () => {
      const res = await get('/colleges', teacher);
      expect(res.statusCode).toBe(200);
      const { colleges } = res.json<{ colleges: College[] }>();
      expect(colleges.map((c) => c.name)).toEqual(['Colegio Alfa', 'Escuela Beta']);
      expect(colleges[0]!.grades).toEqual([alfaA]);
      expect(colleges[1]!.grades).toEqual([betaA]);
    });

    it('gives a teacher without grades an empty list', async () => {
      const res = await get('/colleges', lonelyTeacher);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ colleges: [] });
    });

    it('refuses students (403) and anonymous callers (401)', async () => {
      const asStudent = await get('/colleges', student);
      expect(asStudent.statusCode).toBe(403);
      expect(asStudent.json()).toMatchObject({ type: 'FORBIDDEN' });
      const anonymous = await get('/colleges');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ type: 'UNAUTHORIZED' });
    });
  });

  describe('GET /colleges/list', () => {
    it('is public and lists names and grades only, for the registration form', async () => {
      const res = await get('/colleges/list');
      expect(res.statusCode).toBe(200);
      const strip = (g: Grade) => ({ _id: g._id, level: g.level, cicle: g.cicle, name: g.name });
      expect(res.json<{ colleges: CollegeOption[] }>()).toEqual({
        colleges: [
          { _id: angeles._id, name: 'Ángeles del Sur', grades: [] },
          { _id: alfa._id, name: 'Colegio Alfa', grades: [alfaA, alfaB, alfaMedio].map(strip) },
          { _id: beta._id, name: 'Escuela Beta', grades: [strip(betaA)] },
        ],
      });
    });
  });

  describe('GET /colleges/:id', () => {
    it('gives the school view: grades with their teachers and distinct counts', async () => {
      const res = await get(`/colleges/${alfa._id}`, admin);
      expect(res.statusCode).toBe(200);
      const teacherRef = (u: TestUser) => ({
        _id: u.id,
        name: u.name,
        email: u.email,
        role: { _id: teacherRoleId },
      });
      expect(res.json<{ college: CollegeDetail }>()).toEqual({
        college: {
          _id: alfa._id,
          name: 'Colegio Alfa',
          region: 'Metropolitana de Santiago',
          zone: 'Ñuñoa',
          grades: [
            {
              ...alfaA,
              teachers: [teacherRef(ana), teacherRef(teacherUser)],
              teachersCount: 2,
              studentsCount: 1,
              storiesCount: 0,
            },
            {
              ...alfaB,
              teachers: [teacherRef(ana)],
              teachersCount: 1,
              studentsCount: 1,
              storiesCount: 0,
            },
            { ...alfaMedio, teachers: [], teachersCount: 0, studentsCount: 0, storiesCount: 0 },
          ],
          teachersCount: 2,
          studentsCount: 2,
          storiesCount: 0,
        },
      });
    });

    it('shows a school without grades with zero counts', async () => {
      const res = await get(`/colleges/${beta._id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ college: CollegeDetail }>().college).toMatchObject({
        grades: [{ _id: betaA._id, teachersCount: 1, studentsCount: 0, storiesCount: 0 }],
        teachersCount: 1,
        studentsCount: 0,
      });
    });

    it('answers 404 for an unknown school and 400 for a malformed id', async () => {
      const unknown = await get(`/colleges/${randomUUID()}`, admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ type: 'NOT_FOUND', message: 'El establecimiento no existe' });
      const malformed = await get('/colleges/not-an-id', admin);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { id: 'Identificador inválido' },
      });
    });

    it('is for administrators only: teachers and students 403, anonymous 401', async () => {
      expect((await get(`/colleges/${alfa._id}`, teacher)).statusCode).toBe(403);
      expect((await get(`/colleges/${alfa._id}`, student)).statusCode).toBe(403);
      expect((await get(`/colleges/${alfa._id}`)).statusCode).toBe(401);
    });
  });

  // Last: it adds schools the exact lists above do not expect.
  describe('order of school lists', () => {
    it('sorts names as a Spanish reader does: case and accents ignored, ñ after n', async () => {
      for (const name of [
        'Escuela Oasis',
        'escuela ñandú',
        'Escuela Nube',
        'ESCUELA ÁLAMO',
        'Escuela Zorzal',
      ]) {
        await makeCollege(t.app, admin, { name });
      }
      const expected = [
        'ESCUELA ÁLAMO',
        'Escuela Beta',
        'Escuela Nube',
        'escuela ñandú',
        'Escuela Oasis',
        'Escuela Zorzal',
      ];
      const names = (list: { name: string }[]) => list.map((c) => c.name).filter((n) => /^escuela/i.test(n));
      expect(names((await get('/colleges', admin)).json<{ colleges: College[] }>().colleges)).toEqual(
        expected,
      );
      expect(names((await get('/colleges/list')).json<{ colleges: CollegeOption[] }>().colleges)).toEqual(
        expected,
      );
    });
  });
});
