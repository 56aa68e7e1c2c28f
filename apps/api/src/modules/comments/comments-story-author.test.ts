import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storyMessages, type Comment, type CommentAuthor, type Paged, type Reply } from '@fics/contracts';
import { stories, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { publishedStory, storyWorld } from '../stories/stories.fixtures';
import {
  addComment,
  addReply,
  forgetCommentLimits,
  getComments,
  patchComment,
  postComment,
  postReply,
} from './comments.fixtures';

/**
 * The author of an anonymous or pseudonymous fic commenting or replying on it (issue 18, point 10):
 * every answer shows them as the fic does ('Autor/a' or the pseudonym, no id, no photo) to whoever may
 * not know the author; the author, the fic's evaluator and administrators see who it is.
 */

let t: TestApp;
let w: Awaited<ReturnType<typeof storyWorld>>;
let photoId: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await storyWorld(t.app);
  // The author has a photo, so an answer that gave it away would show.
  const { story } = await publishedStory(t.app, w);
  const [row] = await t.app.db
    .select({ coverId: stories.coverId })
    .from(stories)
    .where(eq(stories.id, story._id));
  photoId = row!.coverId;
  await t.app.db.update(users).set({ profilePictureId: photoId }).where(eq(users.id, w.author.id));
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, [w.author, w.classmate, w.colleague, w.teacher, w.admin]);
});

type Headers = Record<string, string>;

async function listComments(headers: Headers, storyId: string): Promise<{ body: string; docs: Comment[] }> {
  const { res, page } = await getComments(t.app, headers, storyId);
  expect(res.statusCode).toBe(200);
  return { body: res.body, docs: page!.docs };
}

