import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { AuthResult } from '@fics/contracts';
import { sessions, users } from '../../db/schema';
import { buildTestApp, createUser, DEFAULT_TEST_PASSWORD, type TestApp } from '../../test/helpers';
import { LOGIN_LIMITS, loginFailureKeys } from './auth.service';

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

  const expectRateLimited = (res: Awaited<ReturnType<typeof login>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      type: 'RATE_LIMITED',
      message: 'Demasiados intentos, espera unos minutos e inténtalo de nuevo',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  };

  it('lets 80 students behind one school address log in, each after one typo', async () => {
    const school = nextIp();
    const students = [];
    for (let i = 0; i < 80; i += 1) {
      students.push(await createUser(t.app, { role: 'STUDENT' }));
    }
    for (const student of students) {
      expect((await login({ email: student.email, password: 'me-equivoque' }, school)).statusCode).toBe(401);
      expect(
        (await login({ email: student.email, password: DEFAULT_TEST_PASSWORD }, school)).statusCode,
      ).toBe(200);
    }
  });

  it('stops guessing one account from one address after 10 failures; the owner still logs in from elsewhere', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const other = await createUser(t.app, { role: 'STUDENT' });
    const classroom = nextIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: user.email, password: `intento-${i}` }, classroom)).statusCode).toBe(401);
    }
    // From that address, even the right password waits...
    expectRateLimited(await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, classroom));
    // ...but a classmate cannot lock the owner out: from home it works.
    expect((await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, nextIp())).statusCode).toBe(
      200,
    );
    // Nor the classroom out: other accounts log in from it.
    expect((await login({ email: other.email, password: DEFAULT_TEST_PASSWORD }, classroom)).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 client by its /64, so a new address in it does not start a new count', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    for (let i = 0; i < 10; i += 1) {
      const res = await login({ email: user.email, password: `intento-${i}` }, `2001:db8:7:0::${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    expectRateLimited(await login({ email: user.email, password: 'otro' }, '2001:db8:7:0:ffff::9'));
    expect(
      (await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, '2001:db8:8::1')).statusCode,
    ).toBe(200);
  });

  it('forgets earlier failures of an account from an address after a successful login', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const ip = nextIp();
    for (let i = 0; i < 9; i += 1) {
      expect((await login({ email: user.email, password: `intento-${i}` }, ip)).statusCode).toBe(401);
    }
    expect((await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: user.email, password: `otro-${i}` }, ip)).statusCode).toBe(401);
    }
    expectRateLimited(await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, ip));
  });

  it('stops an account from every address only after 100 failures from many addresses', async () => {
    const user = await createUser(t.app, { role: 'STUDENT' });
    const [row] = await t.app.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    const { account } = loginFailureKeys(user.email, row!.passwordHash, '10.255.0.1');
    // 99 failures spread over addresses (the per-address stop keeps each to 10), then the 100th.
    for (let i = 0; i < 99; i += 1) {
      await t.app.rateLimiter.hit(account, LOGIN_LIMITS.account.limit, LOGIN_LIMITS.account.windowMs);
    }
    expect((await login({ email: user.email, password: 'intento' }, nextIp())).statusCode).toBe(401);
    expectRateLimited(await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, nextIp()));
  });

  it('stops an address after 1,500 failed logins on any accounts within 15 minutes', async () => {
    const ip = nextIp();
    const { address } = loginFailureKeys('x@fics.test', null, ip);
    for (let i = 0; i < LOGIN_LIMITS.address.limit - 1; i += 1) {
      await t.app.rateLimiter.hit(address, LOGIN_LIMITS.address.limit, LOGIN_LIMITS.address.windowMs);
    }
    expect((await login({ email: 'desconocido@fics.test', password: 'no-es-esta' }, ip)).statusCode).toBe(
      401,
    );
    const user = await createUser(t.app, { role: 'ADMIN' });
    expectRateLimited(await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, ip));
    // The account itself is fine from elsewhere.
    expect((await login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, nextIp())).statusCode).toBe(
      200,
    );
  });

  // PostgreSQL only: the embedded database runs one statement at a time, so nothing can interleave.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses, with 401 and not a 500, a login whose account is erased while its password is checked',
    async () => {
      const user = await createUser(t.app, { role: 'STUDENT' });
      const current: unknown = await t.app.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(current as { rows: { name: string }[] }).rows[0]!.name}`;
      const eraser = new pg.Client({ connectionString: url.toString() });
      await eraser.connect();
      try {
        // The erasure's order (erasure.service erasePerson): the account's retention row, then the
        // account's row, held until it commits, then gone.
        await eraser.query('begin');
        await eraser.query('select 1 from user_retention where user_id = $1 for update', [user.id]);
        await eraser.query('select id from users where id = $1 for update', [user.id]);
        const pending = login({ email: user.email, password: DEFAULT_TEST_PASSWORD }, nextIp());
        // The login checks the password, then waits on the held retention row.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await eraser.query('delete from users where id = $1', [user.id]);
        await eraser.query('commit');
        const res = await pending;
        expect(res.statusCode).toBe(401);
      } finally {
        await eraser.end();
      }
    },
  );
});
