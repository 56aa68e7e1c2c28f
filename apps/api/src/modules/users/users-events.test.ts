import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { User } from '@fics/contracts';
import { domainEvents, mailOutbox, users } from '../../db/schema';
import { redeliver, storedEvents } from '../../test/domain-events';
import { buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { member, schoolWorld } from './users.fixtures';
import { usersMailSubscriber } from './users.subscriber';

/**
 * What the users module announces (issue 19.3): an account created (one by one, imported, or from
 * an accepted registration: see the requests' tests), moved to other grades, deleted, or given a new
 * e-mail, each event written in the transaction of the change; and the e-mail to the old address,
 * which its subscriber queues once however often the event is delivered.
 */
describe('events of accounts', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'https://fics.example.cl' });
    w = await schoolWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const about = (userId: string) => sql`${domainEvents.payload}->>'userId' = ${userId}`;
  const eventsAbout = async (userId: string) =>
    (
      await storedEvents(
        t.app,
        ['user.created', 'user.moved', 'user.deleted', 'user.email_changed'],
        about(userId),
      )
    ).map((event) => ({ type: event.type, actor: event.actor, payload: event.payload }));
  const as = (who: { id: string }, role: string) => ({ userId: who.id, role });

  it('announces an account created, moved to other grades and deleted, by whom', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: w.teacherA.headers,
      payload: {
        email: 'anunciada@fics.test',
        name: 'Anunciada Nueva',
        role: w.roleIds.STUDENT,
        collegeId: [w.collegeA],
        gradeId: [w.gradeA1],
      },
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json<{ user: User }>().user._id;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/users/${userId}`, headers: w.admin.headers, payload });
    // A new name, or the same grades again, is no move.
    expect((await patch({ name: 'Anunciada Renombrada' })).statusCode).toBe(200);
    expect((await patch({ collegeId: [w.collegeA], gradeId: [w.gradeA1] })).statusCode).toBe(200);
    expect((await patch({ collegeId: [w.collegeA], gradeId: [w.gradeA2] })).statusCode).toBe(200);
    expect(await eventsAbout(userId)).toEqual([
      { type: 'user.created', actor: as(w.teacherA, 'TEACHER'), payload: { userId, roleName: 'STUDENT' } },
      { type: 'user.moved', actor: as(w.admin, 'ADMIN'), payload: { userId } },
    ]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${userId}`,
      headers: w.admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    // The deletion is an erasure: the delivered events that named the person went with them.
    expect(await eventsAbout(userId)).toEqual([
      { type: 'user.deleted', actor: as(w.admin, 'ADMIN'), payload: { userId } },
    ]);
  });

  it('announces each imported account, and nothing for a refused change', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/bulk',
      headers: w.admin.headers,
      payload: {
        role: w.roleIds.TEACHER,
        collegeId: w.collegeA,
        gradeId: w.gradeA1,
        isExcel: true,
        users: [
          { name: 'Docente Importado Uno', email: 'importado.uno@fics.test' },
          { name: 'Docente Importado Dos', email: 'importado.dos@fics.test' },
          { name: 'Sin Correo', email: 'no-es-un-correo' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ summary: { usersCreated: 2 } });
    for (const email of ['importado.uno@fics.test', 'importado.dos@fics.test']) {
      const [account] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(await eventsAbout(account!.id)).toEqual([
        {
          type: 'user.created',
          actor: as(w.admin, 'ADMIN'),
          payload: { userId: account!.id, roleName: 'TEACHER' },
        },
      ]);
    }

    // A teacher may not move a student out of their grades: 403, and no event.
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${student.id}`,
      headers: w.teacherA.headers,
      payload: { collegeId: [w.collegeB], gradeId: [w.gradeB1] },
    });
    expect(refused.statusCode).toBe(403);
    expect(await eventsAbout(student.id)).toEqual([]);
  });

  it('tells the old address of a changed e-mail once, however often the event is delivered, with no link in the event', async () => {
    const student = await createUser(t.app, { role: 'STUDENT', email: 'antigua@fics.test' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${student.id}`,
      headers: w.admin.headers,
      payload: { email: 'nueva@fics.test' },
    });
    expect(res.statusCode).toBe(200);
    const [changed] = await storedEvents(t.app, ['user.email_changed'], about(student.id));
    expect(changed?.payload).toEqual({
      userId: student.id,
      previousEmail: 'antigua@fics.test',
      newEmail: 'nueva@fics.test',
    });
    await redeliver(t.app, usersMailSubscriber, [changed!, changed!]);
    const told = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'antigua@fics.test'));
    expect(told.map((mail) => [mail.kind, mail.eventId])).toEqual([['email-changed', changed!.id]]);
    expect(told[0]!.text).toContain(`Hola ${student.name}`);
  });
});
