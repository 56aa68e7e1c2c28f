import { describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../db/client';
import type { DomainEvent } from '../events';
import { galleryCacheSubscriber } from './gallery-cache.subscriber';

/** Whether handling the event schedules a clear of the visitors' pages (after the commit only). */
async function clears(event: Omit<DomainEvent, 'id' | 'storyId' | 'actor' | 'occurredAt'>): Promise<boolean> {
  const tasks: (() => void)[] = [];
  const full = { id: 1, storyId: 'f', actor: null, occurredAt: new Date(), ...event } as DomainEvent;
  await galleryCacheSubscriber.handle({} as Tx, full, {
    db: {} as Db,
    publicUrl: 'https://fics.test',
    afterCommit: (task) => tasks.push(task),
  });
  tasks.forEach((task) => task());
  return tasks.length > 0;
}

describe('the gallery cache subscriber', () => {
  it('clears the visitors’ pages when what they show changed: a fic published, or a published one edited or deleted', async () => {
    const fic = { authorId: 'a', title: 'T' };
    expect(await clears({ type: 'story.published', payload: fic })).toBe(true);
    expect(
      await clears({ type: 'story.updated', payload: { ...fic, writingTime: null, published: true } }),
    ).toBe(true);
    expect(
      await clears({ type: 'story.deleted', payload: { ...fic, gradeId: 'g', wasPublished: true } }),
    ).toBe(true);
    // A draft or a fic under review is in no gallery page.
    expect(
      await clears({ type: 'story.updated', payload: { ...fic, writingTime: 5, published: false } }),
    ).toBe(false);
    expect(
      await clears({ type: 'story.deleted', payload: { ...fic, gradeId: 'g', wasPublished: false } }),
    ).toBe(false);
    // Moderation (issue 21.2-3): hidden for review, shown again, taken out of publication.
    expect(await clears({ type: 'story.hidden', payload: fic })).toBe(true);
    expect(await clears({ type: 'story.shown', payload: fic })).toBe(true);
    expect(await clears({ type: 'story.withdrawn', payload: fic })).toBe(true);
    // A guardian's consent given, refused or withdrawn (issue 22.5) moves a student's fics on or off it.
    for (const status of ['GRANTED', 'REFUSED', 'WITHDRAWN'] as const) {
      expect(
        await clears({
          type: 'guardian_consent.decided',
          payload: { consentId: 'c', studentId: 's', status },
        }),
      ).toBe(true);
    }
    expect(galleryCacheSubscriber.types).toEqual([
      'story.published',
      'story.updated',
      'story.deleted',
      'story.hidden',
      'story.shown',
      'story.withdrawn',
      'guardian_consent.decided',
    ]);
  });
});
