import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, Story, TrackingRecord } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addComment, addReply } from '../comments/comments.fixtures';
import { postTracking } from '../tracking/tracking.fixtures';
import { createStory, evaluate, publish, storyWorld } from './stories.fixtures';

/**
 * A teacher of the grade who is not a fic's evaluator reviews an anonymous or pseudonymous fic
 * blind (spec 001 §2, §6; issue 19.1): no answer they can ask for ties its author to it. The two
 * leaks issue 19 found (the author's activity naming the fic, on GET /tracking/:userId, which
 * /usuarios/:id shows with GET /users/:id) and every other answer that mentions the fic are asked
 * here as that teacher (`colleague`), their notifications included; the evaluator and
 * administrators still see the real author.
 */
describe('a non-evaluating teacher of the grade never learns who wrote a hidden fic', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let webDist: string;
  const hidden: { kind: string; story: Story }[] = [];
  let underReview: Story;
  let open: Story;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** What would tie the author to a fic: their id, full name, first name as shown to visitors. */
  const authorMarks = () => [w.author.id, w.author.name, 'Sofía'];

  /** The hidden fics' ids and titles: what the author's own answers must not carry. */
  const ficMarks = () => [...hidden.map((h) => h.story), underReview].flatMap((s) => [s._id, s.title]);

  const containsAny = (text: string, marks: string[]) => marks.filter((mark) => text.includes(mark));

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-blind-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="es"><head><title>Fics</title></head><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp({ webDist });
    w = await storyWorld(t.app);
    const kinds = {
      anonymous: { anonymity: 'true', title: 'Secreto anónimo' },
      pseudonymous: { nickname: 'true', nicknameValue: 'Pluma Azul', title: 'Secreto con seudónimo' },
    };
    for (const [kind, fields] of Object.entries(kinds)) {
      const story = await createStory(t.app, w.author.headers, { draft: false, fields });
      await evaluate(t.app, w.teacher.headers, story._id);
      expect((await publish(t.app, w.teacher.headers, story._id)).statusCode).toBe(200);
      hidden.push({ kind, story });
    }
    underReview = await createStory(t.app, w.author.headers, {
      draft: false,
      fields: { anonymity: 'true', title: 'Secreto en revisión' },
    });
    open = await createStory(t.app, w.author.headers, { draft: false, fields: { title: 'Cuento abierto' } });
    await evaluate(t.app, w.teacher.headers, open._id);
    expect((await publish(t.app, w.teacher.headers, open._id)).statusCode).toBe(200);
    // The author reads, likes and comments their own fics; a classmate comments and the author answers.
    for (const story of [...hidden.map((h) => h.story), open]) {
      expect(
        (
          await postTracking(t.app, w.author.headers, {
            resource: 'STORIES',
            action: 'READ',
            storyId: story._id,
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v1/stories/${story._id}`,
            headers: w.author.headers,
          })
        ).statusCode,
      ).toBe(200);
      await addComment(t.app, w.author, story._id, `<p>Nota de autor en ${story.title}</p>`);
      // Each fic's own texts: the same text twice in a row is refused (docs/decisions/social.md).
      const question = await addComment(
        t.app,
        w.classmate,
        story._id,
        `<p>¿Quién escribió ${story.title}?</p>`,
      );
      await addReply(t.app, w.author, question._id, `<p>Un secreto sobre ${story.title}</p>`);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("GET /tracking/:userId leaves out the author's lines about the fics hidden from the caller", async () => {
    const page = async (headers: Record<string, string>) => {
      const res = await get(`/api/v1/tracking/${w.author.id}?limit=50`, headers);
      expect(res.statusCode).toBe(200);
      return { body: res.body, docs: res.json<{ tracking: Paged<TrackingRecord> }>().tracking };
    };
    const colleague = await page(w.colleague.headers);
    expect(containsAny(colleague.body, ficMarks())).toEqual([]);
    // Their other activity is all there: the open fic's lines, and the total counts what is shown.
    expect(
      colleague.docs.docs
        .filter((line) => line.storyId === open._id)
        .map((l) => `${l.resource}.${l.action}`)
        .sort(),
    ).toEqual([
      'COMMENTS.CREATE',
      'REPLIES.CREATE',
      'STORIES.CREATE',
      'STORIES.LIKE',
      'STORIES.READ',
      'STORIES.SEND',
    ]);
    expect(colleague.docs.totalDocs).toBe(colleague.docs.docs.length);
    // The evaluator sees the lines of the fics they evaluated, an administrator every line.
    for (const [viewer, more] of [
      [w.teacher, 6 * hidden.length],
      [w.admin, 6 * hidden.length + 2],
    ] as const) {
      const full = await page(viewer.headers);
      for (const { story } of hidden) {
        expect(
          full.docs.docs.filter((line) => line.storyId === story._id && line.storyTitle === story.title),
        ).toHaveLength(6);
      }
      expect(full.docs.totalDocs).toBe(colleague.docs.totalDocs + more);
    }
  });

  it('/usuarios/:id (GET /users/:id with GET /tracking/:id) names none of the hidden fics', async () => {
    const user = await get(`/api/v1/users/${w.author.id}`, w.colleague.headers);
    expect(user.statusCode).toBe(200);
    expect(containsAny(user.body, ficMarks())).toEqual([]);
    const activity = await get(`/api/v1/tracking/${w.author.id}`, w.colleague.headers);
    expect(containsAny(activity.body, ficMarks())).toEqual([]);
  });

  it('no answer about a hidden fic carries its author, wherever the colleague asks', async () => {
    const colleague = w.colleague.headers;
    const answers: { what: string; text: string }[] = [];
    const ask = async (what: string, url: string, headers: Record<string, string> = colleague) => {
      const res = await get(url, headers);
      expect(res.statusCode, what).toBe(200);
      answers.push({ what, text: res.body });
      return res;
    };
    for (const { kind, story } of [...hidden, { kind: 'under review', story: underReview }]) {
      await ask(`the ${kind} fic`, `/api/v1/stories/${story._id}`);
    }
    for (const { kind, story } of hidden) {
      const comments = await ask(`comments of the ${kind} fic`, `/api/v1/comments?storyId=${story._id}`);
      for (const comment of comments.json<{ comments: Paged<{ _id: string; repliesCount: number }> }>()
        .comments.docs) {
        await ask(`replies on the ${kind} fic`, `/api/v1/comments/${comment._id}/replies`);
      }
      // A like answers the count and the caller's own mark; given and taken back.
      for (let i = 0; i < 2; i += 1) {
        const like = await t.app.inject({
          method: 'POST',
          url: `/api/v1/stories/${story._id}`,
          headers: colleague,
        });
        expect(like.statusCode).toBe(200);
        answers.push({ what: `liking the ${kind} fic`, text: like.body });
      }
      // The web's page of the fic (its preview tags), as anyone opening the link.
      await ask(`the web page of the ${kind} fic`, `/fics/${story._id}`, {});
    }
    // Their notifications: each hidden fic was sent for review in their grade.
    // The spec's 'notify the student' call answers the same whoever the colleague names as author.
    for (const { story } of hidden) {
      const asked = async (userId: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/notifications/published',
          headers: colleague,
          payload: { storyId: story._id, userId },
        });
        return { status: res.statusCode, body: res.body };
      };
      expect(await asked(w.author.id)).toEqual(await asked(w.classmate.id));
    }
    // The open fic's notification names its author: each one about a hidden fic names nobody.
    const inbox = await get('/api/v1/notifications?limit=50', colleague);
    expect(inbox.statusCode).toBe(200);
    const told = inbox.json<{ notifications: Paged<{ storyId: string | null }> }>().notifications.docs;
    for (const story of [...hidden.map((h) => h.story), underReview]) {
      const about = told.filter((notification) => notification.storyId === story._id);
      expect(about.length, story.title).toBeGreaterThan(0);
      answers.push({ what: `notifications about ${story.title}`, text: JSON.stringify(about) });
    }
    expect(
      answers.flatMap(({ what, text }) => containsAny(text, authorMarks()).map((mark) => `${what}: ${mark}`)),
    ).toEqual([]);

    // Lists name other fics' authors (the open one's): each entry about a hidden fic names none.
    const entries: { what: string; entry: string }[] = [];
    const listed = async (what: string, url: string, headers: Record<string, string> = colleague) => {
      const res = await get(url, headers);
      expect(res.statusCode, what).toBe(200);
      const docs = res.json<{ stories: { docs: { _id: string }[] } }>().stories.docs;
      const mine = docs.filter((doc) => ficMarks().includes(doc._id));
      expect(mine.length, what).toBeGreaterThan(0);
      entries.push(...mine.map((doc) => ({ what, entry: JSON.stringify(doc) })));
    };
    await listed('review list', '/api/v1/stories/review-stories');
    await listed('published list', '/api/v1/stories/published-stories');
    await listed('gallery', '/api/v1/stories');
    await listed('gallery of the grade', `/api/v1/stories?gradeId=${w.gradeA1}`);
    await listed('gallery by title', '/api/v1/stories?searchTitle=secreto');
    await listed('gallery for a visitor', '/api/v1/stories', {});
    expect(
      entries.flatMap(({ what, entry }) =>
        containsAny(entry, authorMarks()).map((mark) => `${what}: ${mark}`),
      ),
    ).toEqual([]);

    // The server-painted home: the hidden fics' cards name no author, the open one's does.
    const home = await get('/');
    const cards = [...home.body.matchAll(/<li><article class="fx-card">(.*?)<\/article><\/li>/g)].map(
      (m) => m[1]!,
    );
    const hiddenCards = cards.filter((card) => hidden.some(({ story }) => card.includes(story.title)));
    expect(hiddenCards).toHaveLength(2);
    expect(hiddenCards.flatMap((card) => containsAny(card, authorMarks()))).toEqual([]);
    expect(cards.find((card) => card.includes(open.title))).toContain('Sofía E.');
    const initial = /<script type="application\/json" id="fics-initial-gallery">([^<]*)<\/script>/.exec(
      home.body,
    );
    const initialDocs = (JSON.parse(initial![1]!) as { stories: { docs: { _id: string }[] } }).stories.docs;
    const initialHidden = initialDocs.filter((doc) => hidden.some(({ story }) => story._id === doc._id));
    expect(initialHidden).toHaveLength(2);
    expect(containsAny(JSON.stringify(initialHidden), authorMarks())).toEqual([]);
  });

  it('the evaluator and administrators still see the real author', async () => {
    for (const viewer of [w.teacher, w.admin]) {
      for (const { story } of [...hidden, { story: underReview }]) {
        if (story === underReview && viewer === w.teacher) {
          continue; // not evaluated yet: teacher is not its evaluator
        }
        const res = await get(`/api/v1/stories/${story._id}`, viewer.headers);
        expect(res.json<{ story: Story }>().story.writtenBy?._id).toBe(w.author.id);
      }
    }
  });
});
