/** The comment bank's public entry (issue 20.4): 'Mis comentarios', a teacher's own reusable comments. */
export { commentBankRoutes } from './comment-bank.routes';
