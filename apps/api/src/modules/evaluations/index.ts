/** The evaluations module's public entry: other modules import only from here. */
export { evaluationsRoutes } from './evaluations.routes';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { evaluationsPersonalData } from './personal-data';
