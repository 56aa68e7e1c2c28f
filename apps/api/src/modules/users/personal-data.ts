import { sql } from 'drizzle-orm';
import { gradeLabel } from '@fics/contracts';
import { countAffected, isoDate, rowsOf, type PersonalDataDeclaration } from '../../lib/personal-data';

/**
 * The account and its schools and grades (issue 22.1). The users row is erased last (every other
 * module's rows that refer to it have gone or been anonymised by then).
 */
export const usersPersonalData: PersonalDataDeclaration = {
  module: 'users',
  order: 100,
  tables: [
    {
      table: 'users',
      columns: [
        'id',
        'name',
        'email',
        'password_hash',
        'bio',
        'phone_number',
        'profile_picture_id',
        'birth_year',
        'created_at',
      ],
      purpose:
        'Tu cuenta: nombre, correo, rol, biografía y teléfono, para que entres, te reconozcan tus docentes y compañeros y recibas avisos.',
      retention:
        'Mientras exista la cuenta. Una cuenta en la que nadie entra en 6 años se borra, con aviso por email 30 días antes.',
    },
    {
      table: 'user_retention',
      columns: ['user_id', 'last_used_at', 'notice_at'],
      purpose:
        'Cuándo entraste por última vez (o cuándo se creó tu cuenta, si nunca entraste) y si se te avisó que se borrará por no usarla en 6 años.',
      retention: 'Mientras exista la cuenta.',
    },
    {
      table: 'user_grades',
      columns: ['user_id', 'grade_id'],
      purpose: 'Tu establecimiento y curso: quién revisa tus fics y en qué galería aparecen.',
      retention: 'Mientras exista la cuenta.',
    },
    {
      table: 'guardian_consents',
      columns: [
        'student_id',
        'guardian_email',
        'requested_by',
        'withdrawn_by',
        'notice_version',
        'decided_at',
      ],
      purpose:
        'El consentimiento de tu apoderado (menores de 14 años): su correo, qué aviso leyó, cuándo aceptó, rechazó o lo retiró.',
      retention: 'Mientras exista la cuenta.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'perfil',
      description:
        'Tu cuenta: nombre, correo, rol, biografía, teléfono, fecha de creación, tu último ingreso y, si se te avisó, cuándo se te avisó que se borraría por no usarla.',
      async *rows() {
        const [row] = await rowsOf<Record<string, unknown>>(
          db,
          sql`select u.id, u.name, u.email, r.display_name as role, u.bio, u.phone_number,
                u.profile_picture_id, u.birth_year, u.created_at, u.updated_at, ur.last_used_at, ur.notice_at
              from users u join roles r on r.id = u.role_id left join user_retention ur on ur.user_id = u.id
              where u.id = ${userId}`,
        );
        if (row) {
          yield {
            id: row.id,
            nombre: row.name,
            email: row.email,
            rol: row.role,
            biografia: row.bio,
            telefono: row.phone_number,
            anio_de_nacimiento: row.birth_year,
            foto_de_perfil: row.profile_picture_id ? 'foto-de-perfil (archivo en esta carpeta)' : null,
            creada: isoDate(row.created_at),
            actualizada: isoDate(row.updated_at),
            // Issue 22.6: the last login, or the creation if there was none.
            ultimo_uso: isoDate(row.last_used_at),
            aviso_de_borrado_por_inactividad: isoDate(row.notice_at),
          };
        }
      },
    },
    {
      key: 'establecimientos_y_cursos',
      description: 'Los establecimientos y cursos a los que perteneces.',
      async *rows() {
        // One per grade held: a student has one, a teacher a few (never an unbounded list).
        const rows = await rowsOf<{
          college: string;
          level: string;
          cicle: string;
          name: string;
          created_at: unknown;
        }>(
          db,
          sql`select c.name as college, g.level, g.cicle, g.name, ug.created_at
              from user_grades ug join grades g on g.id = ug.grade_id join colleges c on c.id = g.college_id
              where ug.user_id = ${userId} order by c.name, g.cicle, g.level, g.name`,
        );
        for (const row of rows) {
          yield { establecimiento: row.college, curso: gradeLabel(row), desde: isoDate(row.created_at) };
        }
      },
    },
    {
      key: 'consentimiento_del_apoderado',
      description:
        'Si tienes menos de 14 años: las solicitudes de consentimiento a tu apoderado y su respuesta.',
      async *rows() {
        // A few per student (one open at a time, each newer one replaces the last).
        const rows = await rowsOf<Record<string, unknown>>(
          db,
          sql`select guardian_email, status, notice_version, requested_at, decided_at, withdrawn_at
              from guardian_consents where student_id = ${userId} order by requested_at, id`,
        );
        for (const row of rows) {
          yield {
            correo_del_apoderado: row.guardian_email,
            estado: row.status,
            version_del_aviso: row.notice_version,
            solicitado: isoDate(row.requested_at),
            decidido: isoDate(row.decided_at),
            retirado: isoDate(row.withdrawn_at),
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    // This module's notices to the student's guardians name the student (first name and school) in
    // another's inbox record: they go with the consent rows (issue 22.6), not 90 days later.
    mail_outbox: await countAffected(
      tx,
      sql`delete from mail_outbox m using users u
          where u.id = ${userId} and m.kind = 'guardian-consent'
            and m."to" in (select guardian_email from guardian_consents where student_id = ${userId})
            and strpos(m.subject, split_part(trim(u.name), ' ', 1)) > 0`,
    ),
    guardian_consents:
      (await countAffected(tx, sql`delete from guardian_consents where student_id = ${userId}`)) +
      (await countAffected(
        tx,
        sql`update guardian_consents set requested_by = case when requested_by = ${userId} then null else requested_by end,
              withdrawn_by = case when withdrawn_by = ${userId} then null else withdrawn_by end
            where requested_by = ${userId} or withdrawn_by = ${userId}`,
      )),
    user_retention: await countAffected(tx, sql`delete from user_retention where user_id = ${userId}`),
    user_grades: await countAffected(tx, sql`delete from user_grades where user_id = ${userId}`),
    users: await countAffected(tx, sql`delete from users where id = ${userId}`),
  }),
};
