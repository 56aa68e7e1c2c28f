import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  keysetRows,
  rowsOf,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

/**
 * Blocks between students (issue 22.1). The export lists whom the person blocked, not who blocked
 * them (that is the other student's decision and data). Erasing removes both directions.
 */
export const blocksPersonalData: PersonalDataDeclaration = {
  module: 'blocks',
  order: 10,
  tables: [
    {
      table: 'user_blocks',
      columns: ['blocker_id', 'blocked_id', 'created_at'],
      purpose: 'Los estudiantes que bloqueaste, para no ver sus comentarios ni que comenten tus fics.',
      retention: 'Mientras exista la cuenta, o hasta que desbloquees.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'bloqueos',
      description: 'Los estudiantes que bloqueaste y desde cuándo.',
      async *rows() {
        const rows = keysetRows<
          { blocked_id: string; name: string; created_at: unknown },
          { createdAt: string; id: string }
        >({
          page: (after, limit) =>
            rowsOf(
              db,
              sql`select b.blocked_id, u.name, b.created_at from user_blocks b join users u on u.id = b.blocked_id
                where b.blocker_id = ${userId}
                ${after ? sql`and (b.created_at, b.blocked_id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
                order by b.created_at, b.blocked_id limit ${limit}`,
            ),
          cursorOf: (row) => ({ createdAt: isoDate(row.created_at)!, id: row.blocked_id }),
        });
        for await (const row of rows) {
          yield { bloqueado: row.name, desde: isoDate(row.created_at) };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    user_blocks: await countAffected(
      tx,
      sql`delete from user_blocks where blocker_id = ${userId} or blocked_id = ${userId}`,
    ),
  }),
};
