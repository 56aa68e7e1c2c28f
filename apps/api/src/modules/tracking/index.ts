/** The tracking module's public entry: other modules import only from here. */
export { recordActivity } from './record';
export { LOGOUT_REPEAT_WINDOW_MS, recordActivityOnce } from './record-once';
export { trackingRoutes } from './tracking.routes';
export { trackingSubscriber } from './tracking.subscriber';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { trackingPersonalData } from './personal-data';
