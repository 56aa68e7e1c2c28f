import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';

/**
 * The register of personal data (issue 22.1, docs/decisions/privacy.md). Each API module that keeps
 * data about a person declares it here, in its own index.ts: which tables and columns, what for, how
 * long, how to export one person's rows and how to erase or anonymise them. The export ('Mis datos'),
 * the erasure and the retention job read only the register (modules/personal-data assembles it), and
 * a test reads the database's catalogue and fails when a table that refers to a user is declared by
 * no module.
 */

/** One table of a declaration. */
export interface DeclaredTable {
  /** The table's name in the database. */
  table: string;
  /** The columns that hold personal data or name a person (e.g. `author_id`, `ip`, `text`). */
  columns: readonly string[];
  /** What it is for, in Spanish, for the person reading their export and the docs. */
  purpose: string;
  /** How long it is kept, in Spanish. */
  retention: string;
}

/** A part of datos.json: one key, its rows written one by one as they are read. */
export interface ExportSection {
  /** The key in datos.json (Spanish, snake case: `comentarios`, `sesiones`). */
  key: string;
  /** What the rows are, for LEEME.txt. */
  description: string;
  /** The rows, read page by page (never a whole table). */
  rows: () => AsyncIterable<Record<string, unknown>>;
}

/** A file of the ZIP beside datos.json (a fic's HTML, a cover, a profile photo). */
export interface ExportFile {
  /** Its path in the ZIP (`fics/…`), made of safe characters only. */
  path: string;
  data: Uint8Array | string;
  /** Already compressed (images): stored as is rather than deflated again. */
  stored?: boolean;
}

/** Files one module adds to the ZIP, with what they are for LEEME.txt. */
export interface ExportFiles {
  /** The folder or pattern as LEEME.txt lists it (`fics/*.html`). */
  pattern: string;
  description: string;
  files: () => AsyncIterable<ExportFile>;
}

export interface ExportContext {
  db: DbOrTx;
  userId: string;
}

export interface EraseContext {
  /** The erasure's one transaction: every module's rows go, or none. */
  tx: Tx;
  userId: string;
  /** The person's e-mail (tables that hold it without a reference: the mail outbox, requests). */
  email: string;
  /** The person's choices (issue 22.4): what is kept without them. */
  choices: ErasureChoices;
}

/**
 * What an erased person keeps without their name (issue 22.4, docs/decisions/privacy.md
 * 'Supresión'): published fics kept as 'Anónimo', and whether their comments and replies keep their
 * text under 'Usuario eliminado'.
 */
export interface ErasureChoices {
  keepStoryIds: readonly string[];
  removeCommentTexts: boolean;
}

/** Everything goes: no fic kept, comments without their text. */
export const eraseEverything: ErasureChoices = { keepStoryIds: [], removeCommentTexts: true };

/**
 * Who was erased, for clearing what outlived the erasure (issue 22.6): the housekeeping job passes
 * it from erasure_traces, within 60 days of the erasure, in one transaction per person.
 */
export interface TraceContext {
  tx: Tx;
  userId: string;
  /** Lower-cased, as users.email was. */
  email: string;
  /** Their full name as it was; null when too short to search for without hitting others' rows. */
  name: string | null;
}

/** Rows removed or anonymised per table (no personal data: the erasure record keeps these). */
export type ErasedCounts = Record<string, number>;

export interface PersonalDataDeclaration {
  /** The module's folder name (`users`, `stories`). */
  module: string;
  tables: readonly DeclaredTable[];
  /** The parts of datos.json this module writes (none: nothing of it is the person's to take). */
  sections: (context: ExportContext) => readonly ExportSection[];
  /** Files this module adds to the ZIP. */
  files?: (context: ExportContext) => readonly ExportFiles[];
  /**
   * Removes or anonymises the person's rows in this module's tables, in the erasure's transaction.
   * `order` runs lower first: a module whose rows others refer to (the users row itself) goes last.
   */
  erase: (context: EraseContext) => Promise<ErasedCounts>;
  /**
   * Removes what still names the erased person in this module's tables and had to outlive the
   * erasure's transaction (an event still to deliver, the answer to their request on its way to
   * their address): the retention job calls it within 60 days of the erasure (issue 22.6).
   */
  clearTraces?: (context: TraceContext) => Promise<ErasedCounts>;
  order?: number;
}

/** Rows fetched per query while an export streams. */
export const EXPORT_PAGE_SIZE = 200;

/**
 * Rows of one query, a page at a time by keyset: `page(after)` reads the rows after the cursor (in
 * the order the cursor follows, `limit` rows), `cursorOf` gives a row's cursor. Only one page is
 * held at a time.
 */
export async function* keysetRows<Row extends Record<string, unknown>, Cursor>(options: {
  page: (after: Cursor | undefined, limit: number) => Promise<Row[]>;
  cursorOf: (row: Row) => Cursor;
  limit?: number;
}): AsyncGenerator<Row> {
  const limit = options.limit ?? EXPORT_PAGE_SIZE;
  let after: Cursor | undefined;
  for (;;) {
    const rows = await options.page(after, limit);
    for (const row of rows) {
      yield row;
    }
    if (rows.length < limit) {
      return;
    }
    after = options.cursorOf(rows[rows.length - 1]!);
  }
}

/**
 * A raw query's rows, as both drivers answer them ({ rows }). Timestamps come back as the drivers
 * give them (Date objects or strings): `isoDate` evens them out.
 */
export async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** Rows of an SQL query paged by (created_at, id): the query must select both and take the cursor. */
export function pagedByCreation<Row extends { created_at: unknown; id: string }>(
  db: DbOrTx,
  query: (after: { createdAt: string; id: string } | undefined, limit: number) => SQL,
  limit: number = EXPORT_PAGE_SIZE,
): AsyncGenerator<Row> {
  return keysetRows<Row, { createdAt: string; id: string }>({
    page: (after, size) => rowsOf<Row>(db, query(after, size)),
    cursorOf: (row) => ({ createdAt: isoDate(row.created_at)!, id: row.id }),
    limit,
  });
}

/** A timestamp as ISO 8601 (the drivers give Date objects or strings), null kept. */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  const date = value instanceof Date ? value : new Date(value as string);
  return date.toISOString();
}

/** Counts of several updates or deletes under one table name each. */
export function countsOf(entries: readonly (readonly [string, number])[]): ErasedCounts {
  const counts: ErasedCounts = {};
  for (const [table, count] of entries) {
    counts[table] = (counts[table] ?? 0) + count;
  }
  return counts;
}

/** How many rows a DELETE or UPDATE (without its own RETURNING) changed, on both drivers. */
export async function countAffected(db: DbOrTx, statement: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with changed as (${statement} returning 1) select count(*)::int as n from changed`,
  );
  return Number(row?.n ?? 0);
}

/** Text in an exported HTML file: `&`, `<`, `>`, `"` and `'` as entities. */
export function htmlText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A file name's part from a title: ASCII letters, digits and hyphens, at most 40 characters. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'fic';
}
