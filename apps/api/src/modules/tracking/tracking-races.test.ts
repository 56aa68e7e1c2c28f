import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEST_PASSWORD, buildTestApp, type TestApp } from '../../test/helpers';
import { publishedStory, storyWorld } from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';
import { eventKeysOf, postTracking } from './tracking.fixtures';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Reports that arrive together are recorded once: the check and the insert run under a per-student
 * lock. Only on a PostgreSQL server (TEST_DATABASE_URL), where requests really overlap.
 */
describe.runIf(onServer)('activity reported at once (PostgreSQL server)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let storyId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    storyId = (await publishedStory(t.app, w)).story._id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('records one reading when a student’s 20 reports of the same fic arrive together', async () => {
    for (let round = 0; round < 3; round += 1) {
      const reader = await member(t.app, 'STUDENT', [w.gradeA2]);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          postTracking(t.app, reader.headers, { resource: 'STORIES', action: 'READ', storyId }),
        ),
      );
      const codes = results.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 200)).toHaveLength(19);
      expect(await eventKeysOf(t.app, reader.id)).toEqual(['STORIES.READ']);
    }
  });

  it('records one logout when the client reports it while the session ends', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: student.email, password: DEFAULT_TEST_PASSWORD },
    });
    const session = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        postTracking(t.app, student.headers, { resource: 'AUTH', action: 'LOGOUT' }),
      ),
      t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: session }),
      ...Array.from({ length: 5 }, () =>
        postTracking(t.app, student.headers, { resource: 'AUTH', action: 'LOGOUT' }),
      ),
    ]);
    expect(results.every((res) => res.statusCode < 300)).toBe(true);
    expect(await eventKeysOf(t.app, student.id)).toEqual(['AUTH.LOGIN', 'AUTH.LOGOUT']);
  });
});
