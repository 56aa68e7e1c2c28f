/** The moderation module's public entry (issue 21.1-3): nothing depends on it but app.ts. */
export { moderationRoutes } from './moderation.routes';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { moderationPersonalData } from './personal-data';
