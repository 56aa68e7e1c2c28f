import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Comment, Story } from '@fics/contracts';
import { notifications, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { publishedStory } from '../stories/stories.fixtures';
import { insertCollege, insertGrade, member } from '../users/users.fixtures';
import {
  addComment,
  addReply,
  forgetCommentLimits,
  getComments,
  getReplies,
  postReply,
} from './comments.fixtures';

/**
 * A student who lacks a needed guardian's consent (issue 22.5, docs/decisions/privacy.md
 * 'Consentimiento') is shown only within their school: their comments and replies on another
 * school's public fic are not there at all for a visitor or a member of another school (neither
 * name nor words), and every count follows; their own school, they themselves and administrators
 * see them as before.
 */
describe('comments of a student without a guardian’s consent', () => {
  let t: TestApp;
  const year = new Date().getFullYear();
  let w: Record<
    'kid' | 'classmate' | 'otherAuthor' | 'otherStudent' | 'otherTeacher' | 'admin',
    Awaited<ReturnType<typeof member>>
  >;
  let fic: Story;
  let kidComment: Comment;
  let otherComment: Comment;

  beforeAll(async () => {
    t = await buildTestApp();
    const kidSchool = await insertCollege(t.app, 'Escuela Arrayán');
    const otherSchool = await insertCollege(t.app, 'Liceo Bosque');
    const kidGrade = await insertGrade(t.app, kidSchool, { level: 'Quinto', cicle: 'Básico', name: 'A' });
    const otherGrade = await insertGrade(t.app, otherSchool, { level: 'Segundo', cicle: 'Medio', name: 'B' });
    w = {
      kid: await member(t.app, 'STUDENT', [kidGrade], { name: 'Inés Ibáñez', birthYear: year - 10 }),
      classmate: await member(t.app, 'STUDENT', [kidGrade], { name: 'Pedro Pérez', birthYear: year - 10 }),
      otherAuthor: await member(t.app, 'STUDENT', [otherGrade], {
        name: 'Bruno Bosque',
        birthYear: year - 16,
      }),
      otherStudent: await member(t.app, 'STUDENT', [otherGrade], {
        name: 'Berta Bosque',
        birthYear: year - 16,
      }),
      otherTeacher: await member(t.app, 'TEACHER', [otherGrade], { name: 'Tomás Docente' }),
      admin: await member(t.app, 'ADMIN', [], { name: 'Ana Administradora' }),
    };
    fic = (await publishedStory(t.app, { author: w.otherAuthor, teacher: w.otherTeacher })).story;
    await forgetCommentLimits(t.app, Object.values(w));
    otherComment = await addComment(t.app, w.otherStudent, fic._id, '<p>Qué buen final</p>');
    kidComment = await addComment(t.app, w.kid, fic._id, '<p>Me recordó a mi perro Toby</p>');
    await addReply(t.app, w.kid, otherComment._id, '<p>Yo vivo cerca del cerro</p>');
    await addReply(t.app, w.otherAuthor, otherComment._id, '<p>¡Gracias!</p>');
    await addReply(t.app, w.classmate, kidComment._id, '<p>Yo también tengo perro</p>');
  }, 90_000);
  afterAll(async () => {
    await t.close();
  });

  const commentsFor = async (headers: Record<string, string>) => {
    // One a page: the total is counted (not inferred from a short page).
    const first = (await getComments(t.app, headers, fic._id, '&limit=1')).page!;
    const all = (await getComments(t.app, headers, fic._id, '&limit=5')).page!;
    return { total: first.totalDocs, docs: all.docs };
  };
  const repliesFor = async (headers: Record<string, string>, commentId: string) => {
    const first = await getReplies(t.app, headers, commentId, '?limit=1');
    if (first.res.statusCode !== 200) {
      return { status: first.res.statusCode };
    }
    const all = (await getReplies(t.app, headers, commentId, '?limit=5')).page!;
    return { status: 200, total: first.page!.totalDocs, texts: all.docs.map((r) => r.text) };
  };
  const ficCommentsCount = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${fic._id}`, headers })).json<{
      story: Story;
    }>().story.comments;

  it('to a visitor and to another school their comments and replies are not there, counts included', async () => {
    for (const [who, headers] of [
      ['visitor', {}],
      ['the fic’s author', w.otherAuthor.headers],
      ['another school’s student', w.otherStudent.headers],
      ['another school’s teacher', w.otherTeacher.headers],
    ] as const) {
      const { total, docs } = await commentsFor(headers);
      expect(
        docs.map((c) => c._id),
        who,
      ).toEqual([otherComment._id]);
      expect(total, who).toBe(1);
      expect(await ficCommentsCount(headers), who).toBe(1);
      expect(docs[0]!.replies, who).toBe(1);
      expect(JSON.stringify(docs), who).not.toMatch(/Inés|Toby|cerro/);
      expect(await repliesFor(headers, otherComment._id), who).toEqual({
        status: 200,
        total: 1,
        texts: ['<p>¡Gracias!</p>'],
      });
      // Their comment is unknown, its thread too; nobody there answers it.
      expect(await repliesFor(headers, kidComment._id), who).toEqual({ status: 404 });
    }
    expect((await postReply(t.app, w.otherAuthor.headers, kidComment._id, '<p>Hola</p>')).statusCode).toBe(
      404,
    );
  });

  it('their own school, they themselves and administrators see them, with the counts', async () => {
    for (const user of [w.kid, w.classmate, w.admin]) {
      const { total, docs } = await commentsFor(user.headers);
      expect(docs.map((c) => c._id).sort(), user.name).toEqual([kidComment._id, otherComment._id].sort());
      expect(total, user.name).toBe(2);
      expect(await ficCommentsCount(user.headers), user.name).toBe(2);
      expect(docs.find((c) => c._id === kidComment._id)!.userId.name, user.name).toBe('Inés Ibáñez');
      expect(docs.find((c) => c._id === otherComment._id)!.replies, user.name).toBe(2);
      expect((await repliesFor(user.headers, otherComment._id)).total, user.name).toBe(2);
      expect((await repliesFor(user.headers, kidComment._id)).total, user.name).toBe(1);
    }
  });

  it('names them in no notification to another school: their comment and reply tell nobody there', async () => {
    const textsOf = async (userId: string) =>
      (
        await t.app.db
          .select({ text: notifications.text })
          .from(notifications)
          .where(eq(notifications.userId, userId))
      )
        .map((n) => n.text)
        .sort();
    // Events are delivered after the request: wait for the ones that are told.
    await expect
      .poll(() => textsOf(w.kid.id))
      .toEqual([expect.stringMatching(/^Pedro Pérez respondió tu comentario/)]);
    await expect
      .poll(() => textsOf(w.otherStudent.id))
      .toEqual([expect.stringMatching(/^Bruno Bosque respondió tu comentario/)]);
    // The fic's author is told of the other school's comment; of hers, nothing, not even unnamed.
    const authorTexts = await textsOf(w.otherAuthor.id);
    expect(authorTexts.filter((text) => text.includes('comentó'))).toEqual([
      expect.stringMatching(/^Berta Bosque comentó tu fic/),
    ]);
    expect(authorTexts.join('\n')).not.toMatch(/Inés/);
  });

  it('held for approval: another school’s teacher neither reads nor decides on theirs; an administrator does', async () => {
    const mode = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/stories/${fic._id}/comments-mode`,
      headers: w.otherTeacher.headers,
      payload: { mode: 'MODERATED' },
    });
    expect(mode.statusCode, mode.body).toBe(200);
    try {
      await forgetCommentLimits(t.app, [w.kid]);
      const held = await addComment(t.app, w.kid, fic._id, '<p>Mi abuela vive en Temuco</p>');
      const heldIds = async (headers: Record<string, string>) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/comments/held?limit=20', headers });
        expect(res.statusCode, res.body).toBe(200);
        return JSON.stringify(res.json());
      };
      const teacherSees = await heldIds(w.otherTeacher.headers);
      expect(teacherSees).not.toContain(held._id);
      expect(teacherSees).not.toMatch(/Temuco|Inés/);
      expect(await heldIds(w.admin.headers)).toContain(held._id);
      const decide = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/comments/${held._id}/approval`,
          headers,
          payload: { decision: 'REJECT' },
        });
      expect((await decide(w.otherTeacher.headers)).statusCode).toBe(404);
      expect((await decide(w.admin.headers)).statusCode).toBe(200);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/stories/${fic._id}/comments-mode`,
        headers: w.otherTeacher.headers,
        payload: { mode: 'OPEN' },
      });
    }
  });

  it('once they need no consent (here: a birth year corrected), everyone sees them again', async () => {
    await t.app.db
      .update(users)
      .set({ birthYear: year - 16 })
      .where(eq(users.id, w.kid.id));
    try {
      const { total, docs } = await commentsFor({});
      expect(total).toBe(2);
      // A visitor reads a student as 'Nombre I.' (architecture.md §6.8).
      expect(docs.find((c) => c._id === kidComment._id)!.userId.name).toBe('Inés I.');
      // Its thread opens; the classmate's reply (also under 14, without consent) stays within the school.
      expect(await repliesFor({}, kidComment._id)).toEqual({ status: 200, total: 0, texts: [] });
    } finally {
      await t.app.db
        .update(users)
        .set({ birthYear: year - 10 })
        .where(eq(users.id, w.kid.id));
    }
    expect((await commentsFor({})).total).toBe(1);
  });
});
