/** The rubrics module's public entry. */
export { rubricsRoutes } from './rubrics.routes';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { rubricsPersonalData } from './personal-data';
