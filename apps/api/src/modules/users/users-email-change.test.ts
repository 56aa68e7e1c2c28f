import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { mailOutbox, oneTimeTokens, sessions, users } from '../../db/schema';
import { authHeader, buildTestApp, createUser, tokensFor, type TestApp } from '../../test/helpers';
import { issueOneTimeToken } from '../credentials';
import { assignGrades, member, schoolWorld } from './users.fixtures';

describe('changing an account’s e-mail (PATCH /users/:id)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://fics.example.cl' });
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (headers: Record<string, string>, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers, payload });
  const mailsTo = (to: string) =>
    t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
  const liveLinks = (userId: string) =>
    t.app.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
  const me = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const checkLink = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/checkRecoveryToken', payload: { token } });

  /** A student of grade A1 who has not set a password yet, with the invitation link they were sent. */
  const invitedStudent = async (email: string) => {
    const student = await createUser(t.app, { role: 'STUDENT', email, password: null });
    await assignGrades(t.app, student.id, [w.gradeA1]);
    const link = await issueOneTimeToken({ db: t.app.db, userId: student.id, purpose: 'INVITATION' });
    return { ...student, link };
  };

  it('fixing a mistyped address kills the invitation sent to it and invites the new address', async () => {
    const student = await invitedStudent('sofia@gmial.com');
    const teacher = await member(t.app, 'TEACHER', [w.gradeA1]);
    const res = await patch(teacher.headers, student.id, { email: 'sofia@gmail.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('sofia@gmail.com');

    // The link that went to the wrong address no longer sets a password.
    expect((await checkLink(student.link)).statusCode).toBe(400);
    const [told] = await mailsTo('sofia@gmial.com');
    expect(told).toMatchObject({ kind: 'email-changed' });
    expect(told!.text).toContain('so•••@gmail.com');
    expect(told!.text).not.toContain('/password-recovery/');
    const [invitation] = await mailsTo('sofia@gmail.com');
    expect(invitation).toMatchObject({ kind: 'invitation' });
    const newLink = /\/password-recovery\/([\w-]+)/.exec(invitation!.text)![1]!;
    expect((await checkLink(newLink)).json()).toMatchObject({
      purpose: 'INVITATION',
      email: 'sofia@gmail.com',
    });
    expect(await liveLinks(student.id)).toHaveLength(1);
  });

  it('refuses a teacher changing the e-mail of a student who activated the account, and changes nothing', async () => {
    const teacher = await member(t.app, 'TEACHER', [w.gradeA1]);
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const res = await patch(teacher.headers, student.id, {
      email: 'profe.se.apropia@fics.test',
      name: 'Otro Nombre',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      type: 'FORBIDDEN',
      message: 'Solo un administrador puede cambiar el email de un estudiante que ya activó su cuenta',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, student.id));
    expect(row).toMatchObject({ email: student.email, name: student.name });
    expect(await mailsTo(student.email)).toHaveLength(0);
    // The same teacher may still edit the rest, and send the e-mail unchanged.
    const rename = await patch(teacher.headers, student.id, {
      email: student.email,
      name: 'Nombre Corregido',
    });
    expect(rename.statusCode).toBe(200);
  });

  it('lets an administrator move an activated account: links retired, sessions ended, old address told', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const session = await tokensFor(t.app, student);
    const recovery = await issueOneTimeToken({ db: t.app.db, userId: student.id, purpose: 'RECOVERY' });
    const res = await patch(w.admin.headers, student.id, { email: 'nueva.direccion@fics.test' });
    expect(res.statusCode).toBe(200);

    expect((await me(session.accessToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/changetoken',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const [ended] = await t.app.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(ended!.revokedReason).toBe('email-change');
    expect((await checkLink(recovery)).statusCode).toBe(400);
    expect((await mailsTo(student.email)).map((mail) => mail.kind)).toEqual(['email-changed']);
    // Activated: no invitation, the password stays and works with the new address.
    expect(await mailsTo('nueva.direccion@fics.test')).toHaveLength(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nueva.direccion@fics.test', password: student.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('leaves sessions, links and mail alone when the e-mail does not change', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const session = await tokensFor(t.app, student);
    const res = await patch(w.admin.headers, student.id, {
      email: student.email.toUpperCase(),
      name: 'Mismo Correo',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(session.accessToken)).statusCode).toBe(200);
    expect(await mailsTo(student.email)).toHaveLength(0);
  });

  it('refuses a student or a visitor changing anyone’s e-mail', async () => {
    const target = await member(t.app, 'STUDENT', [w.gradeA1]);
    const classmate = await createUser(t.app, { role: 'STUDENT' });
    const asStudent = await patch(await authHeader(t.app, classmate), target.id, { email: 'x@fics.test' });
    expect(asStudent.statusCode).toBe(403);
    const asVisitor = await patch({}, target.id, { email: 'x@fics.test' });
    expect(asVisitor.statusCode).toBe(401);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.email).toBe(target.email);
  });
});
