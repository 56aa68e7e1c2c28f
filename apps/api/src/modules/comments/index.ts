/** The comments module's public entry: other modules import only from here. */
export { commentsRoutes } from './comments.routes';
