import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@fics/contracts';
import { buildTestApp, DEFAULT_TEST_PASSWORD, type TestApp } from '../../test/helpers';
import { multipartBody } from '../../test/multipart';
import {
  coverImage,
  createStory,
  editStory,
  evaluate,
  postStory,
  sendStory,
  setStatus,
  storyWorld,
} from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';
import { eventKeysOf, eventsOf, postTracking, trackingPage } from './tracking.fixtures';

/**
 * The server records a student's own activity where it happens (spec 001 §2; architecture.md §6.6),
 * through the real API calls; teachers' and administrators' actions are not anyone's activity.
 */
describe('activity the server records for students', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  let ipCounter = 0;
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: DEFAULT_TEST_PASSWORD },
      remoteAddress: `10.20.0.${++ipCounter}`,
    });
  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
  const bearer = (res: { json: <T>() => T }) => ({
    authorization: `Bearer ${res.json<AuthResult>().accessToken}`,
  });

  describe('logging in and out', () => {
    it('records a student’s login, and nothing for a failed one', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: student.email, password: 'otra-clave-equivocada' },
        remoteAddress: '10.20.1.1',
      });
      expect(failed.statusCode).toBe(401);
      expect(await eventKeysOf(t.app, student.id)).toEqual([]);
      expect((await login(student.email)).statusCode).toBe(200);
      expect(await eventKeysOf(t.app, student.id)).toEqual(['AUTH.LOGIN']);
    });

    it('records a student’s logout once, even when the spec’s client reports it as well', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const session = bearer(await login(student.email));
      // The spec's client posts the logout to /tracking, then ends the session.
      const reported = await postTracking(t.app, session, { resource: 'AUTH', action: 'LOGOUT' });
      expect(reported.statusCode).toBe(201);
      expect((await logout(session)).statusCode).toBe(200);
      expect(await eventKeysOf(t.app, student.id)).toEqual(['AUTH.LOGIN', 'AUTH.LOGOUT']);
      // The ended session can report nothing more.
      expect((await postTracking(t.app, session, { resource: 'AUTH', action: 'LOGOUT' })).statusCode).toBe(
        401,
      );
    });

    it('records a logout through /auth/logout alone', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      expect((await logout(bearer(await login(student.email)))).statusCode).toBe(200);
      expect(await eventKeysOf(t.app, student.id)).toEqual(['AUTH.LOGIN', 'AUTH.LOGOUT']);
    });

    it('records no login or logout of teachers and administrators', async () => {
      for (const role of ['TEACHER', 'ADMIN'] as const) {
        const who = await member(t.app, role, role === 'TEACHER' ? [w.gradeA1] : []);
        const res = await login(who.email);
        expect(res.statusCode).toBe(200);
        expect((await logout(bearer(res))).statusCode).toBe(200);
        expect(await eventKeysOf(t.app, who.id)).toEqual([]);
      }
    });
  });

  describe('writing fics', () => {
    it('records a draft’s creation with the form session’s writing time and the title', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const story = await createStory(t.app, student.headers, {
        fields: { title: 'Mi borrador', writingTime: '95' },
      });
      expect(await eventsOf(t.app, student.id)).toEqual([
        { event: 'STORIES.CREATE', storyId: story._id, storyTitle: 'Mi borrador', writingTime: 95 },
      ]);
    });

    it('records a fic created and sent at once as created, then sent (newest first on the page)', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const story = await createStory(t.app, student.headers, {
        draft: false,
        fields: { title: 'Enviada de una vez', writingTime: '300' },
      });
      expect(await eventsOf(t.app, student.id)).toEqual([
        { event: 'STORIES.CREATE', storyId: story._id, storyTitle: 'Enviada de una vez', writingTime: 300 },
        { event: 'STORIES.SEND', storyId: story._id, storyTitle: 'Enviada de una vez', writingTime: null },
      ]);
      const page = await trackingPage(t.app, w.admin.headers, student.id);
      expect(page.docs.map((doc) => `${doc.resource}.${doc.action}`)).toEqual([
        'STORIES.SEND',
        'STORIES.CREATE',
      ]);
    });

    it('records an edit with the writing time it added, and sending the draft', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const story = await createStory(t.app, student.headers, { fields: { writingTime: '10' } });
      const edited = await editStory(t.app, student.headers, story._id, {
        title: 'Título corregido',
        writingTime: '45',
      });
      expect(edited.statusCode).toBe(200);
      const tagsOnly = await editStory(t.app, student.headers, story._id, { tags: '["mar"]' });
      expect(tagsOnly.statusCode).toBe(200);
      expect((await sendStory(t.app, student.headers, story._id)).statusCode).toBe(200);
      expect((await eventsOf(t.app, student.id)).slice(1)).toEqual([
        { event: 'STORIES.UPDATE', storyId: story._id, storyTitle: 'Título corregido', writingTime: 45 },
        { event: 'STORIES.UPDATE', storyId: story._id, storyTitle: 'Título corregido', writingTime: null },
        { event: 'STORIES.SEND', storyId: story._id, storyTitle: 'Título corregido', writingTime: null },
      ]);
    });

    it('records a student deleting their draft by its title; earlier lines keep the title', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const story = await createStory(t.app, student.headers, { fields: { title: 'Para borrar' } });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/stories/${story._id}`,
        headers: student.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(await eventsOf(t.app, student.id)).toEqual([
        { event: 'STORIES.CREATE', storyId: null, storyTitle: 'Para borrar', writingTime: 120 },
        { event: 'STORIES.DELETE', storyId: null, storyTitle: 'Para borrar', writingTime: null },
      ]);
    });

    it('records nothing for a refused action', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      expect((await postStory(t.app, student.headers, { fields: { title: 'A' } })).statusCode).toBe(400);
      const story = await createStory(t.app, student.headers, { draft: false });
      // Sent: no more edits, sends or deletes by the author.
      expect((await editStory(t.app, student.headers, story._id, { title: 'Otra' })).statusCode).toBe(409);
      expect((await sendStory(t.app, student.headers, story._id)).statusCode).toBe(409);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/stories/${story._id}`,
        headers: student.headers,
      });
      expect(deleted.statusCode).toBe(409);
      expect(await eventKeysOf(t.app, student.id)).toEqual(['STORIES.CREATE', 'STORIES.SEND']);
    });

    it('records nothing when a teacher or an administrator edits or deletes a student’s fic', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const story = await createStory(t.app, student.headers, { draft: false });
      await evaluate(t.app, w.teacher.headers, story._id);
      const byEvaluator = await editStory(t.app, w.teacher.headers, story._id, {
        title: 'Corregido por el docente',
        writingTime: '30',
      });
      expect(byEvaluator.statusCode).toBe(200);
      await setStatus(t.app, story._id, 'PUBLISHED');
      const byAdmin = await editStory(t.app, w.admin.headers, story._id, { title: 'Editado por admin' });
      expect(byAdmin.statusCode).toBe(200);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/stories/${story._id}`,
        headers: w.admin.headers,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await eventKeysOf(t.app, student.id)).toEqual(['STORIES.CREATE', 'STORIES.SEND']);
      expect(await eventKeysOf(t.app, w.teacher.id)).toEqual([]);
      expect(await eventKeysOf(t.app, w.admin.id)).toEqual([]);
    });
  });

  describe('changing the profile', () => {
    const patch = (who: { id: string; headers: Record<string, string> }, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${who.id}/profile`,
        headers: who.headers,
        payload,
      });
    const upload = async (who: { id: string; headers: Record<string, string> }) => {
      const body = multipartBody(
        {},
        { content: await coverImage(), filename: 'foto.jpg', contentType: 'image/jpeg' },
      );
      return t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${who.id}/profile`,
        headers: { ...who.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const removePhoto = (who: { id: string; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${who.id}/profile/photo`,
        headers: who.headers,
      });

    it('records a student’s new name, bio and photo, each once, and only real changes', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Nombre Antiguo' });
      expect((await patch(student, { name: 'Nombre Nuevo' })).statusCode).toBe(200);
      expect((await patch(student, { bio: 'Me gusta escribir.' })).statusCode).toBe(200);
      expect((await patch(student, { name: 'Otro Nombre', bio: 'Y leer.' })).statusCode).toBe(200);
      // The same values again, and a phone number: nothing the activity lists.
      expect((await patch(student, { name: 'Otro Nombre', bio: 'Y leer.' })).statusCode).toBe(200);
      expect((await patch(student, { phoneNumber: '+56987654321' })).statusCode).toBe(200);
      expect((await upload(student)).statusCode).toBe(200);
      expect((await removePhoto(student)).statusCode).toBe(200);
      // No photo left to remove.
      expect((await removePhoto(student)).statusCode).toBe(200);
      expect(await eventKeysOf(t.app, student.id)).toEqual([
        'PROFILE.UPDATE_NAME',
        'PROFILE.UPDATE_BIO',
        'PROFILE.UPDATE_NAME',
        'PROFILE.UPDATE_BIO',
        'PROFILE.UPDATE_AVATAR',
        'PROFILE.UPDATE_AVATAR',
      ]);
    });

    it('records nothing for a refused change', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      expect((await patch(student, { name: 'A' })).statusCode).toBe(400);
      expect((await patch(student, { name: 'Nombre Válido', phoneNumber: '12' })).statusCode).toBe(400);
      expect(await eventKeysOf(t.app, student.id)).toEqual([]);
    });

    it('records no profile changes of teachers and administrators', async () => {
      for (const who of [w.otherGradeTeacher, w.admin]) {
        expect((await patch(who, { name: 'Nombre Cambiado', bio: 'Biografía' })).statusCode).toBe(200);
        expect((await upload(who)).statusCode).toBe(200);
        expect(await eventKeysOf(t.app, who.id)).toEqual([]);
      }
    });
  });
});
