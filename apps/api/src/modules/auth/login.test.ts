import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResult } from '@fics/contracts';
import { sessions } from '../../db/schema';
import { buildTestApp, createUser, DEFAULT_TEST_PASSWORD, type TestApp } from '../../test/helpers';

describe('POST /auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // Each test uses its own address so the per-IP failure counter of one does not reach another.
  let ipCounter = 0;
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const login = (body: unknown, remoteAddress = '10.9.9.9', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: body as object,
      remoteAddress,
      headers,
    });

  it('answers tokens and the populated user, and records the session', async () => {
    const user = await createUser(t.app, { role: 'TEACHER', name: 'Diego Docente' });
    const res = await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, '10.1.2.3', {
      'user-agent': 'Navegador de prueba',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthResult>();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({
      _id: user.id,
      name: 'Diego Docente',
      email: user.email,
      role: { name: 'TEACHER', displayName: 'Docente' },
      collegeId: [],
      gradeId: [],
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userAgent: 'Navegador de prueba', ip: '10.1.2.3', revokedAt: null });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(user.id);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const res = await login(
      { email: `  ${user.email.toUpperCase()}  `, password: DEFAULT_TEST_PASSWORD },
      nextIp(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(user.email);
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and a pending invitation', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const invited = await createUser(t.app, { role: 'STUDENT', password: null });
    const expected = { type: 'UNAUTHORIZED', message: 'Datos incorrectos' };
    const wrong = await login({ email: user.email, password: 'otra-clave-cualquiera' }, nextIp());
    const unknown = await login({ email: 'nadie@fics.test', password: DEFAULT_TEST_PASSWORD }, nextIp());
    const pending = await login({ email: invited.email, password: DEFAULT_TEST_PASSWORD }, nextIp());
    const pendingEmpty = await login({ email: invited.email, password: ' ' }, nextIp());
    for (const res of [wrong, unknown, pending, pendingEmpty]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expected);
    }
  });

  it('words each invalid field as the login form does', async () => {
    const empty = await login({ email: '', password: '' }, nextIp());
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { email: 'El Email es obligatorio', password: 'La contraseña es requerida' },
    });
    const invalid = await login({ email: 'ana@', password: 'x' }, nextIp());
    expect(invalid.json().errors).toEqual({ email: 'Ingresa un email valido' });
    const missing = await login({}, nextIp());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      email: 'El Email es obligatorio',
      password: 'La contraseña es requerida',
    });
  });

  it('refuses an account with 429 after 10 failed logins, without blocking other accounts', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const other = await createUser(t.app, { role: 'STUDENT' });
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await login({ email: user.email, password: `intento-${i}` }, ip);
      expect(res.statusCode).toBe(401);
    }
    // Locked: even the right password, from any address, waits.
    for (const from of [ip, nextIp()]) {
      const locked = await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, from);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        type: 'RATE_LIMITED',
        message: 'Demasiados intentos, espera unos minutos e inténtalo de nuevo',
      });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    const unaffected = await login({ email: other.email, password: DEFAULT_TEST_PASSWORD }, ip);
    expect(unaffected.statusCode).toBe(200);
  });

  it('forgets earlier failures of an account after a successful login', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const ip = nextIp();
    for (let i = 0; i < 9; i += 1) {
      expect((await login({ email: user.email, password: `intento-${i}` }, ip)).statusCode).toBe(401);
    }
    expect((await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: user.email, password: `otro-${i}` }, ip)).statusCode).toBe(401);
    }
    expect((await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, ip)).statusCode).toBe(429);
  });

  it('refuses an address with 429 after 50 failed logins on many accounts', async () => {
    const ip = nextIp();
    for (let i = 0; i < 50; i += 1) {
      const res = await login({ email: `desconocido${i}@fics.test`, password: 'no-es-esta' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.app, { role: 'ADMIN' });
    const blocked = await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().type).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The account itself is fine from elsewhere.
    expect((await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, nextIp())).statusCode).toBe(
      200,
    );
  });
});
