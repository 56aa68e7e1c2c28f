/** The rubrics module's public entry. */
export { rubricsRoutes } from './rubrics.routes';
