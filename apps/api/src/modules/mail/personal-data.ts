import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  rowsOf,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

/** E-mails sent to the person's address (issue 22.1): the outbox keeps them until housekeeping. */
export const mailPersonalData: PersonalDataDeclaration = {
  module: 'mail',
  order: 10,
  tables: [
    {
      table: 'mail_outbox',
      columns: ['to', 'subject', 'text', 'html'],
      purpose:
        'Los correos que te enviamos (invitación, recuperación de contraseña, avisos), hasta que salen.',
      retention:
        'El texto se borra apenas se envía; el registro (asunto y fecha), a los 90 días. Si se borra tu cuenta, los correos a tu email o que te nombran se borran al hacerlo o, a más tardar, a los 60 días.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'correos_enviados',
      description:
        'Los correos que te enviamos en los últimos 90 días: asunto, tipo, estado y fechas (sin su contenido).',
      async *rows() {
        const [person] = await rowsOf<{ email: string }>(
          db,
          sql`select email from users where id = ${userId}`,
        );
        if (!person) {
          return;
        }
        const rows = pagedByCreation<Record<string, unknown> & { id: string; created_at: unknown }>(
          db,
          (after, limit) => sql`select id, created_at, subject, kind, status, sent_at
            from mail_outbox where "to" = ${person.email}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            asunto: row.subject,
            tipo: row.kind,
            estado: row.status,
            creado: isoDate(row.created_at),
            enviado: isoDate(row.sent_at),
          };
        }
      },
    },
  ],
  // Within 60 days of the erasure (issue 22.6): mails to the address queued after it (the answer to
  // their request) and mails to others that name them (a guardian's notice names the student).
  clearTraces: async ({ tx, email, name }) => ({
    mail_outbox: await countAffected(
      tx,
      sql`delete from mail_outbox where lower("to") = ${email}
          ${name ? sql`or strpos(subject, ${name}) > 0 or strpos(text, ${name}) > 0 or strpos(html, ${name}) > 0` : sql``}`,
    ),
  }),
  erase: async ({ tx, email }) => ({
    mail_outbox: await countAffected(tx, sql`delete from mail_outbox where "to" = ${email}`),
  }),
};
