/** The requests module's public entry: other modules import only from here. */
export { requestsRoutes } from './requests.routes';
export { requestsMailSubscriber } from './requests.subscriber';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { requestsPersonalData } from './personal-data';
