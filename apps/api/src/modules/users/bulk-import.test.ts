import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { guardianConsentMessages, type BulkImportSummary } from '@fics/contracts';
import { mailOutbox, oneTimeTokens, userGrades, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { schoolWorld } from './users.fixtures';

describe('POST /users/bulk', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const bulk = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/bulk', headers, payload });
  const studentsOfA1 = (rows: object[]) => ({
    role: w.roleIds.STUDENT,
    collegeId: w.collegeA,
    gradeId: w.gradeA1,
    isExcel: true,
    users: rows,
  });

  /** Users, memberships, invitation tokens and invitation mails of the accounts with these e-mails. */
  async function accountsWith(emails: string[]) {
    const rows = await t.app.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) {
      return { users: 0, memberships: 0, tokens: 0, mails: 0 };
    }
    const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]!.n);
    return {
      users: ids.length,
      memberships: await n(
        t.app.db.select({ n: count() }).from(userGrades).where(inArray(userGrades.userId, ids)),
      ),
      tokens: await n(
        t.app.db
          .select({ n: count() })
          .from(oneTimeTokens)
          .where(and(inArray(oneTimeTokens.userId, ids), eq(oneTimeTokens.purpose, 'INVITATION'))),
      ),
      mails: await n(
        t.app.db
          .select({ n: count() })
          .from(mailOutbox)
          .where(and(inArray(mailOutbox.to, emails), eq(mailOutbox.kind, 'invitation'))),
      ),
    };
  }

  it('creates the good rows and reports each bad one, in the order of the list', async () => {
    const res = await bulk(
      w.admin.headers,
      studentsOfA1([
        { name: 'Alumna Uno', email: ' Uno@Curso.TEST ' },
        { name: 'A', email: 'corto@curso.test' },
        { name: 'Sin Correo', email: 'sin-arroba' },
        { name: 'Alumna Repetida', email: 'UNO@curso.test' },
        { name: 'Ya Existe', email: w.studentB1.email.toUpperCase() },
        { name: 'Alumno Dos', email: 'dos@curso.test' },
        { name: null, email: 'sin-nombre@curso.test' },
        { name: 'Número', email: 12345 },
        { name: '  Alumno Tres  ', email: 'tres@curso.test' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ summary: BulkImportSummary }>().summary).toEqual({
      usersCreated: 3,
      usersErrors: [
        { email: 'corto@curso.test', name: 'A', message: 'El nombre debe tener al menos 2 caracteres' },
        { email: 'sin-arroba', name: 'Sin Correo', message: 'Ingresa un email valido' },
        { email: 'UNO@curso.test', name: 'Alumna Repetida', message: 'El email está repetido en la lista' },
        { email: w.studentB1.email.toUpperCase(), name: 'Ya Existe', message: 'El email ya está registrado' },
        { email: 'sin-nombre@curso.test', name: '', message: 'El nombre debe tener al menos 2 caracteres' },
        { email: '12345', name: 'Número', message: 'Ingresa un email valido' },
      ],
    });
    const created = ['uno@curso.test', 'dos@curso.test', 'tres@curso.test'];
    expect(await accountsWith(created)).toEqual({ users: 3, memberships: 3, tokens: 3, mails: 3 });
    const [tres] = await t.app.db.select().from(users).where(eq(users.email, 'tres@curso.test'));
    expect(tres).toMatchObject({ name: 'Alumno Tres', roleId: w.roleIds.STUDENT, passwordHash: null });
    const [membership] = await t.app.db.select().from(userGrades).where(eq(userGrades.userId, tres!.id));
    expect(membership!.gradeId).toBe(w.gradeA1);
    expect(await accountsWith(['corto@curso.test', 'sin-nombre@curso.test'])).toMatchObject({ users: 0 });
  });

  it('reads the optional birth year column, refusing a bad year with its Spanish message (issue 22.5)', async () => {
    const year = new Date().getFullYear();
    const res = await bulk(
      w.admin.headers,
      studentsOfA1([
        { name: 'Con Año', email: 'con-anio@curso.test', birthYear: year - 10 },
        { name: 'Año Texto', email: 'anio-texto@curso.test', birthYear: String(year - 12) },
        { name: 'Sin Año', email: 'sin-anio@curso.test', birthYear: '' },
        { name: 'Año Malo', email: 'anio-malo@curso.test', birthYear: 'dos mil diez' },
        { name: 'Año Futuro', email: 'anio-futuro@curso.test', birthYear: year + 1 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ summary: BulkImportSummary }>().summary).toEqual({
      usersCreated: 3,
      usersErrors: [
        {
          email: 'anio-malo@curso.test',
          name: 'Año Malo',
          message: guardianConsentMessages.birthYearInvalid,
        },
        {
          email: 'anio-futuro@curso.test',
          name: 'Año Futuro',
          message: guardianConsentMessages.birthYearRange,
        },
      ],
    });
    const rows = await t.app.db
      .select({ email: users.email, birthYear: users.birthYear })
      .from(users)
      .where(inArray(users.email, ['con-anio@curso.test', 'anio-texto@curso.test', 'sin-anio@curso.test']));
    expect(Object.fromEntries(rows.map((row) => [row.email, row.birthYear]))).toEqual({
      'con-anio@curso.test': year - 10,
      'anio-texto@curso.test': year - 12,
      'sin-anio@curso.test': null,
    });
  });

  it('imports administrators without schools', async () => {
    const res = await bulk(w.admin.headers, {
      role: w.roleIds.ADMIN,
      users: [{ name: 'Admin Masivo', email: 'admin.masivo@curso.test' }],
    });
    expect(res.json<{ summary: BulkImportSummary }>().summary).toEqual({ usersCreated: 1, usersErrors: [] });
    expect(await accountsWith(['admin.masivo@curso.test'])).toEqual({
      users: 1,
      memberships: 0,
      tokens: 1,
      mails: 1,
    });
  });

  it('imports teachers into the chosen school and grade', async () => {
    const res = await bulk(w.admin.headers, {
      role: w.roleIds.TEACHER,
      collegeId: w.collegeB,
      gradeId: w.gradeB1,
      users: [{ name: 'Profe Masivo', email: 'profe.masivo@curso.test' }],
    });
    expect(res.json<{ summary: BulkImportSummary }>().summary.usersCreated).toBe(1);
    expect(await accountsWith(['profe.masivo@curso.test'])).toEqual({
      users: 1,
      memberships: 1,
      tokens: 1,
      mails: 1,
    });
  });

  it('imports 1,000 rows whole', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `Estudiante ${i}`,
      email: `mil.${i}@curso.test`,
    }));
    const res = await bulk(w.admin.headers, studentsOfA1(rows));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ summary: BulkImportSummary }>().summary).toEqual({
      usersCreated: 1000,
      usersErrors: [],
    });
    expect(await accountsWith(rows.map((r) => r.email))).toEqual({
      users: 1000,
      memberships: 1000,
      tokens: 1000,
      mails: 1000,
    });
  });

  it('creates each account once when the same list is imported twice at the same time', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      name: `Carrera ${i}`,
      email: `carrera.${i}@curso.test`,
    }));
    const [a, b] = await Promise.all([
      bulk(w.admin.headers, studentsOfA1(rows)),
      bulk(w.admin.headers, studentsOfA1(rows)),
    ]);
    const summaries = [a, b].map((r) => r.json<{ summary: BulkImportSummary }>().summary);
    expect(summaries[0]!.usersCreated + summaries[1]!.usersCreated).toBe(300);
    const errors = [...summaries[0]!.usersErrors, ...summaries[1]!.usersErrors];
    expect(errors).toHaveLength(300);
    expect(new Set(errors.map((e) => e.message))).toEqual(new Set(['El email ya está registrado']));
    const emails = rows.map((r) => r.email);
    expect(await accountsWith(emails)).toEqual({ users: 300, memberships: 300, tokens: 300, mails: 300 });
  });

  it('refuses more than 2,000 rows and an empty list', async () => {
    const rows = Array.from({ length: 2001 }, (_, i) => ({
      name: `Demasiados ${i}`,
      email: `demasiados.${i}@curso.test`,
    }));
    const tooMany = await bulk(w.admin.headers, studentsOfA1(rows));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ users: 'No se pueden importar más de 2000 usuarios a la vez' });
    const none = await bulk(w.admin.headers, studentsOfA1([]));
    expect(none.json().errors).toEqual({ users: 'Debe cargar al menos un usuario' });
    const [created] = await t.app.db
      .select({ n: count() })
      .from(users)
      .where(like(users.email, 'demasiados.%'));
    expect(Number(created!.n)).toBe(0);
  });

  it('requires a role, and a school and grade of that school for students and teachers', async () => {
    const rows = [{ name: 'Alguien Nuevo', email: 'alguien@curso.test' }];
    const noRole = await bulk(w.admin.headers, { users: rows });
    expect(noRole.json().errors).toEqual({ role: 'El campo Rol es obligatorio' });
    const noSchool = await bulk(w.admin.headers, { role: w.roleIds.STUDENT, users: rows });
    expect(noSchool.statusCode).toBe(400);
    expect(noSchool.json().errors).toEqual({
      collegeId: 'El establecimiento es obligatorio',
      gradeId: 'El curso es obligatorio',
    });
    const mismatch = await bulk(w.admin.headers, {
      role: w.roleIds.TEACHER,
      collegeId: w.collegeA,
      gradeId: w.gradeB1,
      users: rows,
    });
    expect(mismatch.json().errors).toEqual({
      gradeId: 'El curso no pertenece al establecimiento seleccionado',
    });
  });

  it('lets a teacher import students into their own grade only', async () => {
    const own = await bulk(
      w.teacherA.headers,
      studentsOfA1([{ name: 'De Profe', email: 'de.profe@curso.test' }]),
    );
    expect(own.json<{ summary: BulkImportSummary }>().summary.usersCreated).toBe(1);

    const rows = [{ name: 'No Debe', email: 'no.debe@curso.test' }];
    const teachers = await bulk(w.teacherA.headers, { ...studentsOfA1(rows), role: w.roleIds.TEACHER });
    expect(teachers.statusCode).toBe(403);
    expect(teachers.json().message).toBe('Solo puedes crear usuarios con rol estudiante');
    const otherSchool = await bulk(w.teacherA.headers, {
      ...studentsOfA1(rows),
      collegeId: w.collegeB,
      gradeId: w.gradeB1,
    });
    expect(otherSchool.statusCode).toBe(403);
    const otherGrade = await bulk(w.teacherA.headers, { ...studentsOfA1(rows), gradeId: w.gradeA2 });
    expect(otherGrade.statusCode).toBe(403);
    expect(await accountsWith(['no.debe@curso.test'])).toMatchObject({ users: 0 });
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    const payload = studentsOfA1([{ name: 'No Debe', email: 'no.debe2@curso.test' }]);
    expect((await bulk(w.studentA1.headers, payload)).statusCode).toBe(403);
    expect((await bulk({}, payload)).statusCode).toBe(401);
  });
});
