/** The health module's public entry. */
export { healthRoutes } from './health.routes';
