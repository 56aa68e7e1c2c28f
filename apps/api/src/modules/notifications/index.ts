/** The notifications module's public entry: other modules import only from here. */
export { notificationsRoutes } from './notifications.routes';
export { notificationsSubscriber } from './notifications.subscriber';
/** Kept for the publishing transaction's hand call until `story.published` alone tells it. */
export { notifyStoryPublished } from './notifications.service';
