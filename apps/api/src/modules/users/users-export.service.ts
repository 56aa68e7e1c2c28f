import type { RoleName, UsersQuery } from '@fics/contracts';
import { gradeLabel, usersExportHeader, usersExportSheets } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { buildWorkbook } from '../../lib/spreadsheet';
import type { Actor } from '../../plugins/auth';
import { loadUserViewList, scopedUserIds } from './users.service';

/**
 * The 'Descargar data' workbook (spec 000 §2): the users the caller may list with these filters,
 * one sheet per role (Administradores, Docentes, Estudiantes; a sheet with no one is kept, empty).
 * Cells are neutralised against formula injection by buildWorkbook.
 */
export async function exportUsers(options: { db: DbOrTx; actor: Actor; query: UsersQuery }): Promise<Buffer> {
  const people = await loadUserViewList(options.db, await scopedUserIds(options));
  const order: RoleName[] = ['ADMIN', 'TEACHER', 'STUDENT'];
  return buildWorkbook(
    order.map((roleName) => ({
      name: usersExportSheets[roleName],
      header: [...usersExportHeader],
      rows: people
        .filter((user) => user.role.name === roleName)
        .map((user) => [
          user.name,
          user.email,
          user.collegeId.map((college) => college.name).join(', '),
          user.gradeId.map((grade) => gradeLabel(grade)).join(', '),
        ]),
    })),
  );
}
