/** The client-config module's public entry. */
export { clientConfigRoutes, cspSourceOf } from './client-config.routes';
