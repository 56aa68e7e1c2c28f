import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storyMessages, type Story } from '@fics/contracts';
import { media, stories, storyRevisions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import {
  coverImage,
  createStory,
  editStory,
  evaluatedStory,
  postStory,
  sendStory,
  setStatus,
  storyText,
  storyWorld,
} from './stories.fixtures';

describe('writing fics: POST and PATCH /stories', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a draft with everything the form sent, cleaned and counted', async () => {
    const res = await postStory(t.app, w.author.headers, {
      fields: {
        title: '  El pingüino volador  ',
        text: '<p>Había una vez un <strong>pingüino</strong>.</p><script>alert(1)</script>',
        tags: JSON.stringify([' Aventura ', 'aventura', 'Animales', '', 'AVENTURA']),
        writingTime: '95',
      },
    });
    expect(res.statusCode).toBe(201);
    const story = res.json<{ story: Story }>().story;
    expect(story).toMatchObject({
      title: 'El pingüino volador',
      text: '<p>Había una vez un <strong>pingüino</strong>.</p>',
      publicationStatus: 'EDITING',
      draft: true,
      anonymity: false,
      nickname: false,
      nicknameValue: null,
      tags: ['Aventura', 'Animales'],
      writingTime: 95,
      wordCount: 5,
      location: 'Valparaíso',
      likesCount: 0,
      comments: 0,
      writtenBy: { _id: w.author.id, name: 'Sofía Escobar Ruiz' },
      permissions: { canEdit: true, canSend: true, canDelete: true },
    });
    expect(story.image.url).toMatch(/^\/api\/v1\/media\//);
    expect(story.image.variants.length).toBeGreaterThan(0);
    // A draft has no revision yet: rounds start when it is sent.
    const revisions = await t.app.db
      .select()
      .from(storyRevisions)
      .where(eq(storyRevisions.storyId, story._id));
    expect(revisions).toEqual([]);
  });

  it('sends a fic at once (REVIEWING) with its first revision', async () => {
    const res = await postStory(t.app, w.author.headers, { draft: false });
    expect(res.statusCode).toBe(201);
    const story = res.json<{ story: Story }>().story;
    expect(story).toMatchObject({
      publicationStatus: 'REVIEWING',
      draft: false,
      permissions: { canEdit: false, canSend: false, canDelete: false },
    });
    const revisions = await t.app.db
      .select()
      .from(storyRevisions)
      .where(eq(storyRevisions.storyId, story._id));
    expect(revisions).toMatchObject([
      { round: 1, title: 'El pingüino volador', text: storyText, writingTime: 120 },
    ]);
  });

  it('answers every rule of the fic form with its Spanish message and creates nothing', async () => {
    const before = await t.app.db.$count(stories);
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ title: '' }, { title: storyMessages.titleRequired }],
      [{ title: 'A' }, { title: storyMessages.titleMin }],
      [{ title: 'x'.repeat(51) }, { title: storyMessages.titleMax }],
      [{ text: '' }, { text: storyMessages.textRequired }],
      [{ text: 'x'.repeat(100_001) }, { text: storyMessages.textMax }],
      [{ nickname: 'true', nicknameValue: '' }, { nicknameValue: storyMessages.nicknameRequired }],
      [{ nickname: 'true', nicknameValue: 'x'.repeat(21) }, { nicknameValue: storyMessages.nicknameMax }],
      [
        { anonymity: 'true', nickname: 'true', nicknameValue: 'Pingu' },
        { nickname: storyMessages.anonymityAndNickname },
      ],
      [{ location: 'x'.repeat(31) }, { location: storyMessages.locationMax }],
      [{ locationURL: 'javascript:alert(1)' }, { locationURL: storyMessages.locationUrlInvalid }],
      [
        { tags: JSON.stringify(Array.from({ length: 11 }, (_, i) => `tag${i}`)) },
        { tags: storyMessages.tagsMax },
      ],
      [{ tags: JSON.stringify(['x'.repeat(31)]) }, { tags: storyMessages.tagMax }],
      [{ tags: '{"no":"lista"}' }, { tags: storyMessages.tagsInvalid }],
      [{ writingTime: '-1' }, { writingTime: storyMessages.writingTimeInvalid }],
      [{ writingTime: '1.5' }, { writingTime: storyMessages.writingTimeInvalid }],
      [{ writingTime: String(7 * 24 * 3600 + 1) }, { writingTime: storyMessages.writingTimeInvalid }],
      [{ anonymity: 'quizás' }, { anonymity: storyMessages.booleanInvalid }],
    ];
    for (const [fields, errors] of cases) {
      const res = await postStory(t.app, w.author.headers, { fields });
      expect({ fields, status: res.statusCode }).toEqual({ fields, status: 400 });
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    }
    // Text that is nothing once cleaned, and a missing cover.
    for (const text of ['<p><br></p>', '<script>alert(1)</script>', '<p>&nbsp; </p>']) {
      const res = await postStory(t.app, w.author.headers, { fields: { text } });
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { text: storyMessages.textRequired },
      });
    }
    const noCover = await postStory(t.app, w.author.headers, { file: null });
    expect(noCover.statusCode).toBe(400);
    expect(noCover.json()).toMatchObject({ errors: { file: storyMessages.imageRequired } });
    expect(await t.app.db.$count(stories)).toBe(before);
  });

  it('keeps tags within the limits after trimming and matching case', async () => {
    // Twelve entries that are nine tags once blanks and case repeats go: accepted.
    const tags = [...Array.from({ length: 9 }, (_, i) => ` Tema ${i} `), 'tema 0', 'TEMA 1', '   '];
    const story = await createStory(t.app, w.author.headers, { fields: { tags: JSON.stringify(tags) } });
    expect(story.tags).toEqual(Array.from({ length: 9 }, (_, i) => `Tema ${i}`));
  });

  it('stores a pseudonym or anonymity, never both, and ignores the value with the switch off', async () => {
    const pseudo = await createStory(t.app, w.author.headers, {
      fields: { nickname: 'true', nicknameValue: ' Pingu ' },
    });
    expect(pseudo).toMatchObject({ nickname: true, nicknameValue: 'Pingu', anonymity: false });
    const anonymous = await createStory(t.app, w.author.headers, {
      fields: { anonymity: 'true', nicknameValue: 'ignorado' },
    });
    expect(anonymous).toMatchObject({ anonymity: true, nickname: false, nicknameValue: null });
    // Editing the anonymous fic to add a pseudonym without turning anonymity off is refused.
    const both = await editStory(t.app, w.author.headers, anonymous._id, {
      nickname: 'true',
      nicknameValue: 'Pingu',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ errors: { nickname: storyMessages.anonymityAndNickname } });
    const switched = await editStory(t.app, w.author.headers, anonymous._id, {
      anonymity: 'false',
      nickname: 'true',
      nicknameValue: 'Pingu',
    });
    expect(switched.json()).toMatchObject({
      story: { anonymity: false, nickname: true, nicknameValue: 'Pingu' },
    });
  });

  it('refuses fics from teachers, administrators and students without a grade', async () => {
    for (const headers of [w.teacher.headers, w.admin.headers]) {
      const res = await postStory(t.app, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ type: 'FORBIDDEN', message: storyMessages.onlyStudentsWrite });
    }
    const loner = await member(t.app, 'STUDENT');
    const res = await postStory(t.app, loner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: storyMessages.studentWithoutGrade });
    const visitor = await postStory(t.app, {});
    expect(visitor.statusCode).toBe(401);
  });

  it('edits a draft: fields left out keep their value, writing time adds up, a new cover replaces the old', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const oldCover = draft.image.url.split('/').pop()!;
    const res = await editStory(
      t.app,
      w.author.headers,
      draft._id,
      { title: 'Nuevo título', writingTime: '30', tags: '["Mar"]', text: '<p>Uno dos tres.</p>' },
      await coverImage(),
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json<{ story: Story }>().story;
    expect(edited).toMatchObject({
      title: 'Nuevo título',
      writingTime: 150,
      wordCount: 3,
      tags: ['Mar'],
      location: 'Valparaíso',
      publicationStatus: 'EDITING',
    });
    expect(edited.image.url).not.toBe(draft.image.url);
    // The old cover and its WebP sizes are gone.
    expect(await t.app.db.$count(media, eq(media.id, oldCover))).toBe(0);
    expect(await t.app.db.$count(media, eq(media.variantOf, oldCover))).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: draft.image.url });
    expect(page.statusCode).toBe(404);
  });

  it('sends a draft once; after that the author can neither edit, send nor delete it (409)', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const sent = await sendStory(t.app, w.author.headers, draft._id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ story: { publicationStatus: 'REVIEWING', draft: false } });

    const again = await sendStory(t.app, w.author.headers, draft._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ type: 'CONFLICT', message: storyMessages.cannotSendNow });
    const edit = await editStory(t.app, w.author.headers, draft._id, { title: 'Cambio tardío' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ type: 'CONFLICT', message: storyMessages.cannotEditNow });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${draft._id}`,
      headers: w.author.headers,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ type: 'CONFLICT', message: storyMessages.cannotDeleteNow });

    const [row] = await t.app.db.select().from(stories).where(eq(stories.id, draft._id));
    expect(row).toMatchObject({ title: 'El pingüino volador', status: 'REVIEWING', rounds: 1 });
  });

  it('lets the author edit and resend a corrected (EVALUATED) fic, recording round 2', async () => {
    const { story } = await evaluatedStory(t.app, w);
    const edit = await editStory(t.app, w.author.headers, story._id, { title: 'Versión corregida' });
    expect(edit.statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${story._id}`,
      headers: w.author.headers,
    });
    expect(del.statusCode).toBe(409);
    expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
    const revisions = await t.app.db
      .select({ round: storyRevisions.round, title: storyRevisions.title })
      .from(storyRevisions)
      .where(eq(storyRevisions.storyId, story._id))
      .orderBy(storyRevisions.round);
    expect(revisions).toEqual([
      { round: 1, title: 'El pingüino volador' },
      { round: 2, title: 'Versión corregida' },
    ]);
  });

  it('nobody but an administrator edits a published fic; the author cannot send or delete it', async () => {
    const story = await createStory(t.app, w.author.headers, { draft: false });
    await setStatus(t.app, story._id, 'PUBLISHED');
    const edit = await editStory(t.app, w.author.headers, story._id, { title: 'Cambio' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: storyMessages.cannotEditPublished });
    expect((await sendStory(t.app, w.author.headers, story._id)).json()).toMatchObject({
      message: storyMessages.cannotSendPublished,
    });
    const adminEdit = await editStory(t.app, w.admin.headers, story._id, { title: 'Corregido por admin' });
    expect(adminEdit.statusCode).toBe(200);
    expect(adminEdit.json()).toMatchObject({
      story: { title: 'Corregido por admin', publicationStatus: 'PUBLISHED' },
    });
  });

  it('lets an administrator edit and delete in any status, but not send for the author', async () => {
    for (const status of ['EDITING', 'REVIEWING', 'EVALUATED', 'PUBLISHED'] as const) {
      const story = await createStory(t.app, w.author.headers);
      await setStatus(t.app, story._id, status);
      const edit = await editStory(t.app, w.admin.headers, story._id, { location: 'Arica' });
      expect({ status, code: edit.statusCode }).toEqual({ status, code: 200 });
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/stories/${story._id}`,
        headers: w.admin.headers,
      });
      expect({ status, code: del.statusCode }).toEqual({ status, code: 200 });
      expect(del.json()).toEqual({ message: storyMessages.deleted });
    }
    const draft = await createStory(t.app, w.author.headers);
    const send = await sendStory(t.app, w.admin.headers, draft._id);
    expect(send.statusCode).toBe(403);
  });

  it('refuses everyone else: classmates, other grades and schools, teachers and visitors', async () => {
    const draft = await createStory(t.app, w.author.headers);
    // Those who cannot see a draft get 404, as if it did not exist.
    for (const intruder of [
      w.classmate,
      w.otherGradeStudent,
      w.otherSchoolStudent,
      w.otherGradeTeacher,
      w.otherSchoolTeacher,
    ]) {
      for (const res of [
        await t.app.inject({ method: 'GET', url: `/api/v1/stories/${draft._id}`, headers: intruder.headers }),
        await editStory(t.app, intruder.headers, draft._id, { title: 'Hackeado' }),
        await sendStory(t.app, intruder.headers, draft._id),
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/stories/${draft._id}`,
          headers: intruder.headers,
        }),
      ]) {
        expect({ who: intruder.name, status: res.statusCode }).toEqual({ who: intruder.name, status: 404 });
      }
    }
    // The grade's teacher sees it but may not change it (only once they evaluate it: stories-publish.test.ts).
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${draft._id}`, headers: w.teacher.headers }))
        .statusCode,
    ).toBe(200);
    for (const res of [
      await editStory(t.app, w.teacher.headers, draft._id, { title: 'Hackeado' }),
      await sendStory(t.app, w.teacher.headers, draft._id),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/stories/${draft._id}`,
        headers: w.teacher.headers,
      }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    // A published fic is visible to all, and still only the author and administrators may act.
    await setStatus(t.app, draft._id, 'PUBLISHED');
    const classmateEdit = await editStory(t.app, w.classmate.headers, draft._id, { title: 'Hackeado' });
    expect(classmateEdit.statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'DELETE', url: `/api/v1/stories/${draft._id}` });
    expect(visitor.statusCode).toBe(401);
    const [row] = await t.app.db
      .select({ title: stories.title })
      .from(stories)
      .where(eq(stories.id, draft._id));
    expect(row!.title).toBe('El pingüino volador');
  });

  it('deletes a draft with its cover sizes, tags links and revisions', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const coverId = draft.image.url.split('/').pop()!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${draft._id}`,
      headers: w.author.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Fic eliminada exitosamente' });
    expect(await t.app.db.$count(media, eq(media.id, coverId))).toBe(0);
    expect(await t.app.db.$count(media, eq(media.variantOf, coverId))).toBe(0);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stories/${draft._id}`,
      headers: w.author.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ type: 'NOT_FOUND', message: storyMessages.notFound });
  });

  it('answers a status change the author may not make with 400 or 403', async () => {
    const draft = await createStory(t.app, w.author.headers);
    for (const payload of [
      { publicationStatus: 'EVALUATED' },
      { publicationStatus: 'REVIEWING', draft: true },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/stories/${draft._id}`,
        headers: w.author.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    // Publishing is for the grade's teachers and administrators (stories-publish.test.ts).
    const publishing = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/stories/${draft._id}`,
      headers: w.author.headers,
      payload: { publicationStatus: 'PUBLISHED' },
    });
    expect(publishing.statusCode).toBe(403);
    const [row] = await t.app.db
      .select({ status: stories.status })
      .from(stories)
      .where(eq(stories.id, draft._id));
    expect(row!.status).toBe('EDITING');
  });
});
