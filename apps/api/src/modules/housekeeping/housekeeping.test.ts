import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Db, DbOrTx } from '../../db/client';
import { domainEvents, mailOutbox, oneTimeTokens, refreshTokens, sessions } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';
import { buildTestApp, createUser, freshDatabase, testConfig, type TestApp } from '../../test/helpers';
import { waitFor } from '../../test/smtp-capture';
import {
  EVENT_DONE_RETENTION_MS,
  EVENT_FAILED_RETENTION_MS,
  expiredEvents,
  MAIL_RETENTION_MS,
  runHousekeeping,
  SESSION_RETENTION_MS,
} from './housekeeping.service';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) {
    await cleanups.pop()!();
  }
});

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

async function insertSession(
  db: DbOrTx,
  userId: string,
  values: { expiresAt: Date; revokedAt?: Date; tokensUsedAt?: (Date | null)[] },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt: values.expiresAt,
      revokedAt: values.revokedAt ?? null,
      revokedReason: values.revokedAt ? 'logout' : null,
    })
    .returning({ id: sessions.id });
  const usedAts = values.tokensUsedAt ?? [null];
  await db
    .insert(refreshTokens)
    .values(usedAts.map((usedAt) => ({ sessionId: row!.id, tokenHash: hashToken(randomToken()), usedAt })));
  return row!.id;
}

async function insertToken(
  db: DbOrTx,
  userId: string,
  values: { purpose?: 'RECOVERY' | 'INVITATION'; expiresAt: Date; usedAt?: Date },
): Promise<string> {
  const [row] = await db
    .insert(oneTimeTokens)
    .values({
      userId,
      purpose: values.purpose ?? 'RECOVERY',
      tokenHash: hashToken(randomToken()),
      expiresAt: values.expiresAt,
      usedAt: values.usedAt ?? null,
    })
    .returning({ id: oneTimeTokens.id });
  return row!.id;
}

async function insertMail(
  db: DbOrTx,
  values: Partial<typeof mailOutbox.$inferInsert> & { status: 'PENDING' | 'SENT' | 'FAILED' },
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: 'persona@fics.test',
      subject: 'Fics: recupera tu contraseña',
      text: 'Entra a https://fics.example.cl/password-recovery/secreto',
      html: '<a href="https://fics.example.cl/password-recovery/secreto">Cambiar contraseña</a>',
      kind: 'recovery',
      ...values,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

const ids = async (db: Db, table: typeof sessions | typeof oneTimeTokens | typeof mailOutbox) =>
  (await db.select({ id: table.id }).from(table)).map((r) => r.id).sort();

const tokensOf = (db: Db, sessionId: string) =>
  db
    .select({ usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.sessionId, sessionId))
    .orderBy(asc(refreshTokens.usedAt));

/**
 * `count` dead rows of every kind (session with its refresh token, one-time token, sent e-mail),
 * committed together so a background run sees all of them or none.
 */
async function insertDeadRows(db: Db, userId: string, now: Date, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i += 1) {
      await insertSession(tx, userId, { expiresAt: ago(now, 2 * DAY) });
      await insertToken(tx, userId, { expiresAt: ago(now, HOUR) });
      await insertMail(tx, { status: 'SENT', sentAt: ago(now, HOUR) });
    }
  });
}

