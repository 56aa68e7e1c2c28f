import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requestMessages, type RegisterRequest } from '@fics/contracts';
import { registerRequests } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { REGISTER_REQUEST_LIMITS } from './register-requests.service';
import {
  freshEmail,
  get,
  mailsTo,
  nextIp,
  patch,
  postRegister,
  registerBody,
  schoolWorld,
  type World,
} from './requests.fixtures';

describe('POST /register-requests (public form)', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const storedFor = (email: string) =>
    t.app.db.select().from(registerRequests).where(eq(registerRequests.email, email));
  const pendingList = async () =>
    (await get(t.app, w.admin.headers, '/register-requests/pendings')).json<{ requests: RegisterRequest[] }>()
      .requests;

  it('accepts a request for a listed school and grade without login and shows it to administrators', async () => {
    const body = registerBody(w, { email: '  Valentina.Rojas@Correo.TEST ' });
    const res = await postRegister(t.app, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: requestMessages.registerSent });
    const request = (await pendingList()).find((r) => r.email === 'valentina.rojas@correo.test');
    expect(request).toEqual({
      _id: expect.any(String),
      date: expect.any(String),
      updatedAt: expect.any(String),
      name: 'Valentina Rojas',
      email: 'valentina.rojas@correo.test',
      role: { _id: w.roleIds.TEACHER, name: 'TEACHER', displayName: 'Docente' },
      userComment: 'Soy docente de lenguaje del colegio',
      isCollegeListed: true,
      isGradeListed: true,
      collegeId: { _id: w.collegeA, name: 'Escuela Arrayán' },
      collegeName: null,
      gradeId: { _id: w.gradeA1, level: 'Primero', cicle: 'Básico', name: 'A', collegeId: w.collegeA },
      gradeName: null,
      requestedGrade: null,
      status: 'PENDING',
      adminId: null,
      adminComments: '',
      formerName: null,
      formerCollegeName: null,
      formerGradeName: null,
    });
  });

  it("accepts 'Otro': a typed school with a typed grade (level, cycle and name joined)", async () => {
    const email = freshEmail();
    const res = await postRegister(
      t.app,
      registerBody(w, {
        email,
        role: w.roleIds.STUDENT,
        collegeId: undefined,
        gradeId: '',
        collegeName: 'Liceo Los Castaños',
        gradeName: 'B',
        level: 'Tercero',
        cicle: 'Medio',
      }),
    );
    expect(res.statusCode).toBe(201);
    const request = (await pendingList()).find((r) => r.email === email)!;
    expect(request).toMatchObject({
      role: { name: 'STUDENT', displayName: 'Estudiante' },
      isCollegeListed: false,
      isGradeListed: false,
      collegeId: null,
      collegeName: 'Liceo Los Castaños',
      gradeId: null,
      gradeName: 'Tercero Medio B',
      requestedGrade: { level: 'Tercero', cicle: 'Medio', name: 'B' },
    });
  });

  it('accepts a listed school with a typed grade', async () => {
    const email = freshEmail();
    const res = await postRegister(
      t.app,
      registerBody(w, { email, gradeId: undefined, gradeName: 'C', level: 'Octavo', cicle: 'Básico' }),
    );
    expect(res.statusCode).toBe(201);
    const request = (await pendingList()).find((r) => r.email === email)!;
    expect(request).toMatchObject({
      isCollegeListed: true,
      isGradeListed: false,
      collegeId: { _id: w.collegeA },
      gradeName: 'Octavo Básico C',
    });
  });

  describe('validation: 400 VALIDATION_ERROR with a Spanish message per field, nothing stored', () => {
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['a missing e-mail', { email: '' }, { email: 'El Email es obligatorio' }],
      ['an invalid e-mail', { email: 'no-es-un-email' }, { email: 'Ingresa un email valido' }],
      ['a missing name', { name: '  ' }, { name: 'El nombre es obligatorio' }],
      ['a one-letter name', { name: 'A' }, { name: 'El nombre debe tener al menos 2 caracteres' }],
      ['a name with digits', { name: 'Ana 2' }, { name: requestMessages.lettersOnly }],
      ['a name with two spaces', { name: 'Ana  María' }, { name: requestMessages.lettersOnly }],
      [
        'a name over 40 characters',
        { name: 'A'.repeat(41) },
        { name: 'El nombre no debe tener más de 40 caracteres' },
      ],
      ['no role', { role: undefined }, { role: 'El campo Rol es obligatorio' }],
      ['a role that is not an id', { role: 'ADMIN' }, { role: requestMessages.roleUnknown }],
      ['no comment', { userComment: '' }, { userComment: 'El comentario es obligatorio' }],
      [
        'a comment over 100 characters',
        { userComment: 'a'.repeat(101) },
        { userComment: 'La explicación no debe tener más de 100 caracteres' },
      ],
      ['no school', { collegeId: undefined }, { collegeId: 'El campo Establecimiento es obligatorio' }],
      ['no grade', { gradeId: undefined }, { gradeId: 'El campo Curso es obligatorio' }],
      [
        'a listed and a typed school',
        { collegeName: 'Liceo Nuevo' },
        { collegeName: requestMessages.collegeListedAndTyped },
      ],
      [
        "'Otro' school with a listed grade",
        { collegeId: undefined, collegeName: 'Liceo Nuevo' },
        { gradeId: requestMessages.gradeMustBeTyped },
      ],
      [
        'a typed school under 5 characters',
        {
          collegeId: undefined,
          collegeName: 'Lice',
          gradeId: undefined,
          gradeName: 'A',
          level: 'Primero',
          cicle: 'Medio',
        },
        { collegeName: 'El nombre del establecimiento debe tener al menos 5 caracteres' },
      ],
      [
        'a typed school over 50 characters',
        {
          collegeId: undefined,
          collegeName: 'Liceo '.repeat(9),
          gradeId: undefined,
          gradeName: 'A',
          level: 'Primero',
          cicle: 'Medio',
        },
        { collegeName: 'El nombre del establecimiento no debe tener más de 50 caracteres' },
      ],
      [
        'a typed school with digits',
        {
          collegeId: undefined,
          collegeName: 'Liceo A-12',
          gradeId: undefined,
          gradeName: 'A',
          level: 'Primero',
          cicle: 'Medio',
        },
        { collegeName: requestMessages.lettersOnly },
      ],
      [
        'a typed grade without level and cycle',
        { gradeId: undefined, gradeName: 'A' },
        { cicle: 'El ciclo es obligatorio', level: 'El nivel es obligatorio' },
      ],
      [
        'a typed grade without a name',
        { gradeId: undefined, level: 'Primero', cicle: 'Medio' },
        { gradeName: 'El campo Curso es obligatorio' },
      ],
      [
        'a typed grade name with digits',
        { gradeId: undefined, gradeName: '4B', level: 'Primero', cicle: 'Medio' },
        { gradeName: requestMessages.lettersOnly },
      ],
      [
        'a typed grade name over 50 characters',
        { gradeId: undefined, gradeName: 'a'.repeat(51), level: 'Primero', cicle: 'Medio' },
        { gradeName: 'El nombre del curso no debe tener más de 50 caracteres' },
      ],
      [
        'a level outside the cycle',
        { gradeId: undefined, gradeName: 'A', level: 'Quinto', cicle: 'Medio' },
        { level: 'El nivel no corresponde al ciclo' },
      ],
      [
        'an unknown cycle',
        { gradeId: undefined, gradeName: 'A', level: 'Primero', cicle: 'Superior' },
        { cicle: 'El ciclo no es válido' },
      ],
      [
        'a school id that is not an id',
        { collegeId: 'colegio' },
        { collegeId: requestMessages.collegeUnknown },
      ],
    ];
    it.each(cases)('refuses %s', async (_name, overrides, errors) => {
      const body = registerBody(w, overrides);
      const res = await postRegister(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
      if (typeof body.email === 'string' && body.email.includes('@')) {
        expect(await storedFor(body.email)).toHaveLength(0);
      }
    });

    it('refuses a school or grade that does not exist, and a grade of another school', async () => {
      const unknown = '6f1c1d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f';
      const noCollege = await postRegister(t.app, registerBody(w, { collegeId: unknown }));
      expect(noCollege.statusCode).toBe(400);
      expect(noCollege.json().errors).toEqual({ collegeId: 'El establecimiento seleccionado no existe' });
      const noGrade = await postRegister(t.app, registerBody(w, { gradeId: unknown }));
      expect(noGrade.json().errors).toEqual({ gradeId: 'El curso seleccionado no existe' });
      const elsewhere = await postRegister(t.app, registerBody(w, { gradeId: w.gradeB1 }));
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errors).toEqual({
        gradeId: 'El curso no pertenece al establecimiento seleccionado',
      });
    });

    it('refuses an unknown role id', async () => {
      const res = await postRegister(
        t.app,
        registerBody(w, { role: '6f1c1d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ role: requestMessages.roleUnknown });
    });

    it('never accepts the ADMIN role', async () => {
      const body = registerBody(w, { role: w.roleIds.ADMIN });
      const res = await postRegister(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { role: 'No se puede solicitar una cuenta de administrador' },
      });
      expect(await storedFor(body.email as string)).toHaveLength(0);
    });

    it('answers 400 for a body that is not JSON, never a 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register-requests',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('VALIDATION_ERROR');
    });
  });

  describe('one account or pending request per e-mail', () => {
    it('refuses an e-mail that already has an account, whatever its case', async () => {
      const user = await createUser(t.app, { role: 'STUDENT' });
      const res = await postRegister(t.app, registerBody(w, { email: user.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        type: 'CONFLICT',
        message: 'El email ya está registrado',
        errors: { email: 'El email ya está registrado' },
      });
      expect(await storedFor(user.email)).toHaveLength(0);
    });

    it('refuses a second request while the first is pending, and takes a new one once it was denied', async () => {
      const email = freshEmail();
      expect((await postRegister(t.app, registerBody(w, { email }))).statusCode).toBe(201);
      const again = await postRegister(t.app, registerBody(w, { email, name: 'Otra Persona' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        type: 'CONFLICT',
        message: 'Ya existe una solicitud pendiente para este email',
        errors: { email: 'Ya existe una solicitud pendiente para este email' },
      });
      expect(await storedFor(email)).toHaveLength(1);
      const [first] = await storedFor(email);
      expect(
        (await patch(t.app, w.admin.headers, `/register-requests/${first!.id}/deny`, {})).statusCode,
      ).toBe(200);
      expect((await postRegister(t.app, registerBody(w, { email }))).statusCode).toBe(201);
      expect((await storedFor(email)).map((r) => r.status).sort()).toEqual(['DENIED', 'PENDING']);
    });

    it('is enforced by the database: a second pending row for an e-mail breaks the partial unique index', async () => {
      const email = freshEmail();
      expect((await postRegister(t.app, registerBody(w, { email }))).statusCode).toBe(201);
      const [row] = await storedFor(email);
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row!;
      const error = await t.app.db
        .insert(registerRequests)
        .values(copy)
        .then(() => null)
        .catch((e: unknown) => e);
      expect(isUniqueViolation(error, 'register_requests_pending_email_idx')).toBe(true);
      // Handled rows do not count: the same e-mail may be denied any number of times.
      await t.app.db.insert(registerRequests).values({ ...copy, status: 'DENIED', handledAt: new Date() });
      expect(await storedFor(email)).toHaveLength(2);
    });
  });

  describe('against bots and floods', () => {
    it('answers a filled honeypot as accepted, and stores and sends nothing', async () => {
      const body = registerBody(w, { website: 'http://spam.example' });
      const res = await postRegister(t.app, body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: requestMessages.registerSent });
      expect(await storedFor(body.email as string)).toHaveLength(0);
      expect(await mailsTo(t.app, body.email as string, 'register-denied')).toHaveLength(0);
      // An empty honeypot is what people send.
      const person = registerBody(w, { website: '' });
      expect((await postRegister(t.app, person)).statusCode).toBe(201);
      expect(await storedFor(person.email as string)).toHaveLength(1);
    });

    it(`limits one address to ${REGISTER_REQUEST_LIMITS.address.limit} requests an hour (429, Spanish message)`, async () => {
      const ip = '203.0.113.77';
      const { limit } = REGISTER_REQUEST_LIMITS.address;
      for (let i = 0; i < limit; i += 1) {
        // Honeypot requests count like any other and keep this test fast.
        const res = await postRegister(t.app, registerBody(w, { website: 'x' }), ip);
        expect(res.statusCode).toBe(201);
      }
      const body = registerBody(w);
      const refused = await postRegister(t.app, body, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ type: 'RATE_LIMITED', message: requestMessages.rateLimited });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await storedFor(body.email as string)).toHaveLength(0);
      // Another address is not affected.
      expect((await postRegister(t.app, body, '203.0.113.78')).statusCode).toBe(201);
    });

    it(`limits one e-mail to ${REGISTER_REQUEST_LIMITS.email.limit} requests a day, from any address`, async () => {
      const email = freshEmail();
      const { limit } = REGISTER_REQUEST_LIMITS.email;
      const codes: number[] = [];
      for (let i = 0; i < limit; i += 1) {
        codes.push((await postRegister(t.app, registerBody(w, { email }))).statusCode);
      }
      expect(codes).toEqual([201, ...Array<number>(limit - 1).fill(409)]);
      const refused = await postRegister(t.app, registerBody(w, { email }));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(requestMessages.rateLimited);
    });
  });
});
