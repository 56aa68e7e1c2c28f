import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { domainEvents, mailOutbox, users } from '../../db/schema';
import { redeliver, storedEvents } from '../../test/domain-events';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import {
  changeRequest,
  mailsTo,
  patch,
  postRegister,
  registerBody,
  registerRequest,
  schoolWorld,
  type World,
} from './requests.fixtures';
import { requestsMailSubscriber } from './requests.subscriber';

/**
 * What the requests module announces (issue 19.3): a request created (by a visitor or a student)
 * and handled, each event in the transaction of the change; accepting also announces the account
 * created or moved. The applicant's e-mail of the outcome is the subscriber's, queued once however
 * often the event is delivered; an accepted registration's invitation carries a secret link and is
 * queued by the acceptance itself.
 */
describe('events of registration and change requests', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://fics.example.cl' });
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const about = (requestId: string) => sql`${domainEvents.payload}->>'requestId' = ${requestId}`;
  const requestEvents = async (requestId: string) =>
    (await storedEvents(t.app, ['request.created', 'request.handled'], about(requestId))).map((event) => ({
      type: event.type,
      actor: event.actor,
      payload: event.payload,
    }));
  const admin = () => ({ userId: w.admin.id, role: 'ADMIN' });

  it('announces a visitor’s registration request (by nobody signed in) and its acceptance, with the account', async () => {
    const request = await registerRequest(t.app, w);
    const res = await patch(t.app, w.admin.headers, `/register-requests/${request._id}/accept`, {
      email: request.email,
      name: request.name,
      role: request.role._id,
      collegeId: w.collegeA,
      gradeId: w.gradeA1,
      adminComments: 'Bienvenida',
    });
    expect(res.statusCode).toBe(200);
    expect(await requestEvents(request._id)).toEqual([
      { type: 'request.created', actor: null, payload: { requestId: request._id, kind: 'REGISTER' } },
      {
        type: 'request.handled',
        actor: admin(),
        payload: { requestId: request._id, kind: 'REGISTER', accepted: true },
      },
    ]);
    const [account] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, request.email));
    const created = await storedEvents(
      t.app,
      ['user.created'],
      sql`${domainEvents.payload}->>'userId' = ${account!.id}`,
    );
    expect(created.map((event) => [event.actor, event.payload])).toEqual([
      [admin(), { userId: account!.id, roleName: 'TEACHER' }],
    ]);
    // The invitation (a secret link) was queued by the acceptance; the subscriber adds nothing.
    const [handled] = await storedEvents(t.app, ['request.handled'], about(request._id));
    await redeliver(t.app, requestsMailSubscriber, [handled!]);
    const mails = await t.app.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, request.email));
    expect(mails).toEqual([{ kind: 'invitation' }]);
  });

  it('e-mails a refused registration once, however often its event is delivered', async () => {
    const request = await registerRequest(t.app, w);
    const res = await patch(t.app, w.admin.headers, `/register-requests/${request._id}/deny`, {
      adminComments: 'El colegio no participa',
    });
    expect(res.statusCode).toBe(200);
    const [handled] = await storedEvents(t.app, ['request.handled'], about(request._id));
    expect(handled?.payload).toEqual({ requestId: request._id, kind: 'REGISTER', accepted: false });
    await redeliver(t.app, requestsMailSubscriber, [handled!, handled!]);
    const mails = await mailsTo(t.app, request.email, 'register-denied');
    expect(mails.map((mail) => mail.eventId)).toEqual([handled!.id]);
    expect(mails[0]!.text).toContain('Comentario del equipo: El colegio no participa');
    expect(mails[0]!.text).toContain('https://fics.example.cl');
  });

  it('announces a student’s change request, the move when accepted, and e-mails the outcome once', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const request = await changeRequest(t.app, student.headers, w);
    const res = await patch(t.app, w.admin.headers, `/change-requests/${request._id}/accept`, {
      collegeId: w.collegeB,
      gradeId: w.gradeB1,
      adminComments: 'Listo',
    });
    expect(res.statusCode).toBe(200);
    expect(await requestEvents(request._id)).toEqual([
      {
        type: 'request.created',
        actor: { userId: student.id, role: 'STUDENT' },
        payload: { requestId: request._id, kind: 'CHANGE' },
      },
      {
        type: 'request.handled',
        actor: admin(),
        payload: { requestId: request._id, kind: 'CHANGE', accepted: true },
      },
    ]);
    const moved = await storedEvents(
      t.app,
      ['user.moved'],
      sql`${domainEvents.payload}->>'userId' = ${student.id}`,
    );
    expect(moved.map((event) => event.actor)).toEqual([admin()]);
    const [handled] = await storedEvents(t.app, ['request.handled'], about(request._id));
    await redeliver(t.app, requestsMailSubscriber, [handled!, handled!]);
    const mails = await mailsTo(t.app, student.email, 'change-approved');
    expect(mails.map((mail) => mail.eventId)).toEqual([handled!.id]);
    expect(mails[0]!.text).toContain('Liceo Bosque, curso Primero Medio C');
  });

  it('writes no event for a refused request', async () => {
    const body = registerBody(w);
    expect((await postRegister(t.app, body)).statusCode).toBe(201);
    const count = async () => (await storedEvents(t.app, ['request.created'])).length;
    const before = await count();
    // The same e-mail again while the first is pending: 409, and no second event.
    expect((await postRegister(t.app, { ...body, name: 'Otra Vez' })).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });
});
