/** The auth module's public entry (signing in, tokens, recovery): other modules import only from here. */
export { authRoutes } from './auth.routes';
