import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * Registration and change requests (issue 22.1): the person's own (a registration request is theirs
 * by its e-mail, made before the account existed) and, for an administrator, those they handled.
 */
export const requestsPersonalData: PersonalDataDeclaration = {
  module: 'requests',
  order: 10,
  tables: [
    {
      table: 'register_requests',
      columns: ['name', 'email', 'user_comment', 'admin_id', 'former_name'],
      purpose:
        'Tu solicitud de cuenta (nombre, correo, establecimiento, curso y tu comentario) y cómo se respondió.',
      retention: 'Mientras exista la cuenta; al borrarla, se borra.',
    },
    {
      table: 'change_requests',
      columns: ['user_id', 'student_explanation', 'admin_id', 'former_name'],
      purpose: 'Tus solicitudes de cambio de establecimiento o curso, con tu explicación y la respuesta.',
      retention: 'Mientras exista la cuenta.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'solicitudes',
      description:
        'Tus solicitudes: la de creación de tu cuenta y las de cambio de establecimiento o curso, con su estado y la respuesta.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (after, limit) => sql`select * from (
              select r.id, r.created_at, 'CUENTA' as kind, r.requested_college_name, r.requested_grade_name,
                r.user_comment as explanation, r.status, r.admin_comments, r.handled_at
              from register_requests r join users u on u.email = r.email where u.id = ${userId}
              union all
              select c.id, c.created_at, 'CAMBIO' as kind, c.requested_college_name, c.requested_grade_name,
                c.student_explanation as explanation, c.status, c.admin_comments, c.handled_at
              from change_requests c where c.user_id = ${userId}
            ) requests
            ${after ? sql`where (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            tipo: row.kind === 'CUENTA' ? 'Creación de cuenta' : 'Cambio de establecimiento o curso',
            establecimiento: row.requested_college_name,
            curso: row.requested_grade_name,
            tu_comentario: row.explanation,
            estado: row.status,
            respuesta: row.admin_comments,
            enviada: isoDate(row.created_at),
            respondida: isoDate(row.handled_at),
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId, email }) => ({
    change_requests:
      (await countAffected(tx, sql`delete from change_requests where user_id = ${userId}`)) +
      (await countAffected(tx, sql`update change_requests set admin_id = null where admin_id = ${userId}`)),
    register_requests:
      (await countAffected(tx, sql`delete from register_requests where email = ${email}`)) +
      (await countAffected(tx, sql`update register_requests set admin_id = null where admin_id = ${userId}`)),
  }),
};
