/** The evaluations module's public entry: other modules import only from here. */
export { evaluationsRoutes } from './evaluations.routes';
