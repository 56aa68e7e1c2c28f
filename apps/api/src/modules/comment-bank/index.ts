/** The comment bank's public entry (issue 20.4): 'Mis comentarios', a teacher's own reusable comments. */
export { commentBankRoutes } from './comment-bank.routes';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { commentBankPersonalData } from './personal-data';
