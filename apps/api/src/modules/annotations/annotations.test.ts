import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { annotationLimits, annotationMessages, storyMessages, type Annotation } from '@fics/contracts';
import { annotations } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  editStory,
  evaluatedStory,
  publishedStory,
  sendStory,
  storyWorld,
} from '../stories/stories.fixtures';
import { plainTextOf, quoteAt } from './anchoring';

const html =
  '<p>La niña salió de la casa al <strong>amanecer</strong>.</p><p>El bosque estaba en silencio y la niebla cubría el camino.</p>';

describe('notes on passages (issue 20.1-2)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let storyId: string;

  const selector = (text: string, exact: string) => {
    const start = text.indexOf(exact);
    return {
      quote: quoteAt(text, start, start + exact.length, 32),
      position: { start, end: start + exact.length },
    };
  };
  const post = (id: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/stories/${id}/annotations`, headers, payload });
  const list = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stories/${id}/annotations`, headers });
  const patch = (id: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/annotations/${id}`, headers, payload });
  const noteOn = async (exact: string, text = 'Aquí cambia el tiempo verbal') => {
    const res = await post(storyId, w.teacher.headers, { ...selector(plainTextOf(html), exact), text });
    expect(res.statusCode).toBe(201);
    return res.json<{ annotation: Annotation }>().annotation;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    storyId = (await evaluatedStory(t.app, w, { fields: { text: html } })).story._id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the grade teacher note a passage, and shows it to the author, the grade teachers and admins only', async () => {
    const note = await noteOn('la niebla cubría el camino');
    expect(note).toMatchObject({
      text: 'Aquí cambia el tiempo verbal',
      author: { _id: w.teacher.id, name: 'Tomás Docente' },
      resolved: false,
      orphan: false,
      round: 1,
      replies: [],
    });
    for (const who of [w.author, w.teacher, w.colleague, w.admin]) {
      const res = await list(storyId, who.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ annotations: Annotation[] }>().annotations.map((a) => a._id)).toContain(note._id);
    }
    for (const who of [w.classmate, w.otherGradeTeacher, w.otherSchoolTeacher, w.otherGradeStudent]) {
      expect((await list(storyId, who.headers)).statusCode).toBe(404);
      expect((await patch(note._id, who.headers, { resolved: true })).statusCode).toBe(404);
    }
    expect((await list(storyId)).statusCode).toBe(401);
  });

  it('tells the fic page who sees the notes and who may write one (permissions)', async () => {
    const flags = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers });
      const { canViewAnnotations, canAnnotate } = res.json().story.permissions;
      return { canViewAnnotations, canAnnotate };
    };
    expect(await flags(w.author.headers)).toEqual({ canViewAnnotations: true, canAnnotate: false });
    for (const who of [w.teacher, w.colleague, w.admin]) {
      expect(await flags(who.headers)).toEqual({ canViewAnnotations: true, canAnnotate: true });
    }
    // Who may read the fic without seeing its notes (a published one) is checked below; here the
    // fic is under review, so a classmate gets its 404 and never a flag.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers: w.classmate.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the notes private after publication (404 to readers who may see the fic)', async () => {
    const published = (await publishedStory(t.app, w, { fields: { text: html } })).story;
    const text = plainTextOf(html);
    const res = await post(published._id, w.admin.headers, { ...selector(text, 'amanecer'), text: 'Bien' });
    expect(res.statusCode).toBe(201);
    expect((await list(published._id, w.author.headers)).json().annotations).toHaveLength(1);
    expect((await list(published._id, w.classmate.headers)).statusCode).toBe(404);
    const readerView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stories/${published._id}`,
      headers: w.classmate.headers,
    });
    expect(readerView.json().story.permissions).toMatchObject({
      canViewAnnotations: false,
      canAnnotate: false,
    });
    expect((await list(published._id, w.otherSchoolTeacher.headers)).statusCode).toBe(404);
    expect(
      (await post(published._id, w.classmate.headers, { ...selector(text, 'amanecer'), text: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a selector that is not the current text, an empty or long note, and notes by the author', async () => {
    const text = plainTextOf(html);
    const wrong = { ...selector(text, 'amanecer'), position: { start: 0, end: 8 }, text: 'Nota' };
    const res = await post(storyId, w.teacher.headers, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { position: annotationMessages.quoteMismatch },
    });
    const empty = await post(storyId, w.teacher.headers, { ...selector(text, 'amanecer'), text: '   ' });
    expect(empty.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { text: annotationMessages.textRequired },
    });
    const long = await post(storyId, w.teacher.headers, {
      ...selector(text, 'amanecer'),
      text: 'a'.repeat(1001),
    });
    expect(long.json()).toMatchObject({ errors: { text: annotationMessages.textMax } });
    expect(
      (await post(storyId, w.author.headers, { ...selector(text, 'amanecer'), text: 'Yo' })).statusCode,
    ).toBe(403);
  });

  it('resolves (author), reopens (grade teacher), edits (writer) and deletes (writer or admin)', async () => {
    const note = await noteOn('El bosque');
    expect((await patch(note._id, w.teacher.headers, { resolved: true })).statusCode).toBe(403);
    const resolved = await patch(note._id, w.author.headers, { resolved: true });
    expect(resolved.json<{ annotation: Annotation }>().annotation.resolved).toBe(true);
    expect((await patch(note._id, w.author.headers, { resolved: false })).statusCode).toBe(403);
    const reopened = await patch(note._id, w.colleague.headers, { resolved: false });
    expect(reopened.json<{ annotation: Annotation }>().annotation.resolved).toBe(false);
    expect((await patch(note._id, w.colleague.headers, { text: 'Otra cosa' })).statusCode).toBe(403);
    const edited = await patch(note._id, w.teacher.headers, { text: 'Mejor: muestra, no cuentes' });
    expect(edited.json<{ annotation: Annotation }>().annotation.text).toBe('Mejor: muestra, no cuentes');
    expect((await patch(note._id, w.teacher.headers, {})).statusCode).toBe(400);
    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/annotations/${note._id}`, headers });
    expect((await del(w.colleague.headers)).statusCode).toBe(403);
    expect((await del(w.author.headers)).statusCode).toBe(403);
    expect((await del(w.classmate.headers)).statusCode).toBe(404);
    expect((await del(w.admin.headers)).statusCode).toBe(200);
    expect((await del(w.admin.headers)).statusCode).toBe(404);
  });

  it('takes replies from the author and the teachers; a blind teacher sees the author masked', async () => {
    const anonymous = (await evaluatedStory(t.app, w, { fields: { text: html, anonymity: 'true' } })).story;
    const text = plainTextOf(html);
    const created = await post(anonymous._id, w.teacher.headers, {
      ...selector(text, 'amanecer'),
      text: '¿Por qué?',
    });
    const noteId = created.json<{ annotation: Annotation }>().annotation._id;
    const reply = (headers: Record<string, string>, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/annotations/${noteId}/replies`,
        headers,
        payload: { text: body },
      });
    expect((await reply(w.author.headers, 'Porque amanecía')).statusCode).toBe(201);
    expect((await reply(w.colleague.headers, 'De acuerdo')).statusCode).toBe(201);
    expect((await reply(w.classmate.headers, 'Hola')).statusCode).toBe(404);
    expect((await reply(w.author.headers, '')).json()).toMatchObject({
      errors: { text: annotationMessages.replyRequired },
    });
    const seenBy = async (headers: Record<string, string>) =>
      (await list(anonymous._id, headers)).json<{ annotations: Annotation[] }>().annotations[0]!.replies;
    // The colleague is not the evaluator: blind.
    const blind = await seenBy(w.colleague.headers);
    expect(blind[0]!.author).toEqual({ _id: null, name: storyMessages.storyAuthor });
    expect(JSON.stringify(blind)).not.toContain(w.author.id);
    expect(JSON.stringify(blind)).not.toContain('Sofía');
    expect(blind[1]!.author).toEqual({ _id: w.colleague.id, name: 'Carla Colega' });
    const evaluator = await seenBy(w.teacher.headers);
    expect(evaluator[0]!.author).toEqual({ _id: w.author.id, name: 'Sofía Escobar Ruiz' });
  });

  it('re-anchors the notes when the author edits the text: moved, fuzzy, orphaned', async () => {
    const fic = (await evaluatedStory(t.app, w, { fields: { text: html } })).story;
    const text = plainTextOf(html);
    const add = async (exact: string) =>
      (await post(fic._id, w.teacher.headers, { ...selector(text, exact), text: 'Nota' })).json<{
        annotation: Annotation;
      }>().annotation;
    const moving = await add('la niebla cubría el camino');
    const changing = await add('El bosque estaba en silencio');
    const deleted = await add('La niña salió de la casa al amanecer.');
    const edited = '<p>Era invierno.</p><p>El bosque seguía en silencio y la niebla cubría el camino.</p>';
    const res = await editStory(t.app, w.author.headers, fic._id, { text: edited });
    expect(res.statusCode).toBe(200);
    const after = (await list(fic._id, w.author.headers)).json<{ annotations: Annotation[] }>().annotations;
    const byId = new Map(after.map((a) => [a._id, a]));
    const newText = plainTextOf(edited);
    const moved = byId.get(moving._id)!;
    expect(moved.orphan).toBe(false);
    expect(newText.slice(moved.position.start, moved.position.end)).toBe('la niebla cubría el camino');
    expect(moved.position.start).not.toBe(moving.position.start);
    const fuzzy = byId.get(changing._id)!;
    expect(fuzzy.orphan).toBe(false);
    expect(newText.slice(fuzzy.position.start, fuzzy.position.end)).toContain('seguía en silencio');
    const orphan = byId.get(deleted._id)!;
    expect(orphan).toMatchObject({ orphan: true, quote: { exact: 'La niña salió de la casa al amanecer.' } });
    // Orphans come last; nothing was deleted.
    expect(after.at(-1)!._id).toBe(deleted._id);
    expect(after).toHaveLength(3);
  });

  it('follows the text through a resend, and stamps new notes with the new round', async () => {
    const fic = (await evaluatedStory(t.app, w, { fields: { text: html } })).story;
    const text = plainTextOf(html);
    const first = (
      await post(fic._id, w.teacher.headers, { ...selector(text, 'la niebla cubría el camino'), text: 'Uno' })
    ).json<{ annotation: Annotation }>().annotation;
    const edited = `<p>Primero llovió.</p>${html}`;
    expect((await editStory(t.app, w.author.headers, fic._id, { text: edited })).statusCode).toBe(200);
    expect((await sendStory(t.app, w.author.headers, fic._id)).statusCode).toBe(200);
    const newText = plainTextOf(edited);
    // The evaluator may correct the text under review: the note follows that edit too.
    const corrected = `<p>Antes.</p>${edited}`;
    expect((await editStory(t.app, w.teacher.headers, fic._id, { text: corrected })).statusCode).toBe(200);
    const correctedText = plainTextOf(corrected);
    const second = (
      await post(fic._id, w.teacher.headers, { ...selector(correctedText, 'Primero llovió.'), text: 'Dos' })
    ).json<{ annotation: Annotation }>().annotation;
    expect(second.round).toBe(2);
    const after = (await list(fic._id, w.author.headers)).json<{ annotations: Annotation[] }>().annotations;
    const moved = after.find((a) => a._id === first._id)!;
    expect(moved.round).toBe(1);
    expect(moved.position.start).toBe(newText.indexOf('la niebla cubría el camino') + 'Antes.'.length);
    expect(correctedText.slice(moved.position.start, moved.position.end)).toBe('la niebla cubría el camino');
    // A selector made on the text before the correction is refused now.
    const stale = await post(fic._id, w.teacher.headers, {
      ...selector(newText, 'la niebla cubría el camino'),
      text: 'x',
    });
    expect(stale.statusCode).toBe(400);
  });

  it(`keeps a fic at ${annotationLimits.perStory} notes when requests race`, async () => {
    const fic = (await evaluatedStory(t.app, w, { fields: { text: html } })).story;
    const text = plainTextOf(html);
    const sel = selector(text, 'amanecer');
    await t.app.db.insert(annotations).values(
      Array.from({ length: annotationLimits.perStory - 2 }, () => ({
        storyId: fic._id,
        writerId: w.teacher.id,
        quoteExact: sel.quote.exact,
        quotePrefix: sel.quote.prefix,
        quoteSuffix: sel.quote.suffix,
        positionStart: sel.position.start,
        positionEnd: sel.position.end,
        text: 'Nota',
        round: 1,
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(fic._id, w.teacher.headers, { ...sel, text: 'Una más' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(annotationMessages.tooMany);
    expect(await t.app.db.$count(annotations, eq(annotations.storyId, fic._id))).toBe(
      annotationLimits.perStory,
    );
  });
});
