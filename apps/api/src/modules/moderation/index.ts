/** The moderation module's public entry (issue 21.1-3): nothing depends on it but app.ts. */
export { moderationRoutes } from './moderation.routes';
