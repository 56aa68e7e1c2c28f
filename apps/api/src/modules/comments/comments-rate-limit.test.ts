import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { commentLimits, commentMessages } from '@fics/contracts';
import { buildApp } from '../../app';
import { MemoryRateLimiter } from '../../lib/rate-limiter';
import { freshDatabase, testConfig } from '../../test/helpers';
import {
  addComment,
  addReply,
  commentWorld,
  forgetCommentLimits,
  patchComment,
  patchReply,
  postComment,
  postReply,
  removeComment,
} from './comments.fixtures';

/**
 * Writing is limited per user, not per address (a whole class writes from one school's address):
 * `commentLimits.postsPerMinute` and `postsPerDay` new comments and replies together,
 * `editsPerMinute` edits; deleting is not limited. Windows are fixed, a minute or a day from a user's
 * first write in them (docs/decisions/social.md).
 */

let app: FastifyInstance;
let drop: () => Promise<void>;
let now = Date.parse('2025-06-01T12:00:00Z');
let w: Awaited<ReturnType<typeof commentWorld>>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  app = await buildApp({
    config: testConfig(),
    database: fresh.database,
    logger: false,
    rateLimit: { limiter: new MemoryRateLimiter(() => now) },
  });
  await app.ready();
  w = await commentWorld(app);
});
afterAll(async () => {
  await app.close();
  await drop();
});
beforeEach(async () => {
  now += 120_000;
  await forgetCommentLimits(app, [w.author, w.classmate, w.teacher, w.admin]);
});

describe('rate limit of new comments and replies', () => {
  it(`accepts ${commentLimits.postsPerMinute} comments and replies a minute per user, then 429 until the minute ends`, async () => {
    const comment = await addComment(app, w.classmate, w.story._id);
    for (let i = 1; i < commentLimits.postsPerMinute; i += 1) {
      const res =
        i % 2
          ? await postReply(app, w.classmate.headers, comment._id, `<p>respuesta ${i}</p>`)
          : await postComment(app, w.classmate.headers, w.story._id, `<p>comentario ${i}</p>`);
      expect(res.statusCode, `write ${i + 1}`).toBe(201);
    }
    for (const res of [
      await postComment(app, w.classmate.headers, w.story._id, '<p>uno más</p>'),
      await postReply(app, w.classmate.headers, comment._id, '<p>uno más</p>'),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ type: 'RATE_LIMITED', message: commentMessages.rateLimited });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }

    // Another user of the same address is not held back.
    expect((await postComment(app, w.author.headers, w.story._id, '<p>yo sí</p>')).statusCode).toBe(201);
    // Editing and deleting their own still work.
    expect((await patchComment(app, w.classmate.headers, comment._id, '<p>editado</p>')).statusCode).toBe(
      200,
    );

    now += 59_000;
    expect((await postComment(app, w.classmate.headers, w.story._id, '<p>todavía no</p>')).statusCode).toBe(
      429,
    );
    now += 1_000;
    expect((await postComment(app, w.classmate.headers, w.story._id, '<p>ahora sí</p>')).statusCode).toBe(
      201,
    );
  });

  it('does not count a write refused before it is made (empty text, unpublished fic)', async () => {
    for (let i = 0; i < commentLimits.postsPerMinute + 2; i += 1) {
      expect((await postComment(app, w.classmate.headers, w.story._id, '<p><br></p>')).statusCode).toBe(400);
    }
    expect((await postComment(app, w.classmate.headers, w.story._id, '<p>hola</p>')).statusCode).toBe(201);
  });

  it('lets exactly the limit through when one user sends many at once', async () => {
    const results = await Promise.all(
      Array.from({ length: commentLimits.postsPerMinute + 5 }, (_, i) =>
        postComment(app, w.classmate.headers, w.story._id, `<p>ráfaga ${i}</p>`),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(commentLimits.postsPerMinute);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });
});

describe('daily limit of new comments and replies', () => {
  it(`accepts ${commentLimits.postsPerDay} a day per user, then 429 until the day ends; deleting neither counts nor gives back`, async () => {
    const first = await addComment(app, w.classmate, w.story._id, '<p>día 0</p>');
    const mine = [first._id];
    for (let i = 1; i < commentLimits.postsPerDay; i += 1) {
      // A new minute every ten writes, so only the day's counter can refuse.
      if (i % commentLimits.postsPerMinute === 0) {
        now += 61_000;
      }
      const res =
        i % 3 === 0
          ? await postReply(app, w.classmate.headers, first._id, `<p>respuesta del día ${i}</p>`)
          : await postComment(app, w.classmate.headers, w.story._id, `<p>día ${i}</p>`);
      expect(res.statusCode, `write ${i + 1}`).toBe(201);
      if (i % 3 !== 0) {
        mine.push(res.json<{ comment: { _id: string } }>().comment._id);
      }
    }
    now += 61_000;
    const refused = await postComment(app, w.classmate.headers, w.story._id, '<p>uno más</p>');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ type: 'RATE_LIMITED', message: commentMessages.dailyRateLimited });
    expect(commentMessages.dailyRateLimited).toContain(String(commentLimits.postsPerDay));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect((await postReply(app, w.classmate.headers, first._id, '<p>otra</p>')).statusCode).toBe(429);

    // More than a minute's worth of deletes is never refused, and gives nothing back.
    for (const id of mine.slice(-(commentLimits.postsPerMinute + 2))) {
      expect((await removeComment(app, w.classmate.headers, id)).statusCode).toBe(200);
    }
    expect((await postComment(app, w.classmate.headers, w.story._id, '<p>y ahora?</p>')).statusCode).toBe(
      429,
    );
    // Another person (of the same school and address) is not held back.
    expect((await postComment(app, w.author.headers, w.story._id, '<p>yo sí puedo</p>')).statusCode).toBe(
      201,
    );

    now += 24 * 60 * 60_000;
    expect((await postComment(app, w.classmate.headers, w.story._id, '<p>nuevo día</p>')).statusCode).toBe(
      201,
    );
  });

  it('does not spend the day on writes the minute refused', async () => {
    for (let i = 0; i < commentLimits.postsPerMinute; i += 1) {
      await addComment(app, w.author, w.story._id);
    }
    for (let i = 0; i < commentLimits.postsPerDay; i += 1) {
      expect((await postComment(app, w.author.headers, w.story._id, `<p>ráfaga ${i}</p>`)).statusCode).toBe(
        429,
      );
    }
    now += 61_000;
    expect((await postComment(app, w.author.headers, w.story._id, '<p>pasó el minuto</p>')).statusCode).toBe(
      201,
    );
  });
});

