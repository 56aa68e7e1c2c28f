import type { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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

/**
 * One role's users matching `where`, in Spanish name order, as spreadsheet rows, a batch at a
 * time: keyset paging on (sort_key, id), the order of the users_role_sort_idx index, so each
 * batch starts where the previous one ended (no OFFSET, no rereading), then one query for the
 * batch's schools and grades. Batches are read as the download is consumed.
 *
 * No transaction spans the batches (it would hold a connection, and the embedded database, for
 * as long as the client takes to download): a user added or renamed meanwhile may or may not
 * appear, but no one present throughout is missed or written twice.
 */
async function* roleRows(db: DbOrTx, where: SQL[], batchSize: number): AsyncGenerator<XlsxRow[]> {
  let last: { sortKey: string; id: string } | undefined;
  for (;;) {
    const people = await db
      .select({ id: users.id, name: users.name, email: users.email, sortKey: users.sortKey })
      .from(users)
      .where(
        and(
          ...where,
          last ? sql`(${users.sortKey}, ${users.id}) > (${last.sortKey}, ${last.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(users.sortKey), asc(users.id))
      .limit(batchSize);
    if (people.length === 0) {
      return;
    }
    const memberships = await db
      .select({
        userId: userGrades.userId,
        collegeName: colleges.name,
        level: grades.level,
        cicle: grades.cicle,
        name: grades.name,
      })
      .from(userGrades)
      .innerJoin(grades, eq(grades.id, userGrades.gradeId))
      .innerJoin(colleges, eq(colleges.id, grades.collegeId))
      .where(
        inArray(
          userGrades.userId,
          people.map((p) => p.id),
        ),
      )
      .orderBy(asc(colleges.name), asc(grades.cicle), asc(grades.level), asc(grades.name));
    const byUser = new Map<string, { schools: Set<string>; grades: string[] }>();
    for (const m of memberships) {
      let entry = byUser.get(m.userId);
      if (!entry) {
        entry = { schools: new Set(), grades: [] };
        byUser.set(m.userId, entry);
      }
      entry.schools.add(m.collegeName);
      entry.grades.push(gradeLabel(m));
    }
    yield people.map((person) => {
      const entry = byUser.get(person.id);
      return [
        person.name,
        person.email,
        [...(entry?.schools ?? [])].join(', '),
        entry?.grades.join(', ') ?? '',
      ];
    });
    if (people.length < batchSize) {
      return;
    }
    const end = people[people.length - 1]!;
    last = { sortKey: end.sortKey ?? '', id: end.id };
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
