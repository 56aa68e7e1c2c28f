import type { Notification } from '@fics/contracts';

/**
 * Where a notification leads: the fic's review page for what happens during review (sent, evaluated,
 * returned: the evaluation is read there), the fic for its publication, its comments for a comment or
 * a reply, the request's list for a request, the 'Reportes' queue for a new moderation case. Notes on passages: the author reads and answers them on
 * the fic's page, a note's writer (a teacher) on the review page. Null when what it was about is gone.
 */
export function notificationLink(
  notification: Pick<Notification, 'type' | 'storyId' | 'requestKind'>,
): string | null {
  const { type, storyId } = notification;
  if (type === 'REQUEST_CREATED') {
    return notification.requestKind === 'CHANGE' ? '/cambios' : '/registros';
  }
  if (type === 'REPORT_CREATED') {
    return '/reportes';
  }
  // A comment or reply waiting for the teacher's approval (issue 21.5-6): the 'Por aprobar' view.
  if (type === 'COMMENT_HELD') {
    return '/reportes?vista=por-aprobar';
  }
  if (type === 'PRIVACY_REQUEST_CREATED' || type === 'PRIVACY_REQUEST_DUE') {
    return '/solicitudes-datos';
  }
  if (type === 'SECURITY_INCIDENT_RECORDED') {
    return '/incidentes-seguridad';
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
    // COMMENT_APPROVED, to its writer: the approved comment shows among the fic's comments.
    case 'STORY_COMMENTED':
    case 'COMMENT_REPLIED':
    case 'COMMENT_APPROVED':
      return `/fics/${storyId}#comentarios`;
    // A reporter's outcome and a removal (issue 21.3): the fic (a removed fic's author reads it there
    // to correct it; a removed comment's fic is where the conversation was). No fic (one taken out of
    // publication, for its reporters): no link.
    case 'REPORT_SETTLED':
    case 'CONTENT_REMOVED':
      return `/fics/${storyId}`;
    // STORY_PUBLISHED, and the author's notes: ANNOTATION_ADDED, _REPLIED, _REOPENED.
    default:
      return `/fics/${storyId}`;
  }
}
