import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { buildTestApp, createUser, freshDatabase, testConfig } from '../../test/helpers';
import { reopenableDatabase } from '../../test/reopenable-database';
import { closedSmtpUrl, startSmtpCapture, waitFor, type SmtpCapture } from '../../test/smtp-capture';
import { MailDispatcher, MAIL_MAX_ATTEMPTS, retryDelayMs } from './dispatcher.service';
import { createSmtpTransport } from './mail-transport';
import { enqueueMail } from './outbox.service';
import { recoveryMail } from './templates';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) {
    await cleanups.pop()!();
  }
});

async function smtp(options: { reject?: boolean; delayMs?: number } = {}): Promise<SmtpCapture> {
  const capture = await startSmtpCapture(options);
  cleanups.push(capture.close);
  return capture;
}

async function appOn(database: Database, overrides: Partial<Config>, logger: boolean | object = false) {
  const app = await buildApp({ config: testConfig(overrides), database, logger });
  await app.ready();
  return app;
}

const outbox = (app: FastifyInstance) => app.db.select().from(mailOutbox).orderBy(mailOutbox.createdAt);

async function queueRecovery(app: FastifyInstance, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/recoverPassword', payload: { email } });
  expect(res.statusCode).toBe(200);
}

describe('mail dispatcher', () => {
  it('waits 15 s after the first failure, doubling up to one hour', () => {
    expect(retryDelayMs(1)).toBe(15_000);
    expect(retryDelayMs(2)).toBe(30_000);
    expect(retryDelayMs(5)).toBe(240_000);
    expect(retryDelayMs(9)).toBe(3_600_000);
    expect(retryDelayMs(40)).toBe(3_600_000);
  });

  it('delivers a queued recovery mail over SMTP, with its link, once', async () => {
    const server = await smtp();
    const t = await buildTestApp({ smtpUrl: server.url, publicUrl: 'https://fics.example.cl' });
    cleanups.push(t.close);
    const user = await createUser(t.app, { role: 'STUDENT' });
    await queueRecovery(t.app, user.email);

    expect(await t.app.mail.dispatchOnce()).toBe(1);
    expect(server.messages).toHaveLength(1);
    const [message] = server.messages;
    expect(message!.to).toEqual([user.email]);
    expect(message!.from).toBe('no-responder@fics.cl');
    expect(message!.subject).toBe('Fics: recupera tu contraseña');
    expect(message!.raw).toMatch(/https:\/\/fics\.example\.cl\/password-recovery\/[\w-]{43}/);

    const [row] = await outbox(t.app);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lockedUntil: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await t.app.mail.dispatchOnce()).toBe(0);
    expect(server.messages).toHaveLength(1);
  });

  it('writes the message and its link to the log when no SMTP server is configured', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const { database, drop } = await freshDatabase();
    const app = await appOn(database, { smtpUrl: undefined }, { level: 'info', stream });
    cleanups.push(async () => {
      await app.close();
      await drop();
    });
    const user = await createUser(app, { role: 'TEACHER' });
    await queueRecovery(app, user.email);
    expect(await app.mail.dispatchOnce()).toBe(1);
    const [row] = await outbox(app);
    expect(row!.status).toBe('SENT');
    const link = /http:\/\/localhost:3000\/password-recovery\/[\w-]{43}/.exec(row!.text)![0];
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; mail?: { to: string } });
    const entry = logged.find((l) => l.mail?.to === user.email);
    expect(entry?.msg).toContain(link);
  });

  it('keeps a message through an SMTP outage and a restart, then delivers it exactly once', async () => {
    const store = await reopenableDatabase();
    cleanups.push(store.drop);

    // First instance: the mail server is down.
    const down = await appOn(await store.open(), { smtpUrl: await closedSmtpUrl() });
    const user = await createUser(down, { role: 'STUDENT' });
    await queueRecovery(down, user.email);
    const before = Date.now();
    expect(await down.mail.dispatchOnce()).toBe(0);
    let [row] = await outbox(down);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lockedUntil: null, sentAt: null });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 14_000);
    // Not due yet: nothing is tried again.
    expect(await down.mail.dispatchOnce()).toBe(0);
    expect((await outbox(down))[0]!.attempts).toBe(1);
    await down.close();

    // Second instance on the same database; the mail server is back.
    const server = await smtp();
    const up = await appOn(await store.open(), { smtpUrl: server.url });
    cleanups.push(() => up.close());
    [row] = await outbox(up);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(await up.mail.dispatchOnce()).toBe(0);
    expect(server.messages).toHaveLength(0);

    // The retry time comes.
    await up.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await up.mail.dispatchOnce()).toBe(1);
    expect(await up.mail.dispatchOnce()).toBe(0);
    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]!.to).toEqual([user.email]);
    [row] = await outbox(up);
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('gives a message up after 10 failed attempts, and records the server answer', async () => {
    const server = await smtp({ reject: true });
    const t = await buildTestApp({ smtpUrl: server.url });
    cleanups.push(t.close);
    const user = await createUser(t.app, { role: 'STUDENT' });
    await queueRecovery(t.app, user.email);
    await t.app.db.update(mailOutbox).set({ attempts: MAIL_MAX_ATTEMPTS - 2 });

    expect(await t.app.mail.dispatchOnce()).toBe(0);
    let [row] = await outbox(t.app);
    expect(row).toMatchObject({ status: 'PENDING', attempts: MAIL_MAX_ATTEMPTS - 1 });
    expect(row!.lastError).toContain('451');

    await t.app.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await t.app.mail.dispatchOnce()).toBe(0);
    [row] = await outbox(t.app);
    expect(row).toMatchObject({ status: 'FAILED', attempts: MAIL_MAX_ATTEMPTS });
    await t.app.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await t.app.mail.dispatchOnce()).toBe(0);
    expect((await outbox(t.app))[0]!.attempts).toBe(MAIL_MAX_ATTEMPTS);
  });

  it('never lets two dispatchers send the same message', async () => {
    const server = await smtp({ delayMs: 20 });
    const { database, drop } = await freshDatabase();
    cleanups.push(async () => {
      await database.close();
      await drop();
    });
    for (let i = 0; i < 8; i += 1) {
      await enqueueMail({
        db: database.db,
        mail: recoveryMail({ to: `persona${i}@fics.test`, name: `Persona ${i}`, link: `https://x/${i}` }),
      });
    }
    const log = Fastify({ logger: false }).log;
    const make = () =>
      new MailDispatcher({
        db: database.db,
        transport: createSmtpTransport({ url: server.url, from: 'Fics <no-responder@fics.cl>' }),
        log,
        pollMs: 0,
      });
    const sent = await Promise.all([make().dispatchOnce(), make().dispatchOnce(), make().dispatchOnce()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(8);
    const recipients = server.messages.flatMap((m) => m.to).sort();
    expect(recipients).toEqual(Array.from({ length: 8 }, (_, i) => `persona${i}@fics.test`).sort());
  });

  it('sends on its own soon after a request queues mail, and finishes before the database closes', async () => {
    const server = await smtp({ delayMs: 150 });
    const store = await reopenableDatabase();
    cleanups.push(store.drop);
    // A long poll interval: only the wake-up after the request can explain a quick delivery.
    const app = await appOn(await store.open(), { smtpUrl: server.url, mailPollMs: 60_000 });
    const users = await Promise.all([1, 2, 3].map(() => createUser(app, { role: 'STUDENT' })));
    await queueRecovery(app, users[0]!.email);
    await waitFor(() => server.messages.length === 1);

    await queueRecovery(app, users[1]!.email);
    await queueRecovery(app, users[2]!.email);
    // Close while a message is on the wire: the dispatcher stops first, the database after it.
    await waitFor(async () => (await outbox(app)).some((r) => r.lockedUntil !== null), 2000);
    await app.close();

    const reopened = await appOn(await store.open(), {});
    cleanups.push(() => reopened.close());
    const rows = await outbox(reopened);
    expect(rows.map((r) => r.lockedUntil)).toEqual([null, null, null]);
    const sent = rows.filter((r) => r.status === 'SENT');
    expect(sent.length).toBe(server.messages.length);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.status === 'SENT' || (r.status === 'PENDING' && r.attempts === 0))).toBe(true);
    for (const row of sent) {
      expect(server.messages.some((m) => m.to.includes(row.to))).toBe(true);
    }
    expect(await reopened.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'FAILED'))).toHaveLength(
      0,
    );
  });
});
