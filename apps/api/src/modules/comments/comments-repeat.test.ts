import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commentMessages } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { publishedStory } from '../stories/stories.fixtures';
import {
  addComment,
  addReply,
  commentWorld,
  forgetCommentLimits,
  getComments,
  postComment,
  postReply,
  removeComment,
} from './comments.fixtures';

/**
 * The same text twice in a row is refused (issue 21.6): a new comment or reply whose text, cleaned
 * and compared without case, formatting or whitespace, is the writer's latest comment or reply,
 * wherever it was, answers 409 and nothing is written (docs/decisions/social.md).
 */

let t: TestApp;
let w: Awaited<ReturnType<typeof commentWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await commentWorld(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, [w.author, w.classmate, w.teacher]);
});

const repeated = { type: 'CONFLICT', message: commentMessages.repeated };

describe('the same text twice in a row', () => {
  it('refuses a comment repeating the previous comment, however it is formatted, and writes nothing', async () => {
    await addComment(t.app, w.classmate, w.story._id, '<p>¡Qué buena historia, me encantó!</p>');
    const before = (await getComments(t.app, w.classmate.headers, w.story._id)).page!.totalDocs;
    for (const again of [
      '<p>¡Qué buena historia, me encantó!</p>',
      '<p>  ¡QUÉ buena   historia,<br>me <strong>encantó</strong>!</p>',
      '<p>¡qué buena historia,</p><p>me encantó!&nbsp;</p><script>x</script>',
    ]) {
      const res = await postComment(t.app, w.classmate.headers, w.story._id, again);
      expect(res.statusCode, again).toBe(409);
      expect(res.json()).toEqual(repeated);
    }
    expect((await getComments(t.app, w.classmate.headers, w.story._id)).page!.totalDocs).toBe(before);
  });

  it('compares with the latest of comments and replies, on any fic', async () => {
    const { story: other } = await publishedStory(t.app, w);
    const comment = await addComment(t.app, w.author, w.story._id, '<p>Gracias por leer</p>');
    // reply → comment, on another fic
    await addReply(t.app, w.classmate, comment._id, '<p>Sigue escribiendo</p>');
    const onOther = await postComment(t.app, w.classmate.headers, other._id, '<p>sigue escribiendo</p>');
    expect(onOther.statusCode).toBe(409);
    expect(onOther.json()).toEqual(repeated);
    // comment → reply
    await addComment(t.app, w.classmate, other._id, '<p>El final me sorprendió</p>');
    const reply = await postReply(t.app, w.classmate.headers, comment._id, '<p>El final me sorprendió</p>');
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual(repeated);
  });

  it('accepts a different text, the same text after another one, and the same text by someone else', async () => {
    await addComment(t.app, w.classmate, w.story._id, '<p>Primera idea</p>');
    await addComment(t.app, w.classmate, w.story._id, '<p>Primera idea, pero distinta</p>');
    expect(
      (await postComment(t.app, w.classmate.headers, w.story._id, '<p>Primera idea</p>')).statusCode,
    ).toBe(201);
    expect((await postComment(t.app, w.author.headers, w.story._id, '<p>Primera idea</p>')).statusCode).toBe(
      201,
    );
  });

  it('compares with what is there now: after deleting the latest, the one before it counts', async () => {
    await addComment(t.app, w.classmate, w.story._id, '<p>Antes</p>');
    const latest = await addComment(t.app, w.classmate, w.story._id, '<p>Después</p>');
    expect((await removeComment(t.app, w.classmate.headers, latest._id)).statusCode).toBe(200);
    expect((await postComment(t.app, w.classmate.headers, w.story._id, '<p>Después</p>')).statusCode).toBe(
      201,
    );
    expect((await postComment(t.app, w.classmate.headers, w.story._id, '<p>Después</p>')).statusCode).toBe(
      409,
    );
  });

  it('does not spend the rate on a refused repeat', async () => {
    await addComment(t.app, w.teacher, w.story._id, '<p>Muy bien, curso</p>');
    for (let i = 0; i < 15; i += 1) {
      expect(
        (await postComment(t.app, w.teacher.headers, w.story._id, '<p>Muy bien, curso</p>')).statusCode,
      ).toBe(409);
    }
    expect((await postComment(t.app, w.teacher.headers, w.story._id, '<p>Sigan así</p>')).statusCode).toBe(
      201,
    );
  });

  it('lets one of two identical posts sent at once through, and refuses the other', async () => {
    await addComment(t.app, w.author, w.story._id, '<p>Algo antes</p>');
    const results = await Promise.all([
      postComment(t.app, w.author.headers, w.story._id, '<p>Doble clic</p>'),
      postComment(t.app, w.author.headers, w.story._id, '<p>Doble clic</p>'),
      postReply(
        t.app,
        w.author.headers,
        (await addComment(t.app, w.classmate, w.story._id))._id,
        '<p>doble clic</p>',
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
