import { describe, expect, it, vi } from 'vitest';
import {
  forgetResumePoint,
  keepUnsavedWorkOnExpiry,
  pendingUnsavedWork,
  readResumePoint,
  registerUnsavedWork,
  subscribeResumePoint,
  type OpenWork,
} from './unsaved-work-registry';

const openWork = (hasWork: boolean): OpenWork => ({
  userId: 'student-1',
  path: '/fics/nuevo',
  kind: 'create',
  hasWork: () => hasWork,
  save: vi.fn(async () => 'saved' as const),
  showErrors: vi.fn(),
  discard: vi.fn(),
  keep: vi.fn(),
});

describe('unsaved work registry', () => {
  it('answers the registered work that has something to lose, and forgets it when unregistered', () => {
    const clean = registerUnsavedWork(openWork(false));
    expect(pendingUnsavedWork()).toBeNull();
    const dirty = openWork(true);
    const unregister = registerUnsavedWork(dirty);
    expect(pendingUnsavedWork()).toBe(dirty);
    unregister();
    clean();
    expect(pendingUnsavedWork()).toBeNull();
  });

  it('on an expired session writes the open work to the browser and remembers whose and where', async () => {
    expect(keepUnsavedWorkOnExpiry()).toBeNull();
    expect(readResumePoint()).toBeNull();

    const work = openWork(true);
    const unregister = registerUnsavedWork(work);
    const listener = vi.fn();
    const unsubscribe = subscribeResumePoint(listener);
    expect(keepUnsavedWorkOnExpiry()).toEqual({ userId: 'student-1', path: '/fics/nuevo' });
    expect(work.keep).toHaveBeenCalledTimes(1);
    expect(readResumePoint()).toEqual({ userId: 'student-1', path: '/fics/nuevo' });
    // Told after the caller ended the session, not while the screen is still signed in.
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);

    forgetResumePoint();
    expect(readResumePoint()).toBeNull();
    unsubscribe();
    unregister();
  });
});
