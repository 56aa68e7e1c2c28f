import { sql } from 'drizzle-orm';
import { countAffected, type PersonalDataDeclaration } from '../../lib/personal-data';

/**
 * What this module keeps about a person (issue 22.1, 22.6): the administrator who recorded a security
 * incident. The register names no affected person by design (a count and, at most, a description
 * such as 'estudiantes de 5° básico'), so nothing of it is an affected person's to export.
 */
export const securityIncidentsPersonalData: PersonalDataDeclaration = {
  module: 'security-incidents',
  order: 50,
  tables: [
    {
      table: 'security_incidents',
      columns: ['recorded_by'],
      purpose:
        'El registro de incidentes de seguridad que exige la Ley 21.719 (qué pasó, a cuántas personas afectó, qué se hizo y a quién se avisó) y qué administrador registró cada uno.',
      retention:
        'Se guarda como constancia ante la Agencia de Protección de Datos Personales; al borrar la cuenta del administrador, queda sin su nombre.',
    },
  ],
  // The administrator's own part is who recorded what: the register itself, not their data to take.
  sections: () => [],
  erase: async ({ tx, userId }) => ({
    // The incident stays: it is the controller's evidence, and holds no data of the administrator.
    security_incidents: await countAffected(
      tx,
      sql`update security_incidents set recorded_by = null where recorded_by = ${userId}`,
    ),
  }),
};
