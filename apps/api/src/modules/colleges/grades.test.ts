import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { gradeCycles, type College, type Grade } from '@fics/contracts';
import { grades } from '../../db/schema';
import { seedRegions } from '../../db/seed/regions';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { enrol, makeCollege, makeGrade } from './colleges.fixtures';

type Headers = { authorization: string } | null;

describe('grades: /colleges/:collegeId/grades', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let teacher: { authorization: string };
  let student: { authorization: string };
  let school: College;
  let other: College;
  let n = 0;
  const newSchool = () => makeCollege(t.app, admin, { name: `Escuela de Cursos ${++n}` });

  beforeAll(async () => {
    t = await buildTestApp();
    await seedRegions(t.app.db);
    admin = await authHeader(t.app, await createUser(t.app, { role: 'ADMIN' }));
    school = await newSchool();
    other = await newSchool();
    const teacherUser = await createUser(t.app, { role: 'TEACHER' });
    teacher = await authHeader(t.app, teacherUser);
    const studentUser = await createUser(t.app, { role: 'STUDENT' });
    student = await authHeader(t.app, studentUser);
  });
  afterAll(async () => {
    await t.close();
  });

  const url = (collegeId: string, gradeId?: string) =>
    `/api/v1/colleges/${collegeId}/grades${gradeId ? `/${gradeId}` : ''}`;
  const list = (collegeId: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: url(collegeId), headers: headers ?? undefined });
  const create = (collegeId: string, payload: unknown, headers: Headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: url(collegeId),
      headers: headers ?? undefined,
      payload: payload as object,
    });
  const update = (collegeId: string, gradeId: string, payload: unknown, headers: Headers = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: url(collegeId, gradeId),
      headers: headers ?? undefined,
      payload: payload as object,
    });
  const remove = (collegeId: string, gradeId: string, headers: Headers = admin) =>
    t.app.inject({ method: 'DELETE', url: url(collegeId, gradeId), headers: headers ?? undefined });
  const gradeRow = async (id: string) => (await t.app.db.select().from(grades).where(eq(grades.id, id)))[0];

  describe('POST', () => {
    it('creates a grade with a trimmed name in the school', async () => {
      const res = await create(school._id, { name: '  A  ', level: 'Tercero', cicle: 'Básico' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        grade: {
          _id: expect.any(String),
          level: 'Tercero',
          cicle: 'Básico',
          name: 'A',
          collegeId: school._id,
        },
      });
    });

    it('accepts every level of each cycle: Básico Primero to Octavo, Medio Primero to Cuarto', async () => {
      const college = await newSchool();
      for (const [cicle, levels] of Object.entries(gradeCycles)) {
        for (const level of levels) {
          expect((await create(college._id, { name: 'Único', level, cicle })).statusCode).toBe(201);
        }
      }
      const all = await list(college._id);
      expect(all.json<{ grades: Grade[] }>().grades.map((g) => `${g.level} ${g.cicle}`)).toEqual([
        ...gradeCycles['Básico'].map((l) => `${l} Básico`),
        ...gradeCycles.Medio.map((l) => `${l} Medio`),
      ]);
    });

    it.each([
      [{ level: 'Primero', cicle: 'Básico' }, { name: 'El nombre es obligatorio' }],
      [
        { name: '', level: 'Primero', cicle: 'Básico' },
        { name: 'El nombre debe tener al menos 1 caracteres' },
      ],
      [
        { name: '   ', level: 'Primero', cicle: 'Básico' },
        { name: 'El nombre debe tener al menos 1 caracteres' },
      ],
      [
        { name: 'x'.repeat(26), level: 'Primero', cicle: 'Básico' },
        { name: 'El nombre no debe tener más de 25 caracteres' },
      ],
      [{ name: 'A', level: 'Primero' }, { cicle: 'El ciclo es obligatorio' }],
      [{ name: 'A', level: 'Primero', cicle: '' }, { cicle: 'El ciclo es obligatorio' }],
      [{ name: 'A', level: 'Primero', cicle: 'Superior' }, { cicle: 'El ciclo no es válido' }],
      [{ name: 'A', cicle: 'Básico' }, { level: 'El nivel es obligatorio' }],
      [{ name: 'A', level: '', cicle: 'Básico' }, { level: 'El nivel es obligatorio' }],
      [{ name: 'A', level: 'Quinto', cicle: 'Medio' }, { level: 'El nivel no corresponde al ciclo' }],
      [{ name: 'A', level: 'Noveno', cicle: 'Básico' }, { level: 'El nivel no corresponde al ciclo' }],
      [{ name: 'A', level: 'primero', cicle: 'Básico' }, { level: 'El nivel no corresponde al ciclo' }],
    ])('refuses %j with the field message', async (payload, errors) => {
      const before = (await t.app.db.select().from(grades)).length;
      const res = await create(school._id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
      expect((await t.app.db.select().from(grades)).length).toBe(before);
    });

    it('accepts a name of exactly 25 characters', async () => {
      expect(
        (await create(school._id, { name: 'n'.repeat(25), level: 'Cuarto', cicle: 'Medio' })).statusCode,
      ).toBe(201);
    });

    it('refuses the same level, cycle and name twice in one school, ignoring case', async () => {
      expect((await create(school._id, { name: 'Rojo', level: 'Segundo', cicle: 'Medio' })).statusCode).toBe(
        201,
      );
      const again = await create(school._id, { name: 'ROJO', level: 'Segundo', cicle: 'Medio' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        type: 'CONFLICT',
        message: 'Ya existe un curso con ese nivel, ciclo y nombre',
      });
      // Another level, another cycle or another school is another grade.
      expect((await create(school._id, { name: 'Rojo', level: 'Tercero', cicle: 'Medio' })).statusCode).toBe(
        201,
      );
      expect((await create(school._id, { name: 'Rojo', level: 'Segundo', cicle: 'Básico' })).statusCode).toBe(
        201,
      );
      expect((await create(other._id, { name: 'Rojo', level: 'Segundo', cicle: 'Medio' })).statusCode).toBe(
        201,
      );
    });

    it('refuses a grade name that differs only in accents or ñ from one of the same level and cycle', async () => {
      expect((await create(school._id, { name: 'Única', level: 'Sexto', cicle: 'Básico' })).statusCode).toBe(
        201,
      );
      expect((await create(school._id, { name: 'Año', level: 'Sexto', cicle: 'Básico' })).statusCode).toBe(
        201,
      );
      for (const name of ['unica', 'ÚNICA', 'Unica', 'ano', 'AÑO']) {
        const res = await create(school._id, { name, level: 'Sexto', cicle: 'Básico' });
        expect({ name, status: res.statusCode }).toEqual({ name, status: 409 });
        expect(res.json()).toEqual({
          type: 'CONFLICT',
          message: 'Ya existe un curso con ese nivel, ciclo y nombre',
        });
      }
      expect(
        (await create(school._id, { name: 'unica', level: 'Séptimo', cicle: 'Básico' })).statusCode,
      ).toBe(201);
    });

    it('answers 404 for an unknown school and 400 for a malformed school id', async () => {
      const body = { name: 'A', level: 'Primero', cicle: 'Básico' };
      const unknown = await create(randomUUID(), body);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ type: 'NOT_FOUND', message: 'El establecimiento no existe' });
      const malformed = await create('nope', body);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ errors: { collegeId: 'Identificador inválido' } });
    });

    it('is for administrators only, even in a teacher’s own school', async () => {
      const college = await newSchool();
      const own = await makeGrade(t.app, admin, college._id, {
        name: 'A',
        level: 'Primero',
        cicle: 'Básico',
      });
      const teacherUser = await createUser(t.app, { role: 'TEACHER' });
      await enrol(t.app, teacherUser.id, own._id);
      const body = { name: 'B', level: 'Primero', cicle: 'Básico' };
      expect((await create(college._id, body, await authHeader(t.app, teacherUser))).statusCode).toBe(403);
      expect((await create(college._id, body, student)).statusCode).toBe(403);
      expect((await create(college._id, body, null)).statusCode).toBe(401);
      expect((await list(college._id)).json<{ grades: Grade[] }>().grades).toEqual([own]);
    });
  });

  describe('GET', () => {
    it('gives an administrator every grade of the school in school order, and [] for a school without grades', async () => {
      const college = await newSchool();
      const medio = await makeGrade(t.app, admin, college._id, {
        name: 'A',
        level: 'Primero',
        cicle: 'Medio',
      });
      const b = await makeGrade(t.app, admin, college._id, { name: 'B', level: 'Segundo', cicle: 'Básico' });
      const a = await makeGrade(t.app, admin, college._id, { name: 'A', level: 'Segundo', cicle: 'Básico' });
      const first = await makeGrade(t.app, admin, college._id, {
        name: 'Z',
        level: 'Primero',
        cicle: 'Básico',
      });
      const res = await list(college._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ grades: [first, a, b, medio] });
      const empty = await list((await newSchool())._id);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ grades: [] });
    });

    it('gives a teacher only their own grades of a school where they teach', async () => {
      const college = await newSchool();
      const mine = await makeGrade(t.app, admin, college._id, { name: 'A', level: 'Sexto', cicle: 'Básico' });
      await makeGrade(t.app, admin, college._id, { name: 'B', level: 'Sexto', cicle: 'Básico' });
      const teacherUser = await createUser(t.app, { role: 'TEACHER' });
      await enrol(t.app, teacherUser.id, mine._id);
      const res = await list(college._id, await authHeader(t.app, teacherUser));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ grades: [mine] });
    });

    it('answers a teacher 404 for a school where they teach nothing, as for an unknown one', async () => {
      const res = await list(school._id, teacher);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ type: 'NOT_FOUND', message: 'El establecimiento no existe' });
      expect((await list(randomUUID(), teacher)).statusCode).toBe(404);
    });

    it('answers 404 for an unknown school, 400 for a malformed id, 403 to students and 401 anonymously', async () => {
      expect((await list(randomUUID())).statusCode).toBe(404);
      const malformed = await list('1');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ errors: { collegeId: 'Identificador inválido' } });
      expect((await list(school._id, student)).statusCode).toBe(403);
      expect((await list(school._id, null)).statusCode).toBe(401);
    });
  });

  describe('PATCH', () => {
    it('edits name, level and cycle, keeping what is left out', async () => {
      const grade = await makeGrade(t.app, admin, school._id, {
        name: 'Verde',
        level: 'Quinto',
        cicle: 'Básico',
      });
      const renamed = await update(school._id, grade._id, { name: ' Azul ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ grade: { ...grade, name: 'Azul' } });
      const moved = await update(school._id, grade._id, { level: 'Cuarto', cicle: 'Medio' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ grade: { ...grade, name: 'Azul', level: 'Cuarto', cicle: 'Medio' } });
    });

    it('checks the level against the cycle the grade ends up with', async () => {
      const grade = await makeGrade(t.app, admin, school._id, {
        name: 'Ocre',
        level: 'Séptimo',
        cicle: 'Básico',
      });
      const cycleOnly = await update(school._id, grade._id, { cicle: 'Medio' });
      expect(cycleOnly.statusCode).toBe(400);
      expect(cycleOnly.json()).toMatchObject({ errors: { level: 'El nivel no corresponde al ciclo' } });
      const both = await update(school._id, grade._id, { level: 'Quinto', cicle: 'Medio' });
      expect(both.json()).toMatchObject({ errors: { level: 'El nivel no corresponde al ciclo' } });
      const badName = await update(school._id, grade._id, { name: 'x'.repeat(26) });
      expect(badName.json()).toMatchObject({
        errors: { name: 'El nombre no debe tener más de 25 caracteres' },
      });
      const badCycle = await update(school._id, grade._id, { cicle: 'Universitario' });
      expect(badCycle.json()).toMatchObject({ errors: { cicle: 'El ciclo no es válido' } });
      expect(await gradeRow(grade._id)).toMatchObject({ name: 'Ocre', level: 'Séptimo', cicle: 'Básico' });
    });

    it('refuses to turn a grade into a duplicate, but lets it keep its own name in another case', async () => {
      await makeGrade(t.app, admin, school._id, { name: 'Lila', level: 'Octavo', cicle: 'Básico' });
      const grade = await makeGrade(t.app, admin, school._id, {
        name: 'Malva',
        level: 'Octavo',
        cicle: 'Básico',
      });
      const dup = await update(school._id, grade._id, { name: 'lila' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({
        type: 'CONFLICT',
        message: 'Ya existe un curso con ese nivel, ciclo y nombre',
      });
      const self = await update(school._id, grade._id, { name: 'MALVA' });
      expect(self.statusCode).toBe(200);
      expect((await update(school._id, grade._id, { name: 'LÍLA' })).statusCode).toBe(409);
      const accented = await update(school._id, grade._id, { name: 'Málva' });
      expect(accented.statusCode).toBe(200);
      expect(accented.json()).toEqual({ grade: { ...grade, name: 'Málva' } });
    });

    it('answers 404 for a grade of another school or an unknown one, 400 for malformed ids', async () => {
      const grade = await makeGrade(t.app, admin, other._id, {
        name: 'Gris',
        level: 'Primero',
        cicle: 'Básico',
      });
      const wrongSchool = await update(school._id, grade._id, { name: 'Negro' });
      expect(wrongSchool.statusCode).toBe(404);
      expect(wrongSchool.json()).toEqual({ type: 'NOT_FOUND', message: 'El curso no existe' });
      expect(await gradeRow(grade._id)).toMatchObject({ name: 'Gris' });
      expect((await update(school._id, randomUUID(), { name: 'Negro' })).statusCode).toBe(404);
      const malformed = await update(school._id, 'x', { name: 'Negro' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ errors: { gradeId: 'Identificador inválido' } });
    });

    it('is for administrators only', async () => {
      const grade = await makeGrade(t.app, admin, school._id, {
        name: 'Fijo',
        level: 'Primero',
        cicle: 'Medio',
      });
      const teacherUser = await createUser(t.app, { role: 'TEACHER' });
      await enrol(t.app, teacherUser.id, grade._id);
      expect(
        (await update(school._id, grade._id, { name: 'Otro' }, await authHeader(t.app, teacherUser)))
          .statusCode,
      ).toBe(403);
      expect((await update(school._id, grade._id, { name: 'Otro' }, student)).statusCode).toBe(403);
      expect((await update(school._id, grade._id, { name: 'Otro' }, null)).statusCode).toBe(401);
      expect(await gradeRow(grade._id)).toMatchObject({ name: 'Fijo' });
    });
  });

  describe('DELETE', () => {
    it('deletes an empty grade', async () => {
      const grade = await makeGrade(t.app, admin, school._id, {
        name: 'Vacío',
        level: 'Primero',
        cicle: 'Medio',
      });
      const res = await remove(school._id, grade._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Grado eliminado exitosamente' });
      expect(await gradeRow(grade._id)).toBeUndefined();
    });

    it.each(['STUDENT', 'TEACHER'] as const)('refuses while the grade has a user (%s)', async (role) => {
      const grade = await makeGrade(t.app, admin, school._id, {
        name: `Con ${role}`,
        level: 'Primero',
        cicle: 'Medio',
      });
      await enrol(t.app, (await createUser(t.app, { role })).id, grade._id);
      const res = await remove(school._id, grade._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        type: 'CONFLICT',
        message: 'No se puede eliminar el curso porque tiene usuarios o fics asociados',
      });
      expect(await gradeRow(grade._id)).toBeDefined();
    });

    it('refuses (409, not 500) while anything else in the database still points at it', async () => {
      const grade = await makeGrade(t.app, admin, school._id, {
        name: 'Citado',
        level: 'Primero',
        cicle: 'Medio',
      });
      // Stands in for tables other features add later (requests, fics) that reference grades.
      await t.app.db.execute(
        sql`create table if not exists test_grade_refs (grade_id uuid not null references grades(id))`,
      );
      await t.app.db.execute(sql`insert into test_grade_refs (grade_id) values (${grade._id})`);
      const res = await remove(school._id, grade._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'No se puede eliminar el curso porque tiene usuarios o fics asociados',
      });
      await t.app.db.execute(sql`delete from test_grade_refs`);
    });

    it('answers 404 for a grade of another school and 400 for malformed ids, deleting nothing', async () => {
      const grade = await makeGrade(t.app, admin, other._id, {
        name: 'Ajeno',
        level: 'Primero',
        cicle: 'Medio',
      });
      const res = await remove(school._id, grade._id);
      expect(res.statusCode).toBe(404);
      expect(await gradeRow(grade._id)).toBeDefined();
      expect((await remove(school._id, randomUUID())).statusCode).toBe(404);
      expect((await remove('bad', grade._id)).statusCode).toBe(400);
      expect((await remove(other._id, 'bad')).statusCode).toBe(400);
    });

    it('is for administrators only', async () => {
      const grade = await makeGrade(t.app, admin, school._id, {
        name: 'Firme',
        level: 'Primero',
        cicle: 'Medio',
      });
      expect((await remove(school._id, grade._id, teacher)).statusCode).toBe(403);
      expect((await remove(school._id, grade._id, student)).statusCode).toBe(403);
      expect((await remove(school._id, grade._id, null)).statusCode).toBe(401);
      expect(await gradeRow(grade._id)).toBeDefined();
    });
  });
});
