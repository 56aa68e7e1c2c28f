/** The notifications module's public entry: other modules import only from here. */
export { notificationsRoutes } from './notifications.routes';
export { notificationsSubscriber } from './notifications.subscriber';
