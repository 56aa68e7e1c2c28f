import type { Notification } from '@fics/contracts';

/**
 * Where a notification leads: the fic's review page for what happens during review (sent, evaluated,
 * returned: the evaluation is read there), the fic for its publication, its comments for a comment or
 * a reply, the request's list for a request. Notes on passages: the author reads and answers them on
 * the fic's page, a note's writer (a teacher) on the review page. Null when what it was about is gone.
 */
export function notificationLink(
  notification: Pick<Notification, 'type' | 'storyId' | 'requestKind'>,
): string | null {
  const { type, storyId } = notification;
  if (type === 'REQUEST_CREATED') {
    return notification.requestKind === 'CHANGE' ? '/cambios' : '/registros';
  }
  if (!storyId) {
    return null;
  }
  switch (type) {
    case 'STORY_TO_REVIEW':
    case 'STORY_EVALUATED':
    case 'STORY_RETURNED':
    case 'ANNOTATION_ANSWERED':
    case 'ANNOTATION_RESOLVED':
    case 'ANNOTATION_ORPHANED':
      return `/fics/${storyId}/revision`;
    case 'STORY_COMMENTED':
    case 'COMMENT_REPLIED':
      return `/fics/${storyId}#comentarios`;
    // STORY_PUBLISHED, and the author's notes: ANNOTATION_ADDED, _REPLIED, _REOPENED.
    default:
      return `/fics/${storyId}`;
  }
}
