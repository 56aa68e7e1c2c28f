import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { buildTestApp, createUser, DEFAULT_TEST_PASSWORD, tokensFor, type TestApp } from '../../test/helpers';
import { issueOneTimeToken, queueInvitations } from '../credentials';
import { RECOVERY_LIMITS } from './recovery.service';

const invalidToken = 'Parece que el token expiró, para continuar vuelva a solicitar cambio de contraseña.';
const recoverySent =
  'Si el email está registrado, recibirás un enlace para recuperar tu contraseña. Revisa tu bandeja de entrada.';
const NEW_PASSWORD = 'nueva-clave-de-ana-2024';

describe('password recovery and invitations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://fics.example.cl' });
  });
  afterAll(async () => {
    await t.close();
  });

  let ipCounter = 0;
  const nextIp = () => `10.2.0.${++ipCounter}`;
  const post = (url: string, payload: object, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
  const recover = (email: string, remoteAddress?: string) =>
    post('/auth/recoverPassword', { email }, remoteAddress);
  const check = (token: string) => post('/auth/checkRecoveryToken', { token });
  const setPassword = (token: string, password = NEW_PASSWORD, confirmationPassword = password) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/setPassword',
      payload: { token, password, confirmationPassword },
    });
  const login = (email: string, password: string) => post('/auth/login', { email, password });
  const mailsTo = (email: string, kind: string) =>
    t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, kind)))
      .orderBy(mailOutbox.createdAt);
  const tokenIn = (text: string) => /\/password-recovery\/([\w-]+)/.exec(text)?.[1];
  const latestToken = async (email: string, kind = 'recovery') => {
    const mails = await mailsTo(email, kind);
    return tokenIn(mails.at(-1)!.text)!;
  };
  const expectInvalidToken = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'VALIDATION_ERROR',
      message: invalidToken,
      errors: { token: invalidToken },
    });
  };

  it('answers an unknown e-mail exactly as a known one, without sending anything or a token', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const unknown = await recover('nadie-registrado@fics.test');
    const known = await recover(user.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: recoverySent });
    expect(known.json()).toEqual({ message: recoverySent });
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo('nadie-registrado@fics.test', 'recovery')).toHaveLength(0);
    const [mail] = await mailsTo(user.email, 'recovery');
    expect(known.body).not.toContain(tokenIn(mail!.text)!);
  });

  it('e-mails a link that checks, sets a new password once, and logs in', async () => {
    const user = await createUser(t.app, { role: 'TEACHER', name: 'Ana Pérez' });
    expect((await recover(`  ${user.email.toUpperCase()} `)).statusCode).toBe(200);
    const [mail] = await mailsTo(user.email, 'recovery');
    expect(mail).toMatchObject({ status: 'PENDING', subject: 'Fics: recupera tu contraseña' });
    expect(mail!.text).toContain('Hola Ana Pérez:');
    expect(mail!.text).toMatch(/https:\/\/fics\.example\.cl\/password-recovery\/[\w-]{43}\b/);
    expect(mail!.html).toContain('https://fics.example.cl/password-recovery/');
    const token = tokenIn(mail!.text)!;

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ valid: true, purpose: 'RECOVERY', email: user.email });

    const set = await setPassword(token);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Contraseña actualizada exitosamente' });

    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(401);
    expectInvalidToken(await check(token));
    expectInvalidToken(await setPassword(token, 'otra-clave-mas-2024'));
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends every existing session of the user when the password is set', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const a = await tokensFor(t.app, user);
    const b = await tokensFor(t.app, user);
    await recover(user.email);
    expect((await setPassword(await latestToken(user.email))).statusCode).toBe(200);
    for (const session of [a, b]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(me.statusCode).toBe(401);
      const refreshed = await post('/auth/changetoken', { refreshToken: session.refreshToken });
      expect(refreshed.statusCode).toBe(401);
    }
  });

  it('retires the earlier link when a new one is requested', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    await recover(user.email);
    const first = await latestToken(user.email);
    await recover(user.email);
    const second = await latestToken(user.email);
    expect(second).not.toBe(first);
    expectInvalidToken(await check(first));
    expectInvalidToken(await setPassword(first));
    expect((await check(second)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const token = await issueOneTimeToken({
      db: t.app.db,
      userId: user.id,
      purpose: 'RECOVERY',
      now: new Date(Date.now() - 31 * 60 * 1000),
    });
    expectInvalidToken(await check(token));
    expectInvalidToken(await setPassword(token));
    expect((await login(user.email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses unknown and malformed tokens with the recovery page message', async () => {
    expectInvalidToken(await check('no-existe'));
    expectInvalidToken(await setPassword('no-existe'));
    const empty = await check('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ token: 'El token es obligatorio' });
  });

  it('words password problems on their fields and keeps the link usable', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    await recover(user.email);
    const token = await latestToken(user.email);
    const cases: [string, string, Record<string, string>][] = [
      ['', '', { password: 'La contraseña es requerida', confirmationPassword: 'Confirma tu contraseña' }],
      ['corta', 'corta', { password: 'La contraseña debe tener al menos 8 caracteres' }],
      ['x'.repeat(65), 'x'.repeat(65), { password: 'La contraseña no debe tener más de 64 caracteres' }],
      [
        'password123',
        'password123',
        { password: 'Esta contraseña es demasiado común, elige una más difícil de adivinar' },
      ],
      [NEW_PASSWORD, 'otra-cosa-distinta', { confirmationPassword: 'La contraseña no coincide' }],
    ];
    for (const [password, confirmation, errors] of cases) {
      const res = await setPassword(token, password, confirmation);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    }
    expect((await check(token)).statusCode).toBe(200);
  });

  it('lets an invited account set its first password through the invitation link', async () => {
    const invited = await createUser(t.app, { role: 'STUDENT', name: 'Nuevo Estudiante', password: null });
    await queueInvitations({
      db: t.app.db,
      publicUrl: t.config.publicUrl,
      users: [{ id: invited.id, name: invited.name, email: invited.email }],
    });
    expect((await login(invited.email, NEW_PASSWORD)).statusCode).toBe(401);
    const token = await latestToken(invited.email, 'invitation');
    const checked = await check(token);
    expect(checked.json()).toEqual({ valid: true, purpose: 'INVITATION', email: invited.email });
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await login(invited.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectInvalidToken(await check(token));
  });

  it('sends a recovery link to an invited account that lost its invitation', async () => {
    const invited = await createUser(t.app, { role: 'STUDENT', password: null });
    expect((await recover(invited.email)).statusCode).toBe(200);
    const token = await latestToken(invited.email);
    expect((await check(token)).json().purpose).toBe('RECOVERY');
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await login(invited.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('unlocks an account locked by failed logins once its password is reset', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      await post('/auth/login', { email: user.email, password: `intento-${i}` }, ip);
    }
    expect(
      (await post('/auth/login', { email: user.email, password: DEFAULT_TEST_PASSWORD }, ip)).statusCode,
    ).toBe(429);
    await recover(user.email);
    expect((await setPassword(await latestToken(user.email))).statusCode).toBe(200);
    expect((await post('/auth/login', { email: user.email, password: NEW_PASSWORD }, ip)).statusCode).toBe(
      200,
    );
  });

  it('e-mails at most 3 links an account every 15 minutes, answering the same, so nobody is blocked', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const classroom = nextIp();
    // A classmate asks again and again for someone else's link...
    for (let i = 0; i < 6; i += 1) {
      const res = await recover(user.email, classroom);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: recoverySent });
    }
    const mails = await mailsTo(user.email, 'recovery');
    expect(mails).toHaveLength(3);
    // ...and the owner, asking too, is not refused; the last link e-mailed still works.
    expect((await recover(user.email, nextIp())).statusCode).toBe(200);
    expect(await mailsTo(user.email, 'recovery')).toHaveLength(3);
    const lastLink = tokenIn(mails.at(-1)!.text)!;
    expect((await check(lastLink)).statusCode).toBe(200);
    expect((await setPassword(lastLink)).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an address after 300 recovery requests in an hour, not a school asking for 25', async () => {
    const school = nextIp();
    // More than the 20 an hour that used to block a school.
    for (let i = 0; i < 25; i += 1) {
      expect((await recover(`persona${i}@fics.test`, school)).statusCode).toBe(200);
    }
    for (let i = 25; i < RECOVERY_LIMITS.address.limit; i += 1) {
      await t.app.rateLimiter.hit(
        `recover:address:${school}`,
        RECOVERY_LIMITS.address.limit,
        RECOVERY_LIMITS.address.windowMs,
      );
    }
    const limited = await recover('otra-persona@fics.test', school);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().type).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect((await recover('otra-persona@fics.test', nextIp())).statusCode).toBe(200);
  });

  it('takes about as long for an unknown e-mail as for a known one', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const time = async (email: string) => {
      const started = performance.now();
      await recover(email);
      return performance.now() - started;
    };
    const known = await time(user.email);
    const unknown = await time('tampoco-existe@fics.test');
    // Both wait for the same floor (100 ms); the known one's extra work fits under it.
    expect(unknown).toBeGreaterThanOrEqual(95);
    expect(known).toBeGreaterThanOrEqual(95);
  });
});
