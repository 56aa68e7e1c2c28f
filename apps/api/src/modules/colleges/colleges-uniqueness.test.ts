import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { College } from '@fics/contracts';
import { colleges, grades } from '../../db/schema';
import { seedRegions } from '../../db/seed/regions';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { makeCollege } from './colleges.fixtures';

/**
 * The database keeps school and grade names unique (migration 0002), so requests racing each
 * other cannot both win. With TEST_DATABASE_URL the twenty requests of each test run at once on
 * separate connections; on the embedded database they are queued one after another, and the
 * answers must be the same.
 */
describe('unique school and grade names, decided by the database', () => {
  let t: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    await seedRegions(t.app.db);
    admin = await authHeader(t.app, await createUser(t.app, { role: 'ADMIN' }));
  });
  afterAll(async () => {
    await t.close();
  });

  const postCollege = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/colleges', headers: admin, payload });
  const postGrade = (collegeId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/colleges/${collegeId}/grades`, headers: admin, payload });
  const patchCollege = (id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/colleges/${id}`, headers: admin, payload });
  const twenty = <T>(make: (i: number) => T): T[] => Array.from({ length: 20 }, (_, i) => make(i));
  const sameFoldedName = (name: string) => sql`fics_fold(${colleges.name}) = fics_fold(${name})`;
  const duplicateSchool = {
    type: 'CONFLICT',
    message: 'Ya existe un establecimiento con ese nombre',
    errors: { name: 'Ya existe un establecimiento con ese nombre' },
  };
  const duplicateGrade = { type: 'CONFLICT', message: 'Ya existe un curso con ese nivel, ciclo y nombre' };

  it('creates one school out of twenty simultaneous requests for the same name; the others get 409', async () => {
    const answers = await Promise.all(
      twenty(() => postCollege({ name: 'Liceo Simultáneo', region: 'Maule', zone: 'Talca' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual(duplicateSchool);
    }
    const created = answers.find((r) => r.statusCode === 201)!.json<{ college: College }>().college;
    expect(created).toMatchObject({ name: 'Liceo Simultáneo', region: 'Maule', zone: 'Talca' });
    expect(await t.app.db.select().from(colleges).where(sameFoldedName('Liceo Simultáneo'))).toHaveLength(1);
  });

  it('treats case and accent variants as one name (ñ folds to n): one of twenty wins', async () => {
    const variants = ['Liceo Ñuble', 'liceo ñuble', 'LICEO NUBLE', 'Liceo Nuble', 'LICEO ÑUBLE'];
    const answers = await Promise.all(twenty((i) => postCollege({ name: variants[i % variants.length] })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual(duplicateSchool);
    }
    const rows = await t.app.db.select().from(colleges).where(sameFoldedName('liceo nuble'));
    expect(rows).toHaveLength(1);
    expect(variants).toContain(rows[0]!.name);
  });

  it('lets one of twenty schools renamed at once to the same name have it', async () => {
    const schools = await Promise.all(
      twenty((i) => makeCollege(t.app, admin, { name: `Escuela Rival ${i}` })),
    );
    const answers = await Promise.all(
      schools.map((s, i) => patchCollege(s._id, { name: i % 2 === 0 ? 'Escuela Única' : 'ESCUELA UNICA' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual(duplicateSchool);
    }
    expect(await t.app.db.select().from(colleges).where(sameFoldedName('escuela unica'))).toHaveLength(1);
  });

  it('creates one grade out of twenty simultaneous requests for it in one school, whatever the case and accents', async () => {
    const school = await makeCollege(t.app, admin, { name: 'Escuela de Cursos Simultáneos' });
    const variants = ['Único', 'único', 'UNICO', 'unico'];
    const answers = await Promise.all(
      twenty((i) =>
        postGrade(school._id, { name: variants[i % variants.length], level: 'Primero', cicle: 'Medio' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual(duplicateGrade);
    }
    expect(await t.app.db.select().from(grades).where(eq(grades.collegeId, school._id))).toHaveLength(1);
  });

  it('creates twenty different grades of one school at once without refusing any', async () => {
    const school = await makeCollege(t.app, admin, { name: 'Escuela de Veinte Cursos' });
    const answers = await Promise.all(
      twenty((i) => postGrade(school._id, { name: `Sección ${i}`, level: 'Segundo', cicle: 'Básico' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(twenty(() => 201));
    expect(await t.app.db.select().from(grades).where(eq(grades.collegeId, school._id))).toHaveLength(20);
  });
});
