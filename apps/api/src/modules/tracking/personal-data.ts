import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

/** A student's activity (issue 22.1): what they did and when, as their teachers see it. */
export const trackingPersonalData: PersonalDataDeclaration = {
  module: 'tracking',
  order: 10,
  tables: [
    {
      table: 'tracking_events',
      columns: ['user_id', 'resource', 'action', 'story_id', 'story_title', 'writing_time', 'created_at'],
      purpose:
        'Tu actividad: cuándo entraste y saliste, qué fics creaste, enviaste, leíste o te gustaron y cuánto tiempo escribiste, para que tus docentes acompañen tu proceso.',
      retention: 'Mientras exista la cuenta.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'actividad',
      description:
        'Tu actividad: qué hiciste (entrar, salir, crear, enviar, leer un fic, comentar…) y cuándo.',
      async *rows() {
        const rows = pagedByCreation<Record<string, unknown> & { id: string; created_at: unknown }>(
          db,
          (after, limit) => sql`select id, created_at, resource, action, story_id, story_title, writing_time
            from tracking_events where user_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fecha: isoDate(row.created_at),
            recurso: row.resource,
            accion: row.action,
            fic_id: row.story_id,
            fic: row.story_title,
            segundos_escribiendo: row.writing_time,
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    tracking_events: await countAffected(tx, sql`delete from tracking_events where user_id = ${userId}`),
  }),
};
