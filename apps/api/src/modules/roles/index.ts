/** The roles module's public entry. */
export { rolesRoutes } from './roles.routes';
