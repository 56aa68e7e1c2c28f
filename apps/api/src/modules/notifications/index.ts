/** The notifications module's public entry: other modules import only from here. */
export { notificationsRoutes } from './notifications.routes';
export { notificationsSubscriber } from './notifications.subscriber';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { notificationsPersonalData } from './personal-data';
