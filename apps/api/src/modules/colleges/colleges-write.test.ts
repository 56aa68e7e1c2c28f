import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { College } from '@fics/contracts';
import { colleges, grades } from '../../db/schema';
import { seedRegions } from '../../db/seed/regions';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { enrol, makeCollege, makeGrade } from './colleges.fixtures';

describe('writing schools: POST, PATCH, DELETE /colleges', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let teacher: { authorization: string };
  let student: { authorization: string };
  let n = 0;
  /** A fresh valid school name per test, so tests do not trip over the unique-name rule. */
  const uniqueName = () => `Escuela Número ${++n}`;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedRegions(t.app.db);
    admin = await authHeader(t.app, await createUser(t.app, { role: 'ADMIN' }));
    teacher = await authHeader(t.app, await createUser(t.app, { role: 'TEACHER' }));
    student = await authHeader(t.app, await createUser(t.app, { role: 'STUDENT' }));
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: unknown, headers: { authorization: string } | null = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/colleges',
      headers: headers ?? undefined,
      payload: payload as object,
    });
  const patch = (id: string, payload: unknown, headers: { authorization: string } | null = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/colleges/${id}`,
      headers: headers ?? undefined,
      payload: payload as object,
    });
  const del = (id: string, headers: { authorization: string } | null = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/colleges/${id}`, headers: headers ?? undefined });
  const collegeCount = async () => (await t.app.db.select().from(colleges)).length;

  describe('POST /colleges', () => {
    it('creates a school with a trimmed name, a region and one of its communes', async () => {
      const res = await post({ name: '  Liceo Bicentenario  ', region: 'Biobío', zone: 'Lota' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        college: {
          _id: expect.any(String),
          name: 'Liceo Bicentenario',
          region: 'Biobío',
          zone: 'Lota',
          grades: [],
        },
      });
    });

    it('stores the official spelling of region and commune whatever their case', async () => {
      const res = await post({ name: uniqueName(), region: 'metropolitana de santiago', zone: 'ÑUÑOA' });
      expect(res.statusCode).toBe(201);
      expect(res.json<{ college: College }>().college).toMatchObject({
        region: 'Metropolitana de Santiago',
        zone: 'Ñuñoa',
      });
    });

    it('stores region and commune as official codes and answers their names everywhere', async () => {
      const res = await post({ name: uniqueName(), region: 'metropolitana de santiago', zone: 'ñuñoa' });
      expect(res.statusCode).toBe(201);
      const created = res.json<{ college: College }>().college;
      const [row] = await t.app.db.select().from(colleges).where(eq(colleges.id, created._id));
      expect(row).toMatchObject({ regionId: '13', communeId: '13120' });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/colleges/${created._id}`,
        headers: admin,
      });
      expect(detail.json()).toMatchObject({
        college: { region: 'Metropolitana de Santiago', zone: 'Ñuñoa' },
      });
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/colleges', headers: admin });
      expect(list.json<{ colleges: College[] }>().colleges.find((c) => c._id === created._id)).toMatchObject({
        region: 'Metropolitana de Santiago',
        zone: 'Ñuñoa',
      });
    });

    it('leaves region and commune unset when left out, null or empty', async () => {
      for (const extra of [{}, { region: null, zone: null }, { region: '', zone: '  ' }]) {
        const res = await post({ name: uniqueName(), ...extra });
        expect(res.statusCode).toBe(201);
        expect(res.json<{ college: College }>().college).toMatchObject({ region: null, zone: null });
      }
    });

    it('accepts a region without a commune', async () => {
      const res = await post({ name: uniqueName(), region: "Libertador General Bernardo O'Higgins" });
      expect(res.statusCode).toBe(201);
      expect(res.json<{ college: College }>().college).toMatchObject({
        region: "Libertador General Bernardo O'Higgins",
        zone: null,
      });
    });

    it.each([
      [{}, 'El nombre es obligatorio'],
      [{ name: '' }, 'El nombre es obligatorio'],
      [{ name: '      ' }, 'El nombre es obligatorio'],
      [{ name: 'Lice' }, 'El nombre debe tener al menos 5 caracteres'],
      [{ name: ' abcd ' }, 'El nombre debe tener al menos 5 caracteres'],
      [{ name: 'x'.repeat(251) }, 'El nombre no debe tener más de 250 caracteres'],
      [{ name: 42 }, 'El nombre es obligatorio'],
    ])('refuses the name of %j with its message', async (payload, message) => {
      const before = await collegeCount();
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { name: message } });
      expect(await collegeCount()).toBe(before);
    });

    it('accepts names of exactly 5 and 250 characters', async () => {
      expect((await post({ name: 'Liceo' })).statusCode).toBe(201);
      expect((await post({ name: 'y'.repeat(250) })).statusCode).toBe(201);
    });

    it.each([
      [{ region: 'Región Inventada' }, { region: 'La región no existe' }],
      // Official names match ignoring case, not accents.
      [{ region: 'Biobio' }, { region: 'La región no existe' }],
      [{ region: 'Metropolitana de Santiago', zone: 'Nunoa' }, { zone: 'La comuna no existe' }],
      [{ region: 7 }, { region: 'La región no existe' }],
      [{ region: 'x'.repeat(101) }, { region: 'La región no existe' }],
      [{ zone: 'Ñuñoa' }, { zone: 'Selecciona una región antes de elegir la comuna' }],
      [
        { region: 'Metropolitana de Santiago', zone: 'Lota' },
        { zone: 'La comuna no pertenece a la región seleccionada' },
      ],
      [{ region: 'Biobío', zone: 'Comuna Inventada' }, { zone: 'La comuna no existe' }],
    ])('refuses region and commune %j', async (place, errors) => {
      const before = await collegeCount();
      const res = await post({ name: uniqueName(), ...place });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
      expect(await collegeCount()).toBe(before);
    });

    it('refuses a second school with the same name, whatever its case', async () => {
      expect((await post({ name: 'Colegio Los Aromos' })).statusCode).toBe(201);
      const res = await post({ name: '  colegio los AROMOS ' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        type: 'CONFLICT',
        message: 'Ya existe un establecimiento con ese nombre',
        errors: { name: 'Ya existe un establecimiento con ese nombre' },
      });
    });

    it('refuses a name that differs only in accents or ñ, as the same school', async () => {
      expect((await post({ name: 'Liceo Los Ángeles' })).statusCode).toBe(201);
      expect((await post({ name: 'Escuela España' })).statusCode).toBe(201);
      for (const name of ['liceo los angeles', 'LICEO LOS ÁNGELES', 'Liceo Los Angeles', 'Escuela Espana']) {
        const res = await post({ name });
        expect({ name, status: res.statusCode }).toEqual({ name, status: 409 });
        expect(res.json()).toEqual({
          type: 'CONFLICT',
          message: 'Ya existe un establecimiento con ese nombre',
          errors: { name: 'Ya existe un establecimiento con ese nombre' },
        });
      }
      const rows = await t.app.db
        .select()
        .from(colleges)
        .where(sql`fics_fold(${colleges.name}) in ('liceo los angeles', 'escuela espana')`);
      expect(rows.map((r) => r.name).sort()).toEqual(['Escuela España', 'Liceo Los Ángeles']);
    });

    it('is for administrators only: teachers and students 403, anonymous 401, nothing created', async () => {
      const before = await collegeCount();
      const body = { name: uniqueName() };
      expect((await post(body, teacher)).statusCode).toBe(403);
      expect((await post(body, student)).statusCode).toBe(403);
      expect((await post(body, null)).statusCode).toBe(401);
      expect(await collegeCount()).toBe(before);
    });
  });

  describe('PATCH /colleges/:id', () => {
    it('renames a school and keeps what the request leaves out, grades included', async () => {
      const college = await makeCollege(t.app, admin, { name: uniqueName(), region: 'Maule', zone: 'Talca' });
      const grade = await makeGrade(t.app, admin, college._id, {
        name: 'A',
        level: 'Primero',
        cicle: 'Medio',
      });
      const res = await patch(college._id, { name: '  Liceo de Talca  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        college: {
          _id: college._id,
          name: 'Liceo de Talca',
          region: 'Maule',
          zone: 'Talca',
          grades: [grade],
        },
      });
    });

    it('moves a school to another region and commune, and clears them with null', async () => {
      const college = await makeCollege(t.app, admin, { name: uniqueName(), region: 'Maule', zone: 'Talca' });
      const moved = await patch(college._id, { region: 'Los Ríos', zone: 'Valdivia' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<{ college: College }>().college).toMatchObject({
        region: 'Los Ríos',
        zone: 'Valdivia',
      });
      const cleared = await patch(college._id, { region: null, zone: '' });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json<{ college: College }>().college).toMatchObject({ region: null, zone: null });
    });

    it('checks the region and commune the school ends up with', async () => {
      const college = await makeCollege(t.app, admin, { name: uniqueName(), region: 'Maule', zone: 'Talca' });
      const otherRegion = await patch(college._id, { region: 'Biobío' });
      expect(otherRegion.statusCode).toBe(400);
      expect(otherRegion.json()).toMatchObject({
        errors: { zone: 'La comuna no pertenece a la región seleccionada' },
      });
      const noRegion = await patch(college._id, { region: null });
      expect(noRegion.json()).toMatchObject({
        errors: { zone: 'Selecciona una región antes de elegir la comuna' },
      });
      const unknown = await patch(college._id, { region: 'Atlántida', zone: null });
      expect(unknown.json()).toMatchObject({ errors: { region: 'La región no existe' } });
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/colleges', headers: admin });
      expect(after.json<{ colleges: College[] }>().colleges.find((c) => c._id === college._id)).toMatchObject(
        {
          region: 'Maule',
          zone: 'Talca',
        },
      );
    });

    it('applies the name rules and the unique name, but lets a school keep its own name', async () => {
      const college = await makeCollege(t.app, admin, { name: 'Escuela Las Palmas' });
      await makeCollege(t.app, admin, { name: 'Escuela Los Robles' });
      expect((await patch(college._id, { name: 'abc' })).json()).toMatchObject({
        errors: { name: 'El nombre debe tener al menos 5 caracteres' },
      });
      expect((await patch(college._id, { name: '' })).json()).toMatchObject({
        errors: { name: 'El nombre es obligatorio' },
      });
      expect((await patch(college._id, { name: 'z'.repeat(251) })).json()).toMatchObject({
        errors: { name: 'El nombre no debe tener más de 250 caracteres' },
      });
      const taken = await patch(college._id, { name: 'escuela los robles' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: 'Ya existe un establecimiento con ese nombre' });
      const sameName = await patch(college._id, { name: 'ESCUELA LAS PALMAS' });
      expect(sameName.statusCode).toBe(200);
      expect(sameName.json<{ college: College }>().college.name).toBe('ESCUELA LAS PALMAS');
      // Accents count as the same name too: taken when another school has it, fine for its own.
      const accented = await patch(college._id, { name: 'Escuela Los Róbles' });
      expect(accented.statusCode).toBe(409);
      expect(accented.json()).toMatchObject({
        errors: { name: 'Ya existe un establecimiento con ese nombre' },
      });
      const ownAccented = await patch(college._id, { name: 'Escuela Las Pálmas' });
      expect(ownAccented.statusCode).toBe(200);
      expect(ownAccented.json<{ college: College }>().college.name).toBe('Escuela Las Pálmas');
    });

    it('answers 404 for an unknown school and 400 for a malformed id', async () => {
      const unknown = await patch(randomUUID(), { name: uniqueName() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ type: 'NOT_FOUND' });
      const malformed = await patch('12345', { name: uniqueName() });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { id: 'Identificador inválido' },
      });
    });

    it('is for administrators only, and a refused edit changes nothing', async () => {
      const college = await makeCollege(t.app, admin, { name: 'Escuela Intocable' });
      expect((await patch(college._id, { name: 'Escuela Tocada' }, teacher)).statusCode).toBe(403);
      expect((await patch(college._id, { name: 'Escuela Tocada' }, student)).statusCode).toBe(403);
      expect((await patch(college._id, { name: 'Escuela Tocada' }, null)).statusCode).toBe(401);
      const rows = await t.app.db
        .select()
        .from(colleges)
        .where(sql`${colleges.id} = ${college._id}`);
      expect(rows[0]!.name).toBe('Escuela Intocable');
    });
  });

  describe('DELETE /colleges/:id', () => {
    it('deletes a school and its empty grades', async () => {
      const college = await makeCollege(t.app, admin, { name: uniqueName() });
      await makeGrade(t.app, admin, college._id, { name: 'A', level: 'Primero', cicle: 'Básico' });
      await makeGrade(t.app, admin, college._id, { name: 'B', level: 'Primero', cicle: 'Básico' });
      const res = await del(college._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Colegio eliminado exitosamente' });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/colleges/${college._id}`,
        headers: admin,
      });
      expect(detail.statusCode).toBe(404);
      const left = await t.app.db
        .select()
        .from(grades)
        .where(sql`${grades.collegeId} = ${college._id}`);
      expect(left).toEqual([]);
    });

    it.each(['STUDENT', 'TEACHER'] as const)(
      'refuses while a grade has a user (%s), and deletes nothing',
      async (role) => {
        const college = await makeCollege(t.app, admin, { name: uniqueName() });
        const empty = await makeGrade(t.app, admin, college._id, {
          name: 'A',
          level: 'Primero',
          cicle: 'Básico',
        });
        const used = await makeGrade(t.app, admin, college._id, {
          name: 'B',
          level: 'Primero',
          cicle: 'Básico',
        });
        const user = await createUser(t.app, { role });
        await enrol(t.app, user.id, used._id);
        const res = await del(college._id);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          type: 'CONFLICT',
          message:
            'No se puede eliminar el establecimiento porque tiene cursos con usuarios o fics asociados',
        });
        const detail = await t.app.inject({
          method: 'GET',
          url: `/api/v1/colleges/${college._id}`,
          headers: admin,
        });
        expect(detail.statusCode).toBe(200);
        expect(
          detail.json<{ college: { grades: { _id: string }[] } }>().college.grades.map((g) => g._id),
        ).toEqual([empty._id, used._id]);
      },
    );

    it('refuses (409, not 500) while anything else in the database still points at a grade', async () => {
      const college = await makeCollege(t.app, admin, { name: uniqueName() });
      const grade = await makeGrade(t.app, admin, college._id, {
        name: 'A',
        level: 'Primero',
        cicle: 'Básico',
      });
      // Stands in for tables other features add later (requests, fics) that reference grades.
      await t.app.db.execute(
        sql`create table if not exists test_grade_refs (grade_id uuid not null references grades(id))`,
      );
      await t.app.db.execute(sql`insert into test_grade_refs (grade_id) values (${grade._id})`);
      const res = await del(college._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'No se puede eliminar el establecimiento porque tiene cursos con usuarios o fics asociados',
      });
      await t.app.db.execute(sql`delete from test_grade_refs`);
      expect((await del(college._id)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown school and 400 for a malformed id', async () => {
      const unknown = await del(randomUUID());
      expect(unknown.statusCode).toBe(404);
      const malformed = await del('zzz');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    });

    it('is for administrators only: teachers and students 403, anonymous 401, nothing deleted', async () => {
      const college = await makeCollege(t.app, admin, { name: uniqueName() });
      expect((await del(college._id, teacher)).statusCode).toBe(403);
      expect((await del(college._id, student)).statusCode).toBe(403);
      expect((await del(college._id, null)).statusCode).toBe(401);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/colleges/${college._id}`,
        headers: admin,
      });
      expect(detail.statusCode).toBe(200);
    });
  });
});
