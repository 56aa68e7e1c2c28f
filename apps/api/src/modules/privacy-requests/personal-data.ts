import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * What this module keeps about a person (issue 22.1, 22.3): the requests under Ley 21.719 they made
 * or answered. Moved here from modules/personal-data, which declared it until this module did.
 */
export const privacyRequestsPersonalData: PersonalDataDeclaration = {
  module: 'privacy-requests',
  order: 50,
  tables: [
    {
      table: 'privacy_requests',
      columns: ['user_id', 'email', 'detail', 'answer', 'answered_by'],
      purpose:
        'Tus solicitudes de acceso, rectificación, supresión, oposición, portabilidad o bloqueo, y su respuesta.',
      retention:
        'Mientras exista la cuenta. Si se borra, la solicitud queda sin el vínculo a ella, para responderla por email, y se borra a más tardar a los 60 días. Una solicitud sin cuenta que nadie confirmó se borra a las 72 horas.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'solicitudes_de_derechos',
      description:
        'Tus solicitudes bajo la Ley 21.719 (acceso, rectificación, supresión…), su estado, plazo y respuesta.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (
            after,
            limit,
          ) => sql`select id, created_at, type, status, detail, to_char(due_at, 'YYYY-MM-DD') as due_at, answer, answered_at
            from privacy_requests where user_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            tipo: row.type,
            estado: row.status,
            detalle: row.detail,
            plazo: row.due_at,
            respuesta: row.answer,
            enviada: isoDate(row.created_at),
            respondida: isoDate(row.answered_at),
          };
        }
      },
    },
  ],
  // Within 60 days of the erasure (issue 22.6; their answer was due long before): the person's
  // requests go, and another's request that names them (a parent's) keeps its text without the name.
  clearTraces: async ({ tx, email, name }) => {
    const unnamed = (column: string, max: number) =>
      sql`left(replace(${sql.identifier(column)}, ${name}, '(nombre suprimido)'), ${max})`;
    return {
      privacy_requests:
        (await countAffected(tx, sql`delete from privacy_requests where lower(email) = ${email}`)) +
        (name === null
          ? 0
          : await countAffected(
              tx,
              sql`update privacy_requests set detail = ${unnamed('detail', 1000)}, answer = ${unnamed('answer', 2000)},
                extension_reason = ${unnamed('extension_reason', 2000)}
              where strpos(detail, ${name}) > 0 or strpos(answer, ${name}) > 0
                or strpos(extension_reason, ${name}) > 0`,
            )),
    };
  },
  erase: async ({ tx, userId }) => ({
    // A request is answered by e-mail to its address, the erasure's own request after the erasure:
    // kept without the link to the account (clearTraces removes them within 60 days).
    privacy_requests:
      (await countAffected(tx, sql`update privacy_requests set user_id = null where user_id = ${userId}`)) +
      (await countAffected(
        tx,
        sql`update privacy_requests set answered_by = null where answered_by = ${userId}`,
      )),
  }),
};
