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
      columns: [
        'user_id',
        'resource',
        'action',
        'story_id',
        'story_title',
        'writing_time',
        'created_at',
        'target',
        'reasons',
        'reported_user_id',
        'other_user_id',
      ],
      purpose:
        'Tu actividad: cuándo entraste y saliste, qué fics creaste, enviaste, leíste o te gustaron, cuánto tiempo escribiste, qué reportaste, a quién bloqueaste y qué pasó con lo que escribiste tras una revisión, para que tus docentes acompañen tu proceso y te cuiden.',
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
          (after, limit) => sql`select id, created_at, resource, action, story_id, story_title, writing_time,
              target, reasons
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
            // Moderation lines (issue 21.7): what kind of item and why; never whose item it was.
            objeto: row.target ?? null,
            motivos: row.reasons ?? null,
          };
        }
      },
    },
  ],
  // Their own lines go; other students' report and block lines about them lose the person (the
  // partial indexes on both columns find them).
  erase: async ({ tx, userId }) => ({
    tracking_events:
      (await countAffected(tx, sql`delete from tracking_events where user_id = ${userId}`)) +
      (await countAffected(
        tx,
        sql`update tracking_events set reported_user_id = null where reported_user_id = ${userId}`,
      )) +
      (await countAffected(
        tx,
        sql`update tracking_events set other_user_id = null where other_user_id = ${userId}`,
      )),
  }),
};
