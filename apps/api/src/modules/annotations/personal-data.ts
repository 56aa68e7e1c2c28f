import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * Notes on passages of fics (issue 22.1). The export holds the notes on the person's fics (received)
 * and those they wrote. Erasing leaves what they wrote on others' fics without its writer (writer_id
 * null, as the foreign key does when a teacher's account goes: the note is the student's feedback);
 * the notes on the person's own fics go with the fics (stories erases them).
 */
export const annotationsPersonalData: PersonalDataDeclaration = {
  module: 'annotations',
  order: 10,
  tables: [
    {
      table: 'annotations',
      columns: ['writer_id', 'text', 'quote_exact'],
      purpose: 'Las notas de tus docentes sobre pasajes de tus fics, y las que escribiste como docente.',
      retention: 'Lo mismo que su fic; al borrar la cuenta de quien la escribió, la nota queda sin autor.',
    },
    {
      table: 'annotation_replies',
      columns: ['writer_id', 'text'],
      purpose: 'Las respuestas a esas notas.',
      retention: 'Lo mismo que su nota; al borrar la cuenta de quien la escribió, queda sin autor.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'notas_recibidas',
      description:
        'Las notas de tus docentes en tus fics: el pasaje, la nota, quién la escribió y si está resuelta.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (
            after,
            limit,
          ) => sql`select a.id, a.created_at, a.story_id, s.title, a.quote_exact, a.text, a.resolved, w.name as writer
            from annotations a join stories s on s.id = a.story_id left join users w on w.id = a.writer_id
            where s.author_id = ${userId}
            ${after ? sql`and (a.created_at, a.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by a.created_at, a.id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fecha: isoDate(row.created_at),
            fic_id: row.story_id,
            fic: row.title,
            pasaje: row.quote_exact,
            nota: row.text,
            escrita_por: row.writer,
            resuelta: row.resolved,
          };
        }
      },
    },
    {
      key: 'notas_y_respuestas_escritas',
      description: 'Las notas y respuestas a notas que escribiste tú, con el fic al que pertenecen.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (after, limit) => sql`select * from (
              select a.id, a.created_at, a.story_id, s.title, a.text, 'NOTA' as kind
              from annotations a join stories s on s.id = a.story_id where a.writer_id = ${userId}
              union all
              select r.id, r.created_at, a.story_id, s.title, r.text, 'RESPUESTA' as kind
              from annotation_replies r join annotations a on a.id = r.annotation_id join stories s on s.id = a.story_id
              where r.writer_id = ${userId}
            ) written
            ${after ? sql`where (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fecha: isoDate(row.created_at),
            tipo: row.kind,
            fic_id: row.story_id,
            fic: row.title,
            texto: row.text,
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    annotations: await countAffected(
      tx,
      sql`update annotations set writer_id = null where writer_id = ${userId}`,
    ),
    annotation_replies: await countAffected(
      tx,
      sql`update annotation_replies set writer_id = null where writer_id = ${userId}`,
    ),
  }),
};