async function listReplies(headers: Headers, commentId: string): Promise<{ body: string; docs: Reply[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/comments/${commentId}/replies`, headers });
  expect(res.statusCode).toBe(200);
  return { body: res.body, docs: res.json<{ replies: Paged<Reply> }>().replies.docs };
}

const student = { name: 'STUDENT', displayName: 'Estudiante' };

/** The author as the fic shows them to someone who may not know them. */
const masked = (name: string): CommentAuthor => ({
  _id: null,
  name,
  profilePicture: null,
  role: student,
  isStoryAuthor: true,
});

/** Nothing in an answer that names or points at the author. */
function expectNothingOfTheAuthor(body: string): void {
  expect(body).not.toContain(w.author.id);
  expect(body).not.toContain('Sofía');
  expect(body).not.toContain('Escobar');
  expect(body).not.toContain(photoId);
}

describe.each<{ kind: string; fields: Record<string, string>; mask: string }>([
  { kind: 'anonymous', fields: { anonymity: 'true' }, mask: storyMessages.storyAuthor },
  { kind: 'pseudonymous', fields: { nickname: 'true', nicknameValue: 'Pluma Veloz' }, mask: 'Pluma Veloz' },
])('the author of a $kind fic on their own fic', ({ fields, mask }) => {
  let storyId: string;
  let own: Comment;
  let onClassmates: Reply;
  let classmates: Comment;
  beforeAll(async () => {
    // Evaluated and published by w.teacher: the fic's evaluator.
    storyId = (await publishedStory(t.app, w, { fields })).story._id;
    classmates = await addComment(t.app, w.classmate, storyId, '<p>¡Qué buena!</p>');
    own = await addComment(t.app, w.author, storyId, '<p>Gracias por leer</p>');
    onClassmates = await addReply(t.app, w.author, classmates._id, '<p>¡Gracias, Pedro!</p>');
  });

  // Visitors, other students (of the grade or not), and teachers who are not the evaluator (a
  // colleague of the grade reviews the fic blind, review.md).
  const strangers = ['visitor', 'classmate', 'otherSchoolStudent', 'colleague', 'otherGradeTeacher'] as const;
  const headersOf = (who: (typeof strangers)[number]): Headers => (who === 'visitor' ? {} : w[who].headers);

  it.each(strangers)(
    'shows their comment and reply as the fic’s author to %s, and nothing of them',
    async (who) => {
      const comments = await listComments(headersOf(who), storyId);
      expect(comments.docs.map((c) => c._id)).toEqual([own._id, classmates._id]);
      expect(comments.docs[0]!.userId).toEqual(masked(mask));
      // Someone else's comment on the fic keeps its writer.
      expect(comments.docs[1]!.userId).toMatchObject({ _id: w.classmate.id, isStoryAuthor: false });
      expectNothingOfTheAuthor(comments.body);

      const replies = await listReplies(headersOf(who), classmates._id);
      expect(replies.docs.map((r) => r._id)).toEqual([onClassmates._id]);
      expect(replies.docs[0]!.userId).toEqual(masked(mask));
      expectNothingOfTheAuthor(replies.body);
    },
  );

  it.each(['author', 'teacher', 'admin'] as const)(
    'shows them as themselves, marked as the author, to %s (who may know the author)',
    async (who) => {
      const real = {
        _id: w.author.id,
        name: 'Sofía Escobar Ruiz',
        profilePicture: { url: `/api/v1/media/${photoId}` },
        role: student,
        isStoryAuthor: true,
      };
      expect((await listComments(w[who].headers, storyId)).docs[0]!.userId).toEqual(real);
      expect((await listReplies(w[who].headers, classmates._id)).docs[0]!.userId).toEqual(real);
    },
  );

  it('answers the author’s own writes with themselves (they know who they are)', async () => {
    const res = await postComment(t.app, w.author.headers, storyId, '<p>Otro comentario</p>');
    expect(res.statusCode).toBe(201);
    expect(res.json<{ comment: Comment }>().comment.userId).toMatchObject({
      _id: w.author.id,
      isStoryAuthor: true,
    });
    const reply = await postReply(t.app, w.author.headers, classmates._id, '<p>Y otra respuesta</p>');
    expect(reply.statusCode).toBe(201);
    expect(reply.json<{ reply: Reply }>().reply.userId).toMatchObject({ _id: w.author.id });
  });

  it('answers a moderating teacher who may not know the author with the fic’s author', async () => {
    // The colleague teaches the author's grade, so may edit their comment and reply.
    const edited = await patchComment(
      t.app,
      w.colleague.headers,
      own._id,
      '<p>Gracias por leer (editado)</p>',
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ comment: Comment }>().comment.userId).toEqual(masked(mask));
    expectNothingOfTheAuthor(edited.body);

    const reply = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/comments/${classmates._id}/replies/${onClassmates._id}`,
      headers: w.colleague.headers,
      payload: { text: '<p>¡Gracias! (editado)</p>' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ reply: Reply }>().reply.userId).toEqual(masked(mask));
    expectNothingOfTheAuthor(reply.body);

    // A reply the classmate writes to the author's comment is the classmate's.
    const answer = await postReply(t.app, w.classmate.headers, own._id, '<p>¡De nada!</p>');
    expect(answer.statusCode).toBe(201);
    expect(answer.json<{ reply: Reply }>().reply.userId).toMatchObject({
      _id: w.classmate.id,
      isStoryAuthor: false,
    });
    expectNothingOfTheAuthor(answer.body);
  });
});

describe('the author of a signed fic on their own fic', () => {
  it('is shown by name to everyone, marked as the author', async () => {
    const { story } = await publishedStory(t.app, w);
    await addComment(t.app, w.author, story._id);
    const visitor = await listComments({}, story._id);
    expect(visitor.docs[0]!.userId).toEqual({
      _id: w.author.id,
      name: 'Sofía E.',
      profilePicture: null,
      role: student,
      isStoryAuthor: true,
    });
    expect((await listComments(w.classmate.headers, story._id)).docs[0]!.userId).toMatchObject({
      _id: w.author.id,
      name: 'Sofía Escobar Ruiz',
      isStoryAuthor: true,
    });
  });
});
