import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  privacyComplaintNotice,
  privacyRequestMessages,
  type PrivacyRequest,
  type PrivacyRequestReceipt,
} from '@fics/contracts';
import { domainEvents, privacyRequests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member, schoolWorld } from '../users/users.fixtures';
import { addDays, dueDateFor } from './deadlines';
import {
  ANSWER,
  DETAIL,
  answer,
  confirm,
  file,
  fileAs,
  get,
  linkTokenFor,
  mailsTo,
  nextIp,
  notificationsOf,
  parentEmail,
  queue,
} from './privacy-requests.fixtures';
import { PRIVACY_REQUEST_LIMITS } from './privacy-requests.service';

type World = Awaited<ReturnType<typeof schoolWorld>>;

/** The due date of a request filed now (either side of midnight in Santiago, while the test runs). */
const dueNow = (type: 'ACCESS' | 'BLOCKING', before: Date) => [
  dueDateFor(type, before),
  dueDateFor(type, new Date()),
];

describe('requests under Ley 21.719 (issue 22.3)', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A student of their own: each person may file 5 a day. */
  const someStudent = () => member(t.app, 'STUDENT', [w.gradeA1]);

  const eventsOf = async (requestId: string) =>
    (
      await t.app.db
        .select({ type: domainEvents.type, payload: domainEvents.payload })
        .from(domainEvents)
        .orderBy(domainEvents.id)
    )
      .filter((e) => (e.payload as { requestId?: string }).requestId === requestId)
      .map((e) => e.type);

  /** A parent's request, confirmed through the e-mailed link. */
  async function parentRequest(type = 'ACCESS') {
    const email = parentEmail();
    const res = await file(t.app, null, { type, detail: DETAIL, email });
    expect(res.statusCode).toBe(201);
    const receipt = res.json<{ request: PrivacyRequestReceipt }>().request;
    expect((await confirm(t.app, await linkTokenFor(t.app, email))).statusCode).toBe(200);
    return { email, id: receipt._id };
  }

  describe('filing', () => {
    it("a student's request is theirs, in the queue at once, due in 30 calendar days, and administrators are told", async () => {
      const before = new Date();
      const res = await file(t.app, w.studentA1.headers, { type: 'ACCESS', detail: `  ${DETAIL}  ` });
      expect(res.statusCode).toBe(201);
      const { request, message } = res.json<{ request: PrivacyRequestReceipt; message: string }>();
      expect(message).toBe(privacyRequestMessages.sent);
      expect(request).toEqual({
        _id: expect.any(String),
        type: 'ACCESS',
        status: 'PENDING',
        dueAt: expect.any(String),
        confirmed: true,
      });
      expect(dueNow('ACCESS', before)).toContain(request.dueAt);

      const own = (await get(t.app, w.studentA1.headers, '/me/privacy-requests')).json<{
        requests: { docs: PrivacyRequest[] };
      }>().requests.docs;
      expect(own.find((r) => r._id === request._id)).toMatchObject({
        type: 'ACCESS',
        status: 'PENDING',
        detail: DETAIL,
        email: w.studentA1.email.toLowerCase(),
        requester: { _id: w.studentA1.id, name: 'Álvaro Estudiante' },
        dueAt: request.dueAt,
        dueSoon: false,
        overdue: false,
        answer: null,
      });
      // Another student does not see it.
      const others = (await get(t.app, w.studentA2.headers, '/me/privacy-requests')).json<{
        requests: { docs: PrivacyRequest[] };
      }>().requests.docs;
      expect(others.find((r) => r._id === request._id)).toBeUndefined();

      const told = await notificationsOf(t.app, w.admin.id, 'PRIVACY_REQUEST_CREATED');
      expect(told.map((n) => n.text)).toContain(
        `Nueva solicitud de acceso de datos personales: vence el ${request.dueAt!.split('-').reverse().join('-')}`,
      );
      expect(await eventsOf(request._id)).toEqual(['privacy_request.created']);
    });

    it('a blocking is due in 2 business days', async () => {
      const before = new Date();
      const request = await fileAs(t.app, w.teacherA.headers, { type: 'BLOCKING' });
      expect(dueNow('BLOCKING', before)).toContain(request.dueAt);
    });

    it("a signed-in user may repeat their own e-mail, not give someone else's", async () => {
      const mine = await file(t.app, w.studentA2.headers, {
        type: 'RECTIFICATION',
        detail: DETAIL,
        email: w.studentA2.email.toUpperCase(),
      });
      expect(mine.statusCode).toBe(201);
      const other = await file(t.app, w.studentA2.headers, {
        type: 'ERASURE',
        detail: DETAIL,
        email: 'otra@correo.test',
      });
      expect(other.statusCode).toBe(400);
      expect(other.json().errors).toEqual({ email: privacyRequestMessages.emailNotYours });
    });

    it('a visitor without an e-mail gets 400 and nothing is stored', async () => {
      const before = await t.app.db.select({ id: privacyRequests.id }).from(privacyRequests);
      const res = await file(t.app, null, { type: 'ACCESS', detail: DETAIL });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { email: privacyRequestMessages.emailRequired },
      });
      expect(await t.app.db.select({ id: privacyRequests.id }).from(privacyRequests)).toHaveLength(
        before.length,
      );
    });

    it.each([
      ['no type', { detail: DETAIL }, { type: privacyRequestMessages.typeRequired }],
      [
        'an unknown type',
        { type: 'DELETE_ALL', detail: DETAIL },
        { type: privacyRequestMessages.typeRequired },
      ],
      ['no detail', { type: 'ACCESS', detail: '   ' }, { detail: privacyRequestMessages.detailRequired }],
      [
        'a detail under 10 characters',
        { type: 'ACCESS', detail: 'Borrar' },
        { detail: privacyRequestMessages.detailMin },
      ],
      [
        'a detail over 1000',
        { type: 'ACCESS', detail: 'a'.repeat(1001) },
        { detail: privacyRequestMessages.detailMax },
      ],
      [
        'an invalid e-mail',
        { type: 'ACCESS', detail: DETAIL, email: 'no-es-email' },
        { email: privacyRequestMessages.emailInvalid },
      ],
    ])('400 with a Spanish message for %s', async (_, body, errors) => {
      const res = await file(t.app, null, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    });

    it('limits filing per e-mail (5 a day) whatever the address: 429 in Spanish with Retry-After', async () => {
      const email = parentEmail();
      for (let i = 0; i < PRIVACY_REQUEST_LIMITS.email.limit; i += 1) {
        expect((await file(t.app, null, { type: 'ACCESS', detail: DETAIL, email })).statusCode).toBe(201);
      }
      const over = await file(t.app, null, { type: 'ACCESS', detail: DETAIL, email }, nextIp());
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(privacyRequestMessages.rateLimited);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits filing per address generously (30 an hour), a school sharing one', async () => {
      const ip = '192.0.2.77';
      for (let i = 0; i < PRIVACY_REQUEST_LIMITS.address.limit; i += 1) {
        expect(
          (await file(t.app, null, { type: 'OBJECTION', detail: DETAIL, email: parentEmail() }, ip))
            .statusCode,
        ).toBe(201);
      }
      expect(
        (await file(t.app, null, { type: 'OBJECTION', detail: DETAIL, email: parentEmail() }, ip)).statusCode,
      ).toBe(429);
    });
  });

  describe("a parent's request, confirmed by the e-mailed link", () => {
    it('waits unconfirmed, out of the queue, until the link is opened; the link works once; the time starts then', async () => {
      const email = parentEmail();
      const res = await file(t.app, null, {
        type: 'ERASURE',
        detail: DETAIL,
        email: ` ${email.toUpperCase()} `,
      });
      expect(res.statusCode).toBe(201);
      const { request, message } = res.json<{ request: PrivacyRequestReceipt; message: string }>();
      expect(request).toEqual({
        _id: expect.any(String),
        type: 'ERASURE',
        status: 'PENDING',
        dueAt: null,
        confirmed: false,
      });
      expect(message).toBe(privacyRequestMessages.sentUnconfirmed);
      expect(
        (await queue(t.app, w.admin.headers, '?limit=100')).docs.find((r) => r._id === request._id),
      ).toBeUndefined();
      expect(await notificationsOf(t.app, w.admin.id, 'PRIVACY_REQUEST_CREATED')).not.toContainEqual(
        expect.objectContaining({ text: expect.stringContaining('supresión') }),
      );

      // The secret is in the e-mail, never in the event.
      const [mail] = await mailsTo(t.app, email, 'privacy-confirm');
      expect(mail!.subject).toBe('Fics: confirma tu solicitud sobre datos personales');
      const token = await linkTokenFor(t.app, email);
      const events = await t.app.db.select({ payload: domainEvents.payload }).from(domainEvents);
      expect(JSON.stringify(events)).not.toContain(token);

      expect((await confirm(t.app, 'no-es-el-token')).statusCode).toBe(400);
      const before = new Date();
      const ok = await confirm(t.app, token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: privacyRequestMessages.confirmed });
      const again = await confirm(t.app, token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ errors: { token: privacyRequestMessages.confirmInvalid } });

      const queued = (await queue(t.app, w.admin.headers, '?limit=100')).docs.find(
        (r) => r._id === request._id,
      )!;
      expect(queued).toMatchObject({ status: 'PENDING', email: email.toLowerCase(), requester: null });
      expect(dueNow('ACCESS', before)).toContain(queued.dueAt);
      expect(await eventsOf(request._id)).toEqual(['privacy_request.created', 'privacy_request.confirmed']);
      const told = await notificationsOf(t.app, w.admin.id, 'PRIVACY_REQUEST_CREATED');
      expect(told.filter((n) => n.text.includes('supresión'))).toHaveLength(1);
    });

    it('a link that expired does not confirm, and the deadlines job deletes the request', async () => {
      const email = parentEmail();
      const res = await file(t.app, null, { type: 'PORTABILITY', detail: DETAIL, email });
      const id = res.json<{ request: PrivacyRequestReceipt }>().request._id;
      const token = await linkTokenFor(t.app, email);
      await t.app.db
        .update(privacyRequests)
        .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(privacyRequests.id, id));
      expect((await confirm(t.app, token)).statusCode).toBe(400);
      const counts = await t.app.privacyDeadlines.runOnce();
      expect(counts.expiredDeleted).toBeGreaterThanOrEqual(1);
      expect(await t.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, id))).toEqual([]);
    });
  });

  describe('the queue', () => {
    it('is for administrators only: 401 without a session, 403 for students and teachers', async () => {
      expect((await get(t.app, null, '/privacy-requests')).statusCode).toBe(401);
      expect((await get(t.app, w.studentA1.headers, '/privacy-requests')).statusCode).toBe(403);
      expect((await get(t.app, w.teacherA.headers, '/privacy-requests')).statusCode).toBe(403);
      expect((await get(t.app, null, '/me/privacy-requests')).statusCode).toBe(401);
    });

    it("lists the oldest due first, with 'Vence pronto' and 'Vencida', filtered and paged", async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const soon = await fileAs(t.app, student.headers, { type: 'OBJECTION' });
      const late = await fileAs(t.app, student.headers, { type: 'RECTIFICATION' });
      const today = new Date();
      const inThreeDays = addDays(dueDateFor('ACCESS', today), 3 - 30);
      const yesterday = addDays(dueDateFor('ACCESS', today), -31);
      await t.app.db
        .update(privacyRequests)
        .set({ dueAt: inThreeDays })
        .where(eq(privacyRequests.id, soon._id));
      await t.app.db
        .update(privacyRequests)
        .set({ dueAt: yesterday })
        .where(eq(privacyRequests.id, late._id));

      const open = await queue(t.app, w.admin.headers, '?status=OPEN&limit=100');
      const ids = open.docs.map((r) => r._id);
      expect(ids.indexOf(late._id)).toBeLessThan(ids.indexOf(soon._id));
      const dueDates = open.docs.map((r) => r.dueAt);
      expect(dueDates).toEqual([...dueDates].sort());
      expect(open.docs.find((r) => r._id === late._id)).toMatchObject({ overdue: true, dueSoon: false });
      expect(open.docs.find((r) => r._id === soon._id)).toMatchObject({
        overdue: false,
        dueSoon: true,
        allowedAnswers: ['DONE', 'EXTENDED', 'REFUSED'],
      });

      const firstPage = await queue(t.app, w.admin.headers, '?status=OPEN&limit=1&page=1');
      expect(firstPage.docs).toHaveLength(1);
      expect(firstPage.docs[0]!._id).toBe(open.docs[0]!._id);
      expect(firstPage.totalDocs).toBe(open.totalDocs);

      const refused = await queue(t.app, w.admin.headers, '?status=REFUSED');
      expect(refused.docs.every((r) => r.status === 'REFUSED')).toBe(true);
      expect((await get(t.app, w.admin.headers, '/privacy-requests?status=ABIERTAS')).statusCode).toBe(400);
      expect((await get(t.app, w.admin.headers, '/privacy-requests?limit=101')).statusCode).toBe(400);
    });

    it("reads each filter and a person's own from their indexes, in due order, without sorting", async () => {
      const plans = await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const explain = async (query: SQL) =>
          ((await tx.execute(sql`explain ${query}`)) as { rows: Record<string, unknown>[] }).rows
            .map((row) => String(Object.values(row)[0]))
            .join('\n');
        const queue = (filter: SQL) =>
          explain(
            sql`select id from privacy_requests where confirmed_at is not null and ${filter} order by due_at, id limit 20`,
          );
        return {
          all: await queue(sql`true`),
          open: await queue(sql`status in ('PENDING', 'EXTENDED')`),
          done: await queue(sql`status = ${'DONE'}`),
          own: await explain(
            sql`select id from privacy_requests where confirmed_at is not null and user_id = ${w.studentA1.id} order by created_at desc, id limit 5`,
          ),
        };
      });
      expect(plans.all).toContain('privacy_requests_queue_idx');
      expect(plans.open).toContain('privacy_requests_open_idx');
      expect(plans.done).toContain('privacy_requests_status_idx');
      expect(plans.own).toContain('privacy_requests_user_idx');
      for (const plan of Object.values(plans)) {
        expect(plan).not.toMatch(/\bSort\b/);
      }
    });

    it('warns administrators once a week before a request falls due (and again after an extension)', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const request = await fileAs(t.app, student.headers, { type: 'ACCESS' });
      const first = await t.app.privacyDeadlines.runOnce();
      await t.app.events.deliverDue();
      const due = () => notificationsOf(t.app, w.admin.id, 'PRIVACY_REQUEST_DUE');
      const countFor = async (dueAt: string) =>
        (await due()).filter((n) => n.text.endsWith(dueAt.split('-').reverse().join('-'))).length;
      expect(first.warned).toBeGreaterThanOrEqual(0);
      // 30 days away: not yet.
      const [row] = await t.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, request._id));
      expect(row!.dueWarnedAt).toBeNull();

      const soon = addDays(row!.dueAt!, -24);
      await t.app.db.update(privacyRequests).set({ dueAt: soon }).where(eq(privacyRequests.id, request._id));
      await t.app.privacyDeadlines.runOnce();
      await t.app.privacyDeadlines.runOnce();
      await t.app.events.deliverDue();
      const [warned] = await t.app.db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.id, request._id));
      expect(warned!.dueWarnedAt).not.toBeNull();
      expect(await countFor(soon)).toBe(1);
      expect(await eventsOf(request._id)).toEqual(['privacy_request.created', 'privacy_request.due_soon']);

      // The extension moves the due date 30 days: a new warning a week before the new one.
      const extended = await answer(t.app, w.admin.headers, request._id, {
        status: 'EXTENDED',
        answer: ANSWER,
      });
      expect(extended.json().request.dueAt).toBe(addDays(soon, 30));
      const [after] = await t.app.db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.id, request._id));
      expect(after!.dueWarnedAt).toBeNull();
    });
  });

  describe('answers', () => {
    it('are for administrators only: 403 for the requester, a teacher and a student; 401 without a session', async () => {
      const request = await fileAs(t.app, w.studentA1.headers);
      for (const headers of [w.studentA1.headers, w.studentB1.headers, w.teacherA.headers]) {
        const res = await answer(t.app, headers, request._id, { status: 'DONE', answer: ANSWER });
        expect(res.statusCode).toBe(403);
      }
      expect((await answer(t.app, null, request._id, { status: 'DONE', answer: ANSWER })).statusCode).toBe(
        401,
      );
      const [row] = await t.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, request._id));
      expect(row!.status).toBe('PENDING');
    });

    it.each([
      ['no status', { answer: ANSWER }, { status: privacyRequestMessages.statusRequired }],
      [
        'PENDING as an answer',
        { status: 'PENDING', answer: ANSWER },
        { status: privacyRequestMessages.statusRequired },
      ],
      ['no answer', { status: 'DONE', answer: ' ' }, { answer: privacyRequestMessages.answerRequired }],
      [
        'refusing without reasons',
        { status: 'REFUSED', answer: 'No.' },
        { answer: privacyRequestMessages.answerMin },
      ],
      [
        'an answer over 2000',
        { status: 'DONE', answer: 'a'.repeat(2001) },
        { answer: privacyRequestMessages.answerMax },
      ],
    ])('400 with a Spanish message for %s', async (_, body, errors) => {
      const request = await fileAs(t.app, (await someStudent()).headers);
      const res = await answer(t.app, w.admin.headers, request._id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
    });

    it('404 for an unknown request and for one a parent has not confirmed', async () => {
      expect(
        (
          await answer(t.app, w.admin.headers, '00000000-0000-4000-8000-000000000000', {
            status: 'DONE',
            answer: ANSWER,
          })
        ).statusCode,
      ).toBe(404);
      const res = await file(t.app, null, { type: 'ACCESS', detail: DETAIL, email: parentEmail() });
      const id = res.json<{ request: PrivacyRequestReceipt }>().request._id;
      expect((await answer(t.app, w.admin.headers, id, { status: 'DONE', answer: ANSWER })).statusCode).toBe(
        404,
      );
    });

    it('extend once (30 more days, the reason e-mailed), then answer for good; final answers are final', async () => {
      const { email, id } = await parentRequest('RECTIFICATION');
      const [before] = await t.app.db
        .select({ dueAt: privacyRequests.dueAt })
        .from(privacyRequests)
        .where(eq(privacyRequests.id, id));
      const dueAt = before!.dueAt!;

      const extended = await answer(t.app, w.admin.headers, id, {
        status: 'EXTENDED',
        answer: 'Necesitamos consultar al establecimiento antes de corregir el curso',
      });
      expect(extended.statusCode).toBe(200);
      expect(extended.json().request).toMatchObject({
        status: 'EXTENDED',
        dueAt: addDays(dueAt, 30),
        extensionReason: 'Necesitamos consultar al establecimiento antes de corregir el curso',
        answer: null,
        allowedAnswers: ['DONE', 'REFUSED'],
      });
      const twice = await answer(t.app, w.admin.headers, id, { status: 'EXTENDED', answer: ANSWER });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(privacyRequestMessages.alreadyExtended);
      const [extendedMail] = await mailsTo(t.app, email, 'privacy-extended');
      expect(extendedMail!.text).toContain('Necesitamos consultar al establecimiento');
      expect(extendedMail!.text).toContain(addDays(dueAt, 30).split('-').reverse().join('-'));
      expect(extendedMail!.text).toContain(privacyComplaintNotice);

      const done = await answer(t.app, w.admin.headers, id, { status: 'DONE', answer: ANSWER });
      expect(done.statusCode).toBe(200);
      expect(done.json().request).toMatchObject({
        status: 'DONE',
        answer: ANSWER,
        answeredBy: { _id: w.admin.id, name: 'Ana Administradora' },
        answeredAt: expect.any(String),
        dueSoon: false,
        overdue: false,
        allowedAnswers: [],
      });
      for (const status of ['DONE', 'REFUSED', 'EXTENDED']) {
        const late = await answer(t.app, w.admin.headers, id, { status, answer: ANSWER });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe(privacyRequestMessages.alreadyAnswered);
      }
      const [doneMail] = await mailsTo(t.app, email, 'privacy-done');
      expect(doneMail!.text).toContain(ANSWER);
      expect(doneMail!.text).toContain(privacyComplaintNotice);
      expect(doneMail!.html).toContain('Agencia de Protección de Datos Personales');
      expect(await eventsOf(id)).toEqual([
        'privacy_request.created',
        'privacy_request.confirmed',
        'privacy_request.extended',
        'privacy_request.answered',
      ]);
    });

    it("a refusal gives its reasons and the notice of art. 11 to the student's address; a blocking is never extended", async () => {
      const request = await fileAs(t.app, w.studentB1.headers, { type: 'BLOCKING' });
      const extend = await answer(t.app, w.admin.headers, request._id, {
        status: 'EXTENDED',
        answer: ANSWER,
      });
      expect(extend.statusCode).toBe(409);
      expect(extend.json().message).toBe(privacyRequestMessages.blockingNotExtendable);
      const reasons = 'Los datos se necesitan para la evaluación en curso del semestre';
      const refused = await answer(t.app, w.admin.headers, request._id, {
        status: 'REFUSED',
        answer: reasons,
      });
      expect(refused.statusCode).toBe(200);
      const [mail] = await mailsTo(t.app, w.studentB1.email.toLowerCase(), 'privacy-refused');
      expect(mail!.subject).toBe('Fics: tu solicitud sobre datos personales fue rechazada');
      expect(mail!.text).toContain(reasons);
      expect(mail!.text).toContain('dentro de 30 días hábiles');
      expect(mail!.text).toContain('Agencia de Protección de Datos Personales');
      const own = (await get(t.app, w.studentB1.headers, '/me/privacy-requests')).json<{
        requests: { docs: PrivacyRequest[] };
      }>().requests.docs;
      expect(own.find((r) => r._id === request._id)).toMatchObject({ status: 'REFUSED', answer: reasons });
    });
  });

  describe(`parallel answers (${process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded'})`, () => {
    const CALLS = 12;
    it('of final answers one gets 200 and the others 409; one answer stored, one e-mail', async () => {
      const admins = [w.admin, await member(t.app, 'ADMIN'), await member(t.app, 'ADMIN')];
      for (let round = 0; round < 3; round += 1) {
        const { email, id } = await parentRequest();
        const results = await Promise.all(
          Array.from({ length: CALLS }, (_, i) =>
            answer(t.app, admins[i % admins.length]!.headers, id, {
              status: i % 2 === round % 2 ? 'DONE' : 'REFUSED',
              answer: `${ANSWER} (${i})`,
            }),
          ),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 200)).toHaveLength(1);
        expect(codes.filter((c) => c === 409)).toHaveLength(CALLS - 1);
        const winner = results.find((r) => r.statusCode === 200)!.json<{ request: PrivacyRequest }>().request;
        const [row] = await t.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
        expect(row).toMatchObject({ status: winner.status, answer: winner.answer });
        const mails = (await mailsTo(t.app, email)).filter((m) => m.kind !== 'privacy-confirm');
        expect(mails).toHaveLength(1);
      }
    });

    it('of extensions one gets through: the due date moves 30 days, once', async () => {
      const { id } = await parentRequest();
      const [before] = await t.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
      const results = await Promise.all(
        Array.from({ length: CALLS }, () =>
          answer(t.app, w.admin.headers, id, { status: 'EXTENDED', answer: ANSWER }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(CALLS - 1);
      const [after] = await t.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
      expect(after!.dueAt).toBe(addDays(before!.dueAt!, 30));
      const extendedEvents = await t.app.db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(inArray(domainEvents.type, ['privacy_request.extended']));
      expect(extendedEvents.length).toBeGreaterThanOrEqual(1);
      expect((await eventsOf(id)).filter((e) => e === 'privacy_request.extended')).toHaveLength(1);
    });
  });
});
