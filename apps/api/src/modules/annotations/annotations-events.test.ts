import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Annotation } from '@fics/contracts';
import { domainEvents } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { editStory, evaluatedStory, storyWorld } from '../stories/stories.fixtures';
import { plainTextOf, quoteAt } from './anchoring';
import { reanchorStory } from './reanchor.subscriber';

const html =
  '<p>La niña salió de la casa al <strong>amanecer</strong>.</p><p>El bosque estaba en silencio y la niebla cubría el camino.</p>';
const text = plainTextOf(html);
const title = 'El pingüino volador';

/**
 * Each change of a note writes its domain event in the same transaction (issue 20, events.md): the
 * type, the fic as its stream, who did it and what subscribers need. A refused change writes none.
 */
describe('notes announce their changes (annotation.* events)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let storyId: string;
  let seen = 0;

  /** The annotation events written since the last call, oldest first. */
  async function newEvents() {
    const rows = await t.app.db
      .select({
        id: domainEvents.id,
        type: domainEvents.type,
        storyId: domainEvents.storyId,
        actorId: domainEvents.actorId,
        payload: domainEvents.payload,
      })
      .from(domainEvents)
      .where(gt(domainEvents.id, seen))
      .orderBy(asc(domainEvents.id));
    seen = rows.at(-1)?.id ?? seen;
    return rows.filter((row) => row.type.startsWith('annotation.')).map(({ id: _id, ...event }) => event);
  }

  const selector = (exact: string) => {
    const start = text.indexOf(exact);
    return {
      quote: quoteAt(text, start, start + exact.length, 32),
      position: { start, end: start + exact.length },
    };
  };
  const post = (headers: Record<string, string>, payload: object, id = storyId) =>
    t.app.inject({ method: 'POST', url: `/api/v1/stories/${id}/annotations`, headers, payload });
  const patch = (id: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/annotations/${id}`, headers, payload });
  const reply = (id: string, headers: Record<string, string>, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${id}/replies`,
      headers,
      payload: { text: body },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    storyId = (await evaluatedStory(t.app, w, { fields: { text: html } })).story._id;
    await newEvents();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes annotation.created with the note, once, and nothing for a refused note', async () => {
    expect((await post(w.author.headers, { ...selector('amanecer'), text: 'Yo' })).statusCode).toBe(403);
    expect((await post(w.classmate.headers, { ...selector('amanecer'), text: 'x' })).statusCode).toBe(404);
    const wrong = { ...selector('amanecer'), position: { start: 0, end: 8 }, text: 'x' };
    expect((await post(w.teacher.headers, wrong)).statusCode).toBe(400);
    expect((await post(w.teacher.headers, { ...selector('amanecer'), text: '' })).statusCode).toBe(400);
    expect(await newEvents()).toEqual([]);

    const res = await post(w.teacher.headers, { ...selector('amanecer'), text: 'Bien elegido' });
    expect(res.statusCode).toBe(201);
    const note = res.json<{ annotation: Annotation }>().annotation;
    expect(await newEvents()).toEqual([
      {
        type: 'annotation.created',
        storyId,
        actorId: w.teacher.id,
        payload: { annotationId: note._id, authorId: w.author.id, writerId: w.teacher.id, title },
      },
    ]);
  });

  it('writes annotation.replied, .resolved and .reopened once each, none when refused or unchanged', async () => {
    const note = (await post(w.teacher.headers, { ...selector('El bosque'), text: '¿Qué bosque?' })).json<{
      annotation: Annotation;
    }>().annotation;
    await newEvents();
    const about = { annotationId: note._id, authorId: w.author.id, writerId: w.teacher.id, title };

    expect((await reply(note._id, w.classmate.headers, 'Hola')).statusCode).toBe(404);
    expect((await reply(note._id, w.author.headers, '   ')).statusCode).toBe(400);
    expect(await newEvents()).toEqual([]);
    const answered = await reply(note._id, w.author.headers, 'Uno de pinos');
    expect(answered.statusCode).toBe(201);
    const replyId = answered.json<{ reply: { _id: string } }>().reply._id;
    expect(await newEvents()).toEqual([
      { type: 'annotation.replied', storyId, actorId: w.author.id, payload: { ...about, replyId } },
    ]);

    expect((await patch(note._id, w.teacher.headers, { resolved: true })).statusCode).toBe(403);
    expect((await patch(note._id, w.author.headers, { resolved: false })).statusCode).toBe(403);
    // Editing the text is no news for anyone.
    expect((await patch(note._id, w.teacher.headers, { text: '¿Qué bosque, exactamente?' })).statusCode).toBe(
      200,
    );
    expect(await newEvents()).toEqual([]);

    expect((await patch(note._id, w.author.headers, { resolved: true })).statusCode).toBe(200);
    // Resolving a resolved note changes nothing and tells nothing.
    expect((await patch(note._id, w.author.headers, { resolved: true })).statusCode).toBe(200);
    expect(await newEvents()).toEqual([
      { type: 'annotation.resolved', storyId, actorId: w.author.id, payload: about },
    ]);

    expect((await patch(note._id, w.colleague.headers, { resolved: false })).statusCode).toBe(200);
    expect((await patch(note._id, w.colleague.headers, { resolved: false })).statusCode).toBe(200);
    expect(await newEvents()).toEqual([
      { type: 'annotation.reopened', storyId, actorId: w.colleague.id, payload: about },
    ]);
  });

  it('writes one annotation.orphaned for an edit that leaves notes without a place, and none again', async () => {
    const fic = (await evaluatedStory(t.app, w, { fields: { text: html } })).story;
    const add = async (who: { headers: Record<string, string> }, exact: string) =>
      (await post(who.headers, { ...selector(exact), text: 'Nota' }, fic._id)).json<{
        annotation: Annotation;
      }>().annotation;
    const lost = await add(w.teacher, 'La niña salió de la casa al amanecer.');
    const lostToo = await add(w.colleague, 'La niña salió');
    await add(w.teacher, 'la niebla cubría el camino');
    await newEvents();

    // An edit that keeps every passage orphans nothing.
    const kept = `<p>Antes.</p>${html}`;
    expect((await editStory(t.app, w.author.headers, fic._id, { text: kept })).statusCode).toBe(200);
    expect(await newEvents()).toEqual([]);

    const edited = '<p>Era invierno.</p><p>El bosque estaba en silencio y la niebla cubría el camino.</p>';
    expect((await editStory(t.app, w.author.headers, fic._id, { text: edited })).statusCode).toBe(200);
    const events = await newEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'annotation.orphaned',
      storyId: fic._id,
      actorId: w.author.id,
      payload: { authorId: w.author.id, title },
    });
    const notes = (events[0]!.payload as { notes: { annotationId: string; writerId: string }[] }).notes;
    expect(notes).toEqual(
      expect.arrayContaining([
        { annotationId: lost._id, writerId: w.teacher.id },
        { annotationId: lostToo._id, writerId: w.colleague.id },
      ]),
    );
    expect(notes).toHaveLength(2);

    // Delivered again (or another edit): the orphans stay as they are and nothing is announced again.
    await t.app.db.transaction((tx) => reanchorStory(tx, fic._id));
    expect(
      (await editStory(t.app, w.author.headers, fic._id, { text: `${edited}<p>Fin.</p>` })).statusCode,
    ).toBe(200);
    expect(await newEvents()).toEqual([]);
    const orphaned = await t.app.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.storyId, fic._id), eq(domainEvents.type, 'annotation.orphaned')));
    expect(orphaned).toHaveLength(1);
  });
});