describe('runHousekeeping', () => {
  // One database for these tests; each starts with no sessions, tokens or e-mails.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.db.delete(sessions);
    await t.app.db.delete(oneTimeTokens);
    await t.app.db.delete(mailOutbox);
    await t.app.db.delete(domainEvents);
  });
  it('deletes sessions a day after they expired or were revoked, with their refresh tokens; live sessions keep every token', async () => {
    const { app } = t;
    const db = app.db;
    const user = await createUser(app, { role: 'STUDENT' });
    const now = new Date();

    // Live, rotated long ago: the used token stays, it is how a replayed stolen token is caught.
    const live = await insertSession(db, user.id, {
      expiresAt: later(now, DAY),
      tokensUsedAt: [ago(now, 29 * DAY), ago(now, 10 * DAY), null],
    });
    const expiredLongAgo = await insertSession(db, user.id, {
      expiresAt: ago(now, SESSION_RETENTION_MS + HOUR),
      tokensUsedAt: [ago(now, 3 * DAY), null],
    });
    const justExpired = await insertSession(db, user.id, { expiresAt: ago(now, HOUR) });
    const revokedLongAgo = await insertSession(db, user.id, {
      expiresAt: later(now, 10 * DAY),
      revokedAt: ago(now, SESSION_RETENTION_MS + HOUR),
      tokensUsedAt: [ago(now, 2 * DAY), null],
    });
    const justRevoked = await insertSession(db, user.id, {
      expiresAt: later(now, 10 * DAY),
      revokedAt: ago(now, HOUR),
    });

    const counts = await runHousekeeping({ db, now });

    expect(counts).toEqual({
      sessions: 2,
      oneTimeTokens: 0,
      mailsDeleted: 0,
      mailBodiesCleared: 0,
      eventsDeleted: 0,
      consentCopiesLifted: 0,
      retentionNotices: 0,
      accountsErased: 0,
      erasureTracesCleared: 0,
    });
    expect(await ids(db, sessions)).toEqual([live, justExpired, justRevoked].sort());
    expect(await tokensOf(db, live)).toEqual([
      { usedAt: ago(now, 29 * DAY) },
      { usedAt: ago(now, 10 * DAY) },
      { usedAt: null },
    ]);
    const orphans = await db
      .select()
      .from(refreshTokens)
      .where(inArray(refreshTokens.sessionId, [expiredLongAgo, revokedLongAgo]));
    expect(orphans).toEqual([]);
    expect(await runHousekeeping({ db, now })).toEqual({
      sessions: 0,
      oneTimeTokens: 0,
      mailsDeleted: 0,
      mailBodiesCleared: 0,
      eventsDeleted: 0,
      consentCopiesLifted: 0,
      retentionNotices: 0,
      accountsErased: 0,
      erasureTracesCleared: 0,
    });
  });

  it('leaves replay detection working: a used refresh token presented after a run still revokes its session', async () => {
    const { app } = t;
    const user = await createUser(app, { role: 'TEACHER' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const first = login.json<{ refreshToken: string }>().refreshToken;
    const change = (refreshToken: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/changetoken', payload: { refreshToken } });
    const rotated = await change(first);
    expect(rotated.statusCode).toBe(200);

    await runHousekeeping({ db: app.db, now: new Date(Date.now() + 7 * DAY) });

    expect((await change(first)).statusCode).toBe(401);
    const [session] = await app.db.select().from(sessions);
    expect(session!.revokedReason).toBe('reuse');
    expect((await change(rotated.json<{ refreshToken: string }>().refreshToken)).statusCode).toBe(401);
  });

  it('deletes recovery and invitation tokens once used or expired, and keeps live ones', async () => {
    const { app } = t;
    const db = app.db;
    const user = await createUser(app, { role: 'STUDENT', password: null });
    const now = new Date();

    const liveRecovery = await insertToken(db, user.id, { expiresAt: later(now, 20 * 60 * 1000) });
    const liveInvitation = await insertToken(db, user.id, {
      purpose: 'INVITATION',
      expiresAt: later(now, 6 * DAY),
    });
    await insertToken(db, user.id, { expiresAt: later(now, 20 * 60 * 1000), usedAt: ago(now, 1000) });
    await insertToken(db, user.id, {
      purpose: 'INVITATION',
      expiresAt: later(now, DAY),
      usedAt: ago(now, DAY),
    });
    await insertToken(db, user.id, { expiresAt: ago(now, 1000) });
    await insertToken(db, user.id, { purpose: 'INVITATION', expiresAt: ago(now, DAY) });

    const counts = await runHousekeeping({ db, now });

    expect(counts).toMatchObject({ oneTimeTokens: 4 });
    expect(await ids(db, oneTimeTokens)).toEqual([liveRecovery, liveInvitation].sort());
  });

  it('empties the bodies of sent and given-up e-mails, keeps their metadata, and never touches pending ones', async () => {
    const { app } = t;
    const db = app.db;
    const now = new Date();

    const sent = await insertMail(db, { status: 'SENT', attempts: 1, sentAt: ago(now, 1000) });
    const failed = await insertMail(db, {
      status: 'FAILED',
      kind: 'invitation',
      attempts: 10,
      lastError: '451 try later',
    });
    const pendingRetry = await insertMail(db, {
      status: 'PENDING',
      attempts: 3,
      lastError: '451 try later',
      nextAttemptAt: later(now, 60_000),
    });
    const pendingLeased = await insertMail(db, { status: 'PENDING', lockedUntil: later(now, 30_000) });
    const pendingOld = await insertMail(db, {
      status: 'PENDING',
      createdAt: ago(now, MAIL_RETENTION_MS + DAY),
    });
    await insertMail(db, {
      status: 'SENT',
      createdAt: ago(now, MAIL_RETENTION_MS + DAY),
      sentAt: ago(now, MAIL_RETENTION_MS + DAY),
    });
    await insertMail(db, { status: 'FAILED', createdAt: ago(now, MAIL_RETENTION_MS + DAY) });
    const before = await db.select().from(mailOutbox);
    const row = (id: string) => before.find((r) => r.id === id)!;

    const counts = await runHousekeeping({ db, now });

    expect(counts).toEqual({
      sessions: 0,
      oneTimeTokens: 0,
      mailsDeleted: 2,
      mailBodiesCleared: 2,
      eventsDeleted: 0,
      consentCopiesLifted: 0,
      retentionNotices: 0,
      accountsErased: 0,
      erasureTracesCleared: 0,
    });
    const after = await db.select().from(mailOutbox);
    expect(after.map((r) => r.id).sort()).toEqual(
      [sent, failed, pendingRetry, pendingLeased, pendingOld].sort(),
    );
    const find = (id: string) => after.find((r) => r.id === id)!;
    expect(find(sent)).toEqual({ ...row(sent), text: '', html: '' });
    expect(find(failed)).toEqual({ ...row(failed), text: '', html: '' });
    expect(find(pendingRetry)).toEqual(row(pendingRetry));
    expect(find(pendingLeased)).toEqual(row(pendingLeased));
    expect(find(pendingOld)).toEqual(row(pendingOld));
  });

  it('does not keep a recovery link once the e-mail is sent', async () => {
    const { app } = t;
    const user = await createUser(app, { role: 'STUDENT' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/recoverPassword',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(await app.housekeeping.runOnce()).toMatchObject({ mailBodiesCleared: 0 });
    let [mail] = await app.db.select().from(mailOutbox);
    expect(mail!.text).toContain('/password-recovery/');

    expect(await app.mail.dispatchOnce()).toBe(1);
    expect(await app.housekeeping.runOnce()).toMatchObject({ mailBodiesCleared: 1 });
    [mail] = await app.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ status: 'SENT', to: user.email, kind: 'recovery', text: '', html: '' });
    expect(mail!.subject).toBeTruthy();
    expect(mail!.sentAt).toBeInstanceOf(Date);
    // The link itself still works until used or expired: only the copy in the outbox is gone.
    expect(await app.db.select().from(oneTimeTokens)).toHaveLength(1);
  });

  it('works through a backlog in bounded batches', async () => {
    const { app } = t;
    const user = await createUser(app, { role: 'STUDENT' });
    const now = new Date();
    await insertDeadRows(app.db, user.id, now, 7);
    await insertMail(app.db, { status: 'PENDING' });

    const counts = await runHousekeeping({ db: app.db, now, batchSize: 3 });

    expect(counts).toEqual({
      sessions: 7,
      oneTimeTokens: 7,
      mailsDeleted: 0,
      mailBodiesCleared: 7,
      eventsDeleted: 0,
      consentCopiesLifted: 0,
      retentionNotices: 0,
      accountsErased: 0,
      erasureTracesCleared: 0,
    });
    expect(await ids(app.db, sessions)).toEqual([]);
    expect(await ids(app.db, oneTimeTokens)).toEqual([]);
    const mails = await app.db.select({ status: mailOutbox.status, text: mailOutbox.text }).from(mailOutbox);
    expect(mails.filter((m) => m.text !== '')).toEqual([{ status: 'PENDING', text: expect.any(String) }]);
  });

  it('deletes delivered events after 30 days and given-up ones after 90, in batches; pending ones stay', async () => {
    const { app } = t;
    const now = new Date();
    const insertEvent = async (status: 'PENDING' | 'DONE' | 'FAILED', age: number) => {
      const [row] = await app.db
        .insert(domainEvents)
        .values({
          type: 'user.deleted',
          payload: { userId: randomUUID() },
          status,
          occurredAt: ago(now, age),
          deliveredAt: status === 'DONE' ? ago(now, age) : null,
        })
        .returning({ id: domainEvents.id });
      return row!.id;
    };
    const kept = [
      await insertEvent('DONE', EVENT_DONE_RETENTION_MS - HOUR),
      await insertEvent('FAILED', EVENT_DONE_RETENTION_MS + DAY),
      await insertEvent('FAILED', EVENT_FAILED_RETENTION_MS - HOUR),
      // Never delivered, however old: still due (a fic held back, an instance down for long).
      await insertEvent('PENDING', EVENT_FAILED_RETENTION_MS + 10 * DAY),
    ];
    for (let i = 0; i < 5; i += 1) {
      await insertEvent('DONE', EVENT_DONE_RETENTION_MS + HOUR + i);
    }
    await insertEvent('DONE', EVENT_DONE_RETENTION_MS);
    await insertEvent('FAILED', EVENT_FAILED_RETENTION_MS + HOUR);

    // Batches of two: the seven go in several statements.
    expect(await runHousekeeping({ db: app.db, now, batchSize: 2 })).toMatchObject({ eventsDeleted: 7 });
    const left = await app.db.select({ id: domainEvents.id }).from(domainEvents).orderBy(domainEvents.id);
    expect(left.map((row) => row.id)).toEqual(kept);
    expect(await runHousekeeping({ db: app.db, now })).toMatchObject({ eventsDeleted: 0 });
  });

  it('finds the events to delete through domain_events_handled_idx', async () => {
    const { app } = t;
    // What a batch picks, with the condition runHousekeeping uses.
    const plans = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (status: 'DONE' | 'FAILED') =>
        (
          (await tx.execute(
            sql`explain select id from domain_events where ${expiredEvents(status, new Date())} limit 10 for update skip locked`,
          )) as { rows: Record<string, unknown>[] }
        ).rows
          .map((row) => String(Object.values(row)[0]))
          .join('\n');
      return [await explain('DONE'), await explain('FAILED')];
    });
    for (const plan of plans) {
      expect(plan).toContain('domain_events_handled_idx');
    }
  });

  it('stops between batches when aborted, keeping what it did', async () => {
    const { app } = t;
    const user = await createUser(app, { role: 'STUDENT' });
    const now = new Date();
    await insertDeadRows(app.db, user.id, now, 3);
    const abort = new AbortController();
    abort.abort();
    expect(await runHousekeeping({ db: app.db, now, signal: abort.signal })).toEqual({
      sessions: 0,
      oneTimeTokens: 0,
      mailsDeleted: 0,
      mailBodiesCleared: 0,
      eventsDeleted: 0,
      consentCopiesLifted: 0,
      retentionNotices: 0,
      accountsErased: 0,
      erasureTracesCleared: 0,
    });
    expect(await ids(app.db, sessions)).toHaveLength(3);
  });

  it('lets exactly one of two concurrent runs do the work; the other is skipped', async () => {
    const { app } = t;
    const user = await createUser(app, { role: 'STUDENT' });
    const now = new Date();
    await insertDeadRows(app.db, user.id, now, 6);
    if (onServer) {
      // Open pooled connections first, so both runs reach the lock at about the same moment.
      await Promise.all([1, 2, 3, 4].map(() => app.db.execute(sql`select pg_sleep(0.01)`)));
    }

    // Batches of one: the run holding the lock keeps it over many statements.
    const results = await Promise.all([
      runHousekeeping({ db: app.db, now, batchSize: 1 }),
      runHousekeeping({ db: app.db, now, batchSize: 1 }),
    ]);

    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.find((r) => r !== null)).toEqual({
      sessions: 6,
      oneTimeTokens: 6,
      mailsDeleted: 0,
      mailBodiesCleared: 6,
      eventsDeleted: 0,
      consentCopiesLifted: 0,
      retentionNotices: 0,
      accountsErased: 0,
      erasureTracesCleared: 0,
    });
    // Once the lock is free again, the next run goes ahead (with nothing left to do).
    expect(await runHousekeeping({ db: app.db, now })).toMatchObject({ sessions: 0 });
  });

  it.runIf(onServer)('skips the run while another instance holds the lock (PostgreSQL server)', async () => {
    const { app } = t;
    const user = await createUser(app, { role: 'STUDENT' });
    const now = new Date();
    await insertDeadRows(app.db, user.id, now, 2);

    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('housekeeping'))`);
      expect(await runHousekeeping({ db: app.db, now })).toBeNull();
    });
    expect(await ids(app.db, sessions)).toHaveLength(2);
    expect(await runHousekeeping({ db: app.db, now })).toMatchObject({ sessions: 2 });
  });
});

describe('housekeeping in the app', () => {
  function logLines() {
    const lines: { level: number; msg: string; housekeeping?: unknown }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as (typeof lines)[number]);
        }
        done();
      },
    });
    return { lines, stream };
  }

  async function appWithLoop(
    intervalMs: number,
  ): Promise<{ app: FastifyInstance; lines: ReturnType<typeof logLines>['lines'] }> {
    const { lines, stream } = logLines();
    const { database, drop } = await freshDatabase();
    const app = await buildApp({
      config: testConfig({ housekeepingIntervalMs: intervalMs }),
      database,
      logger: { level: 'debug', stream },
    });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await drop();
    });
    return { app, lines };
  }

  it('runs on its own every interval, and logs at info only when it removed something', async () => {
    const { app, lines } = await appWithLoop(40);
    const user = await createUser(app, { role: 'STUDENT' });
    await insertDeadRows(app.db, user.id, new Date(), 2);

    const reports = () => lines.filter((l) => l.msg === 'limpieza periódica de la base de datos');
    const reported = () =>
      reports().reduce(
        (sum, l) => sum + Object.values(l.housekeeping as Record<string, number>).reduce((a, b) => a + b, 0),
        0,
      );
    // A run may straddle the insert's commit and report it in two parts; together, everything once.
    await waitFor(() => reported() === 6);
    expect(await ids(app.db, sessions)).toEqual([]);
    expect(reports().every((l) => l.level === 30)).toBe(true);
    // Further runs find nothing and say nothing at info.
    const count = reports().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reports()).toHaveLength(count);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('logs a failed run and carries on with the next one', async () => {
    const { app, lines } = await appWithLoop(40);
    const user = await createUser(app, { role: 'STUDENT' });
    await app.db.execute(sql`alter table one_time_tokens rename to one_time_tokens_away`);
    await waitFor(() => lines.some((l) => l.level === 50));
    expect(lines.find((l) => l.level === 50)!.msg).toBe('falló la limpieza periódica de la base de datos');

    await app.db.execute(sql`alter table one_time_tokens_away rename to one_time_tokens`);
    await insertDeadRows(app.db, user.id, new Date(), 1);
    await waitFor(async () => (await ids(app.db, oneTimeTokens)).length === 0);
  });

  it('is off when the interval is 0', async () => {
    const { app } = await appWithLoop(0);
    const user = await createUser(app, { role: 'STUDENT' });
    await insertDeadRows(app.db, user.id, new Date(), 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await ids(app.db, sessions)).toHaveLength(1);
  });

  it('on close, ends the run in progress after its current batch, before the database closes', async () => {
    const { app, lines } = await appWithLoop(60_000);
    const user = await createUser(app, { role: 'STUDENT' });
    await insertDeadRows(app.db, user.id, new Date(), 3);
    const run = app.housekeeping.runOnce();
    await app.close();
    // Whatever it did before stopping; no query ran on a closed database.
    await expect(run).resolves.toMatchObject({ sessions: expect.any(Number) });
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
