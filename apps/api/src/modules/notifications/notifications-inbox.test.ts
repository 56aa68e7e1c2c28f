import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Notification, NotificationsResponse } from '@fics/contracts';
import { domainEvents, mailOutbox, notifications, roles } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addComment, addReply, forgetCommentLimits } from '../comments/comments.fixtures';
import { postChange, postRegister, freshEmail } from '../requests/requests.fixtures';
import {
  createStory,
  evaluate,
  evaluatedStory,
  patchEvaluation,
  publish,
  publishedStory,
  sendStory,
  storyWorld,
} from '../stories/stories.fixtures';
import { notificationsSubscriber } from './notifications.subscriber';

type Headers = Record<string, string>;

/** The two ways a fic hides its author. */
const hiddenAuthorFields: Record<string, string>[] = [
  { anonymity: 'true' },
  { nickname: 'true', nicknameValue: 'Pluma Veloz' },
];

describe('in-app notifications', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;

  const list = async (headers: Headers, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/notifications${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NotificationsResponse>();
  };
  /** The texts of `who`'s notifications about one fic, oldest first. */
  const textsAbout = async (who: { headers: Headers }, storyId: string) =>
    (await list(who.headers, '?limit=50')).notifications.docs
      .filter((n) => n.storyId === storyId)
      .reverse()
      .map((n) => `${n.type} ${n.text}`);
  const markRead = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers, payload: payload as object });

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells a fic’s way: sent to the grade’s teachers, evaluated, returned, resent and published to its author', async () => {
    const story = await createStory(t.app, w.author.headers, { draft: false });
    const sent = 'STORY_TO_REVIEW Sofía Escobar Ruiz envió «El pingüino volador» para revisión';
    expect(await textsAbout(w.teacher, story._id)).toEqual([sent]);
    expect(await textsAbout(w.colleague, story._id)).toEqual([sent]);
    for (const who of [w.otherGradeTeacher, w.otherSchoolTeacher, w.admin, w.classmate, w.author]) {
      expect(await textsAbout(who, story._id)).toEqual([]);
    }

    const evaluation = await evaluate(t.app, w.teacher.headers, story._id);
    expect(await textsAbout(w.author, story._id)).toEqual([
      `STORY_EVALUATED Tu fic «El pingüino volador» fue evaluada: ${evaluation.score} puntos`,
    ]);

    expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
    const resent = 'STORY_TO_REVIEW Sofía Escobar Ruiz reenvió «El pingüino volador» para revisión';
    expect(await textsAbout(w.teacher, story._id)).toEqual([sent, resent]);

    const updated = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, {
      comment: 'Revisa el final',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const score = updated.json<{ evaluation: { score: number } }>().evaluation.score;
    expect((await publish(t.app, w.colleague.headers, story._id)).statusCode).toBe(200);
    expect(await textsAbout(w.author, story._id)).toEqual([
      `STORY_EVALUATED Tu fic «El pingüino volador» fue evaluada: ${evaluation.score} puntos`,
      `STORY_RETURNED Tu fic «El pingüino volador» volvió con correcciones: ${score} puntos`,
      'STORY_PUBLISHED Tu fic «El pingüino volador» fue publicada',
    ]);
    // The teachers were told only of the sendings; nobody of their own action.
    expect(await textsAbout(w.teacher, story._id)).toEqual([sent, resent]);
    // One e-mail of the publication.
    const mails = (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'published'))).filter(
      (m) => m.text.includes(`/fics/${story._id}`),
    );
    expect(mails.map((m) => m.to)).toEqual([w.author.email]);
  });

  it('never names the author of an anonymous or pseudonymous fic to a teacher reviewing it blind', async () => {
    for (const fields of hiddenAuthorFields) {
      const story = await createStory(t.app, w.author.headers, { draft: false, fields });
      const blind = 'STORY_TO_REVIEW Se envió «El pingüino volador» para revisión';
      // Before an evaluation nobody of the grade is its evaluator: both review blind.
      expect(await textsAbout(w.teacher, story._id)).toEqual([blind]);
      expect(await textsAbout(w.colleague, story._id)).toEqual([blind]);
      await evaluate(t.app, w.teacher.headers, story._id);
      expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
      // The evaluator may know the author; the colleague still may not.
      expect(await textsAbout(w.teacher, story._id)).toEqual([
        blind,
        'STORY_TO_REVIEW Sofía Escobar Ruiz reenvió «El pingüino volador» para revisión',
      ]);
      expect(await textsAbout(w.colleague, story._id)).toEqual([
        blind,
        'STORY_TO_REVIEW Se reenvió «El pingüino volador» para revisión',
      ]);
    }
  });

  it('tells the author of a comment on their fic, and a commenter of a reply, masking an anonymous author', async () => {
    await forgetCommentLimits(t.app, [w.author, w.classmate, w.teacher]);
    const open = (await publishedStory(t.app, w)).story;
    const comment = await addComment(t.app, w.classmate, open._id);
    await addComment(t.app, w.author, open._id);
    expect(await textsAbout(w.author, open._id)).toEqual([
      'STORY_EVALUATED Tu fic «El pingüino volador» fue evaluada: 5 puntos',
      'STORY_PUBLISHED Tu fic «El pingüino volador» fue publicada',
      'STORY_COMMENTED Pedro Pérez comentó tu fic «El pingüino volador»',
    ]);
    const commented = (await list(w.author.headers)).notifications.docs.find(
      (n) => n.type === 'STORY_COMMENTED',
    );
    expect(commented).toMatchObject({ storyId: open._id, commentId: comment._id, read: false });

    await addReply(t.app, w.teacher, comment._id);
    await addReply(t.app, w.classmate, comment._id);
    expect(await textsAbout(w.classmate, open._id)).toEqual([
      'COMMENT_REPLIED Tomás Docente respondió tu comentario en «El pingüino volador»',
    ]);

    for (const [fields, mask] of [
      [{ anonymity: 'true' }, 'Autor/a'],
      [{ nickname: 'true', nicknameValue: 'Pluma Veloz' }, 'Pluma Veloz'],
    ] as const) {
      const hidden = (await publishedStory(t.app, w, { fields })).story;
      const question = await addComment(t.app, w.classmate, hidden._id);
      await addReply(t.app, w.author, question._id);
      expect(await textsAbout(w.classmate, hidden._id)).toEqual([
        `COMMENT_REPLIED ${mask} respondió tu comentario en «El pingüino volador»`,
      ]);
      // The evaluator may know who wrote it: their reply notification names the author.
      const asked = await addComment(t.app, w.teacher, hidden._id);
      await addReply(t.app, w.author, asked._id);
      expect(await textsAbout(w.teacher, hidden._id)).toContainEqual(
        'COMMENT_REPLIED Sofía Escobar Ruiz respondió tu comentario en «El pingüino volador»',
      );
      await forgetCommentLimits(t.app, [w.author, w.classmate, w.teacher]);
    }
  });

  it('tells every administrator of a new registration or change request', async () => {
    const second = await t.app.db.select({ id: roles.id, name: roles.name }).from(roles);
    const teacherRole = second.find((r) => r.name === 'TEACHER')!.id;
    const register = await postRegister(t.app, {
      email: freshEmail(),
      name: 'Valentina Rojas',
      role: teacherRole,
      collegeId: w.collegeA,
      gradeId: w.gradeA1,
      userComment: 'Soy docente de lenguaje del colegio',
    });
    expect(register.statusCode, register.body).toBe(201);
    const change = await postChange(t.app, w.classmate.headers, {
      collegeId: w.collegeB,
      gradeId: w.gradeB1,
      studentExplanation: 'Me cambié de casa y ahora estudio en otro liceo',
    });
    expect(change.statusCode, change.body).toBe(201);
    const requests = (await list(w.admin.headers)).notifications.docs.filter(
      (n) => n.type === 'REQUEST_CREATED',
    );
    expect(requests.map((n) => [n.text, n.requestKind, n.storyId])).toEqual([
      ['Nueva solicitud de cambio de curso: Pedro Pérez', 'CHANGE', null],
      ['Nueva solicitud de registro: Valentina Rojas', 'REGISTER', null],
    ]);
    for (const who of [w.teacher, w.classmate]) {
      expect((await list(who.headers)).notifications.docs.some((n) => n.type === 'REQUEST_CREATED')).toBe(
        false,
      );
    }
  });

  it('pages each one’s own list newest first with the unread count; nobody reads or marks another’s', async () => {
    const everyone = [w.author, w.classmate, w.teacher, w.colleague, w.otherGradeTeacher, w.admin];
    for (const who of everyone) {
      const { notifications: page, unread } = await list(who.headers);
      const mine = await t.app.db.select().from(notifications).where(eq(notifications.userId, who.id));
      expect(page.totalDocs).toBe(mine.length);
      expect(unread).toBe(mine.filter((n) => n.readAt === null).length);
      expect(page.docs.every((doc) => mine.some((n) => n.id === doc._id))).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    expect((await markRead({}, { all: true })).statusCode).toBe(401);

    // Newest first, a page at a time.
    const all = (await list(w.teacher.headers, '?limit=50')).notifications;
    const times = all.docs.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await list(w.teacher.headers, '?page=2&limit=2')).notifications;
    expect(second).toMatchObject({ page: 2, limit: 2, totalDocs: all.totalDocs });
    expect(second.docs.map((n) => n._id)).toEqual(all.docs.slice(2, 4).map((n) => n._id));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/notifications?limit=51',
          headers: w.teacher.headers,
        })
      ).statusCode,
    ).toBe(400);

    // Marking another's ids changes nothing of theirs and says nothing of them.
    const authorUnread = (await list(w.author.headers)).unread;
    expect(authorUnread).toBeGreaterThan(0);
    const authorIds = (await list(w.author.headers)).notifications.docs.map((n: Notification) => n._id);
    const teacherUnread = (await list(w.teacher.headers)).unread;
    const foreign = await markRead(w.teacher.headers, { ids: authorIds });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ unread: teacherUnread });
    expect((await list(w.author.headers)).unread).toBe(authorUnread);

    // Their own: one, then all.
    const [first] = (await list(w.author.headers)).notifications.docs.filter((n) => !n.read);
    expect((await markRead(w.author.headers, { ids: [first!._id] })).json()).toEqual({
      unread: authorUnread - 1,
    });
    expect((await list(w.author.headers)).notifications.docs.find((n) => n._id === first!._id)!.read).toBe(
      true,
    );
    expect((await markRead(w.author.headers, { all: true })).json()).toEqual({ unread: 0 });
    expect((await list(w.author.headers)).unread).toBe(0);
    expect((await list(w.teacher.headers)).unread).toBe(teacherUnread);

    for (const [body, errors] of [
      [{}, { body: 'Indica las notificaciones (ids) o todas (all: true)' }],
      [{ all: false }, { body: 'Indica las notificaciones (ids) o todas (all: true)' }],
      [{ ids: [] }, { ids: 'Indica entre 1 y 100 notificaciones' }],
      [{ ids: ['no-es-un-id'] }, { 'ids.0': 'Identificador inválido' }],
    ] as const) {
      const res = await markRead(w.author.headers, body);
      expect({ body, code: res.statusCode, errors: res.json<{ errors: unknown }>().errors }).toEqual({
        body,
        code: 400,
        errors,
      });
    }
  });

  it('creates nothing twice when an event is delivered again', async () => {
    const { story } = await evaluatedStory(t.app, w);
    const [event] = await t.app.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.storyId, story._id), eq(domainEvents.type, 'story.evaluated')));
    const count = () => t.app.db.$count(notifications, eq(notifications.storyId, story._id));
    const before = await count();
    expect(before).toBe(3); // sent to two teachers, evaluated to the author
    const delivered = {
      id: event!.id,
      type: 'story.evaluated' as const,
      storyId: story._id,
      actor: { userId: w.teacher.id, role: 'TEACHER' },
      payload: event!.payload as { authorId: string; evaluatorId: string; title: string; score: number },
      occurredAt: event!.occurredAt,
    };
    await t.app.db.transaction((tx) =>
      notificationsSubscriber.handle(tx, delivered, {
        db: t.app.db,
        publicUrl: 'http://localhost',
        afterCommit: () => undefined,
      }),
    );
    expect(await count()).toBe(before);
  });
});
