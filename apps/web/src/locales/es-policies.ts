/**
 * Texts of the terms and privacy page chrome (the policy texts themselves live in features/policies, lazy with the page); part of the one catalog in es.ts. Messages the API words too (validation, success,
 * refusals, empty and end-of-list texts) and limits come from @fics/contracts, never from here.
 */
export const policies = {
  title: 'Términos y Privacidad',
  tabsLabel: 'Documentos',
  termsTab: 'Términos y Condiciones',
  privacyTab: 'Política de Privacidad',
  updatedAt: 'Última actualización:',
  contents: 'En esta página',
  /** Stands for the contact e-mail in the texts while the server's configuration has none. */
  emailFallback: 'nuestro correo de contacto',
  loadingEmail: 'Cargando el correo de contacto',
} as const;
