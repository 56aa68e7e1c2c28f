/** The annotations module's public entry (issue 20.1-2): notes on passages of a fic. It depends on stories, never the reverse. */
export { annotationsRoutes } from './annotations.routes';
export { annotationsReanchorSubscriber } from './reanchor.subscriber';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { annotationsPersonalData } from './personal-data';
