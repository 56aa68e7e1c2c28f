import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * This module's own records (issue 22.1-2, 22.4): the exports produced for the person, and the
 * erasure records an administrator performed (migration 0031). (The requests under Ley 21.719 are
 * declared by modules/privacy-requests.)
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
      table: 'erasures',
      columns: ['performed_by'],
      purpose:
        'La constancia de cada supresión de una cuenta (cuándo, por qué solicitud, cuántas filas por tabla; sin datos de la persona suprimida) y, si la hizo un administrador, quién.',
      retention: 'Se guarda como constancia; al borrar la cuenta del administrador, queda sin su nombre.',
    },
    {
      table: 'erasure_traces',
      columns: ['user_id', 'email', 'name'],
      purpose:
        'Tras borrar tu cuenta, tu identificador, nombre y email, solo para encontrar y borrar lo que aún te nombre (un aviso en camino, la respuesta a tu solicitud).',
      retention: 'A más tardar 60 días después de borrar la cuenta; luego se borra.',
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
  ],
  erase: async ({ tx, userId }) => ({
    data_exports:
      (await countAffected(tx, sql`delete from data_exports where user_id = ${userId}`)) +
      (await countAffected(
        tx,
        sql`update data_exports set requested_by = null where requested_by = ${userId}`,
      )),
    // The record of an erasure stays (it holds no one's personal data), without the administrator.
    erasures: await countAffected(
      tx,
      sql`update erasures set performed_by = null where performed_by = ${userId}`,
    ),
  }),
};
