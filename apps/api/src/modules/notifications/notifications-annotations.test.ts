import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { storyMessages, type Annotation, type NotificationsResponse } from '@fics/contracts';
import { domainEvents, notifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { toDomainEvent } from '../events';
import { editStory, evaluatedStory, storyWorld } from '../stories/stories.fixtures';
import { notificationsSubscriber } from './notifications.subscriber';

type Headers = Record<string, string>;

const html =
  '<p>La niña salió de la casa al <strong>amanecer</strong>.</p><p>El bosque estaba en silencio y la niebla cubría el camino.</p>';
/** The fic's plain text (its textContent), which notes' positions count. */
const text =
  'La niña salió de la casa al amanecer.El bosque estaba en silencio y la niebla cubría el camino.';
const title = 'El pingüino volador';

/**
 * Notes on passages tell the fic's author and the note's writer (issue 20, notifications.md): each
 * text to the right person, never to whoever acted, once per event, and never naming the author of
 * a hidden fic to a teacher reviewing it blind.
 */
describe('notifications of notes on passages', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;

  /** `who`'s notifications of notes about one fic, oldest first, as "TYPE text". */
  const notesTold = async (who: { headers: Headers }, storyId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?limit=50',
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<NotificationsResponse>()
      .notifications.docs.filter((n) => n.storyId === storyId && n.type.startsWith('ANNOTATION_'))
      .reverse()
      .map((n) => `${n.type} ${n.text}`);
  };
  const selector = (exact: string) => {
    const start = text.indexOf(exact);
    const end = start + exact.length;
    return {
      quote: { exact, prefix: text.slice(Math.max(0, start - 32), start), suffix: text.slice(end, end + 32) },
      position: { start, end },
    };
  };
  const note = async (who: { headers: Headers }, storyId: string, exact: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stories/${storyId}/annotations`,
      headers: who.headers,
      payload: { ...selector(exact), text: 'Revisa este pasaje' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ annotation: Annotation }>().annotation;
  };
  const reply = async (who: { headers: Headers }, noteId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/annotations/${noteId}/replies`,
      headers: who.headers,
      payload: { text: 'Listo' },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const setResolved = async (who: { headers: Headers }, noteId: string, resolved: boolean) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/annotations/${noteId}`,
      headers: who.headers,
      payload: { resolved },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the author of a note, a reply and a reopening; the writer of the answer and the resolution', async () => {
    const { story } = await evaluatedStory(t.app, w, { fields: { text: html } });
    const n = await note(w.teacher, story._id, 'la niebla cubría el camino');
    const added = `ANNOTATION_ADDED Tomás Docente dejó una nota en tu fic «${title}»`;
    expect(await notesTold(w.author, story._id)).toEqual([added]);

    // A colleague's reply goes to the author, not to the note's writer (only the author's answer does).
    await reply(w.colleague, n._id);
    const colleagueReplied = `ANNOTATION_REPLIED Carla Colega respondió una nota en tu fic «${title}»`;
    expect(await notesTold(w.author, story._id)).toEqual([added, colleagueReplied]);

    await reply(w.author, n._id);
    await setResolved(w.author, n._id, true);
    expect(await notesTold(w.teacher, story._id)).toEqual([
      `ANNOTATION_ANSWERED Sofía Escobar Ruiz respondió tu nota en «${title}»`,
      `ANNOTATION_RESOLVED Sofía Escobar Ruiz marcó como resuelta tu nota en «${title}»`,
    ]);

    await setResolved(w.colleague, n._id, false);
    // The writer's own reply goes to the author; nobody is told of their own action.
    await reply(w.teacher, n._id);
    expect(await notesTold(w.author, story._id)).toEqual([
      added,
      colleagueReplied,
      `ANNOTATION_REOPENED Carla Colega reabrió una nota en tu fic «${title}»`,
      `ANNOTATION_REPLIED Tomás Docente respondió una nota en tu fic «${title}»`,
    ]);
    expect(await notesTold(w.colleague, story._id)).toEqual([]);
    expect(await notesTold(w.teacher, story._id)).toHaveLength(2);
    for (const who of [w.admin, w.classmate, w.otherGradeTeacher]) {
      expect(await notesTold(who, story._id)).toEqual([]);
    }
  });

  it('tells each writer once of their notes an edit left without a place', async () => {
    const { story } = await evaluatedStory(t.app, w, { fields: { text: html } });
    await note(w.teacher, story._id, 'La niña salió de la casa al amanecer.');
    await note(w.teacher, story._id, 'La niña salió');
    await note(w.colleague, story._id, 'amanecer');
    await note(w.admin, story._id, 'la niebla cubría el camino');
    const edited = '<p>Era invierno.</p><p>El bosque estaba en silencio y la niebla cubría el camino.</p>';
    expect((await editStory(t.app, w.author.headers, story._id, { text: edited })).statusCode).toBe(200);
    expect(await notesTold(w.teacher, story._id)).toEqual([
      `ANNOTATION_ORPHANED 2 notas tuyas en «${title}» quedaron sin ubicación: sus pasajes cambiaron`,
    ]);
    expect(await notesTold(w.colleague, story._id)).toEqual([
      `ANNOTATION_ORPHANED Tu nota en «${title}» quedó sin ubicación: su pasaje cambió`,
    ]);
    // The admin's note still has its place.
    expect(await notesTold(w.admin, story._id)).toEqual([]);
  });

  it('creates nothing twice when a note’s event is delivered again', async () => {
    const { story } = await evaluatedStory(t.app, w, { fields: { text: html } });
    const n = await note(w.teacher, story._id, 'El bosque');
    await reply(w.author, n._id);
    await setResolved(w.author, n._id, true);
    await setResolved(w.teacher, n._id, false);
    const edited = '<p>Otra cosa.</p>';
    expect((await editStory(t.app, w.author.headers, story._id, { text: edited })).statusCode).toBe(200);
    const count = () => t.app.db.$count(notifications, eq(notifications.storyId, story._id));
    const before = await count();
    // added, reopened to the author; answered, resolved, orphaned to the writer.
    expect(before).toBeGreaterThanOrEqual(5);
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.storyId, story._id), like(domainEvents.type, 'annotation.%')));
    expect(events.map((e) => e.type).sort()).toEqual([
      'annotation.created',
      'annotation.orphaned',
      'annotation.reopened',
      'annotation.replied',
      'annotation.resolved',
    ]);
    for (const event of events) {
      await t.app.db.transaction((tx) =>
        notificationsSubscriber.handle(tx, toDomainEvent(event), {
          db: t.app.db,
          publicUrl: 'http://localhost',
          afterCommit: () => undefined,
        }),
      );
    }
    expect(await count()).toBe(before);
  });

  it('never names the author of a hidden fic to a note writer reviewing it blind', async () => {
    for (const [fields, mask] of [
      [{ anonymity: 'true' }, storyMessages.storyAuthor],
      [{ nickname: 'true', nicknameValue: 'Pluma Veloz' }, 'Pluma Veloz'],
    ] as const) {
      // The teacher evaluated it (may know the author); the colleague of the grade did not.
      const { story } = await evaluatedStory(t.app, w, { fields: { text: html, ...fields } });
      const blindNote = await note(w.colleague, story._id, 'amanecer');
      const evaluatorNote = await note(w.teacher, story._id, 'El bosque');
      for (const n of [blindNote, evaluatorNote]) {
        await reply(w.author, n._id);
        await setResolved(w.author, n._id, true);
      }
      await editStory(t.app, w.author.headers, story._id, { text: '<p>Todo nuevo.</p>' });
      const blind = await notesTold(w.colleague, story._id);
      expect(blind).toEqual([
        `ANNOTATION_ANSWERED ${mask} respondió tu nota en «${title}»`,
        `ANNOTATION_RESOLVED ${mask} marcó como resuelta tu nota en «${title}»`,
        `ANNOTATION_ORPHANED Tu nota en «${title}» quedó sin ubicación: su pasaje cambió`,
      ]);
      for (const mark of [w.author.name, 'Sofía', w.author.id]) {
        expect(JSON.stringify(blind)).not.toContain(mark);
      }
      // The rows themselves, not only what the list shows.
      const rows = await t.app.db
        .select({ text: notifications.text })
        .from(notifications)
        .where(and(eq(notifications.userId, w.colleague.id), eq(notifications.storyId, story._id)));
      expect(rows.some((row) => row.text.includes('Sofía'))).toBe(false);
      // The evaluator may know the author: named.
      expect(await notesTold(w.teacher, story._id)).toEqual([
        `ANNOTATION_ANSWERED Sofía Escobar Ruiz respondió tu nota en «${title}»`,
        `ANNOTATION_RESOLVED Sofía Escobar Ruiz marcó como resuelta tu nota en «${title}»`,
        `ANNOTATION_ORPHANED Tu nota en «${title}» quedó sin ubicación: su pasaje cambió`,
      ]);
    }
  });
});
