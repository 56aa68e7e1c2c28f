import { sql } from 'drizzle-orm';
import { cleanCommentHtml } from '../../lib/rich-text';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * The person's comments and replies, each with the fic it belongs to (issue 22.1). Erasing keeps the
 * visible ones under 'Usuario eliminado' (their text too unless the person asked otherwise) and
 * deletes the hidden ones (issue 22.4).
 */
export const commentsPersonalData: PersonalDataDeclaration = {
  module: 'comments',
  order: 10,
  tables: [
    {
      table: 'comments',
      columns: ['author_id', 'text', 'created_at'],
      purpose: 'Tus comentarios en fics publicados, para que el autor y otros lectores los lean.',
      retention: 'Mientras exista la cuenta, o hasta que los borres.',
    },
    {
      table: 'comment_replies',
      columns: ['author_id', 'text', 'created_at'],
      purpose: 'Tus respuestas a comentarios.',
      retention: 'Mientras exista la cuenta, o hasta que las borres.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'comentarios',
      description: 'Tus comentarios, con el fic al que pertenecen, su texto y sus fechas.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (
            after,
            limit,
          ) => sql`select c.id, c.created_at, c.updated_at, c.text, c.was_edited, c.hidden_reason,
              c.story_id, s.title
            from comments c join stories s on s.id = c.story_id
            where c.author_id = ${userId}
            ${after ? sql`and (c.created_at, c.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by c.created_at, c.id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            id: row.id,
            fic_id: row.story_id,
            fic: row.title,
            texto_html: cleanCommentHtml(String(row.text)).html,
            editado: row.was_edited,
            oculto: row.hidden_reason !== null,
            creado: isoDate(row.created_at),
            actualizado: isoDate(row.updated_at),
          };
        }
      },
    },
    {
      key: 'respuestas',
      description: 'Tus respuestas a comentarios, con el comentario y el fic al que pertenecen.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (
            after,
            limit,
          ) => sql`select r.id, r.created_at, r.updated_at, r.text, r.was_edited, r.hidden_reason,
              r.comment_id, s.id as story_id, s.title
            from comment_replies r join comments c on c.id = r.comment_id join stories s on s.id = c.story_id
            where r.author_id = ${userId}
            ${after ? sql`and (r.created_at, r.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by r.created_at, r.id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            id: row.id,
            comentario_id: row.comment_id,
            fic_id: row.story_id,
            fic: row.title,
            texto_html: cleanCommentHtml(String(row.text)).html,
            editado: row.was_edited,
            oculto: row.hidden_reason !== null,
            creado: isoDate(row.created_at),
            actualizado: isoDate(row.updated_at),
          };
        }
      },
    },
  ],
  // Visible comments and replies stay under 'Usuario eliminado' (issue 22.4): without their writer,
  // and without their text if the person asked; hidden ones (held, reported) go.
  erase: async ({ tx, userId, choices }) => {
    const text = choices.removeCommentTexts ? sql`''` : sql`text`;
    return {
      comment_replies:
        (await countAffected(
          tx,
          sql`delete from comment_replies where author_id = ${userId} and hidden_reason is not null`,
        )) +
        (await countAffected(
          tx,
          sql`update comment_replies set author_id = null, author_erased_at = now(), text = ${text} where author_id = ${userId}`,
        )),
      comments:
        (await countAffected(
          tx,
          sql`delete from comments where author_id = ${userId} and hidden_reason is not null`,
        )) +
        (await countAffected(
          tx,
          sql`update comments set author_id = null, author_erased_at = now(), text = ${text} where author_id = ${userId}`,
        )),
    };
  },
};
