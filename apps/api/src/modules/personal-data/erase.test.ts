import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../lib/personal-data';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { erasePersonalData } from './erase.service';
import { personWorld } from './personal-data.fixtures';
import { personalDataRegister } from './register';

interface Reference {
  table: string;
  column: string;
}

/**
 * The erasure over the register (issue 22.1, 22.4's per-module part): after it, no column of the
 * database that refers to a person (foreign keys to users, person-named columns, e-mails) holds the
 * erased person, other people's rows are untouched, and the answer counts rows per table.
 */
describe('erasePersonalData', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof personWorld>>;
  let references: Reference[];

  const rows = <T>(query: SQL) => rowsOf<T>(t.app.db, query);

  /** Every person column of the database still holding `id` or `email`, with how many rows. */
  const traces = async (id: string, email: string) => {
    const found: string[] = [];
    for (const { table, column } of references) {
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text in (${id}, ${email})`,
      );
      if (Number(row!.n) > 0) {
        found.push(`${table}.${column}`);
      }
    }
    return found;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await personWorld(t.app);
    references = await rows<Reference>(sql`
      select cls.relname as "table", att.attname as "column"
      from pg_constraint con
      join pg_class cls on cls.oid = con.conrelid
      join lateral unnest(con.conkey) as k(attnum) on true
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = k.attnum
      where con.contype = 'f' and con.confrelid = 'public.users'::regclass
      union
      select table_name::text, column_name::text from information_schema.columns
      where table_schema = 'public' and (column_name ~ '(^|_)email$' or column_name in ('to', 'actor_id'))
      union select 'users', 'id'`);
    // The erasure's own trace keeps them on purpose, until the retention job clears what outlived
    // the erasure, within 60 days (issue 22.6, housekeeping/retention.test.ts searches everything).
    references = references.filter((reference) => reference.table !== 'erasure_traces');
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves no trace of a student and keeps everyone else’s rows', async () => {
    // The test can fail: before the erasure the student is everywhere.
    expect(await traces(w.author.id, w.author.email)).toEqual(
      expect.arrayContaining(['users.id', 'stories.author_id', 'comments.author_id', 'sessions.user_id']),
    );
    const counts = await t.app.db.transaction((tx) =>
      erasePersonalData({ tx, userId: w.author.id, email: w.author.email }),
    );
    expect(counts).toMatchObject({
      users: 1,
      user_grades: 1,
      stories: 2,
      story_likes: 1,
      comments: 1,
      comment_replies: 1,
      user_blocks: 1,
    });
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
    expect(await traces(w.author.id, w.author.email)).toEqual([]);
    expect(
      await rows(
        sql`select name from erasure_traces where user_id = ${w.author.id} and email = ${w.author.email}`,
      ),
    ).toEqual([{ name: w.author.name }]);

    // The classmate's fic and account stay; their comment on the erased fic went with the fic.
    const [classmate] = await rows<{ stories: number; comments: number; users: number }>(sql`
      select (select count(*)::int from stories where author_id = ${w.classmate.id}) as stories,
             (select count(*)::int from comments where author_id = ${w.classmate.id}) as comments,
             (select count(*)::int from users where id = ${w.classmate.id}) as users`);
    expect(classmate).toEqual({ stories: 1, comments: 0, users: 1 });
  });

  it('leaves a teacher’s evaluations for the students, without the teacher', async () => {
    const [before] = await rows<{ n: number }>(
      sql`select count(*)::int as n from evaluations where teacher_id = ${w.teacher.id}`,
    );
    expect(Number(before!.n)).toBe(1);
    const counts = await t.app.db.transaction((tx) =>
      erasePersonalData({ tx, userId: w.teacher.id, email: w.teacher.email }),
    );
    expect(counts).toMatchObject({ evaluations: 1, users: 1 });
    expect(await traces(w.teacher.id, w.teacher.email)).toEqual([]);
    const [kept] = await rows<{ n: number; anonymous: number }>(sql`
      select count(*)::int as n, count(*) filter (where teacher_id is null)::int as anonymous
      from evaluations e join stories s on s.id = e.story_id where s.author_id = ${w.classmate.id}`);
    expect(kept).toEqual({ n: 1, anonymous: 1 });
  });

  it('changes nothing when a module’s erasure fails (one transaction)', async () => {
    const failing = {
      module: 'failing',
      tables: [],
      sections: () => [],
      erase: () => Promise.reject(new Error('falla')),
      order: 200,
    };
    await expect(
      t.app.db.transaction((tx) =>
        erasePersonalData({
          tx,
          userId: w.classmate.id,
          email: w.classmate.email,
          register: [failing, ...personalDataRegister],
        }),
      ),
    ).rejects.toThrow('falla');
    const [still] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where id = ${w.classmate.id}`,
    );
    expect(Number(still!.n)).toBe(1);
  });
});
