import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

/**
 * A teacher's rubrics and the school templates they marked (issue 22.1). Erasing deletes their
 * rubrics (an evaluation keeps its own copy of the grid; its rubric_id becomes null) and leaves the
 * templates others marked without the marker.
 */
export const rubricsPersonalData: PersonalDataDeclaration = {
  module: 'rubrics',
  order: 10,
  tables: [
    {
      table: 'rubrics',
      columns: ['owner_id', 'title', 'description', 'columns', 'items'],
      purpose: 'Las rúbricas que creaste como docente, para evaluar fics.',
      retention: 'Mientras exista la cuenta, o hasta que las borres.',
    },
    {
      table: 'rubric_templates',
      columns: ['marked_by'],
      purpose: 'Quién marcó una rúbrica como plantilla de un establecimiento.',
      retention: 'Mientras exista la marca; al borrar la cuenta, queda sin autor.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'rubricas',
      description: 'Si eres docente: tus rúbricas, con sus columnas y filas.',
      async *rows() {
        const rows = pagedByCreation<Record<string, unknown> & { id: string; created_at: unknown }>(
          db,
          (after, limit) => sql`select id, created_at, updated_at, title, description, columns, items
            from rubrics where owner_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            titulo: row.title,
            descripcion: row.description,
            columnas: row.columns,
            filas: row.items,
            creada: isoDate(row.created_at),
            actualizada: isoDate(row.updated_at),
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    rubric_templates: await countAffected(
      tx,
      sql`update rubric_templates set marked_by = null where marked_by = ${userId}`,
    ),
    rubrics: await countAffected(tx, sql`delete from rubrics where owner_id = ${userId}`),
  }),
};
