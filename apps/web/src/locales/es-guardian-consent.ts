/**
 * Texts of a student's guardian's consent (issue 22.5) on the user dialog; part of the one catalog
 * (the lazy part, es-lazy.ts). The states' labels and the API's messages come from @fics/contracts.
 */
export const guardianConsent = {
  title: 'Consentimiento del apoderado',
  birthYear: 'Año de nacimiento (opcional)',
  birthYearHelp:
    'Con el curso, indica si se necesita el consentimiento del apoderado para mostrar su trabajo fuera del colegio.',
  guardian: 'Apoderado: {{email}}',
  requiredHelp:
    'Por su edad (o, sin año de nacimiento, por su curso) necesita el consentimiento de su apoderado: sin él, sus fics publicadas solo se ven dentro de su colegio.',
  notRequiredHelp:
    'No necesita el consentimiento de un apoderado para que su trabajo se vea fuera del colegio.',
  requestedAt: 'Aviso enviado el {{date}}.',
  decidedAt: 'Respondido el {{date}} (aviso versión {{version}}).',
  withdrawnAt: 'Retirado el {{date}}.',
  email: 'Email del apoderado',
  send: 'Enviar aviso',
  resend: 'Reenviar aviso',
  recordWithdrawal: 'Registrar retiro',
  // The bulk import's optional column.
  bulkBirthYear: 'Año de nacimiento',
  bulkRowBirthYear: 'Año de nacimiento de la fila {{number}}',
};
