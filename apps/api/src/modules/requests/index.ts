/** The requests module's public entry: other modules import only from here. */
export { requestsRoutes } from './requests.routes';
export { requestsMailSubscriber } from './requests.subscriber';
