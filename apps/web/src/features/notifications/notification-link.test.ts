import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link';

const storyId = '11111111-1111-4111-8111-111111111111';

describe('notificationLink', () => {
  it('leads each type where it happened', () => {
    const link = (
      type: Parameters<typeof notificationLink>[0]['type'],
      requestKind: 'REGISTER' | 'CHANGE' | null = null,
    ) => notificationLink({ type, storyId: type === 'REQUEST_CREATED' ? null : storyId, requestKind });
    expect(link('STORY_TO_REVIEW')).toBe(`/fics/${storyId}/revision`);
    expect(link('STORY_EVALUATED')).toBe(`/fics/${storyId}/revision`);
    expect(link('STORY_RETURNED')).toBe(`/fics/${storyId}/revision`);
    expect(link('STORY_PUBLISHED')).toBe(`/fics/${storyId}`);
    expect(link('STORY_COMMENTED')).toBe(`/fics/${storyId}#comentarios`);
    expect(link('COMMENT_REPLIED')).toBe(`/fics/${storyId}#comentarios`);
    // Notes: the author on the fic's page, the note's writer on the review page.
    expect(link('ANNOTATION_ADDED')).toBe(`/fics/${storyId}`);
    expect(link('ANNOTATION_REPLIED')).toBe(`/fics/${storyId}`);
    expect(link('ANNOTATION_REOPENED')).toBe(`/fics/${storyId}`);
    expect(link('ANNOTATION_ANSWERED')).toBe(`/fics/${storyId}/revision`);
    expect(link('ANNOTATION_RESOLVED')).toBe(`/fics/${storyId}/revision`);
    expect(link('ANNOTATION_ORPHANED')).toBe(`/fics/${storyId}/revision`);
    expect(link('REQUEST_CREATED', 'REGISTER')).toBe('/registros');
    expect(link('REQUEST_CREATED', 'CHANGE')).toBe('/cambios');
    // Moderation (issue 21.3): the fic for an outcome or a removal.
    expect(link('REPORT_SETTLED')).toBe(`/fics/${storyId}`);
    expect(link('CONTENT_REMOVED')).toBe(`/fics/${storyId}`);
    // Held comments (issue 21.5-6): the writer's approved comment among the fic's, a rejection the fic.
    expect(link('COMMENT_APPROVED')).toBe(`/fics/${storyId}#comentarios`);
    expect(link('COMMENT_REJECTED')).toBe(`/fics/${storyId}`);
  });

  it("leads a teacher to 'Por aprobar' for a held comment, with or without a fic", () => {
    expect(notificationLink({ type: 'COMMENT_HELD', storyId, requestKind: null })).toBe(
      '/reportes?vista=por-aprobar',
    );
    expect(notificationLink({ type: 'COMMENT_HELD', storyId: null, requestKind: null })).toBe(
      '/reportes?vista=por-aprobar',
    );
  });

  it('leads a teacher to the queue for a new case, with or without a fic', () => {
    expect(notificationLink({ type: 'REPORT_CREATED', storyId: null, requestKind: null })).toBe('/reportes');
    expect(notificationLink({ type: 'REPORT_CREATED', storyId, requestKind: null })).toBe('/reportes');
  });

  it('leads nowhere once the fic is gone', () => {
    expect(notificationLink({ type: 'STORY_PUBLISHED', storyId: null, requestKind: null })).toBeNull();
    // A fic taken out of publication is not its reporters' to open.
    expect(notificationLink({ type: 'REPORT_SETTLED', storyId: null, requestKind: null })).toBeNull();
  });
});
