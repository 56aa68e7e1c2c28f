import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  commentBankLimits,
  commentBankMessages,
  pagingMessages,
  type SavedComment,
  type SavedCommentsResponse,
} from '@fics/contracts';
import { savedComments, users } from '../../db/schema';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';

type Headers = Record<string, string>;

describe("'Mis comentarios', a teacher's comment bank (issue 20.4)", () => {
  let t: TestApp;
  let teacher: Headers;
  let teacherId: string;
  let colleague: Headers;
  let admin: Headers;
  let student: Headers;

  const save = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/me/saved-comments', headers, payload: payload as object });
  const list = (headers: Headers, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/me/saved-comments${query}`, headers });
  const use = (headers: Headers, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/me/saved-comments/${id}/use`, headers });
  const remove = (headers: Headers, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/me/saved-comments/${id}`, headers });
  const saved = async (headers: Headers, text: string) => {
    const res = await save(headers, { text });
    expect(res.statusCode).toBe(201);
    return res.json<{ comment: SavedComment }>().comment;
  };
  const texts = async (headers: Headers, query = '') => {
    const res = await list(headers, query);
    expect(res.statusCode).toBe(200);
    return res.json<SavedCommentsResponse>().comments.docs.map((c) => c.text);
  };
  const staffUser = async (role: 'TEACHER' | 'ADMIN' | 'STUDENT') => {
    const user = await createUser(t.app, { role });
    return { id: user.id, headers: await authHeader(t.app, user) };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ id: teacherId, headers: teacher } = await staffUser('TEACHER'));
    colleague = (await staffUser('TEACHER')).headers;
    admin = (await staffUser('ADMIN')).headers;
    student = (await staffUser('STUDENT')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a trimmed comment (201) and answers the same text saved again with the one saved (200)', async () => {
    const res = await save(teacher, { text: '  Muy buen uso de los diálogos.  ' });
    expect(res.statusCode).toBe(201);
    const { comment, message } = res.json<{ comment: SavedComment; message: string }>();
    expect(message).toBe(commentBankMessages.saved);
    expect(comment).toMatchObject({ text: 'Muy buen uso de los diálogos.', useCount: 0 });
    const again = await save(teacher, { text: 'Muy buen uso de los diálogos.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      comment: { _id: comment._id },
      message: commentBankMessages.alreadySaved,
    });
    expect(await texts(teacher)).toEqual(['Muy buen uso de los diálogos.']);
    // Another teacher's bank is their own: the same text is a new comment there.
    expect((await save(colleague, { text: 'Muy buen uso de los diálogos.' })).statusCode).toBe(201);
  });

  it('refuses students (403) and visitors (401) on every endpoint', async () => {
    const mine = await saved(teacher, 'Revisa la ortografía');
    for (const res of [
      await list(student),
      await save(student, { text: 'Hola' }),
      await use(student, mine._id),
      await remove(student, mine._id),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await list({})).statusCode).toBe(401);
    expect((await save({}, { text: 'Hola' })).statusCode).toBe(401);
  });

  it("answers 404 for another person's comment, and changes nothing", async () => {
    const mine = await saved(teacher, 'Cuida los tiempos verbales');
    for (const other of [colleague, admin]) {
      const used = await use(other, mine._id);
      expect(used.statusCode).toBe(404);
      expect(used.json().message).toBe(commentBankMessages.notFound);
      expect((await remove(other, mine._id)).statusCode).toBe(404);
      expect(await texts(other, '?q=tiempos')).toEqual([]);
    }
    const [row] = await t.app.db.select().from(savedComments).where(eq(savedComments.id, mine._id));
    expect(row).toMatchObject({ useCount: 0 });
    expect((await use(teacher, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await use(teacher, 'no-es-un-id')).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and a Spanish message per field', async () => {
    const cases: [unknown, string][] = [
      [{ text: '   ' }, commentBankMessages.textRequired],
      [{}, commentBankMessages.textRequired],
      [{ text: 7 }, commentBankMessages.textRequired],
      [{ text: 'a'.repeat(commentBankLimits.textMax + 1) }, commentBankMessages.textMax],
    ];
    const before = await t.app.db.$count(savedComments);
    for (const [payload, message] of cases) {
      const res = await save(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { text: message } });
    }
    expect(await t.app.db.$count(savedComments)).toBe(before);
    // 1,000 characters of four-byte letters fit (the unique index is on md5(text)).
    expect((await save(admin, { text: '😀'.repeat(commentBankLimits.textMax / 2) })).statusCode).toBe(201);
    const q = await list(admin, `?q=${'a'.repeat(commentBankLimits.searchMax + 1)}`);
    expect(q.statusCode).toBe(400);
    expect(q.json().errors).toEqual({ q: commentBankMessages.searchMax });
    const limit = await list(admin, '?limit=51');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().errors).toEqual({ limit: pagingMessages.limit(50) });
  });

  it('finds comments as you type, ignoring case and accents, each word anywhere, wildcards literal', async () => {
    const { headers } = await staffUser('TEACHER');
    await saved(headers, 'El diálogo está muy bien logrado');
    await saved(headers, 'Revisa la acentuación: CANCIÓN lleva tilde');
    await saved(headers, 'Avance del 100% en la trama');
    await saved(headers, 'Ñandú: el final sorprende');
    expect(await texts(headers, '?q=DIALOGO')).toEqual(['El diálogo está muy bien logrado']);
    expect(await texts(headers, '?q=cancion')).toEqual(['Revisa la acentuación: CANCIÓN lleva tilde']);
    expect(await texts(headers, `?q=${encodeURIComponent('logrado diá')}`)).toEqual([
      'El diálogo está muy bien logrado',
    ]);
    expect(await texts(headers, '?q=nandu')).toEqual(['Ñandú: el final sorprende']);
    expect(await texts(headers, `?q=${encodeURIComponent('100%')}`)).toEqual(['Avance del 100% en la trama']);
    expect(await texts(headers, `?q=${encodeURIComponent('%')}`)).toEqual(['Avance del 100% en la trama']);
    expect(await texts(headers, '?q=_')).toEqual([]);
    expect(await texts(headers, '?q=')).toHaveLength(4);
  });

  it('lists the last used first, then the newest, a page at a time', async () => {
    const { headers } = await staffUser('ADMIN');
    const made: SavedComment[] = [];
    for (let i = 1; i <= 5; i += 1) {
      made.push(await saved(headers, `Comentario ${i}`));
    }
    expect(await texts(headers)).toEqual([
      'Comentario 5',
      'Comentario 4',
      'Comentario 3',
      'Comentario 2',
      'Comentario 1',
    ]);
    const used = await use(headers, made[1]!._id);
    expect(used.statusCode).toBe(200);
    expect(used.json().comment).toMatchObject({ text: 'Comentario 2', useCount: 1 });
    expect((await use(headers, made[1]!._id)).json().comment.useCount).toBe(2);
    const first = await list(headers, '?limit=2');
    expect(first.json<SavedCommentsResponse>().comments).toMatchObject({
      page: 1,
      limit: 2,
      totalDocs: 5,
      hasNextPage: true,
      nextPage: 2,
    });
    expect(first.json<SavedCommentsResponse>().comments.docs.map((c) => c.text)).toEqual([
      'Comentario 2',
      'Comentario 5',
    ]);
    expect(await texts(headers, '?limit=2&page=2')).toEqual(['Comentario 4', 'Comentario 3']);
    const last = await list(headers, '?limit=2&page=3');
    expect(last.json<SavedCommentsResponse>().comments).toMatchObject({ totalDocs: 5, hasNextPage: false });
    expect(last.json<SavedCommentsResponse>().comments.docs.map((c) => c.text)).toEqual(['Comentario 1']);
    expect(await texts(headers, '?limit=2&page=9')).toEqual([]);
  });

  it('deletes one of one’s own comments', async () => {
    const { headers } = await staffUser('TEACHER');
    const comment = await saved(headers, 'Para borrar');
    const res = await remove(headers, comment._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(commentBankMessages.deleted);
    expect(await texts(headers)).toEqual([]);
    expect((await remove(headers, comment._id)).statusCode).toBe(404);
  });

  it(`keeps a teacher at ${commentBankLimits.perOwner} comments when saves race, and one copy of a text`, async () => {
    const { id, headers } = await staffUser('TEACHER');
    await t.app.db.insert(savedComments).values(
      Array.from({ length: commentBankLimits.perOwner - 2 }, (_, i) => ({
        ownerId: id,
        text: `Previo ${i}`,
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(headers, { text: `Nuevo ${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(commentBankMessages.tooMany);
    expect(await t.app.db.$count(savedComments, eq(savedComments.ownerId, id))).toBe(
      commentBankLimits.perOwner,
    );

    // The same text sent at once by several requests is saved once.
    const other = await staffUser('TEACHER');
    const same = await Promise.all(Array.from({ length: 5 }, () => save(other.headers, { text: 'Igual' })));
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(same.map((r) => r.json<{ comment: SavedComment }>().comment._id)).size).toBe(1);
  });

  it('keeps integrity in the database (trimmed text, length, one copy) and goes with its owner', async () => {
    const { id } = await staffUser('TEACHER');
    for (const text of ['', ' con espacios ', 'a'.repeat(1001)]) {
      await expect(t.app.db.insert(savedComments).values({ ownerId: id, text })).rejects.toThrow();
    }
    await t.app.db.insert(savedComments).values({ ownerId: id, text: 'Único' });
    await expect(t.app.db.insert(savedComments).values({ ownerId: id, text: 'Único' })).rejects.toThrow();
    await t.app.db.delete(users).where(eq(users.id, id));
    expect(await t.app.db.$count(savedComments, eq(savedComments.ownerId, id))).toBe(0);
    expect(teacherId).toBeTruthy();
  });
});
