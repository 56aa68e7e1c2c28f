import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Story } from '@fics/contracts';
import { buildApp, eventSubscribers } from '../../app';
import type { Config } from '../../config';
import { domainEvents } from '../../db/schema';
import { freshDatabase, testConfig } from '../../test/helpers';
import { postStory, storyWorld } from '../stories/stories.fixtures';
import type { EventSubscriber } from './subscriber';
import { emitForFic, eventRows, probe } from './events.fixtures';
import { SerialPasses } from './events.plugin';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) {
    await cleanups.pop()!();
  }
});

/** The real app with the app's own subscribers plus the test's. */
async function appWith(
  subscribers: EventSubscriber[],
  config: Partial<Config> = {},
): Promise<FastifyInstance> {
  const { database, drop } = await freshDatabase();
  const app = await buildApp({
    config: testConfig(config),
    database,
    logger: false,
    eventSubscribers: [...eventSubscribers, ...subscribers],
  });
  cleanups.push(async () => {
    await app.close();
    await drop();
  });
  await app.ready();
  return app;
}

const createdEventOf = async (app: FastifyInstance, storyId: string) =>
  (
    await app.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.storyId, storyId), eq(domainEvents.type, 'story.created')))
  )[0];

describe('events plugin', () => {
  it("delivers a write request's events before its answer goes out", async () => {
    const created = probe('created', undefined, ['story.created']);
    const app = await appWith([created.subscriber]);
    const { author } = await storyWorld(app);

    const res = await postStory(app, author.headers);
    expect(res.statusCode).toBe(201);
    const story = res.json<{ story: Story }>().story;
    // No waiting: the delivery committed before the answer was sent.
    expect(created.delivered.map((event) => event.storyId)).toEqual([story._id]);
    expect(await createdEventOf(app, story._id)).toMatchObject({ status: 'DONE', attempts: 0 });
  });

  it('answers each of several simultaneous writes only once its own events are delivered', async () => {
    // A slow subscriber: requests answer while a pass is running, and must wait for the next one.
    const slow = probe('slow', () => sleep(150), ['story.created']);
    const app = await appWith([slow.subscriber]);
    const { author, classmate } = await storyWorld(app);

    const answers = await Promise.all(
      [author, classmate, author, classmate].map(async (writer) => {
        const res = await postStory(app, writer.headers);
        const story = res.json<{ story: Story }>().story;
        // Read the moment the answer arrives, before any other answer is awaited.
        return { status: res.statusCode, event: await createdEventOf(app, story._id) };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((answer) => answer.event?.status)).toEqual(['DONE', 'DONE', 'DONE', 'DONE']);
    expect(slow.delivered).toHaveLength(4);
  });

  it('never fails the answer: a failing subscriber leaves the event to be retried', async () => {
    const failing = probe(
      'failing',
      () => {
        throw new Error('falla de prueba');
      },
      ['story.created'],
    );
    const app = await appWith([failing.subscriber]);
    const { author } = await storyWorld(app);

    const res = await postStory(app, author.headers);
    expect(res.statusCode).toBe(201);
    const event = await createdEventOf(app, res.json<{ story: Story }>().story._id);
    expect(event).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'failing Error' });
    expect(failing.delivered).toEqual([]);
  });

  it('delivers in the background what no request of this process committed (a crash, another instance)', async () => {
    const recorder = probe('recorder');
    const app = await appWith([recorder.subscriber], { events: { pollMs: 20, dispatch: true } });
    // Written straight to the database, as a process that died after its commit leaves them.
    const written = await emitForFic(app.db, 3);
    await expect.poll(() => recorder.delivered.map((event) => event.id), { timeout: 5000 }).toEqual(written);
    expect((await eventRows(app.db, written)).map((row) => row.status)).toEqual(['DONE', 'DONE', 'DONE']);
  });

  it('with EVENTS_DISPATCH off writes events and delivers none, neither after a request nor in the background', async () => {
    const created = probe('created', undefined, ['story.created']);
    const app = await appWith([created.subscriber], { events: { pollMs: 20, dispatch: false } });
    const { author } = await storyWorld(app);

    const res = await postStory(app, author.headers);
    expect(res.statusCode).toBe(201);
    await sleep(200);
    const storyId = res.json<{ story: Story }>().story._id;
    expect(await createdEventOf(app, storyId)).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      lockedUntil: null,
    });
    expect(created.calls).toEqual([]);
  });

  it('on close waits for the event in progress and delivers no more', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow = probe('slow', async () => {
      entered();
      await sleep(200);
    });
    const { database, drop } = await freshDatabase();
    cleanups.push(drop);
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      eventSubscribers: [slow.subscriber],
    });
    await app.ready();
    // Three fics: one claim takes the first event of each.
    for (let fic = 0; fic < 3; fic += 1) {
      await emitForFic(app.db, 1);
    }
    const pass = app.events.deliverDue();
    await inside;
    // The database closes last: the event in progress still commits.
    await app.close();
    expect(await pass).toBe(1);
    expect(slow.delivered).toHaveLength(1);
    expect(slow.calls).toHaveLength(1);
  });
});

describe('delivery passes in one process', () => {
  it('run one at a time, and a caller arriving during a pass gets the next one, shared with the others waiting', async () => {
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const passes = new SerialPasses(async () => {
      const number = started.length + 1;
      started.push(number);
      await new Promise<void>((resolve) => finish.push(resolve));
      return number;
    });
    const first = passes.run();
    // Arrive while the first pass runs: it may have claimed before their events were committed.
    const second = passes.run();
    const third = passes.run();
    expect(started).toEqual([1]);
    finish[0]!();
    expect(await first).toBe(1);
    await expect.poll(() => started).toEqual([1, 2]);
    finish[1]!();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    // Idle again: the next caller starts a pass at once.
    const fourth = passes.run();
    expect(started).toEqual([1, 2, 3]);
    finish[2]!();
    expect(await fourth).toBe(3);
    await passes.idle();
  });

  it('start the next pass after a failed one', async () => {
    let calls = 0;
    const passes = new SerialPasses(async () => {
      calls += 1;
      if (calls === 1) {
        await sleep(20);
        throw new Error('falla de prueba');
      }
      return calls;
    });
    const failed = passes.run();
    const next = passes.run();
    await expect(failed).rejects.toThrow('falla de prueba');
    expect(await next).toBe(2);
  });
});
