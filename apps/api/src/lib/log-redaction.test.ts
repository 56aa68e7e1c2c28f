import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createUser, freshDatabase, testConfig } from '../test/helpers';
import { issueOneTimeToken } from '../modules/credentials';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the token of the password page and token-like query values, and nothing else', () => {
    expect(redactUrl('/password-recovery/abcDEF123_-xyz')).toBe('/password-recovery/[oculto]');
    expect(redactUrl('/password-recovery/abc?utm=correo')).toBe('/password-recovery/[oculto]?utm=correo');
    expect(redactUrl('/Password-Recovery/abc/')).toBe('/Password-Recovery/[oculto]/');
    expect(redactUrl('/api/v1/x?token=abc&page=2&refreshToken=def&access_token=ghi')).toBe(
      '/api/v1/x?token=[oculto]&page=2&refreshToken=[oculto]&access_token=[oculto]',
    );
    expect(redactUrl('/api/v1/x?%74oken=abc&new_password=p')).toBe(
      '/api/v1/x?%74oken=[oculto]&new_password=[oculto]',
    );
    expect(redactUrl('/api/v1/stories?page=2&q=%C3%B1and%C3%BA')).toBe(
      '/api/v1/stories?page=2&q=%C3%B1and%C3%BA',
    );
    expect(redactUrl('/fics/123')).toBe('/fics/123');
  });
});

/** Issue 11, point 7a: the request logs (pino, as the server writes them) never carry a token. */
describe('request logs', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const output: string[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output.push(chunk.toString('utf8'));
        callback();
      },
    });
    app = await buildApp({
      config: testConfig({ logLevel: 'trace' }),
      database: fresh.database,
      logger: { level: 'trace', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('never shows a recovery or invitation token, in URLs, bodies or headers', async () => {
    const user = await createUser(app, { role: 'STUDENT' });
    const recovery = await issueOneTimeToken({ db: app.db, userId: user.id, purpose: 'RECOVERY' });
    const invitation = await issueOneTimeToken({ db: app.db, userId: user.id, purpose: 'INVITATION' });
    const tokens = [recovery, invitation];

    for (const token of tokens) {
      // The page the e-mailed link opens, as a browser asks for it.
      await app.inject({
        method: 'GET',
        url: `/password-recovery/${token}`,
        headers: { accept: 'text/html' },
      });
      await app.inject({ method: 'GET', url: `/password-recovery/${token}?utm_source=correo` });
      const checked = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/checkRecoveryToken',
        payload: { token },
      });
      expect(checked.statusCode).toBe(200);
      // A token in a query string or a header, and a refused password (400, logged).
      await app.inject({ method: 'GET', url: `/api/v1/auth/me?token=${token}&access_token=${token}` });
      await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}`, cookie: `sesion=${token}` },
      });
      const refused = await app.inject({
        method: 'PATCH',
        url: '/api/v1/auth/setPassword',
        payload: { token, password: 'babygirl', confirmationPassword: 'babygirl' },
      });
      expect(refused.statusCode).toBe(400);
    }
    const set = await app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/setPassword',
      payload: {
        token: invitation,
        password: 'el-condor-pasa-2024',
        confirmationPassword: 'el-condor-pasa-2024',
      },
    });
    expect(set.statusCode).toBe(200);
    // The token spent: an invalid-token answer is logged too.
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/setPassword',
      payload: {
        token: invitation,
        password: 'el-condor-pasa-2024',
        confirmationPassword: 'el-condor-pasa-2024',
      },
    });

    const log = output.join('');
    const lines = output
      .flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url: string } });
    // The logs were captured, with the requests' URLs in them.
    const urls = lines.flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain('/password-recovery/[oculto]');
    expect(urls).toContain('/password-recovery/[oculto]?utm_source=correo');
    expect(urls).toContain('/api/v1/auth/me?token=[oculto]&access_token=[oculto]');
    expect(urls).toContain('/api/v1/auth/setPassword');
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
    for (const token of tokens) {
      expect(log).not.toContain(token);
      // Not even a fragment of it.
      expect(log).not.toContain(token.slice(0, 16));
      expect(log).not.toContain(token.slice(-16));
    }
  });
});
