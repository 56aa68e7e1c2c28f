import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PersonalDataDeclaration } from '../../lib/personal-data';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { personalDataRegister } from './register';

/**
 * The register of personal data (issue 22.1) against the migrated database's own catalogue: every
 * column that refers to a user (a foreign key to users, or a name that says it holds a person: a
 * user, an author, a writer, an owner, who created, decided or asked, an e-mail) is declared by a
 * module, each table by exactly one module, and nothing declared is missing from the database.
 */

/** Column names that hold a person even without a foreign key (events, outboxes, e-mails). */
const PERSON_COLUMN =
  '(^|_)user_id$|^(author|reporter|writer|owner|teacher|admin|actor|blocker|blocked|student|subject_user)_id$|_by$|(^|_)email$';

interface Reference {
  table: string;
  column: string;
}

/** The database's columns that refer to a person: foreign keys to users, and person-named ones. */
async function personColumns(db: DbOrTx): Promise<Reference[]> {
  const result = await db.execute(sql`
    select cls.relname as "table", att.attname as "column"
    from pg_constraint con
    join pg_class cls on cls.oid = con.conrelid
    join pg_namespace ns on ns.oid = cls.relnamespace
    join lateral unnest(con.conkey) as k(attnum) on true
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = k.attnum
    where con.contype = 'f' and ns.nspname = 'public' and con.confrelid = 'public.users'::regclass
    union
    select table_name::text, column_name::text
    from information_schema.columns
    where table_schema = 'public' and column_name ~ ${PERSON_COLUMN}
    order by 1, 2`);
  return (result as { rows: Reference[] }).rows;
}

/** What the register fails to declare: each person column of the database no module lists. */
function undeclared(references: readonly Reference[], register: readonly PersonalDataDeclaration[]) {
  const declared = new Set(
    register.flatMap((declaration) =>
      declaration.tables.flatMap((table) => table.columns.map((column) => `${table.table}.${column}`)),
    ),
  );
  // The users row's own id is the person.
  return references
    .map((reference) => `${reference.table}.${reference.column}`)
    .filter((name) => !declared.has(name) && name !== 'users.id');
}

describe('the register of personal data', () => {
  let t: TestApp;
  let references: Reference[];

  beforeAll(async () => {
    t = await buildTestApp();
    references = await personColumns(t.app.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the references to users in the catalogue (the check reads real tables)', () => {
    const names = references.map((r) => `${r.table}.${r.column}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'stories.author_id',
        'comments.author_id',
        'sessions.user_id',
        'reports.reporter_id',
      ]),
    );
    expect(names.length).toBeGreaterThan(30);
  });

  it('declares every table and column that refers to a person', () => {
    expect(undeclared(references, personalDataRegister)).toEqual([]);
  });

  it('reports a table a module forgot to declare', () => {
    const withoutComments = personalDataRegister.map((declaration) =>
      declaration.module === 'comments'
        ? { ...declaration, tables: declaration.tables.filter((table) => table.table !== 'comment_replies') }
        : declaration,
    );
    expect(undeclared(references, withoutComments)).toEqual(['comment_replies.author_id']);
    const withoutBlocks = personalDataRegister.filter((declaration) => declaration.module !== 'blocks');
    expect(undeclared(references, withoutBlocks)).toEqual([
      'user_blocks.blocked_id',
      'user_blocks.blocker_id',
    ]);
  });

  it('declares each table once, and only tables and columns that exist', async () => {
    const tables = personalDataRegister.flatMap((declaration) =>
      declaration.tables.map((table) => table.table),
    );
    expect(new Set(tables).size).toBe(tables.length);
    const result = await t.app.db.execute(sql`
      select table_name::text as "table", column_name::text as "column"
      from information_schema.columns where table_schema = 'public'`);
    const existing = new Set((result as { rows: Reference[] }).rows.map((r) => `${r.table}.${r.column}`));
    const missing = personalDataRegister.flatMap((declaration) =>
      declaration.tables.flatMap((table) =>
        table.columns.map((column) => `${table.table}.${column}`).filter((name) => !existing.has(name)),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('gives every table a purpose and a retention in Spanish, and one declaration per module', () => {
    const modules = personalDataRegister.map((declaration) => declaration.module);
    expect(new Set(modules).size).toBe(modules.length);
    for (const table of personalDataRegister.flatMap((declaration) => declaration.tables)) {
      expect(table.purpose.length, table.table).toBeGreaterThan(15);
      expect(table.retention.length, table.table).toBeGreaterThan(5);
    }
  });
});
