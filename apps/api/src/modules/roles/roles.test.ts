import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

describe('GET /roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the three roles to anyone, in the order ADMIN, TEACHER, STUDENT', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/roles' });
    expect(res.statusCode).toBe(200);
    const { roles } = res.json<{ roles: { _id: string; name: string; displayName: string }[] }>();
    expect(roles.map(({ name, displayName }) => ({ name, displayName }))).toEqual([
      { name: 'ADMIN', displayName: 'Administrador' },
      { name: 'TEACHER', displayName: 'Docente' },
      { name: 'STUDENT', displayName: 'Estudiante' },
    ]);
    for (const role of roles) {
      expect(role._id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
