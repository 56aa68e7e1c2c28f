import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { domainEvents, notifications } from '../../db/schema';
import { freshDatabase, TEST_JWT_SECRET, testConfig } from '../../test/helpers';
import { startSmtpCapture, waitFor, type SmtpCapture } from '../../test/smtp-capture';
import { listeningAddress, runServer as startServer, type RunningServer } from '../../test/server-process';
import { evaluatedStory, storyWorld } from '../stories/stories.fixtures';

/**
 * Issue 19.3: a crash between the commit of a change and the delivery of its events loses nothing.
 * The real server, as a child process: the first run commits the publication of a fic without
 * delivering its events (EVENTS_DISPATCH=off: as if it died right after the commit) and is killed
 * (SIGKILL, no shutdown); the second run, on the same data, delivers them: the author's
 * notification exists once and the published e-mail arrives once.
 */

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const PUBLISHED_SUBJECT = 'Fics: tu fic fue publicada';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) {
    await cleanups.pop()!();
  }
});

/** The real server as a child process, killed after the test if it is still running. */
function runServer(env: Record<string, string>): RunningServer {
  const server = startServer(env);
  cleanups.push(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
  });
  return server;
}

/** Where the server keeps its data: an embedded database directory, or a server database. */
interface Store {
  env: Record<string, string>;
  open: () => Promise<Database>;
}

async function embeddedStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-events-crash-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    env: { DATA_DIR: dataDir },
    // The server's own layout (server.ts).
    open: () => openDatabase({ dataDir: path.join(dataDir, 'pglite') }),
  };
}

async function serverStore(): Promise<Store> {
  const { database, drop } = await freshDatabase();
  const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  await database.close();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-events-crash-'));
  cleanups.push(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, open: () => openDatabase({ databaseUrl: url }) };
}

/** A student's fic, sent and evaluated, ready to publish; the e-mails of all that already sent (to the log). */
async function prepare(store: Store) {
  const database = await store.open();
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  const world = await storyWorld(app);
  const { story } = await evaluatedStory(app, world);
  await app.mail.dispatchOnce();
  await app.close();
  return { author: world.author, teacher: world.teacher, storyId: story._id };
}

describe.each([
  ['embedded database', embeddedStore, true],
  ['PostgreSQL server', serverStore, onServer],
] as const)('a crash after the commit, before the delivery (%s)', (_name, makeStore, enabled) => {
  it.runIf(enabled)(
    'loses nothing: started again, the notification exists once and the e-mail arrives once',
    async () => {
      const smtp: SmtpCapture = await startSmtpCapture();
      cleanups.push(smtp.close);
      const store = await makeStore();
      const { author, teacher, storyId } = await prepare(store);
      const env = {
        ...store.env,
        PORT: '0',
        SEED_DEMO: 'false',
        JWT_SECRET: TEST_JWT_SECRET,
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://fics.example.cl',
        WEB_DIST: path.join(os.tmpdir(), 'fics-no-web'),
      };
      const publishedMails = () =>
        smtp.messages.filter(
          (message) => message.subject === PUBLISHED_SUBJECT && message.to.includes(author.email),
        );

      // First run: the publication commits (with its events); nothing is delivered; then it dies.
      const first = runServer({ ...env, EVENTS_DISPATCH: 'off' });
      const firstAddress = await listeningAddress(first);
      const res = await fetch(new URL(`/api/v1/stories/${storyId}`, firstAddress), {
        method: 'PATCH',
        headers: { ...teacher.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ publicationStatus: 'PUBLISHED' }),
      });
      expect(res.status).toBe(200);
      // Longer than a mail poll: had the request queued the e-mail itself, it would go now.
      await sleep(1500);
      expect(publishedMails()).toEqual([]);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();

      // Second run, normal, on the same data: the background delivery finds the events.
      const second = runServer(env);
      await listeningAddress(second);
      await waitFor(() => publishedMails().length > 0, 30_000);
      // A few more polls of both loops: nothing is sent twice.
      await sleep(2500);
      expect(publishedMails()).toHaveLength(1);
      expect(publishedMails()[0]!.raw).toContain(`https://fics.example.cl/`);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const database = await store.open();
      cleanups.push(() => database.close());
      const notified = await database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, author.id),
            eq(notifications.storyId, storyId),
            eq(notifications.type, 'STORY_PUBLISHED'),
          ),
        );
      expect(notified).toHaveLength(1);
      const [published] = await database.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.storyId, storyId), eq(domainEvents.type, 'story.published')));
      // Delivered by the second run, at its first try: the first never touched it.
      expect(published).toMatchObject({ status: 'DONE', attempts: 0, lockedUntil: null });
    },
    240_000,
  );
});
