/** The privacy-requests module's public entry (issue 22.3): other modules import only from here. */
export { privacyRequestsRoutes } from './privacy-requests.routes';
export { privacyRequestsMailSubscriber } from './privacy-requests.subscriber';
export { privacyDeadlinesPlugin } from './privacy-requests.plugin';