describe('rate limit of edits', () => {
  it(`accepts ${commentLimits.editsPerMinute} edits a minute per user, comments and replies together, then 429`, async () => {
    const comment = await addComment(app, w.classmate, w.story._id);
    const reply = await addReply(app, w.classmate, comment._id);
    for (let i = 0; i < commentLimits.editsPerMinute; i += 1) {
      const res =
        i % 2
          ? await patchReply(app, w.classmate.headers, comment._id, reply._id, `<p>v${i}</p>`)
          : await patchComment(app, w.classmate.headers, comment._id, `<p>v${i}</p>`);
      expect(res.statusCode, `edit ${i + 1}`).toBe(200);
    }
    const refused = await patchComment(app, w.classmate.headers, comment._id, '<p>otra vez</p>');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ type: 'RATE_LIMITED', message: commentMessages.editRateLimited });
    expect((await patchReply(app, w.classmate.headers, comment._id, reply._id, '<p>x</p>')).statusCode).toBe(
      429,
    );
    // Edits have their own counter: writing new ones still works, and deleting is never limited.
    expect((await postReply(app, w.classmate.headers, comment._id, '<p>nueva</p>')).statusCode).toBe(201);
    expect((await removeComment(app, w.classmate.headers, comment._id)).statusCode).toBe(200);
    now += 60_000;
    const other = await addComment(app, w.classmate, w.story._id);
    expect((await patchComment(app, w.classmate.headers, other._id, '<p>de nuevo</p>')).statusCode).toBe(200);
  });

  it('counts the moderator, not the writer: a teacher editing students’ comments spends their own edits', async () => {
    const byClassmate = await addComment(app, w.classmate, w.story._id);
    for (let i = 0; i < commentLimits.editsPerMinute; i += 1) {
      expect((await patchComment(app, w.teacher.headers, byClassmate._id, `<p>m${i}</p>`)).statusCode).toBe(
        200,
      );
    }
    expect((await patchComment(app, w.teacher.headers, byClassmate._id, '<p>m</p>')).statusCode).toBe(429);
    expect((await patchComment(app, w.classmate.headers, byClassmate._id, '<p>mío</p>')).statusCode).toBe(
      200,
    );
  });
});
