import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import {
  buildTestApp,
  createUser,
  DEFAULT_TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/helpers';
import { createSession, SESSION_MAX_AGE_MS } from '../credentials';

interface Pair {
  accessToken: string;
  refreshToken: string;
}

describe('POST /auth/changetoken and POST /auth/logout', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await createUser(t.app, { role: 'TEACHER' });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Pair>();
  };
  const change = (refreshToken: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/changetoken', payload: { refreshToken } });
  const me = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const expired = { type: 'UNAUTHORIZED', message: 'Tu sesión expiró, vuelve a ingresar' };

  it('rotates: a new pair works and the presented refresh token is spent', async () => {
    const first = await login();
    const res = await change(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json<Pair>();
    expect(Object.keys(next).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await me(next.accessToken)).statusCode).toBe(200);
    const again = await change(first.refreshToken);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(expired);
  });

  it('revokes the whole session when a spent refresh token comes back', async () => {
    const first = await login();
    const second = (await change(first.refreshToken)).json<Pair>();
    const third = (await change(second.refreshToken)).json<Pair>();
    expect((await me(third.accessToken)).statusCode).toBe(200);

    // Someone replays the first token: the session ends for everyone holding it.
    expect((await change(first.refreshToken)).statusCode).toBe(401);
    expect((await change(third.refreshToken)).statusCode).toBe(401);
    expect((await me(third.accessToken)).statusCode).toBe(401);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.some((s) => s.revokedReason === 'reuse')).toBe(true);
  });

  it('lets only one of two simultaneous uses of a refresh token succeed', async () => {
    const first = await login();
    const results = await Promise.all([change(first.refreshToken), change(first.refreshToken)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = results.find((r) => r.statusCode === 200)!.json<Pair>();
    // The replay revoked the session, so the winner's tokens are dead too.
    expect((await change(winner.refreshToken)).statusCode).toBe(401);
  });

  it('never extends a session past 30 days from its creation', async () => {
    const createdAt = new Date(Date.now() - SESSION_MAX_AGE_MS + 60_000);
    const young = await createSession({
      db: t.app.db,
      jwtSecret: t.config.jwtSecret,
      userId: user.id,
      role: 'TEACHER',
      now: createdAt,
    });
    // Refreshed a moment ago: only the absolute limit is near.
    await t.app.db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, young.sessionId));
    const rotated = await change(young.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, young.sessionId));
    expect(row!.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_MAX_AGE_MS);

    const old = await createSession({
      db: t.app.db,
      jwtSecret: t.config.jwtSecret,
      userId: user.id,
      role: 'TEACHER',
      now: new Date(Date.now() - SESSION_MAX_AGE_MS - 1000),
    });
    const res = await change(old.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('answers 401 for an unknown token and 400 for a malformed body, never 500', async () => {
    for (const token of ['desconocido', 'x'.repeat(512), '\u0000\u00ff', "' or 1=1 --"]) {
      const res = await change(token);
      expect(res.statusCode).toBe(401);
    }
    for (const token of ['', 'x'.repeat(513), 42, null, { $ne: '' }, ['a']]) {
      const res = await change(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('VALIDATION_ERROR');
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/v1/auth/changetoken' });
    expect(noBody.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/changetoken',
      headers: { 'content-type': 'application/json' },
      payload: '{"refreshToken":',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('logs out: the session ends at once, other sessions of the user stay', async () => {
    const kept = await login();
    const ending = await login();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${ending.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Se ha desconectado con éxito!' });
    expect((await me(ending.accessToken)).statusCode).toBe(401);
    expect((await change(ending.refreshToken)).statusCode).toBe(401);
    expect((await me(kept.accessToken)).statusCode).toBe(200);

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${ending.accessToken}` },
    });
    expect(twice.statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ends a session whose refresh token went unused for 7 days (a shared computer left signed in)', async () => {
    const open = async (lastUsedDaysAgo: number) => {
      const session = await createSession({
        db: t.app.db,
        jwtSecret: t.config.jwtSecret,
        userId: user.id,
        role: 'TEACHER',
      });
      const lastUsedAt = new Date(Date.now() - lastUsedDaysAgo * 24 * 60 * 60 * 1000);
      await t.app.db.update(sessions).set({ lastUsedAt }).where(eq(sessions.id, session.sessionId));
      return session;
    };
    const recent = await open(6.9);
    const rotated = await change(recent.refreshToken);
    expect(rotated.statusCode).toBe(200);
    // Using it starts the 7 days again.
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.id, recent.sessionId));
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);

    const idle = await open(7.01);
    const res = await change(idle.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
    const [ended] = await t.app.db.select().from(sessions).where(eq(sessions.id, idle.sessionId));
    expect(ended!.revokedReason).toBe('idle');
    expect((await me(idle.accessToken)).statusCode).toBe(401);
  });

  it('takes the idle time from the configuration', async () => {
    const short = await buildTestApp({ sessionIdleMs: 60 * 60 * 1000 });
    try {
      const session = await createSession({
        db: short.app.db,
        jwtSecret: short.config.jwtSecret,
        userId: (await createUser(short.app, { role: 'STUDENT' })).id,
        role: 'STUDENT',
        now: new Date(Date.now() - 2 * 60 * 60 * 1000),
      });
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/v1/auth/changetoken',
        payload: { refreshToken: session.refreshToken },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('logs out on every device at once, this one included, and no other user', async () => {
    const phone = await login();
    const schoolComputer = await login();
    const other = await createUser(t.app, { role: 'TEACHER' });
    const otherSession = await createSession({
      db: t.app.db,
      jwtSecret: t.config.jwtSecret,
      userId: other.id,
      role: 'TEACHER',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-all',
      headers: { authorization: `Bearer ${phone.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se cerró la sesión en todos los dispositivos');
    expect(res.json().sessionsEnded).toBeGreaterThanOrEqual(2);
    for (const pair of [phone, schoolComputer]) {
      expect((await me(pair.accessToken)).statusCode).toBe(401);
      expect((await change(pair.refreshToken)).statusCode).toBe(401);
    }
    expect((await me(otherSession.accessToken)).statusCode).toBe(200);
    const live = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.filter((session) => !session.revokedAt)).toHaveLength(0);

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout-all' });
    expect(anonymous.statusCode).toBe(401);
  });
});
