import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { evaluationMessages, storyMessages, type Story } from '@fics/contracts';
import { mailOutbox, notifications, stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  createStory,
  editStory,
  evaluatedStory,
  patchEvaluation,
  publish,
  publishedStory,
  sendStory,
  storyWorld,
} from './stories.fixtures';

/** Publishing, the author's notification, and what the evaluating teacher may do that others may not. */
describe('publishing fics and the evaluator', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  const get = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stories/${id}`, headers });
  const del = (id: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/stories/${id}`, headers });
  const rowOf = async (id: string) => (await t.app.db.select().from(stories).where(eq(stories.id, id)))[0];
  const publishedMails = (to: string) =>
    t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'published'), eq(mailOutbox.to, to)));

  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://fics.example.cl' });
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes an evaluated fic and e-mails its author once, with the title and a link', async () => {
    const { story } = await evaluatedStory(t.app, w, { fields: { title: 'Mi <b>pingüino</b>' } });
    const before = await publishedMails(w.author.email);
    const res = await publish(t.app, w.teacher.headers, story._id);
    expect(res.statusCode).toBe(200);
    const published = res.json<{ story: Story }>().story;
    expect(published).toMatchObject({ _id: story._id, publicationStatus: 'PUBLISHED', draft: false });
    const row = await rowOf(story._id);
    expect(row!.publishedAt).toBeInstanceOf(Date);
    expect(published.date).toBe(row!.publishedAt!.toISOString());

    const mails = (await publishedMails(w.author.email)).slice(before.length);
    expect(mails).toHaveLength(1);
    const link = `https://fics.example.cl/fics/${story._id}`;
    expect(mails[0]!.subject).toBe('Fics: tu fic fue publicada');
    expect(mails[0]!.text).toContain('Mi <b>pingüino</b>');
    expect(mails[0]!.text).toContain(link);
    expect(mails[0]!.html).toContain('Mi &lt;b&gt;pingüino&lt;/b&gt;');
    expect(mails[0]!.html).toContain(link);
    expect(
      await t.app.db.$count(
        notifications,
        and(
          eq(notifications.storyId, story._id),
          eq(notifications.userId, w.author.id),
          eq(notifications.type, 'STORY_PUBLISHED'),
        ),
      ),
    ).toBe(1);

    // Once: publishing again is refused and sends nothing.
    const again = await publish(t.app, w.admin.headers, story._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ type: 'CONFLICT', message: storyMessages.cannotPublishAgain });
    expect((await publishedMails(w.author.email)).length).toBe(before.length + 1);
  });

  it('lets a teacher of the grade or an administrator publish, only once an evaluation exists', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const unsent = await publish(t.app, w.teacher.headers, draft._id);
    expect(unsent.statusCode).toBe(409);
    expect(unsent.json()).toMatchObject({ message: storyMessages.cannotPublishUnsent });

    const sent = await createStory(t.app, w.author.headers, { draft: false });
    const early = await publish(t.app, w.teacher.headers, sent._id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ type: 'CONFLICT', message: storyMessages.cannotPublishWithoutEvaluation });
    expect((await publish(t.app, w.admin.headers, sent._id)).json()).toMatchObject({
      message: storyMessages.cannotPublishWithoutEvaluation,
    });

    const { story } = await evaluatedStory(t.app, w);
    // The author may not publish their own fic; those who cannot see it are told it does not exist.
    expect((await publish(t.app, w.author.headers, story._id)).statusCode).toBe(403);
    for (const who of [w.classmate, w.otherGradeStudent, w.otherGradeTeacher, w.otherSchoolTeacher]) {
      const res = await publish(t.app, who.headers, story._id);
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 404 });
    }
    expect((await publish(t.app, {}, story._id)).statusCode).toBe(401);
    expect((await rowOf(story._id))!.status).toBe('EVALUATED');

    // An administrator publishes a resent fic (REVIEWING, with its evaluation from round 1).
    expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
    const byAdmin = await publish(t.app, w.admin.headers, story._id);
    expect(byAdmin.statusCode).toBe(200);
    expect((await rowOf(story._id))!.status).toBe('PUBLISHED');
    expect(
      await t.app.db.$count(
        notifications,
        and(eq(notifications.storyId, story._id), eq(notifications.type, 'STORY_PUBLISHED')),
      ),
    ).toBe(1);
  });

  it('answers any other status change with 400 and leaves the fic as it was', async () => {
    const draft = await createStory(t.app, w.author.headers);
    for (const payload of [
      { publicationStatus: 'EVALUATED' },
      { publicationStatus: 'EDITING' },
      { publicationStatus: 'REVIEWING', draft: true },
      { publicationStatus: 'PUBLISHED', draft: true },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/stories/${draft._id}`,
        headers: w.teacher.headers,
        payload,
      });
      expect({ payload, code: res.statusCode }).toEqual({ payload, code: 400 });
    }
    expect((await rowOf(draft._id))!.status).toBe('EDITING');
  });

  it('lets nobody but an administrator edit a published fic, not even its evaluator', async () => {
    const { story } = await publishedStory(t.app, w);
    for (const who of [w.author, w.teacher]) {
      const res = await editStory(t.app, who.headers, story._id, { title: 'Cambio tardío' });
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 409 });
      expect(res.json()).toMatchObject({ message: storyMessages.cannotEditPublished });
    }
    expect((await editStory(t.app, w.colleague.headers, story._id, { title: 'Cambio' })).statusCode).toBe(
      403,
    );
    const admin = await editStory(t.app, w.admin.headers, story._id, { title: 'Corregido por admin' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({
      story: { title: 'Corregido por admin', publicationStatus: 'PUBLISHED' },
    });
  });

  it('lets the evaluator edit the fic under review without adding to its writing time, and delete it', async () => {
    const { story } = await evaluatedStory(t.app, w);
    const before = (await rowOf(story._id))!;
    expect(before.writingTime).toBe(120);
    const edit = await editStory(t.app, w.teacher.headers, story._id, {
      title: 'Título corregido',
      writingTime: '600',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      story: { title: 'Título corregido', writingTime: 120, publicationStatus: 'EVALUATED' },
    });
    // Resent (REVIEWING), the evaluator still edits it; the author's own session does count.
    expect((await editStory(t.app, w.author.headers, story._id, { writingTime: '30' })).statusCode).toBe(200);
    expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
    expect((await editStory(t.app, w.teacher.headers, story._id, { writingTime: '900' })).statusCode).toBe(
      200,
    );
    const after = (await rowOf(story._id))!;
    expect(after).toMatchObject({ writingTime: 150, status: 'REVIEWING', authorId: w.author.id });

    // Another teacher of the grade may neither edit nor delete it.
    expect((await editStory(t.app, w.colleague.headers, story._id, { title: 'Otro' })).statusCode).toBe(403);
    expect((await del(story._id, w.colleague.headers)).statusCode).toBe(403);
    const res = await del(story._id, w.teacher.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: storyMessages.deleted });
    expect(await rowOf(story._id)).toBeUndefined();

    // The evaluator deletes a published fic of theirs too.
    const { story: published } = await publishedStory(t.app, w);
    expect((await del(published._id, w.colleague.headers)).statusCode).toBe(403);
    expect((await del(published._id, w.teacher.headers)).statusCode).toBe(200);
  });

  it("lets another teacher of the grade publish, but neither update the evaluation nor see an anonymous fic's author", async () => {
    const authorships: Record<string, string>[] = [
      { anonymity: 'true' },
      { nickname: 'true', nicknameValue: 'Pingu' },
    ];
    for (const fields of authorships) {
      const { story, evaluation } = await evaluatedStory(t.app, w, { fields });
      const colleagueView = (await get(story._id, w.colleague.headers)).json<{ story: Story }>().story;
      expect(colleagueView.writtenBy).toBeNull();
      expect(colleagueView.permissions.canRevealAuthor).toBe(false);
      const evaluatorView = (await get(story._id, w.teacher.headers)).json<{ story: Story }>().story;
      expect(evaluatorView.writtenBy).toMatchObject({ _id: w.author.id, name: 'Sofía Escobar Ruiz' });
      expect(evaluatorView.permissions.canRevealAuthor).toBe(true);

      const update = await patchEvaluation(t.app, w.colleague.headers, evaluation._id, { comment: 'Mío' });
      expect(update.statusCode).toBe(403);
      const res = await publish(t.app, w.colleague.headers, story._id);
      expect(res.statusCode).toBe(200);
      const published = res.json<{ story: Story }>();
      expect(published.story.writtenBy).toBeNull();
      expect(JSON.stringify(published)).not.toContain('Sofía');
      expect((await publishedMails(w.author.email)).some((m) => m.text.includes(story._id))).toBe(true);
      // Publishing did not make the colleague its evaluator.
      expect(
        (await patchEvaluation(t.app, w.teacher.headers, evaluation._id, { comment: 'x' })).json(),
      ).toMatchObject({ message: evaluationMessages.published });
    }
  });
});
