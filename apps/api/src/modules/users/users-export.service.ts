import type { Readable } from 'node:stream';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RoleName, UsersFilter } from '@fics/contracts';
import { gradeLabel, usersExportHeader, usersExportSheets } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, grades, userGrades, users } from '../../db/schema';
import { xlsxStream, type XlsxRow, type XlsxSheet } from '../../lib/xlsx-stream';
import type { Actor } from '../../plugins/auth';
import { roleIdsByName } from './users.access';
import { userListConditions } from './users.service';

/** Users read per query while the workbook streams. */
export const EXPORT_BATCH_SIZE = 1000;

const SHEET_ORDER: RoleName[] = ['ADMIN', 'TEACHER', 'STUDENT'];
/** NOMBRE, EMAIL, ESTABLECIMIENTOS, CURSOS. */
const COLUMN_WIDTHS = [32, 36, 40, 40] as const;
const columns = usersExportHeader.map((header, i) => ({ header, width: COLUMN_WIDTHS[i]! }));

interface ExportRow {
  id: string;
  name: string;
  email: string;
  sort_key: string;
  /** The user's grades with their schools, by school name then cycle, level and name (null: none). */
  memberships: { college: string; level: string; cicle: string; name: string }[] | null;
}

/**
 * One role's users matching `where`, in Spanish name order, as spreadsheet rows, a batch at a
 * time: keyset paging on (sort_key, id), the order of the users_role_sort_idx and users_sort_idx
 * indexes, so each batch starts where the previous one ended (no OFFSET, no rereading).
 *
 * One query per batch brings the batch's users with their schools and grades: a LATERAL
 * aggregate per user, which PostgreSQL runs as index lookups on user_grades' primary key (about
 * ten buffer reads a user at any table size). A separate `user_id IN (...batch)` query was
 * planned as a sequential scan of user_grades once the table passed ~50,000 rows, so every batch
 * read the whole table and the export grew quadratically.
 *
 * No transaction spans the batches (it would hold a connection, and the embedded database, for
 * as long as the client takes to download): a user added or renamed meanwhile may or may not
 * appear, but no one present throughout is missed or written twice.
 */
async function* roleRows(db: DbOrTx, where: SQL[], batchSize: number): AsyncGenerator<XlsxRow[]> {
  let last: { sortKey: string; id: string } | undefined;
  for (;;) {
    const keyset = last
      ? sql`(${users.sortKey}, ${users.id}) > (${last.sortKey}, ${last.id}::uuid)`
      : undefined;
    // Plain rows (db.execute), which both drivers answer as { rows }: drizzle's per-field result
    // mapping cost a fifth of the export's CPU.
    const result = await db.execute(sql`
      select u.id, u.name, u.email, u.sort_key, m.memberships
      from (
        select ${users.id}, ${users.name}, ${users.email}, ${users.sortKey}
        from ${users}
        where ${and(...where, keyset)}
        order by ${users.sortKey}, ${users.id}
        limit ${batchSize}
      ) u
      left join lateral (
        select json_agg(
          json_build_object('college', c.name, 'level', g.level, 'cicle', g.cicle, 'name', g.name)
          order by c.name, g.cicle, g.level, g.name
        ) as memberships
        from ${userGrades} ug
        join ${grades} g on g.id = ug.grade_id
        join ${colleges} c on c.id = g.college_id
        where ug.user_id = u.id
      ) m on true
      order by u.sort_key, u.id`);
    const people = (result as { rows: ExportRow[] }).rows;
    if (people.length === 0) {
      return;
    }
    yield people.map((person) => {
      const memberships = person.memberships ?? [];
      return [
        person.name,
        person.email,
        [...new Set(memberships.map((m) => m.college))].join(', '),
        memberships.map((m) => gradeLabel(m)).join(', '),
      ];
    });
    if (people.length < batchSize) {
      return;
    }
    const end = people[people.length - 1]!;
    last = { sortKey: end.sort_key, id: end.id };
  }
}

/**
 * The 'Descargar data' workbook (spec 000 §2), Usuarios.xlsx: every user the caller may list
 * with these filters (the scope of GET /users, teachers limited to their own students), one
 * sheet per role (Administradores, Docentes, Estudiantes; a sheet with no one is kept, empty),
 * each in the list's name order.
 *
 * The authorisation and the filters are checked here, before anything is sent, so a refusal
 * still answers the JSON error; the returned stream then reads and writes the rows a batch at a
 * time, so memory does not grow with the number of users (README, Performance).
 */
export async function exportUsers(options: {
  db: DbOrTx;
  actor: Actor;
  filter: UsersFilter;
  batchSize?: number;
}): Promise<Readable> {
  const { db, actor, filter } = options;
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const conditions = await userListConditions({ db, actor, filter });
  const roleIds = conditions ? await roleIdsByName(db) : undefined;
  // A sheet whose role the filter or a teacher's scope already rules out is not queried.
  const wanted = (roleName: RoleName, roleId: string) =>
    (actor.role !== 'TEACHER' || roleName === 'STUDENT') && (!filter.roleId || filter.roleId === roleId);
  const sheets: XlsxSheet[] = SHEET_ORDER.map((roleName) => ({
    name: usersExportSheets[roleName],
    columns,
    // The conditions already hold the actor's scope; the sheet adds its role.
    rows:
      conditions && roleIds && wanted(roleName, roleIds[roleName])
        ? roleRows(db, [...conditions.where, eq(users.roleId, roleIds[roleName])], batchSize)
        : [],
  }));
  return xlsxStream(sheets);
}
