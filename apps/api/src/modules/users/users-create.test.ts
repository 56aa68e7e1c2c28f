import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { User } from '@fics/contracts';
import { mailOutbox, oneTimeTokens, userGrades, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { schoolWorld } from './users.fixtures';

describe('POST /users', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users', headers, payload });
  const student = (overrides: object = {}) => ({
    email: 'nueva.estudiante@fics.test',
    name: 'Nueva Estudiante',
    role: w.roleIds.STUDENT,
    collegeId: [w.collegeA],
    gradeId: [w.gradeA1],
    ...overrides,
  });
  const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0]!.n;

  it('creates a student with an invitation instead of a password, who cannot log in yet', async () => {
    const res = await create(
      w.admin.headers,
      student({ email: '  Invitada.Uno@Fics.TEST ', name: '  Invitada Uno ' }),
    );
    expect(res.statusCode).toBe(201);
    const { user } = res.json<{ user: User }>();
    expect(user).toMatchObject({
      name: 'Invitada Uno',
      email: 'invitada.uno@fics.test',
      role: { _id: w.roleIds.STUDENT, name: 'STUDENT', displayName: 'Estudiante' },
      collegeId: [{ _id: w.collegeA, name: 'Escuela Arrayán' }],
      gradeId: [{ _id: w.gradeA1, collegeId: w.collegeA }],
      profilePicture: null,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.passwordHash).toBeNull();
    const tokens = await t.app.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user._id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.purpose).toBe('INVITATION');
    expect(tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'invitada.uno@fics.test'));
    expect(mails.map((m) => m.kind)).toEqual(['invitation']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'invitada.uno@fics.test', password: 'cualquier-clave-larga' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('creates a teacher in several grades of several schools', async () => {
    const res = await create(w.admin.headers, {
      email: 'profe.varias@fics.test',
      name: 'Profe Varias',
      role: w.roleIds.TEACHER,
      collegeId: [w.collegeA, w.collegeB],
      gradeId: [w.gradeA1, w.gradeA2, w.gradeB1],
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json<{ user: User }>();
    expect(user.collegeId.map((c) => c._id).sort()).toEqual([w.collegeA, w.collegeB].sort());
    expect(user.gradeId).toHaveLength(3);
  });

  it('creates an administrator without schools or grades, whatever is sent', async () => {
    const res = await create(w.admin.headers, {
      email: 'otra.admin@fics.test',
      name: 'Otra Admin',
      role: w.roleIds.ADMIN,
      collegeId: [w.collegeA],
      gradeId: [w.gradeA1],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: { name: 'ADMIN' }, collegeId: [], gradeId: [] });
    const memberships = await t.app.db
      .select()
      .from(userGrades)
      .where(eq(userGrades.userId, res.json<{ user: User }>().user._id));
    expect(memberships).toEqual([]);
  });

  it('refuses an e-mail already registered, whatever its case, and creates nothing', async () => {
    const before = await userCount();
    const res = await create(w.admin.headers, student({ email: w.studentB1.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      type: 'CONFLICT',
      message: 'El email ya está registrado',
      errors: { email: 'El email ya está registrado' },
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['a missing name', { name: undefined }, { name: 'El nombre es obligatorio' }],
    ['a blank name', { name: '   ' }, { name: 'El nombre es obligatorio' }],
    ['a one-letter name', { name: ' A ' }, { name: 'El debe tener al menos 2 caracteres' }],
    [
      'a 41-character name',
      { name: 'x'.repeat(41) },
      { name: 'El nombre no debe tener más de 40 caracteres' },
    ],
    ['a missing e-mail', { email: '' }, { email: 'El Email es obligatorio' }],
    ['an invalid e-mail', { email: 'ana@' }, { email: 'Ingresa un email valido' }],
    ['a missing role', { role: '' }, { role: 'El campo Rol es obligatorio' }],
    ['a malformed role', { role: 'STUDENT' }, { role: 'El rol seleccionado no existe' }],
    [
      'an unknown role',
      { role: '00000000-0000-4000-8000-000000000000' },
      { role: 'El rol seleccionado no existe' },
    ],
    [
      'a student without school and grade',
      { collegeId: [], gradeId: [] },
      { collegeId: 'El establecimiento es obligatorio', gradeId: 'El curso es obligatorio' },
    ],
    [
      'a student in two grades',
      { gradeId: ['$A1', '$A2'] },
      { gradeId: 'Un estudiante pertenece a un solo curso' },
    ],
    [
      'a student in two schools',
      { collegeId: ['$A', '$B'] },
      { collegeId: 'Un estudiante pertenece a un solo establecimiento' },
    ],
    [
      'a grade of another school',
      { gradeId: ['$B1'] },
      { gradeId: 'El curso no pertenece al establecimiento seleccionado' },
    ],
    [
      'an unknown school',
      { collegeId: ['00000000-0000-4000-8000-000000000000'] },
      { collegeId: 'El establecimiento seleccionado no existe' },
    ],
    [
      'an unknown grade',
      { gradeId: ['00000000-0000-4000-8000-000000000000'] },
      { gradeId: 'El curso seleccionado no existe' },
    ],
    ['a malformed grade id', { gradeId: ['abc'] }, { 'gradeId.0': 'Identificador inválido' }],
  ])('refuses %s with the field’s message', async (_label, overrides, errors) => {
    // '$A1' stands for grade A1 of the world, which exists only once the tests run.
    const ids: Record<string, string> = {
      A: w.collegeA,
      B: w.collegeB,
      A1: w.gradeA1,
      A2: w.gradeA2,
      B1: w.gradeB1,
    };
    const resolved = Object.fromEntries(
      Object.entries(overrides).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.map((v: string) => (v.startsWith('$') ? ids[v.slice(1)] : v)) : value,
      ]),
    );
    const before = await userCount();
    const res = await create(w.admin.headers, student(resolved));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    expect(await userCount()).toBe(before);
  });

  it('refuses a teacher with a school that has none of their grades, and repeated entries', async () => {
    const teacher = (collegeId: string[], gradeId: string[]) =>
      create(w.admin.headers, {
        email: 'profe.x@fics.test',
        name: 'Profe X',
        role: w.roleIds.TEACHER,
        collegeId,
        gradeId,
      });
    const withoutGrade = await teacher([w.collegeA, w.collegeB], [w.gradeA1]);
    expect(withoutGrade.statusCode).toBe(400);
    expect(withoutGrade.json().errors).toEqual({
      collegeId: 'Cada establecimiento debe tener al menos un curso seleccionado',
    });
    const repeated = await teacher([w.collegeA], [w.gradeA1, w.gradeA1]);
    expect(repeated.json().errors).toEqual({ gradeId: 'Ya fue agregado a la lista' });
    const noGrade = await teacher([w.collegeA], []);
    expect(noGrade.json().errors).toEqual({ gradeId: 'El curso es obligatorio' });
  });

  it('lets a teacher create a student in one of their own grades', async () => {
    const res = await create(w.teacherA.headers, student({ email: 'alumna.profe@fics.test' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.gradeId[0]._id).toBe(w.gradeA1);
  });

  it('refuses a teacher creating a teacher or an administrator', async () => {
    for (const role of [w.roleIds.TEACHER, w.roleIds.ADMIN]) {
      const res = await create(w.teacherA.headers, student({ email: 'no.debe@fics.test', role }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        type: 'FORBIDDEN',
        message: 'Solo puedes crear usuarios con rol estudiante',
      });
    }
  });

  it('refuses a teacher creating a student outside their own grades', async () => {
    const otherSchool = await create(
      w.teacherA.headers,
      student({ email: 'fuera1@fics.test', collegeId: [w.collegeB], gradeId: [w.gradeB1] }),
    );
    expect(otherSchool.statusCode).toBe(403);
    expect(otherSchool.json().message).toBe(
      'Solo puedes gestionar estudiantes de tus establecimientos y cursos',
    );
    const otherGrade = await create(
      w.teacherA.headers,
      student({ email: 'fuera2@fics.test', gradeId: [w.gradeA2] }),
    );
    expect(otherGrade.statusCode).toBe(403);
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    expect((await create(w.studentA1.headers, student({ email: 'x1@fics.test' }))).statusCode).toBe(403);
    expect((await create({}, student({ email: 'x2@fics.test' }))).statusCode).toBe(401);
  });
});
