import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TYPE, JWT_AUDIENCE, JWT_ISSUER, signAccessToken } from '../../lib/jwt';
import {
  buildTestApp,
  createUser,
  TEST_JWT_SECRET,
  tokensFor,
  type TestApp,
  type TestUser,
} from '../../test/helpers';

describe('GET /auth/me and the access token checks', () => {
  let t: TestApp;
  let user: TestUser;
  let sessionId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await createUser(t.app, { role: 'STUDENT', name: 'Sofía Estudiante' });
    ({ sessionId } = await tokensFor(t.app, user));
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });

  const expectRefused = async (token: string) => {
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      type: 'UNAUTHORIZED',
      message: 'Debes iniciar sesión para realizar esta acción',
    });
  };

  /** A token like ours, with one thing changed. */
  const forge = (
    changes: { typ?: string; aud?: string; iss?: string; secret?: string; exp?: number } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: sessionId, role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256', typ: changes.typ ?? ACCESS_TOKEN_TYPE })
      .setSubject(user.id)
      .setIssuer(changes.iss ?? JWT_ISSUER)
      .setAudience(changes.aud ?? JWT_AUDIENCE)
      .setIssuedAt(now - 60)
      .setExpirationTime(changes.exp ?? now + 600)
      .sign(new TextEncoder().encode(changes.secret ?? TEST_JWT_SECRET));
  };

  it('answers the signed-in user, populated', async () => {
    const res = await me(await forge());
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: user.id,
      name: 'Sofía Estudiante',
      role: { name: 'STUDENT', displayName: 'Estudiante' },
    });
  });

  it('takes the role from the database, not from the token', async () => {
    // forge() claims ADMIN; /auth/me still shows the stored role.
    const res = await me(await forge());
    expect(res.json().user.role.name).toBe('STUDENT');
  });

  it('refuses a request without a token or with a malformed header', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(none.statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
    await expectRefused('not-a-jwt');
    await expectRefused('a.b.c');
  });

  it('refuses an unsigned token (alg none)', async () => {
    const valid = await forge();
    const [, payload] = valid.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: ACCESS_TOKEN_TYPE })).toString('base64url');
    await expectRefused(`${header}.${payload}.`);
  });

  it('refuses a token signed with another key', async () => {
    await expectRefused(await forge({ secret: 'otra-clave-otra-clave-otra-clave-0123456789' }));
    const valid = await forge();
    await expectRefused(`${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`);
  });

  it('refuses an expired token', async () => {
    const old = await signAccessToken(
      { userId: user.id, sessionId, role: 'STUDENT' },
      TEST_JWT_SECRET,
      new Date(Date.now() - 16 * 60 * 1000),
    );
    await expectRefused(old);
  });

  it('refuses a token of another type, audience or issuer', async () => {
    await expectRefused(await forge({ typ: 'JWT' }));
    await expectRefused(await forge({ aud: 'otra-app' }));
    await expectRefused(await forge({ iss: 'otro-emisor' }));
  });

  it('refuses a refresh token presented as an access token', async () => {
    const { refreshToken } = await tokensFor(t.app, user);
    await expectRefused(refreshToken);
  });

  it('refuses the token of a session that logged out', async () => {
    const { accessToken } = await tokensFor(t.app, user);
    const headers = { authorization: `Bearer ${accessToken}` };
    expect((await me(accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    await expectRefused(accessToken);
  });
});
