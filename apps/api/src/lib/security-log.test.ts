import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { mailOutbox, roles } from '../db/schema';
import { authHeader, createUser, DEFAULT_TEST_PASSWORD, freshDatabase, testConfig } from '../test/helpers';
import { issueOneTimeToken } from '../modules/credentials';

interface LogLine {
  msg: string;
  security?: Record<string, unknown>;
}

describe('security events in the log', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const lines: string[] = [];
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      database: fresh.database,
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const events = (name: string) =>
    lines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.security?.event === name)
      .map((line) => line.security!);
  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress = '10.8.0.1',
  ) => app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress });

  it('writes one line per login success and failure, with the address, never the password or e-mail', async () => {
    const user = await createUser(app, { role: 'STUDENT', email: 'ana.secreta@fics.test' });
    expect(
      (await post('/auth/login', { email: user.email, password: 'contraseña-equivocada' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/login', { email: user.email, password: DEFAULT_TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const logins = events('login');
    expect(logins).toEqual([
      {
        event: 'login',
        outcome: 'bad-credentials',
        account: expect.stringMatching(/^[\w-]{16}$/),
        ip: '10.8.0.1',
      },
      { event: 'login', outcome: 'success', userId: user.id, ip: '10.8.0.1' },
    ]);
    const text = lines.join('\n');
    expect(text).not.toContain('contraseña-equivocada');
    expect(text).not.toContain(DEFAULT_TEST_PASSWORD);
    expect(text).not.toContain('ana.secreta');
  });

  it('reports a refresh token presented twice (a sign of theft) with the session it ended', async () => {
    const user = await createUser(app, { role: 'TEACHER' });
    const login = await post('/auth/login', { email: user.email, password: DEFAULT_TEST_PASSWORD });
    const { refreshToken } = login.json<{ refreshToken: string }>();
    expect((await post('/auth/changetoken', { refreshToken })).statusCode).toBe(200);
    expect((await post('/auth/changetoken', { refreshToken }, {}, '203.0.113.7')).statusCode).toBe(401);
    expect(events('refresh-token-reuse')).toEqual([
      {
        event: 'refresh-token-reuse',
        outcome: 'session-revoked',
        userId: user.id,
        details: { sessionId: expect.any(String) },
        ip: '203.0.113.7',
      },
    ]);
    expect(lines.join('\n')).not.toContain(refreshToken);
  });

  it('reports a password set through a link, without the token', async () => {
    const user = await createUser(app, { role: 'STUDENT', password: null });
    const token = await issueOneTimeToken({ db: app.db, userId: user.id, purpose: 'INVITATION' });
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/setPassword',
      payload: {
        token,
        password: 'un-cuento-largo-de-dragones-77',
        confirmationPassword: 'un-cuento-largo-de-dragones-77',
      },
      remoteAddress: '10.8.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(events('password-reset')).toEqual([
      {
        event: 'password-reset',
        outcome: 'success',
        userId: user.id,
        details: { link: 'invitation' },
        ip: '10.8.0.2',
      },
    ]);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('un-cuento-largo-de-dragones-77');
  });

  it('reports role and e-mail changes and account deletions with who made them', async () => {
    const admin = await createUser(app, { role: 'ADMIN' });
    const headers = await authHeader(app, admin);
    const target = await createUser(app, { role: 'STUDENT' });
    const [adminRole] = await app.db.select().from(roles).where(eq(roles.name, 'ADMIN'));
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${target.id}`,
      headers,
      payload: { role: adminRole!.id, email: 'nuevo.correo@fics.test' },
    });
    expect(changed.statusCode).toBe(200);
    expect(events('role-change')).toEqual([
      expect.objectContaining({
        userId: target.id,
        actorId: admin.id,
        details: { from: 'STUDENT', to: 'ADMIN' },
      }),
    ]);
    expect(events('email-change')).toEqual([
      expect.objectContaining({ outcome: 'success', userId: target.id, actorId: admin.id }),
    ]);
    expect(lines.join('\n')).not.toContain('nuevo.correo@fics.test');
    // The old address was told (the mail, not the log, holds the addresses).
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.email))).toHaveLength(1);

    const removed = await app.inject({ method: 'DELETE', url: `/api/v1/users/${target.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(events('account-deletion')).toEqual([
      expect.objectContaining({ outcome: 'success', userId: target.id, actorId: admin.id }),
    ]);
  });
});
