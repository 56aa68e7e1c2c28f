import type { EventSubscriber } from '../events';
import { invalidateGallery } from './gallery.service';

/**
 * Visitors' gallery pages kept in memory (gallery.service.ts) are dropped when a fic is published,
 * or a published one edited, deleted, hidden for review, shown again or withdrawn by moderation: once the delivery has committed, so a visitor never reads
 * the old page again after the change is visible. Delivery runs before the write's answer is sent,
 * so whoever made the change sees it on their next visit. Clearing twice is harmless (at least once).
 */
export const galleryCacheSubscriber: EventSubscriber = {
  name: 'stories.gallery-cache',
  types: [
    'story.published',
    'story.updated',
    'story.deleted',
    'story.hidden',
    'story.shown',
    'story.withdrawn',
    'guardian_consent.decided',
  ],
  handle(_tx, event, context) {
    const shown =
      event.type === 'story.published' ||
      // Moderation (issue 21.2-3): hidden for review, shown again, taken out of publication.
      event.type === 'story.hidden' ||
      event.type === 'story.shown' ||
      event.type === 'story.withdrawn' ||
      // A guardian's consent given or withdrawn (issue 22.5) moves a student's fics on or off the shelf.
      event.type === 'guardian_consent.decided' ||
      (event.type === 'story.updated' && event.payload.published) ||
      (event.type === 'story.deleted' && event.payload.wasPublished);
    if (shown) {
      context.afterCommit(() => invalidateGallery(context.db));
    }
    return Promise.resolve();
  },
};
