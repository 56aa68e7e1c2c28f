import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { domainEvents } from '../../db/schema';
import { buildTestApp, freshDatabase, testConfig } from '../../test/helpers';
import {
  claimDueEvents,
  dueEvents,
  EVENT_LEASE_MS,
  EVENT_MAX_ATTEMPTS,
  EventDispatcher,
  eventRetryDelayMs,
  type EventDispatcherOptions,
} from './dispatcher.service';
import { emitForFic, eventRows, probe, recordingLog } from './events.fixtures';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) {
    await cleanups.pop()!();
  }
});

/** The real app and database, delivering to no subscriber of its own: the tests drive dispatchers. */
async function testApp() {
  const t = await buildTestApp();
  cleanups.push(t.close);
  return t.app;
}

/** A clock the test moves by hand, from just after the events written so far became due. */
function manualClock() {
  let now = Date.now() + 1000;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function dispatcher(options: Partial<EventDispatcherOptions> & Pick<EventDispatcherOptions, 'db'>) {
  return new EventDispatcher({
    subscribers: [],
    publicUrl: 'http://localhost:3000',
    log: recordingLog().log,
    ...options,
  });
}

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const ids = (events: { id: number }[]) => events.map((event) => event.id);

describe('events dispatcher', () => {
  it('waits 5 s after the first failure, doubling up to 30 minutes', () => {
    expect(eventRetryDelayMs(1)).toBe(5_000);
    expect(eventRetryDelayMs(2)).toBe(10_000);
    expect(eventRetryDelayMs(4)).toBe(40_000);
    expect(eventRetryDelayMs(9)).toBe(1_280_000);
    expect(eventRetryDelayMs(10)).toBe(1_800_000);
    expect(eventRetryDelayMs(40)).toBe(1_800_000);
  });

  it('keeps each fic in order: a failing event holds back the later ones of its fic, not other fics', async () => {
    const app = await testApp();
    const clock = manualClock();
    const storyB = randomUUID();
    const ficA = await emitForFic(app.db, 3);
    const ficB = await emitForFic(app.db, 2, storyB);
    const failuresLeft = new Map([[ficA[1]!, 2]]);
    const recorder = probe('recorder', (event) => {
      const left = failuresLeft.get(event.id) ?? 0;
      if (left > 0) {
        failuresLeft.set(event.id, left - 1);
        throw new Error('falla de prueba');
      }
    });
    const d = dispatcher({ db: app.db, subscribers: [recorder.subscriber], clock: clock.now });

    // A's second event fails: A's third waits, B's go through.
    expect(await d.deliverDue()).toBe(3);
    expect(ids(recorder.delivered)).toEqual([ficA[0], ficB[0], ficB[1]]);
    const [, failed, waiting] = await eventRows(app.db, ficA);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, lockedUntil: null, deliveredAt: null });
    expect(failed!.nextAttemptAt).toEqual(new Date(clock.now().getTime() + eventRetryDelayMs(1)));
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 0, lockedUntil: null });

    // Not due yet: nothing happens, the third is still held back although it is due itself.
    clock.advance(eventRetryDelayMs(1) - 1);
    expect(await d.deliverDue()).toBe(0);
    clock.advance(1);
    expect(await d.deliverDue()).toBe(0);
    expect((await eventRows(app.db, [ficA[1]!]))[0]).toMatchObject({ status: 'PENDING', attempts: 2 });

    // More events of B meanwhile are not held back by A.
    const moreB = await emitForFic(app.db, 1, storyB);
    expect(await d.deliverDue()).toBe(1);
    expect(ids(recorder.delivered).at(-1)).toBe(moreB[0]);

    clock.advance(eventRetryDelayMs(2));
    expect(await d.deliverDue()).toBe(2);
    const ofA = recorder.delivered.filter((event) => ficA.includes(event.id));
    expect(ids(ofA)).toEqual(ficA);
    expect(await eventRows(app.db, ficA)).toEqual(
      ficA.map((): unknown =>
        expect.objectContaining({ status: 'DONE', lockedUntil: null, lastError: null }),
      ),
    );
    expect((await eventRows(app.db, [ficA[1]!]))[0]).toMatchObject({ attempts: 2 });
  });

  it('retries with a growing wait, then gives up (FAILED, logged) and lets the fic go on', async () => {
    const app = await testApp();
    const clock = manualClock();
    const [poisoned, next] = await emitForFic(app.db, 2);
    const { lines, log } = recordingLog();
    // The message quotes personal data, as a database error may: it stays out of last_error.
    const broken = probe('broken', (event) => {
      if (event.id === poisoned) {
        throw new Error('no se pudo escribir a ana.perez@fics.test');
      }
    });
    const d = dispatcher({ db: app.db, subscribers: [broken.subscriber], clock: clock.now, log });

    for (let attempt = 1; attempt <= EVENT_MAX_ATTEMPTS; attempt += 1) {
      // Given up at the last attempt, the fic's next event (held back all along) goes in the same pass.
      expect(await d.deliverDue()).toBe(attempt === EVENT_MAX_ATTEMPTS ? 1 : 0);
      if (attempt < EVENT_MAX_ATTEMPTS) {
        expect(broken.delivered).toEqual([]);
      }
      const [row] = await eventRows(app.db, [poisoned!]);
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBe('broken Error');
      if (attempt < EVENT_MAX_ATTEMPTS) {
        expect(row!.status).toBe('PENDING');
        expect(row!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(eventRetryDelayMs(attempt));
        // One millisecond early: not tried again.
        clock.advance(eventRetryDelayMs(attempt) - 1);
        expect(await d.deliverDue()).toBe(0);
        expect((await eventRows(app.db, [poisoned!]))[0]!.attempts).toBe(attempt);
        clock.advance(1);
      }
    }
    const [givenUp, after] = await eventRows(app.db, [poisoned!, next!]);
    expect(givenUp).toMatchObject({
      status: 'FAILED',
      attempts: EVENT_MAX_ATTEMPTS,
      lockedUntil: null,
      deliveredAt: null,
    });
    expect(broken.calls.filter((event) => event.id === poisoned)).toHaveLength(EVENT_MAX_ATTEMPTS);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(EVENT_MAX_ATTEMPTS - 1);
    expect(lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({
        message: 'evento abandonado tras demasiados intentos fallidos',
        context: expect.objectContaining({
          eventId: poisoned,
          subscriber: 'broken',
          attempts: EVENT_MAX_ATTEMPTS,
        }),
      }),
    ]);
    expect(after).toMatchObject({ status: 'DONE', attempts: 0 });
    expect(ids(broken.delivered)).toEqual([next]);
    expect(await d.deliverDue()).toBe(0);
  });

  it('leaves an event under a live lease alone and takes it again once the lease ran out', async () => {
    const app = await testApp();
    const clock = manualClock();
    const [first, second] = await emitForFic(app.db, 2);
    const late = probe('late');
    const holder = dispatcher({ db: app.db, subscribers: [late.subscriber], clock: clock.now });
    const taker = dispatcher({ db: app.db, subscribers: [late.subscriber], clock: clock.now });

    // The holder claims and then stalls (a process that hangs, or dies, before delivering).
    const claimed = await claimDueEvents({ db: app.db, now: clock.now(), limit: 10 });
    expect(claimed.map((c) => c.row.id)).toEqual([first]);

    clock.advance(EVENT_LEASE_MS - 1);
    expect(await taker.deliverDue()).toBe(0);
    expect(late.calls).toEqual([]);

    clock.advance(1);
    expect(await taker.deliverDue()).toBe(2);
    expect(ids(late.delivered)).toEqual([first, second]);

    // The first holder wakes up: its lease is no longer the event's, so it delivers nothing again.
    expect(await holder.deliver(claimed[0]!)).toBe('gone');
    expect(ids(late.calls)).toEqual([first, second]);
    expect((await eventRows(app.db, [first!]))[0]).toMatchObject({ status: 'DONE', attempts: 0 });
  });

  it('gives a subscriber an event twice only when its delivery is tried again; a rolled-back try leaves nothing', async () => {
    const app = await testApp();
    const clock = manualClock();
    await app.db.execute(sql`create table event_probe_effects (event_id bigint primary key)`);
    const events = [...(await emitForFic(app.db, 2)), ...(await emitForFic(app.db, 2))];
    const retried = events[2]!;
    let failOnce = true;
    // Idempotent by its key: a repeat would be a duplicate key error, which fails the test below.
    const writer = probe('writer', async (event, tx) => {
      await tx.execute(sql`insert into event_probe_effects (event_id) values (${event.id})`);
    });
    // Runs after the writer in the same transaction, and fails once on one event.
    const flaky = probe('flaky', (event) => {
      if (event.id === retried && failOnce) {
        failOnce = false;
        throw new Error('falla de prueba');
      }
    });
    const d = dispatcher({
      db: app.db,
      subscribers: [writer.subscriber, flaky.subscriber],
      clock: clock.now,
    });
    // The second fic's first event fails: its second waits.
    expect(await d.deliverDue()).toBe(2);
    clock.advance(eventRetryDelayMs(1));
    expect(await d.deliverDue()).toBe(2);
    expect(await d.deliverDue()).toBe(0);

    const calls = ids(writer.calls);
    expect(calls.filter((id) => id === retried)).toHaveLength(2);
    for (const id of events.filter((event) => event !== retried)) {
      expect(calls.filter((call) => call === id)).toHaveLength(1);
    }
    expect(ids(writer.delivered).sort()).toEqual([...events].sort());
    const effects = await app.db.execute(sql`select event_id from event_probe_effects order by event_id`);
    expect(rowsOf<{ event_id: string }>(effects).map((row) => Number(row.event_id))).toEqual(
      [...events].sort((a, b) => a - b),
    );
  });

  it('marks an event no subscriber wants as delivered, and runs afterCommit tasks only after the commit', async () => {
    const app = await testApp();
    const [event] = await emitForFic(app.db, 1);
    const seenFromTask: string[] = [];
    const d = dispatcher({
      db: app.db,
      subscribers: [
        {
          name: 'after-commit',
          types: ['story.updated'],
          async handle(_tx, delivered, context) {
            context.afterCommit(() => {
              // Another connection (or PGlite after the transaction) already reads it delivered.
              void app.db
                .select({ status: domainEvents.status })
                .from(domainEvents)
                .where(eq(domainEvents.id, delivered.id))
                .then(([row]) => seenFromTask.push(row!.status));
            });
          },
        },
        { name: 'uninterested', types: ['user.created'], handle: () => Promise.reject(new Error('no')) },
      ],
    });
    expect(await d.deliverDue()).toBe(1);
    await expect.poll(() => seenFromTask).toEqual(['DONE']);
    const [row] = await eventRows(app.db, [event!]);
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });

  it('hands the claimed events back at once when stopped in the middle of a pass', async () => {
    const app = await testApp();
    const controller = new AbortController();
    const written = [
      ...(await emitForFic(app.db, 1)),
      ...(await emitForFic(app.db, 1)),
      ...(await emitForFic(app.db, 1)),
    ];
    const stopper = probe('stopper', () => controller.abort());
    const d = dispatcher({ db: app.db, subscribers: [stopper.subscriber] });
    expect(await d.deliverDue(controller.signal)).toBe(1);
    const rows = await eventRows(app.db, written);
    expect(rows.map((row) => row.status)).toEqual(['DONE', 'PENDING', 'PENDING']);
    // Not left leased for a minute: the next pass (here, another instance's) takes them now.
    expect(rows.map((row) => row.lockedUntil)).toEqual([null, null, null]);
    expect(await dispatcher({ db: app.db }).deliverDue()).toBe(2);
  });

  it("finds due events and each one's earlier pending event of its fic through their partial indexes", async () => {
    const app = await testApp();
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = await tx.execute(sql`explain ${dueEvents(app.db, new Date(), 50)}`);
      return rowsOf<Record<string, unknown>>(result)
        .map((row) => String(Object.values(row)[0]))
        .join('\n');
    });
    expect(plan).toContain('domain_events_due_idx');
    expect(plan).toContain('domain_events_story_pending_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('refuses two subscribers of one name', async () => {
    const app = await testApp();
    expect(() =>
      dispatcher({ db: app.db, subscribers: [probe('twice').subscriber, probe('twice').subscriber] }),
    ).toThrow('two event subscribers are named twice');
  });
});

