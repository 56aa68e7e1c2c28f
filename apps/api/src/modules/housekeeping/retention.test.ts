import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../lib/personal-data';
import { buildTestApp, DEFAULT_TEST_PASSWORD, type TestApp } from '../../test/helpers';
import { eraseRetainedAccounts, personalDataRegister } from '../personal-data';
import { personWorld } from '../personal-data/personal-data.fixtures';
import {
  ANSWER,
  confirm,
  file,
  fileAs,
  linkTokenFor,
  parentEmail,
} from '../privacy-requests/privacy-requests.fixtures';
import { recordLogin } from '../users';
import { member } from '../users/users.fixtures';
import { runHousekeeping } from './housekeeping.service';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const DAY = 24 * 60 * 60 * 1000;
const days = (from: Date, n: number) => new Date(from.getTime() + n * DAY);
const yearsBefore = (from: Date, n: number) => {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() - n);
  return date;
};

/**
 * Retention, enforced (issue 22.6, docs/decisions/privacy.md 'Conservación'): the housekeeping job
 * tells an account unused for 6 years minus 30 days, once, by e-mail; erases it 30 days later unless
 * someone signed in meanwhile (never the last administrator); and, within 60 days of any erasure,
 * clears what still named the person. A fixed clock (`now`) drives each run; the accounts' dates are
 * set in the past relative to it.
 */
