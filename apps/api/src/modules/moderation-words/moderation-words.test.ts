import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentModerationMessages, type ModerationWord, type Paged } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { storedEvents } from '../../test/domain-events';
import { storyWorld } from '../stories/stories.fixtures';

/**
 * The administrators' words list (issue 21.6) on the real app and database: only administrators
 * keep it; a word is checked per field in Spanish, listed once however it is written (case and
 * accents ignored, decided by the database), searched and paged in SQL. Matching comments against it
 * is tested with the comments (comments-held.test.ts).
 */

type Headers = Record<string, string>;

let t: TestApp;
let w: Awaited<ReturnType<typeof storyWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await storyWorld(t.app);
});
afterAll(async () => {
  await t.close();
});

const post = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/moderation-words', headers, payload: payload as object });
const list = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/moderation-words${query}`, headers });
const remove = (headers: Headers, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/moderation-words/${id}`, headers });

async function wordsOf(query = ''): Promise<Paged<ModerationWord>> {
  const res = await list(w.admin.headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ words: Paged<ModerationWord> }>().words;
}

describe('moderation words', () => {
  it('are for administrators only', async () => {
    for (const headers of [w.author.headers, w.teacher.headers]) {
      expect((await list(headers)).statusCode).toBe(403);
      expect((await post(headers, { word: 'tonto' })).statusCode).toBe(403);
      expect((await remove(headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    }
    for (const call of [list({}), post({}, { word: 'tonto' })]) {
      expect((await call).statusCode).toBe(401);
    }
    expect((await wordsOf()).totalDocs).toBe(0);
  });

  it('adds a word (trimmed, spaces collapsed) with who added it, announced as an event', async () => {
    const res = await post(w.admin.headers, { word: '  cara   de  sapo ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      word: { word: 'cara de sapo', createdBy: { _id: w.admin.id, name: 'Ana Administradora' } },
      message: commentModerationMessages.wordAdded,
    });
    const events = await storedEvents(t.app, ['moderation_word.added']);
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ word: 'cara de sapo' })]);
  });

  it('refuses bad input with a Spanish message on the field, adding nothing', async () => {
    const bad: [unknown, string][] = [
      [{}, commentModerationMessages.wordRequired],
      [{ word: 42 }, commentModerationMessages.wordRequired],
      [{ word: '   ' }, commentModerationMessages.wordRequired],
      [{ word: 'a' }, commentModerationMessages.wordMin],
      [{ word: 'a'.repeat(41) }, commentModerationMessages.wordMax],
      [{ word: 'tonto1' }, commentModerationMessages.wordChars],
      [{ word: 'ton.*' }, commentModerationMessages.wordChars],
      [{ word: '(a|b)' }, commentModerationMessages.wordChars],
      [{ word: '-tonto' }, commentModerationMessages.wordChars],
      [{ word: "tonto'" }, commentModerationMessages.wordChars],
      [{ word: 'tonto\\' }, commentModerationMessages.wordChars],
    ];
    for (const [payload, message] of bad) {
      const res = await post(w.admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { word: message } });
    }
    expect((await wordsOf()).totalDocs).toBe(1);
  });

  it('lists a word once, ignoring case and accents (409)', async () => {
    expect((await post(w.admin.headers, { word: 'Estúpido' })).statusCode).toBe(201);
    for (const word of ['estupido', 'ESTÚPIDO', 'EsTuPiDo']) {
      const res = await post(w.admin.headers, { word });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(commentModerationMessages.wordDuplicate);
    }
    expect((await post(w.admin.headers, { word: "pa' callar" })).statusCode).toBe(201);
    expect((await post(w.admin.headers, { word: 'ñoño-feo' })).statusCode).toBe(201);
  });

  it('pages in alphabetical order (accents ignored) and searches within words', async () => {
    const all = await wordsOf();
    expect(all.docs.map((d) => d.word)).toEqual(['cara de sapo', 'Estúpido', 'ñoño-feo', "pa' callar"]);
    const second = await wordsOf('?limit=2&page=2');
    expect(second).toMatchObject({ page: 2, limit: 2, totalDocs: 4, hasNextPage: false });
    expect(second.docs.map((d) => d.word)).toEqual(['ñoño-feo', "pa' callar"]);
    expect((await wordsOf('?q=ESTU')).docs.map((d) => d.word)).toEqual(['Estúpido']);
    expect((await wordsOf('?q=%25')).totalDocs).toBe(0);
    expect((await list(w.admin.headers, `?q=${'a'.repeat(41)}`)).statusCode).toBe(400);
    expect((await list(w.admin.headers, '?limit=51')).statusCode).toBe(400);
  });

  it('removes a word once (404 after), announced as an event', async () => {
    const [first] = (await wordsOf('?q=sapo')).docs;
    const res = await remove(w.admin.headers, first!._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(commentModerationMessages.wordRemoved);
    expect((await remove(w.admin.headers, first!._id)).statusCode).toBe(404);
    expect((await remove(w.admin.headers, 'no-es-un-id')).statusCode).toBe(400);
    const events = await storedEvents(t.app, ['moderation_word.removed']);
    expect(events.map((e) => e.payload)).toEqual([{ wordId: first!._id, word: 'cara de sapo' }]);
  });
});
