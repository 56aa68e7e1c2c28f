/**
 * What other features may use of evaluations: the drawer of the fic and review pages (the teacher's
 * form, or the evaluation to read).
 */
export { EvaluationDrawer } from './components/EvaluationDrawer';
