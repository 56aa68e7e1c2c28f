import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { requestMessages, type Paged, type RegisterRequest } from '@fics/contracts';
import { oneTimeTokens, registerRequests, userGrades, users } from '../../db/schema';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { get, mailsTo, patch, registerRequest, schoolWorld, type World } from './requests.fixtures';

describe('handling registration requests (administrators)', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const acceptBody = (request: RegisterRequest, overrides: Record<string, unknown> = {}) => ({
    email: request.email,
    name: request.name,
    role: request.role._id,
    collegeId: w.collegeA,
    gradeId: w.gradeA1,
    adminComments: 'Bienvenida al equipo',
    ...overrides,
  });
  const accountOf = async (email: string) => {
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    return user;
  };

  describe('permissions', () => {
    it('refuses the lists, accepting and denying to visitors (401), students and teachers (403)', async () => {
      const request = await registerRequest(t.app, w);
      const calls: ['GET' | 'PATCH', string, object | undefined][] = [
        ['GET', '/register-requests/pendings', undefined],
        ['GET', '/register-history', undefined],
        ['PATCH', `/register-requests/${request._id}/accept`, acceptBody(request)],
        ['PATCH', `/register-requests/${request._id}/deny`, { adminComments: 'no' }],
      ];
      for (const [method, url, payload] of calls) {
        const as = (headers?: Record<string, string>) =>
          t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
        expect((await as()).statusCode).toBe(401);
        expect((await as(w.studentA1.headers)).statusCode).toBe(403);
        const teacher = await as(w.teacherA.headers);
        expect(teacher.statusCode).toBe(403);
        expect(teacher.json()).toEqual({
          type: 'FORBIDDEN',
          message: 'No tienes permiso para realizar esta acción',
        });
      }
      const [row] = await t.app.db
        .select()
        .from(registerRequests)
        .where(eq(registerRequests.id, request._id));
      expect(row!.status).toBe('PENDING');
      expect(await accountOf(request.email)).toBeUndefined();
    });
  });

  describe('accept', () => {
    it('creates the account with the chosen role, school and grade, invites it, and records who, when and what was asked', async () => {
      const request = await registerRequest(t.app, w, {
        name: 'Valeria Soto',
        role: w.roleIds.STUDENT,
        collegeId: undefined,
        gradeId: undefined,
        collegeName: 'Colegio Las Lomas',
        gradeName: 'A',
        level: 'Quinto',
        cicle: 'Básico',
      });
      const res = await patch(
        t.app,
        w.admin.headers,
        `/register-requests/${request._id}/accept`,
        acceptBody(request, { name: 'Valeria Soto Pérez', collegeId: w.collegeB, gradeId: w.gradeB1 }),
      );
      expect(res.statusCode).toBe(200);
      const answered = res.json<{ request: RegisterRequest }>().request;
      expect(answered).toMatchObject({
        _id: request._id,
        status: 'APPROVED',
        name: 'Valeria Soto Pérez',
        email: request.email,
        role: { name: 'STUDENT' },
        collegeId: { _id: w.collegeB, name: 'Liceo Bosque' },
        gradeId: { _id: w.gradeB1 },
        collegeName: 'Colegio Las Lomas',
        gradeName: 'Quinto Básico A',
        adminId: { _id: w.admin.id, name: 'Ana Administradora' },
        adminComments: 'Bienvenida al equipo',
        formerName: 'Valeria Soto',
        formerCollegeName: 'Colegio Las Lomas',
        formerGradeName: 'Quinto Básico A',
      });
      expect(new Date(answered.updatedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(answered.date).getTime(),
      );

      const user = await accountOf(request.email);
      expect(user).toMatchObject({
        name: 'Valeria Soto Pérez',
        roleId: w.roleIds.STUDENT,
        passwordHash: null,
      });
      const memberships = await t.app.db.select().from(userGrades).where(eq(userGrades.userId, user!.id));
      expect(memberships.map((m) => m.gradeId)).toEqual([w.gradeB1]);
      const tokens = await t.app.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
      expect(tokens.map((x) => x.purpose)).toEqual(['INVITATION']);
      const invitations = await mailsTo(t.app, request.email, 'invitation');
      expect(invitations).toHaveLength(1);
      expect(invitations[0]!.text).toContain('http://localhost:3000/password-recovery/');

      // It leaves the pending list for the history.
      const pending = await get(t.app, w.admin.headers, '/register-requests/pendings');
      expect(pending.json<{ requests: RegisterRequest[] }>().requests.map((r) => r._id)).not.toContain(
        request._id,
      );
      const history = await get(t.app, w.admin.headers, '/register-history');
      expect(history.json<{ requests: Paged<RegisterRequest> }>().requests.docs[0]).toEqual(answered);
    });

    it('creates a teacher with the chosen school and grade', async () => {
      const request = await registerRequest(t.app, w);
      const res = await patch(t.app, w.admin.headers, `/register-requests/${request._id}/accept`, {
        ...acceptBody(request, { collegeId: w.collegeA, gradeId: w.gradeA2 }),
        adminComments: undefined,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().request.adminComments).toBe('');
      const user = await accountOf(request.email);
      expect(user!.roleId).toBe(w.roleIds.TEACHER);
      const memberships = await t.app.db.select().from(userGrades).where(eq(userGrades.userId, user!.id));
      expect(memberships.map((m) => m.gradeId)).toEqual([w.gradeA2]);
    });

    it('answers 409 with the exact message to a second accept or deny, with no second account or e-mail', async () => {
      const request = await registerRequest(t.app, w);
      const url = `/register-requests/${request._id}`;
      expect((await patch(t.app, w.admin.headers, `${url}/accept`, acceptBody(request))).statusCode).toBe(
        200,
      );
      for (const res of [
        await patch(t.app, w.admin.headers, `${url}/accept`, acceptBody(request)),
        await patch(t.app, w.admin.headers, `${url}/deny`, { adminComments: 'tarde' }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          type: 'CONFLICT',
          message: 'Esta solicitud no existe o ya fue atendida',
        });
      }
      expect(await t.app.db.$count(users, eq(users.email, request.email))).toBe(1);
      expect(await mailsTo(t.app, request.email, 'invitation')).toHaveLength(1);
      expect(await mailsTo(t.app, request.email, 'register-denied')).toHaveLength(0);
    });

    it('answers the same 409 for a request that does not exist', async () => {
      const id = '6f1c1d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f';
      const request = await registerRequest(t.app, w);
      const accept = await patch(
        t.app,
        w.admin.headers,
        `/register-requests/${id}/accept`,
        acceptBody(request),
      );
      expect(accept.statusCode).toBe(409);
      expect(accept.json().message).toBe(requestMessages.registerHandled);
      const deny = await patch(t.app, w.admin.headers, `/register-requests/${id}/deny`);
      expect(deny.statusCode).toBe(409);
      expect(deny.json().message).toBe(requestMessages.registerHandled);
      const badId = await patch(t.app, w.admin.headers, '/register-requests/no-es-id/deny');
      expect(badId.statusCode).toBe(400);
    });

    it('refuses, and keeps the request pending, when the e-mail got an account meanwhile', async () => {
      const request = await registerRequest(t.app, w);
      await createUser(t.app, { role: 'STUDENT', email: request.email });
      const res = await patch(
        t.app,
        w.admin.headers,
        `/register-requests/${request._id}/accept`,
        acceptBody(request),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'El email ya está registrado' });
      const [row] = await t.app.db
        .select()
        .from(registerRequests)
        .where(eq(registerRequests.id, request._id));
      expect(row).toMatchObject({ status: 'PENDING', adminId: null, formerName: null });
      expect(await mailsTo(t.app, request.email, 'invitation')).toHaveLength(0);
    });

    describe('validation (400, message per field, request still pending)', () => {
      const cases: [string, (r: RegisterRequest) => Record<string, unknown>, Record<string, string>][] = [
        [
          'a changed e-mail',
          () => ({ email: 'otra@correo.test' }),
          { email: 'El email de la solicitud no se puede cambiar' },
        ],
        ['no e-mail', () => ({ email: undefined }), { email: 'El Email es obligatorio' }],
        ['no name', () => ({ name: '' }), { name: 'El nombre es obligatorio' }],
        ['a name with digits', () => ({ name: 'Ana 3' }), { name: requestMessages.lettersOnly }],
        ['no role', () => ({ role: '' }), { role: 'El campo Rol es obligatorio' }],
        ['the ADMIN role', () => ({ role: w.roleIds.ADMIN }), { role: requestMessages.adminRoleRefused }],
        [
          'no school',
          () => ({ collegeId: undefined }),
          { collegeId: 'El campo Establecimiento es obligatorio' },
        ],
        ['no grade', () => ({ gradeId: '' }), { gradeId: 'El campo Curso es obligatorio' }],
        [
          'a grade of another school',
          () => ({ gradeId: w.gradeB1 }),
          { gradeId: 'El curso no pertenece al establecimiento seleccionado' },
        ],
        [
          'a school that does not exist',
          () => ({ collegeId: '6f1c1d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f' }),
          { collegeId: 'El establecimiento seleccionado no existe' },
        ],
        [
          'comments over 100 characters',
          () => ({ adminComments: 'x'.repeat(101) }),
          { adminComments: 'El comentario no debe tener más de 100 caracteres' },
        ],
      ];
      it.each(cases)('refuses %s', async (_name, overrides, errors) => {
        const request = await registerRequest(t.app, w);
        const res = await patch(
          t.app,
          w.admin.headers,
          `/register-requests/${request._id}/accept`,
          acceptBody(request, overrides(request)),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
        const [row] = await t.app.db
          .select()
          .from(registerRequests)
          .where(eq(registerRequests.id, request._id));
        expect(row!.status).toBe('PENDING');
        expect(await accountOf(request.email)).toBeUndefined();
      });
    });
  });

  describe('deny', () => {
    it('records who, when, the comment and what was asked, and e-mails the result with the comment', async () => {
      const request = await registerRequest(t.app, w, { name: 'Pedro Pablo' });
      const res = await patch(t.app, w.admin.headers, `/register-requests/${request._id}/deny`, {
        adminComments: 'El colegio no participa en Fics',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ request: RegisterRequest }>().request).toMatchObject({
        status: 'DENIED',
        adminId: { _id: w.admin.id, name: 'Ana Administradora' },
        adminComments: 'El colegio no participa en Fics',
        formerName: 'Pedro Pablo',
        formerCollegeName: 'Escuela Arrayán',
        formerGradeName: 'Primero Básico A',
      });
      expect(await accountOf(request.email)).toBeUndefined();
      const mails = await mailsTo(t.app, request.email, 'register-denied');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Fics: tu solicitud de cuenta no fue aprobada');
      expect(mails[0]!.text).toContain('Hola Pedro Pablo');
      expect(mails[0]!.text).toContain('Comentario del equipo: El colegio no participa en Fics');
      expect(mails[0]!.html).toContain('El colegio no participa en Fics');
    });

    it('takes no body at all, and escapes the comment in the e-mail HTML', async () => {
      const quiet = await registerRequest(t.app, w);
      const res = await patch(t.app, w.admin.headers, `/register-requests/${quiet._id}/deny`);
      expect(res.statusCode).toBe(200);
      expect(res.json().request.adminComments).toBe('');
      const [mail] = await mailsTo(t.app, quiet.email, 'register-denied');
      expect(mail!.text).not.toContain('Comentario del equipo');

      const loud = await registerRequest(t.app, w);
      await patch(t.app, w.admin.headers, `/register-requests/${loud._id}/deny`, {
        adminComments: '<b>no</b>',
      });
      const [escaped] = await mailsTo(t.app, loud.email, 'register-denied');
      expect(escaped!.html).toContain('&lt;b&gt;no&lt;/b&gt;');
    });

    it('refuses comments over 100 characters', async () => {
      const request = await registerRequest(t.app, w);
      const res = await patch(t.app, w.admin.headers, `/register-requests/${request._id}/deny`, {
        adminComments: 'x'.repeat(101),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        adminComments: 'El comentario no debe tener más de 100 caracteres',
      });
    });
  });

  describe('lists', () => {
    it('pages the history in the shared shape, last handled first, and refuses a limit over 100', async () => {
      const admin = await member(t.app, 'ADMIN', [], { name: 'Beatriz Administradora' });
      const handled: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const request = await registerRequest(t.app, w);
        await patch(t.app, admin.headers, `/register-requests/${request._id}/deny`);
        handled.push(request._id);
      }
      const total = await t.app.db.$count(registerRequests, sql`${registerRequests.status} <> 'PENDING'`);
      const first = await get(t.app, admin.headers, '/register-history?limit=2');
      expect(first.statusCode).toBe(200);
      const page1 = first.json<{ requests: Paged<RegisterRequest> }>().requests;
      expect(page1).toMatchObject({ page: 1, limit: 2, totalDocs: total, hasNextPage: true, nextPage: 2 });
      expect(page1.docs.map((r) => r._id)).toEqual([handled[2], handled[1]]);
      const page2 = (await get(t.app, admin.headers, '/register-history?limit=2&page=2')).json<{
        requests: Paged<RegisterRequest>;
      }>().requests;
      expect(page2.docs[0]!._id).toBe(handled[0]);
      expect(page2.page).toBe(2);
      const tooMany = await get(t.app, admin.headers, '/register-history?limit=101');
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors).toEqual({ limit: 'El límite debe ser un número entero entre 1 y 100' });
    });

    it('lists the pending requests oldest first', async () => {
      const a = await registerRequest(t.app, w);
      const b = await registerRequest(t.app, w);
      const ids = (await get(t.app, w.admin.headers, '/register-requests/pendings'))
        .json<{ requests: RegisterRequest[] }>()
        .requests.map((r) => r._id);
      expect(ids.indexOf(a._id)).toBeLessThan(ids.indexOf(b._id));
      expect(ids.indexOf(a._id)).toBeGreaterThanOrEqual(0);
    });

    it('reads the pending list and the history from their partial indexes, without sorting', async () => {
      const plans = await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const explain = async (query: SQL) =>
          ((await tx.execute(sql`explain ${query}`)) as { rows: Record<string, unknown>[] }).rows
            .map((row) => String(Object.values(row)[0]))
            .join('\n');
        return {
          pending: await explain(
            sql`select id from register_requests where status = 'PENDING' order by created_at, id`,
          ),
          history: await explain(
            sql`select id from register_requests where status <> 'PENDING' order by handled_at desc, id limit 20`,
          ),
        };
      });
      expect(plans.pending).toContain('register_requests_pending_idx');
      expect(plans.history).toContain('register_requests_history_idx');
      expect(plans.pending).not.toMatch(/\bSort\b/);
      expect(plans.history).not.toMatch(/\bSort\b/);
    });
  });
});
