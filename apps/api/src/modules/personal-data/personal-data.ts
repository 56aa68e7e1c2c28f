import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * This module's own records (issue 22.1-3): the exports produced for the person, and the requests
 * under Ley 21.719 they made or answered (privacy_requests, issue 22.3; declared here, beside the
 * rights they serve, until the requests' module declares them itself).
 */
export const privacyPersonalData: PersonalDataDeclaration = {
  module: 'personal-data',
  order: 50,
  tables: [
    {
      table: 'data_exports',
      columns: ['user_id', 'requested_by', 'created_at'],
      purpose:
        'Cuándo se descargaron tus datos y quién lo hizo (tú o un administrador), para mostrar el límite de una vez por hora y dar cuenta de cada entrega.',
      retention: 'Mientras exista la cuenta.',
    },
    {
      table: 'privacy_requests',
      columns: ['user_id', 'email', 'detail', 'answer', 'answered_by'],
      purpose:
        'Tus solicitudes de acceso, rectificación, supresión, oposición, portabilidad o bloqueo, y su respuesta.',
      retention: 'Mientras exista la cuenta; la constancia de una supresión se guarda sin datos personales.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'descargas_de_datos',
      description: 'Cada vez que se descargaron tus datos: la fecha y si fuiste tú o un administrador.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (after, limit) => sql`select id, created_at, requested_by = user_id as own
            from data_exports where user_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield { fecha: isoDate(row.created_at), pedida_por: row.own ? 'Tú' : 'Un administrador' };
        }
      },
    },
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
  erase: async ({ tx, userId }) => ({
    data_exports:
      (await countAffected(tx, sql`delete from data_exports where user_id = ${userId}`)) +
      (await countAffected(
        tx,
        sql`update data_exports set requested_by = null where requested_by = ${userId}`,
      )),
    // A request is answered by e-mail to its address, the erasure's own request after the erasure:
    // kept without the link to the account (the retention job, issue 22.6, clears them later).
    privacy_requests:
      (await countAffected(tx, sql`update privacy_requests set user_id = null where user_id = ${userId}`)) +
      (await countAffected(
        tx,
        sql`update privacy_requests set answered_by = null where answered_by = ${userId}`,
      )),
  }),
};
