import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notificationMessages } from '@fics/contracts';
import { mailOutbox, notifications, stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  createStory,
  evaluatedStory,
  publishedStory,
  setStatus,
  storyWorld,
} from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';

/** The two ways a fic hides its author. */
const hiddenAuthorFields: Record<string, string>[] = [
  { anonymity: 'true' },
  { nickname: 'true', nicknameValue: 'Pluma Veloz' },
];

describe('POST /notifications/published', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  const notify = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/notifications/published', headers, payload });
  const mailsAbout = async (storyId: string) =>
    (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'published'))).filter((m) =>
      m.text.includes(`/fics/${storyId}`),
    );
  const notificationsOf = (storyId: string) =>
    t.app.db.$count(
      notifications,
      and(eq(notifications.storyId, storyId), eq(notifications.type, 'STORY_PUBLISHED')),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers "already notified" after publishing, and never sends a second e-mail', async () => {
    const { story } = await publishedStory(t.app, w);
    expect(await mailsAbout(story._id)).toHaveLength(1);
    for (const headers of [w.teacher.headers, w.colleague.headers, w.admin.headers]) {
      for (const payload of [{ userId: w.author.id, storyId: story._id }, { userId: w.author.id }]) {
        const res = await notify(headers, payload);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ notified: false, message: notificationMessages.alreadyNotified });
      }
    }
    const mails = await mailsAbout(story._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(w.author.email);
    expect(await notificationsOf(story._id)).toBe(1);
  });

  it('notifies once a published fic whose publication did not (and is idempotent)', async () => {
    // Published without the API (as data older than notifications would be).
    const story = await createStory(t.app, w.author.headers, { draft: false });
    await setStatus(t.app, story._id, 'PUBLISHED');
    const first = await notify(w.teacher.headers, { userId: w.author.id, storyId: story._id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ notified: true, message: notificationMessages.notified });
    const second = await notify(w.admin.headers, { userId: w.author.id, storyId: story._id });
    expect(second.json()).toEqual({ notified: false, message: notificationMessages.alreadyNotified });
    const mails = await mailsAbout(story._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: w.author.email, subject: 'Fics: tu fic fue publicada' });
    expect(await notificationsOf(story._id)).toBe(1);
  });

  it("without storyId, notifies the author's latest fic published in the caller's grades", async () => {
    const older = await createStory(t.app, w.classmate.headers, { draft: false });
    const latest = await createStory(t.app, w.classmate.headers, { draft: false });
    await setStatus(t.app, older._id, 'PUBLISHED');
    await setStatus(t.app, latest._id, 'PUBLISHED');
    await t.app.db
      .update(stories)
      .set({ publishedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(stories.id, older._id));
    // A teacher of another grade has nothing of this student to notify.
    const elsewhere = await notify(w.otherGradeTeacher.headers, { userId: w.classmate.id });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ type: 'NOT_FOUND', message: notificationMessages.nothingToNotify });
    const res = await notify(w.teacher.headers, { userId: w.classmate.id });
    expect(res.json()).toEqual({ notified: true, message: notificationMessages.notified });
    expect(await mailsAbout(latest._id)).toHaveLength(1);
    expect(await mailsAbout(older._id)).toHaveLength(0);
    // An administrator: any grade; the latest is notified already.
    expect((await notify(w.admin.headers, { userId: w.classmate.id })).json()).toMatchObject({
      notified: false,
    });
  });

  it('refuses students, teachers of other grades, and fics that are not published or not by that student', async () => {
    const { story } = await publishedStory(t.app, w);
    for (const who of [w.author, w.classmate]) {
      const res = await notify(who.headers, { userId: w.author.id, storyId: story._id });
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 403 });
    }
    for (const who of [w.otherGradeTeacher, w.otherSchoolTeacher]) {
      const res = await notify(who.headers, { userId: w.author.id, storyId: story._id });
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 403 });
    }
    expect((await notify({}, { userId: w.author.id })).statusCode).toBe(401);

    const wrongAuthor = await notify(w.teacher.headers, { userId: w.classmate.id, storyId: story._id });
    expect(wrongAuthor.statusCode).toBe(404);
    expect(wrongAuthor.json()).toMatchObject({ message: notificationMessages.nothingToNotify });
    const unknown = await notify(w.teacher.headers, {
      userId: w.author.id,
      storyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    const { story: evaluated } = await evaluatedStory(t.app, w);
    const unpublished = await notify(w.teacher.headers, { userId: w.author.id, storyId: evaluated._id });
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json()).toEqual({ type: 'CONFLICT', message: notificationMessages.nothingToNotify });
    // A teacher who cannot see the unpublished fic is told there is nothing.
    expect(
      (await notify(w.otherGradeTeacher.headers, { userId: w.author.id, storyId: evaluated._id })).statusCode,
    ).toBe(404);
    expect((await notify(w.teacher.headers, { userId: 'no-es-un-id' })).statusCode).toBe(400);
    expect(await mailsAbout(evaluated._id)).toHaveLength(0);
    expect(await mailsAbout(story._id)).toHaveLength(1);
  });
  it('never lets a teacher reviewing blind test who wrote an anonymous or pseudonymous fic', async () => {
    for (const fields of hiddenAuthorFields) {
      // A student whose only fics hide her.
      const hidden = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Inés Incógnita' });
      const people = { author: hidden, teacher: w.teacher };
      const { story: published } = await publishedStory(t.app, people, { fields });
      const { story: evaluated } = await evaluatedStory(t.app, people, { fields });
      // The colleague of the grade (not the evaluator) may not know the author: the answer is the
      // fic's, the same whoever the userId names.
      for (const storyId of [published._id, evaluated._id]) {
        const answers = [];
        for (const userId of [hidden.id, w.classmate.id, w.teacher.id]) {
          const res = await notify(w.colleague.headers, { userId, storyId });
          answers.push({ code: res.statusCode, body: res.json<unknown>() });
        }
        expect(answers[1]).toEqual(answers[0]);
        expect(answers[2]).toEqual(answers[0]);
        expect(answers[0]!.code).toBe(storyId === published._id ? 200 : 409);
      }
      // Without storyId, the author's id finds no fic that hides them from the caller.
      const byAuthor = await notify(w.colleague.headers, { userId: hidden.id });
      const byNobody = await notify(w.colleague.headers, { userId: w.otherGradeStudent.id });
      expect({ code: byAuthor.statusCode, body: byAuthor.json<unknown>() }).toEqual({
        code: byNobody.statusCode,
        body: byNobody.json<unknown>(),
      });
      // The evaluator and administrators may know the author: they are answered as before.
      expect(
        (await notify(w.teacher.headers, { userId: w.classmate.id, storyId: published._id })).statusCode,
      ).toBe(404);
      expect((await notify(w.teacher.headers, { userId: hidden.id })).json()).toMatchObject({
        notified: false,
      });
      expect((await notify(w.admin.headers, { userId: hidden.id, storyId: published._id })).json()).toEqual({
        notified: false,
        message: notificationMessages.alreadyNotified,
      });
      // The notification went to the real author, once.
      expect(await notificationsOf(published._id)).toBe(1);
      expect(await mailsAbout(published._id)).toHaveLength(1);
    }
  });
});
