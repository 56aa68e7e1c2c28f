import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasureMessages, type ErasureOptions, type ErasureRecord } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  ANSWER,
  answer,
  confirm,
  file,
  fileAs,
  get,
  linkTokenFor,
  mailsTo,
  queue,
} from '../privacy-requests/privacy-requests.fixtures';
import { publishedStory, storyWorld } from '../stories/stories.fixtures';

/**
 * An erasure from the administrators' queue (issue 22.4 with 22.3), as /solicitudes-datos does it:
 * an ERASURE request names the account it is about (the requester's, or the one with the e-mail a
 * request without a session confirmed), the administrator erases that account with the request's
 * id, the record names the request, and the request, kept without the account, is answered as any
 * other. A request that is not an open ERASURE one is refused, and nothing changes.
 */
describe('erasing the account an ERASURE request is about', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const erase = (userId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/erasure`,
      headers: w.admin.headers,
      payload,
    });
  const queued = async (id: string) =>
    (await queue(t.app, w.admin.headers, '?status=OPEN&limit=100')).docs.find((r) => r._id === id);

  it("a student's own request: erased from it, the record names it, then answered by e-mail", async () => {
    const { story } = await publishedStory(t.app, w, { fields: { title: 'Mi fic que se queda' } });
    const request = await fileAs(t.app, w.author.headers, {
      type: 'ERASURE',
      detail: 'Quiero que borren mi cuenta; mi fic publicado puede quedar como anónimo',
    });
    const before = await queued(request._id);
    expect(before).toMatchObject({
      type: 'ERASURE',
      requester: { _id: w.author.id, name: 'Sofía Escobar Ruiz' },
      account: { _id: w.author.id, name: 'Sofía Escobar Ruiz' },
      allowedAnswers: expect.arrayContaining(['DONE']),
    });

    const options = await get(t.app, w.admin.headers, `/users/${before!.account!._id}/erasure-options`);
    expect(options.json<ErasureOptions>().stories.map((s) => s._id)).toEqual([story._id]);
    const res = await erase(before!.account!._id, {
      requestId: request._id,
      stories: [{ id: story._id, keep: true }],
      removeCommentTexts: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ erasure: ErasureRecord }>().erasure).toMatchObject({
      cause: 'ADMIN',
      privacyRequestId: request._id,
      storiesKept: 1,
      performedBy: { _id: w.admin.id },
    });

    // Still open, without the account: the administrator answers it and the answer goes by e-mail.
    const after = await queued(request._id);
    expect(after).toMatchObject({ status: 'PENDING', requester: null, account: null, email: w.author.email });
    const answered = await answer(t.app, w.admin.headers, request._id, { status: 'DONE', answer: ANSWER });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await mailsTo(t.app, w.author.email)).map((m) => m.text).join('\n')).toContain(ANSWER);
    // Answered: it no longer opens an erasure.
    const again = await erase(w.classmate.id, { requestId: request._id, removeCommentTexts: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.requestId).toBe(erasureMessages.requestNotErasure);
  });

  it('a request filed without a session names the account with its confirmed e-mail, and only then', async () => {
    const res = await file(t.app, null, {
      type: 'ERASURE',
      detail: 'Soy Pedro y no puedo entrar: quiero que borren mi cuenta',
      email: w.classmate.email.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ request: { _id: string } }>().request._id;
    // Unconfirmed: out of the queue, and no erasure may name it.
    expect(await queued(id)).toBeUndefined();
    expect((await erase(w.classmate.id, { requestId: id, removeCommentTexts: true })).statusCode).toBe(400);
    expect(
      (await confirm(t.app, await linkTokenFor(t.app, w.classmate.email.toLowerCase()))).statusCode,
    ).toBe(200);
    expect(await queued(id)).toMatchObject({
      requester: null,
      account: { _id: w.classmate.id, name: 'Pedro Pérez' },
    });

    // A parent's own address matches no account: the administrator finds the child on /usuarios.
    const parent = await file(t.app, null, {
      type: 'ERASURE',
      detail: 'Pido que borren la cuenta de mi hija Zoe',
      email: 'apoderada.zoe@correo.test',
    });
    const parentId = parent.json<{ request: { _id: string } }>().request._id;
    expect((await confirm(t.app, await linkTokenFor(t.app, 'apoderada.zoe@correo.test'))).statusCode).toBe(
      200,
    );
    expect(await queued(parentId)).toMatchObject({ account: null });
  });

  it('refuses a request of another type, and changes nothing', async () => {
    const access = await fileAs(t.app, w.otherGradeStudent.headers, { type: 'ACCESS' });
    const res = await erase(w.otherGradeStudent.id, { requestId: access._id, removeCommentTexts: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.requestId).toBe(erasureMessages.requestNotErasure);
    expect((await get(t.app, w.admin.headers, `/users/${w.otherGradeStudent.id}`)).statusCode).toBe(200);
  });
});