describe.runIf(onServer)('two app instances on one PostgreSQL server', () => {
  it('deliver a few hundred events of several fics concurrently: each once, each fic in order', async () => {
    const { database, drop } = await freshDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const second = await openDatabase({ databaseUrl: url });
    await database.db.execute(
      sql`create table event_probe_deliveries (event_id bigint primary key, story_id uuid, instance text, seq bigserial)`,
    );
    const record = (instance: string) =>
      probe(`recorder-${instance}`, async (event, tx) => {
        // A little work inside the delivery, so the instances overlap.
        await sleep(Math.random() * 3);
        await tx.execute(
          sql`insert into event_probe_deliveries (event_id, story_id, instance) values (${event.id}, ${event.storyId}, ${instance})`,
        );
      });
    const one = record('one');
    const two = record('two');
    // Both instances deliver in the background (crash recovery and other instances' events).
    const apps = [
      await buildApp({
        config: testConfig({ events: { pollMs: 5, dispatch: true } }),
        database,
        logger: false,
        eventSubscribers: [one.subscriber],
      }),
      await buildApp({
        config: testConfig({ events: { pollMs: 5, dispatch: true } }),
        database: second,
        logger: false,
        eventSubscribers: [two.subscriber],
      }),
    ];
    cleanups.push(async () => {
      for (const app of apps) {
        await app.close();
      }
      await drop();
    });
    await Promise.all(apps.map((app) => app.ready()));

    // Six fics, 300 events, written in rounds while both instances deliver (and deliver by hand).
    const fics = Array.from({ length: 6 }, () => randomUUID());
    const written: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([
        ...fics.map(async (fic, index) => {
          written.push(...(await emitForFic(index % 2 === 0 ? database.db : second.db, 5, fic)));
        }),
        apps[round % 2]!.events.deliverDue(),
      ]);
    }
    expect(written).toHaveLength(300);
    await expect
      .poll(
        async () => {
          const [row] = await database.db
            .select({ left: sql<number>`count(*)::int` })
            .from(domainEvents)
            .where(sql`${domainEvents.status} <> 'DONE'`);
          return row!.left;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(0);

    const deliveries = {
      rows: rowsOf<{ event_id: string; story_id: string; instance: string }>(
        await database.db.execute(
          sql`select event_id, story_id, instance from event_probe_deliveries order by seq`,
        ),
      ),
    };
    // Exactly once: the primary key refuses a second insert, and every event is there.
    expect(deliveries.rows.map((row) => Number(row.event_id)).sort((a, b) => a - b)).toEqual(
      [...written].sort((a, b) => a - b),
    );
    expect([...one.delivered, ...two.delivered]).toHaveLength(300);
    // In each fic's order: commit order (seq) follows the ids.
    for (const fic of fics) {
      const ofFic = deliveries.rows.filter((row) => row.story_id === fic).map((row) => Number(row.event_id));
      expect(ofFic).toHaveLength(50);
      expect(ofFic).toEqual([...ofFic].sort((a, b) => a - b));
    }
    // Both really worked.
    expect(new Set(deliveries.rows.map((row) => row.instance))).toEqual(new Set(['one', 'two']));
    const rows = await database.db.select().from(domainEvents).orderBy(asc(domainEvents.id));
    expect(rows.every((row) => row.attempts === 0 && row.lockedUntil === null)).toBe(true);
  }, 120_000);
});
