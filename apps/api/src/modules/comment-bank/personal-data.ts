import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

/** 'Mis comentarios', a teacher's reusable comments (issue 22.1). */
export const commentBankPersonalData: PersonalDataDeclaration = {
  module: 'comment-bank',
  order: 10,
  tables: [
    {
      table: 'saved_comments',
      columns: ['owner_id', 'text', 'use_count', 'last_used_at'],
      purpose: 'Tus comentarios guardados para reutilizar al evaluar.',
      retention: 'Mientras exista la cuenta, o hasta que los borres.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'comentarios_guardados',
      description: 'Si eres docente: tus comentarios guardados, cuántas veces los usaste y cuándo.',
      async *rows() {
        const rows = pagedByCreation<Record<string, unknown> & { id: string; created_at: unknown }>(
          db,
          (after, limit) => sql`select id, created_at, text, use_count, last_used_at
            from saved_comments where owner_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            texto: row.text,
            usos: row.use_count,
            ultimo_uso: isoDate(row.last_used_at),
            creado: isoDate(row.created_at),
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    saved_comments: await countAffected(tx, sql`delete from saved_comments where owner_id = ${userId}`),
  }),
};
