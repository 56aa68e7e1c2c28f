import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

/** Sessions (with the address and browser they were opened from) and one-time links (issue 22.1). */
export const credentialsPersonalData: PersonalDataDeclaration = {
  module: 'credentials',
  order: 20,
  tables: [
    {
      table: 'sessions',
      columns: ['user_id', 'created_at', 'last_used_at', 'ip', 'user_agent'],
      purpose:
        'Tus sesiones abiertas: cuándo entraste, desde qué dirección IP y navegador, para mantenerte conectado y detectar accesos ajenos.',
      retention: 'Una sesión dura a lo más 30 días; se borra un día después de terminar.',
    },
    {
      table: 'refresh_tokens',
      columns: ['session_id', 'token_hash'],
      purpose: 'La clave cifrada que renueva una sesión sin pedirte la contraseña otra vez.',
      retention: 'Lo mismo que su sesión.',
    },
    {
      table: 'one_time_tokens',
      columns: ['user_id', 'token_hash'],
      purpose: 'Los enlaces de invitación y de recuperación de contraseña que se te enviaron.',
      retention: 'Hasta que se usan o vencen; luego se borran en la limpieza periódica.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'sesiones',
      description:
        'Tus sesiones: cuándo empezaron, su último uso, cuándo terminaron, la dirección IP y el navegador.',
      async *rows() {
        const rows = pagedByCreation<Record<string, unknown> & { created_at: unknown; id: string }>(
          db,
          (after, limit) => sql`select id, created_at, last_used_at, expires_at, revoked_at, ip, user_agent
            from sessions where user_id = ${userId}
            ${after ? sql`and (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by created_at, id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            inicio: isoDate(row.created_at),
            ultimo_uso: isoDate(row.last_used_at),
            vence: isoDate(row.expires_at),
            cerrada: isoDate(row.revoked_at),
            direccion_ip: row.ip,
            navegador: row.user_agent,
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    // Refresh tokens belong to a session: counted before their sessions go.
    refresh_tokens: await countAffected(
      tx,
      sql`delete from refresh_tokens where session_id in (select id from sessions where user_id = ${userId})`,
    ),
    sessions: await countAffected(tx, sql`delete from sessions where user_id = ${userId}`),
    one_time_tokens: await countAffected(tx, sql`delete from one_time_tokens where user_id = ${userId}`),
  }),
};
