/** The privacy-requests module's public entry (issue 22.3): other modules import only from here. */
export { privacyRequestsRoutes } from './privacy-requests.routes';
export { privacyRequestsMailSubscriber } from './privacy-requests.subscriber';
export { privacyDeadlinesPlugin } from './privacy-requests.plugin';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { privacyRequestsPersonalData } from './personal-data';
