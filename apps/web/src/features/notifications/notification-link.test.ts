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
  });

  it('leads nowhere once the fic is gone', () => {
    expect(notificationLink({ type: 'STORY_PUBLISHED', storyId: null, requestKind: null })).toBeNull();
  });
});
