import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * Reports, moderation cases and the words list (issue 22.1). Erasing deletes the person's reports,
 * and takes their name and words out of the cases about them or decided by them (the case itself,
 * with its counts and outcome, stays for the school's record) and of the words they listed.
 */
export const moderationPersonalData: PersonalDataDeclaration = {
  module: 'moderation',
  order: 10,
  tables: [
    {
      table: 'reports',
      columns: ['reporter_id', 'reason', 'detail', 'created_at'],
      purpose: 'Los reportes que hiciste de comentarios o fics; nadie más ve quién reportó.',
      retention: 'Mientras exista la cuenta.',
    },
    {
      table: 'moderation_cases',
      columns: ['subject_user_id', 'subject_text', 'decided_by', 'decided_by_name', 'decision_note'],
      purpose:
        'Los casos de moderación sobre lo que escribiste (qué decía y qué se decidió), y los que decidiste como docente.',
      retention: 'Mientras exista la cuenta; al borrarla, el caso queda sin tu nombre ni tu texto.',
    },
    {
      table: 'moderation_words',
      columns: ['created_by'],
      purpose: 'Quién agregó cada palabra a la lista de palabras moderadas.',
      retention: 'Mientras exista la cuenta; al borrarla, la palabra queda sin autor.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'reportes_hechos',
      description: 'Los reportes que hiciste: qué reportaste, el motivo, el detalle y la fecha.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (after, limit) => sql`select r.id, r.created_at, r.target, r.reason, r.detail, c.status
            from reports r join moderation_cases c on c.id = r.case_id
            where r.reporter_id = ${userId}
            ${after ? sql`and (r.created_at, r.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by r.created_at, r.id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fecha: isoDate(row.created_at),
            que: row.target,
            motivo: row.reason,
            detalle: row.detail,
            estado_del_caso: row.status,
          };
        }
      },
    },
    {
      key: 'casos_de_moderacion_sobre_ti',
      description: 'Los casos de moderación sobre algo que escribiste: qué decía, el estado y la decisión.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (
            after,
            limit,
          ) => sql`select id, created_at, target, subject_text, status, reports_count, decided_at, decision_note
            from moderation_cases where subject_user_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fecha: isoDate(row.created_at),
            que: row.target,
            texto: row.subject_text,
            estado: row.status,
            reportes: row.reports_count,
            decidido: isoDate(row.decided_at),
            nota: row.decision_note,
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    reports: await countAffected(tx, sql`delete from reports where reporter_id = ${userId}`),
    moderation_cases:
      (await countAffected(
        tx,
        sql`update moderation_cases set subject_user_id = null, subject_text = '' where subject_user_id = ${userId}`,
      )) +
      (await countAffected(
        tx,
        sql`update moderation_cases set decided_by = null, decided_by_name = null where decided_by = ${userId}`,
      )),
    moderation_words: await countAffected(
      tx,
      sql`update moderation_words set created_by = null where created_by = ${userId}`,
    ),
  }),
};