describe('retention of accounts', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof personWorld>>;
  const now = new Date();
  /** Last used just inside the notice window: 6 years ago less 29 days. */
  const due = days(yearsBefore(now, 6), 29);
  /** Last used a little too recently for a notice today. */
  const notYet = days(yearsBefore(now, 6), 31);
  let neverLoggedIn: Awaited<ReturnType<typeof member>>;
  let recentLogin: Awaited<ReturnType<typeof member>>;
  let requestId: string;
  let parent: string;

  const rows = <T>(query: SQL) => rowsOf<T>(t.app.db, query);
  const userRow = async (id: string) =>
    (
      await rows<{ notice_at: unknown; last_used_at: string }>(
        sql`select notice_at, last_used_at from user_retention where user_id = ${id}`,
      )
    )[0];
  const mailsOf = (to: string, kind: string) =>
    rows<{ subject: string; text: string }>(
      sql`select subject, text from mail_outbox where "to" = ${to} and kind = ${kind} order by created_at`,
    );
  const run = async (at: Date) => {
    const counts = await runHousekeeping({ db: t.app.db, now: at });
    // What the background loop would do within a second: deliver the events the run wrote.
    await t.app.events.deliverDue();
    return counts!;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await personWorld(t.app);
    // A request under the law, filed by the student (answered after the erasure, below), and their
    // guardian asked for consent (a mail to another address that names the student).
    requestId = (await fileAs(t.app, w.author.headers, { type: 'ACCESS' }))._id;
    const consent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${w.author.id}/guardian-consent`,
      headers: w.teacher.headers,
      payload: { guardianEmail: 'apoderado.escobar@correo.test' },
    });
    expect(consent.statusCode).toBe(200);
    // A parent without an account asks about the student by name (their own address).
    parent = parentEmail();
    const filed = await file(t.app, null, {
      type: 'ERASURE',
      detail: 'Pido borrar los datos de mi hija Sofía Escobar Ruiz, del Primero Básico A',
      email: parent,
    });
    expect(filed.statusCode).toBe(201);
    expect((await confirm(t.app, await linkTokenFor(t.app, parent))).statusCode).toBe(200);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/data-export',
      headers: w.author.headers,
    });
    expect(exported.statusCode).toBe(200);
    neverLoggedIn = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Nunca Entró Castillo' });
    recentLogin = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Rita Reciente' });
    // Everyone else was created (so last used) now; the student and the only administrator were
    // last used 6 years ago less 29 days, and the one who never logged in was created then.
    await t.app.db.execute(
      sql`update user_retention set last_used_at = ${due.toISOString()}::timestamptz
          where user_id in (${w.author.id}, ${w.admin.id})`,
    );
    // Never logged in: created then, so its row says so (the trigger wrote the creation).
    await t.app.db.execute(
      sql`update users set created_at = ${due.toISOString()}::timestamptz where id = ${neverLoggedIn.id}`,
    );
    await t.app.db.execute(
      sql`update user_retention r set last_used_at = u.created_at from users u
          where u.id = r.user_id and u.id = ${neverLoggedIn.id}`,
    );
    await t.app.db.execute(
      sql`update user_retention set last_used_at = ${notYet.toISOString()}::timestamptz where user_id = ${recentLogin.id}`,
    );
    await t.app.events.deliverDue();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('tells each account unused for 6 years less 30 days once, by e-mail, never the last administrator', async () => {
    const [admins] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users u join roles r on r.id = u.role_id where r.name = 'ADMIN'`,
    );
    expect(Number(admins!.n)).toBe(1);

    const counts = await run(now);
    expect(counts.retentionNotices).toBe(2);
    expect((await userRow(w.author.id))!.notice_at).not.toBeNull();
    expect((await userRow(neverLoggedIn.id))!.notice_at).not.toBeNull();
    expect((await userRow(recentLogin.id))!.notice_at).toBeNull();
    expect((await userRow(w.admin.id))!.notice_at).toBeNull();
    const events = await rows<{ payload: { userId: string; eraseOn: string } }>(
      sql`select payload from domain_events where type = 'user.retention_notice_due' order by id`,
    );
    expect(events.map((e) => e.payload.userId).sort()).toEqual([w.author.id, neverLoggedIn.id].sort());

    const [mail] = await mailsOf(w.author.email, 'retention-notice');
    const eraseOn = new Intl.DateTimeFormat('es-CL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Santiago',
    }).format(days(now, 30));
    expect(mail!.subject).toBe(`Fics: tu cuenta se borrará el ${eraseOn}`);
    expect(mail!.text).toContain('Hola Sofía Escobar Ruiz:');
    expect(mail!.text).toContain('porque nadie ha entrado a ella en 6 años');
    expect(mail!.text).toContain('entra a Fics con tu email y tu contraseña antes de esa fecha');
    expect(mail!.text).toContain('tus fics (también los publicados)');
    expect(mail!.text).toContain('«Mis datos», elige «Descargar mis datos»');
    expect(await mailsOf(neverLoggedIn.email, 'retention-notice')).toHaveLength(1);

    // Once: the next runs tell no one again. (From here on the recent one is in use: the later
    // clocks would reach her otherwise.)
    await t.app.db.execute(
      sql`update user_retention set last_used_at = now() where user_id = ${recentLogin.id}`,
    );
    expect((await run(days(now, 1))).retentionNotices).toBe(0);
    expect(await mailsOf(w.author.email, 'retention-notice')).toHaveLength(1);
  });

  it('a login clears the notice, and the account is not erased', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: neverLoggedIn.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const row = (await userRow(neverLoggedIn.id))!;
    expect(row.notice_at).toBeNull();
    expect(new Date(row.last_used_at).getTime()).toBeGreaterThan(days(now, -1).getTime());
  });

  it('erases 30 days after the notice, through the register, recorded as RETENTION; once', async () => {
    // 29 days after: not yet.
    expect((await run(days(now, 29))).accountsErased).toBe(0);
    const [published] = await rows<{ n: number }>(
      sql`select count(*)::int as n from stories where author_id = ${w.author.id}`,
    );
    expect(Number(published!.n)).toBe(2);

    const guardianMails = () =>
      rows(sql`select id from mail_outbox where "to" = 'apoderado.escobar@correo.test'`);
    expect(await guardianMails()).toHaveLength(1);

    const counts = await run(days(now, 30));
    expect(counts.accountsErased).toBe(1);
    // The guardian's notice named the student: gone with the consent.
    expect(await guardianMails()).toEqual([]);
    expect(await rows(sql`select id from users where id = ${w.author.id}`)).toEqual([]);
    // Who signed in is kept; the last administrator too.
    expect(await rows(sql`select id from users where id = ${neverLoggedIn.id}`)).toHaveLength(1);
    expect(await rows(sql`select id from users where id = ${w.admin.id}`)).toHaveLength(1);
    // Everything goes: the published fic too, and the comment's text (the comment stays anonymous).
    expect(await rows(sql`select id from stories where id = ${w.story._id}`)).toEqual([]);
    const [comment] = await rows<{ author_id: string | null; text: string }>(
      sql`select author_id, text from comments where id = ${w.comment._id}`,
    );
    expect(comment).toEqual({ author_id: null, text: '' });
    const records = await rows<{
      cause: string;
      performed_by: string | null;
      counts: Record<string, number>;
    }>(sql`select cause, performed_by, counts from erasures`);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ cause: 'RETENTION', performed_by: null });
    expect(records[0]!.counts).toMatchObject({ users: 1, stories: 2 });

    // Idempotent: a second run finds no one.
    expect((await run(days(now, 31))).accountsErased).toBe(0);
    expect(await rows(sql`select id from erasures`)).toHaveLength(1);
  });

  it('never erases the last administrator, even marked', async () => {
    await t.app.db.execute(
      sql`update user_retention set notice_at = ${days(now, -40).toISOString()}::timestamptz where user_id = ${w.admin.id}`,
    );
    expect(await eraseRetainedAccounts({ db: t.app.db, now, batchSize: 10 })).toBe(0);
    expect(await rows(sql`select id from users where id = ${w.admin.id}`)).toHaveLength(1);
    await t.app.db.execute(sql`update user_retention set notice_at = null where user_id = ${w.admin.id}`);
  });

  /**
   * Everything that can still hold the erased student: every column of every table whose type can
   * (text, varchar, json, jsonb, uuid, arrays), from the catalogue, so a new table is searched too.
   */
  const traces = async (person: { id: string; email: string; name: string }) => {
    const columns = await rows<{ table: string; column: string }>(sql`
      select c.table_name::text as "table", c.column_name::text as "column"
      from information_schema.columns c join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'uuid', 'ARRAY')
          or c.udt_name = 'citext')
      order by 1, 2`);
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { table, column } of columns) {
      // Their first name too: the guardian's notice named them so, in another's inbox record.
      for (const needle of [person.id, person.email, person.name, person.name.split(' ')[0]!]) {
        const [row] = await rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)}
              where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
        );
        if (Number(row!.n) > 0) {
          found.push(`${table}.${column}`);
        }
      }
    }
    return [...new Set(found)];
  };

  it('leaves nothing naming the person 60 days after the erasure', async () => {
    const person = { id: w.author.id, email: w.author.email, name: w.author.name };
    // After the erasure, the answer to their request still goes to their address.
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/privacy-requests/${requestId}`,
      headers: w.admin.headers,
      payload: { status: 'DONE', answer: ANSWER },
    });
    expect(answered.statusCode).toBe(200);
    await t.app.events.deliverDue();

    // The scan can fail: before the job, the mail of the answer, the request and the trace name them.
    const before = await traces(person);
    expect(before).toEqual(
      expect.arrayContaining(['mail_outbox.to', 'privacy_requests.email', 'erasure_traces.email']),
    );

    // 58 days after the erasure the traces are still there; at 60, gone.
    expect((await run(days(now, 30 + 58))).erasureTracesCleared).toBe(0);
    const counts = await run(days(now, 30 + 60));
    expect(counts.erasureTracesCleared).toBe(1);
    expect(await traces(person)).toEqual([]);
    // The parent's request stays, without the student's name.
    const [parents] = await rows<{ detail: string }>(
      sql`select detail from privacy_requests where email = ${parent}`,
    );
    expect(parents!.detail).toBe('Pido borrar los datos de mi hija (nombre suprimido), del Primero Básico A');
    // The erasure record stays (it holds nothing of the person).
    expect(await rows(sql`select id from erasures`)).toHaveLength(1);
    // No image of theirs is left (uploaded images are rows of media; none is written to disk).
    expect(await rows(sql`select id from media where owner_id = ${person.id}`)).toEqual([]);
  });

  it.skipIf(!onServer)(
    'two runs at once erase each account once; a login in progress is not erased (PostgreSQL)',
    async () => {
      const accounts = await Promise.all(
        Array.from({ length: 6 }, (_, i) => member(t.app, 'STUDENT', [w.gradeA1], { name: `Lote ${i}` })),
      );
      const ids = accounts.map((a) => a.id);
      const marked = days(now, -31).toISOString();
      await t.app.db.execute(
        sql`update user_retention set notice_at = ${marked}::timestamptz where user_id in ${sql.raw(`('${ids.join("','")}')`)}`,
      );
      // A login of the first account holds its row (as loginUser's transaction does) while the
      // runs go: it is skipped, and once the login commits (clearing the mark) never erased.
      let loginHolds!: () => void;
      const holding = new Promise<void>((resolve) => (loginHolds = resolve));
      let commitLogin!: () => void;
      const committing = new Promise<void>((resolve) => (commitLogin = resolve));
      const login = t.app.db.transaction(async (tx) => {
        await recordLogin(tx, ids[0]!);
        loginHolds();
        await committing;
      });
      await holding;
      const [a, b] = await Promise.all([
        eraseRetainedAccounts({ db: t.app.db, now, batchSize: 2 }),
        eraseRetainedAccounts({ db: t.app.db, now, batchSize: 2 }),
      ]);
      expect(a + b).toBe(5);
      commitLogin();
      await login;
      expect(await eraseRetainedAccounts({ db: t.app.db, now, batchSize: 2 })).toBe(0);
      const left = await rows<{ id: string }>(
        sql`select id from users where id in ${sql.raw(`('${ids.join("','")}')`)}`,
      );
      expect(left.map((r) => r.id)).toEqual([ids[0]]);
      const [records] = await rows<{ n: number }>(
        sql`select count(*)::int as n from erasures where cause = 'RETENTION'`,
      );
      expect(Number(records!.n)).toBe(6);
    },
    60_000,
  );

  it('goes on past an account that cannot be erased, then fails the run with its error', async () => {
    const [stuck, next] = await Promise.all([
      member(t.app, 'STUDENT', [w.gradeA1], { name: 'Cuenta Trabada' }),
      member(t.app, 'STUDENT', [w.gradeA1], { name: 'Cuenta Siguiente' }),
    ]);
    // Marked in this order: the stuck one is walked first.
    await t.app.db.execute(
      sql`update user_retention set notice_at = ${days(now, -32).toISOString()}::timestamptz where user_id = ${stuck.id}`,
    );
    await t.app.db.execute(
      sql`update user_retention set notice_at = ${days(now, -31).toISOString()}::timestamptz where user_id = ${next.id}`,
    );
    const failing = {
      module: 'failing',
      tables: [],
      sections: () => [],
      erase: ({ userId }: { userId: string }) =>
        userId === stuck.id ? Promise.reject(new Error('falla')) : Promise.resolve({}),
      order: 200,
    };
    await expect(
      eraseRetainedAccounts({
        db: t.app.db,
        now,
        batchSize: 10,
        register: [...personalDataRegister, failing],
      }),
    ).rejects.toThrow('falla');
    // The stuck account is whole (its transaction rolled back); the next one was erased.
    expect(await rows(sql`select id from users where id = ${stuck.id}`)).toHaveLength(1);
    expect(await rows(sql`select id from erasure_traces where user_id = ${stuck.id}`)).toEqual([]);
    expect(await rows(sql`select id from users where id = ${next.id}`)).toEqual([]);
  });
});
