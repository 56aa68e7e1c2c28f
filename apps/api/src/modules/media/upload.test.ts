import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fics/contracts';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';

/** Found by app.fuzz.test.ts: a malformed multipart body answered 500 instead of 400. */
describe('a malformed multipart form (readUploadForm)', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const student = await createUser(t.app, { role: 'STUDENT' });
    userId = student.id;
    headers = await authHeader(t.app, student);
  });
  afterAll(async () => {
    await t.close();
  });

  const part = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna María\r\n';
  const cases: [string, string, string][] = [
    ['no boundary in the content type', 'multipart/form-data', `${part}--b--\r\n`],
    ['a body without the boundary', 'multipart/form-data; boundary=b', 'name=Ana'],
    ['an unterminated form', 'multipart/form-data; boundary=b', part.slice(0, -2)],
    [
      'a part without a name',
      'multipart/form-data',
      '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n',
    ],
  ];

  for (const [what, contentType, payload] of cases) {
    it(`answers 400 in the one shape for ${what}, on every form route`, async () => {
      for (const [method, url] of [
        ['PATCH', `/api/v1/users/${userId}/profile`],
        ['POST', '/api/v1/stories'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json()).toEqual({ type: 'VALIDATION_ERROR', message: messages.validation });
      }
    });
  }

  it('still takes a well-formed form', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${userId}/profile`,
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=b' },
      payload: `${part}--b--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { name: string } }>().user.name).toBe('Ana María');
  });
});
