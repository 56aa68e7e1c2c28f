import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clearSession } from '../../lib/session';
import {
  AUTOSAVE_DELAY_MS,
  findUnsavedWork,
  readUnsavedWork,
  unsavedWorkKey,
  useUnsavedWork,
  writeUnsavedWork,
  type UnsavedWork,
} from './unsaved-work';

const work = (overrides: Partial<UnsavedWork> = {}): UnsavedWork => ({
  title: 'El faro',
  text: '<p>Había una vez un faro.</p>',
  tags: ['mar'],
  anonymity: false,
  nickname: true,
  nicknameValue: 'Gaviota',
  personal: false,
  location: 'Valparaíso',
  locationURL: null,
  writingTime: 120,
  hadCover: true,
  ...overrides,
});

const key = unsavedWorkKey('user-1');

describe('unsaved work storage', () => {
  it('files the copy under fics-unsaved:<user>:new, or the fic id when editing', () => {
    expect(unsavedWorkKey('user-1')).toBe('fics-unsaved:user-1:new');
    expect(unsavedWorkKey('user-1', 'story-9')).toBe('fics-unsaved:user-1:story-9');
  });

  it('reads back what it wrote, with the date of the copy', () => {
    const now = new Date('2025-06-01T10:00:00.000Z');
    expect(writeUnsavedWork(key, work(), now)).toBe(true);
    expect(readUnsavedWork(key)).toEqual({ ...work(), savedAt: now.toISOString() });
  });

  it('drops an unreadable copy', () => {
    localStorage.setItem(key, '{not json');
    expect(readUnsavedWork(key)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ title: 3 }));
    expect(readUnsavedWork(key)).toBeNull();
  });

  it('offers a copy newer than the fic, and forgets one the fic was saved after', () => {
    writeUnsavedWork(key, work(), new Date('2025-06-01T10:00:00.000Z'));
    const now = Date.parse('2025-06-02T00:00:00.000Z');
    expect(findUnsavedWork(key, '2025-06-01T09:00:00.000Z', now)?.title).toBe('El faro');
    expect(findUnsavedWork(key, '2025-06-01T11:00:00.000Z', now)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('does not offer an empty copy or one older than 60 days', () => {
    writeUnsavedWork(key, work({ title: ' ', text: '<p><br></p>', tags: [], nicknameValue: '' }));
    expect(findUnsavedWork(key)).toBeNull();
    writeUnsavedWork(key, work(), new Date('2025-01-01T00:00:00.000Z'));
    expect(findUnsavedWork(key, undefined, Date.parse('2025-04-01T00:00:00.000Z'))).toBeNull();
  });

  it('survives an expired session', () => {
    writeUnsavedWork(key, work());
    clearSession('expired');
    expect(readUnsavedWork(key)?.title).toBe('El faro');
  });
});

describe('useUnsavedWork', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(initial = work(), storageKey: string | null = key) {
    let current = initial;
    const hook = renderHook(() => useUnsavedWork({ storageKey, snapshot: () => current }));
    return {
      hook,
      type: (next: Partial<UnsavedWork>) => {
        current = { ...current, ...next };
        act(() => hook.result.current.changed());
      },
    };
  }

  it('writes the work a second after the last change, not at every keystroke', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const { type, hook } = setup();
    type({ title: 'El f' });
    act(() => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 100);
    });
    type({ title: 'El fa' });
    act(() => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 100);
    });
    expect(localStorage.getItem(key)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(readUnsavedWork(key)?.title).toBe('El fa');
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(hook.result.current.status.state).toBe('saved');
    setItem.mockRestore();
  });

  it('writes at once when the tab is hidden or closed', () => {
    const { type } = setup();
    type({ title: 'Antes de cerrar' });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(readUnsavedWork(key)?.title).toBe('Antes de cerrar');
  });

  it('writes what is pending when the form goes away (leaving the page, an expired session)', () => {
    const { type, hook } = setup();
    type({ text: '<p>Última frase</p>' });
    hook.unmount();
    expect(readUnsavedWork(key)?.text).toBe('<p>Última frase</p>');
  });

  it('offers a copy found on opening and writes nothing until the student answers', () => {
    writeUnsavedWork(key, work({ title: 'Lo de ayer' }), new Date(Date.now() - 60_000));
    const { type, hook } = setup(work({ title: '' }));
    expect(hook.result.current.offer?.title).toBe('Lo de ayer');
    type({ title: 'Otra cosa' });
    act(() => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2);
    });
    expect(readUnsavedWork(key)?.title).toBe('Lo de ayer');

    act(() => hook.result.current.resolveOffer('discard'));
    expect(hook.result.current.offer).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    type({ title: 'Otra cosa más' });
    act(() => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    expect(readUnsavedWork(key)?.title).toBe('Otra cosa más');
  });

  it('removes the copy after a successful save', () => {
    const { type, hook } = setup();
    type({ title: 'Guardada' });
    act(() => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    act(() => hook.result.current.clear());
    expect(localStorage.getItem(key)).toBeNull();
    hook.unmount();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('says so when the browser refuses to store the copy', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { type, hook } = setup();
    type({ title: 'Sin espacio' });
    act(() => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    expect(hook.result.current.status.state).toBe('failed');
    setItem.mockRestore();
  });
});
