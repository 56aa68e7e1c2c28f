import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

/** What the platform told the person in the app (issue 22.1). */
export const notificationsPersonalData: PersonalDataDeclaration = {
  module: 'notifications',
  tables: [
    {
      table: 'notifications',
      columns: [
        'user_id',
        'named_user_id',
        'register_request_id',
        'text',
        'story_id',
        'comment_id',
        'created_at',
        'read_at',
      ],
      purpose:
        'Tus notificaciones (la campana): qué pasó con tus fics y comentarios. Las de otras personas que te nombran ("… comentó tu fic") llevan el vínculo a tu cuenta.',
      retention:
        'Mientras exista la cuenta. Si se borra, se borran las tuyas y las que te nombran en la campana de otras personas.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'notificaciones',
      description: 'Tus notificaciones: su texto, cuándo llegaron y si las leíste.',
      async *rows() {
        const rows = pagedByCreation<Record<string, unknown> & { id: string; created_at: unknown }>(
          db,
          (after, limit) => sql`select id, created_at, type, text, story_id, read_at
            from notifications where user_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fecha: isoDate(row.created_at),
            tipo: row.type,
            texto: row.text,
            fic_id: row.story_id,
            leida: isoDate(row.read_at),
          };
        }
      },
    },
  ],
  // Their own, and those that name them in others' bells ('Ana Rojas comentó tu fic', 'Nueva
  // solicitud de registro: Ana Rojas'): a comment kept under 'Usuario eliminado' must not be announced
  // by their name (issue 22.4). Before the requests module deletes the registration requests of
  // their e-mail (order), so they are counted here.
  order: 5,
  erase: async ({ tx, userId, email }) => ({
    notifications:
      (await countAffected(tx, sql`delete from notifications where user_id = ${userId}`)) +
      (await countAffected(tx, sql`delete from notifications where named_user_id = ${userId}`)) +
      (await countAffected(
        tx,
        sql`delete from notifications where register_request_id in
              (select id from register_requests where email = ${email})`,
      )),
  }),
};
