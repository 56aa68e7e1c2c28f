/**
 * Issue 9, "a story is never lost": the fic editor keeps a copy of the unsaved work in localStorage
 * while the student writes, and offers it back after a closed tab, a crash or an expired session
 * (lib/session keeps these keys when a session expires). The copy is written 1 s after the last
 * change and at once when the page is hidden or left; a successful save or send removes it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { UNSAVED_WORK_PREFIX } from '../../lib/session';

/** What the editor keeps: everything but the cover (a blob too big for localStorage's few MB). */
export interface UnsavedWork {
  title: string;
  text: string;
  tags: string[];
  anonymity: boolean;
  nickname: boolean;
  nicknameValue: string;
  /** 'Contiene información personal'; absent in copies kept before the mark existed. */
  personal?: boolean;
  location: string;
  locationURL: string | null;
  /** Seconds written so far in the form session that left this copy. */
  writingTime: number;
  /** Whether a cover had been chosen (it has to be chosen again). */
  hadCover: boolean;
}

export interface StoredWork extends UnsavedWork {
  /** ISO date of the copy. */
  savedAt: string;
}

/** Copies older than this are dropped instead of offered. */
const MAX_AGE_MS = 60 * 24 * 60 * 60 * 1000;
/** How long after the last change the copy is written. */
export const AUTOSAVE_DELAY_MS = 1000;

/** `fics-unsaved:<userId>:new` for a new fic, `fics-unsaved:<userId>:<storyId>` for an edit. */
export function unsavedWorkKey(userId: string, storyId?: string): string {
  return `${UNSAVED_WORK_PREFIX}${userId}:${storyId ?? 'new'}`;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** The stored copy, or null when there is none or it is unreadable (then it is removed). */
export function readUnsavedWork(key: string): StoredWork | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) {
    return null;
  }
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof StoredWork, unknown>>;
    if (
      isString(value.title) &&
      isString(value.text) &&
      Array.isArray(value.tags) &&
      value.tags.every(isString) &&
      isBoolean(value.anonymity) &&
      isBoolean(value.nickname) &&
      isString(value.nicknameValue) &&
      isString(value.savedAt) &&
      !Number.isNaN(Date.parse(value.savedAt))
    ) {
      return {
        title: value.title,
        text: value.text,
        tags: value.tags,
        anonymity: value.anonymity,
        nickname: value.nickname,
        nicknameValue: value.nicknameValue,
        personal: value.personal === true,
        location: isString(value.location) ? value.location : '',
        locationURL: isString(value.locationURL) ? value.locationURL : null,
        writingTime: typeof value.writingTime === 'number' && value.writingTime >= 0 ? value.writingTime : 0,
        hadCover: value.hadCover === true,
        savedAt: value.savedAt,
      };
    }
  } catch {
    // Not JSON: fall through and remove it.
  }
  removeUnsavedWork(key);
  return null;
}

/** Writes the copy; false when the browser refused (storage full or disabled). */
export function writeUnsavedWork(key: string, work: UnsavedWork, now = new Date()): boolean {
  try {
    const stored: StoredWork = { ...work, savedAt: now.toISOString() };
    localStorage.setItem(key, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
}

export function removeUnsavedWork(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to remove either.
  }
}

/** Whether a copy holds anything a student would miss. */
export function hasContent(work: UnsavedWork): boolean {
  const plain = work.text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return work.title.trim() !== '' || plain !== '' || work.tags.length > 0 || work.nicknameValue.trim() !== '';
}

/**
 * The copy worth offering: one written after the fic was last saved (`updatedAt`; none for a new
 * fic) and not older than 60 days. Anything else is stale and removed.
 */
export function findUnsavedWork(key: string, updatedAt?: string, now = Date.now()): StoredWork | null {
  const work = readUnsavedWork(key);
  if (!work) {
    return null;
  }
  const savedAt = Date.parse(work.savedAt);
  const stale =
    now - savedAt > MAX_AGE_MS ||
    (updatedAt !== undefined && savedAt <= Date.parse(updatedAt)) ||
    !hasContent(work);
  if (stale) {
    removeUnsavedWork(key);
    return null;
  }
  return work;
}

export type AutosaveStatus = { state: 'idle' } | { state: 'saved'; at: Date } | { state: 'failed' };

interface UseUnsavedWorkOptions {
  /** Null while there is no user to file the copy under: nothing is read or written. */
  storageKey: string | null;
  /** The fic's updatedAt in edit mode: older copies are not offered. */
  updatedAt?: string;
  /** The current work, read when the copy is written. */
  snapshot: () => UnsavedWork;
}

/**
 * The editor's side of issue 9. `offer` is a copy found on opening; while it waits for an answer
 * nothing is written, so the copy cannot be overwritten before the student decides. `changed()`
 * schedules a write; `flush()` writes now; `clear()` removes the copy after a successful save.
 */
export function useUnsavedWork({ storageKey, updatedAt, snapshot }: UseUnsavedWorkOptions) {
  const [offer, setOffer] = useState<StoredWork | null>(null);
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const snapshotRef = useRef(snapshot);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);
  const lastWritten = useRef<string | null>(null);
  // Nothing is written before storage was looked at: an old copy must be offered, not overwritten.
  const blocked = useRef(true);

  // Looked at once the user is known (the session may still be loading when the form opens).
  useEffect(() => {
    if (!storageKey) {
      return;
    }
    const found = findUnsavedWork(storageKey, updatedAt);
    blocked.current = found !== null;
    setOffer(found);
    // The fic's updatedAt at opening decides; a save made here changes it but finds nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

  useEffect(() => {
    snapshotRef.current = snapshot;
  });

  const cancelTimer = () => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
  };

  const flush = useCallback(() => {
    cancelTimer();
    if (!storageKey || !pending.current || blocked.current) {
      return;
    }
    pending.current = false;
    const work = snapshotRef.current();
    const { writingTime: _time, ...comparable } = work;
    const signature = JSON.stringify(comparable);
    if (signature === lastWritten.current) {
      return;
    }
    if (!hasContent(work)) {
      // Everything was erased: an empty copy is not worth offering.
      removeUnsavedWork(storageKey);
      lastWritten.current = signature;
      return;
    }
    const now = new Date();
    if (writeUnsavedWork(storageKey, work, now)) {
      lastWritten.current = signature;
      setStatus({ state: 'saved', at: now });
    } else {
      setStatus({ state: 'failed' });
    }
  }, [storageKey]);

  /** Writes the current work now, even if it did not change since the last copy (a failed save). */
  const saveNow = useCallback(() => {
    pending.current = true;
    lastWritten.current = null;
    flush();
  }, [flush]);

  const changed = useCallback(() => {
    pending.current = true;
    cancelTimer();
    timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
  }, [flush]);

  const clear = useCallback(() => {
    cancelTimer();
    pending.current = false;
    lastWritten.current = null;
    if (storageKey) {
      removeUnsavedWork(storageKey);
    }
    setStatus({ state: 'idle' });
  }, [storageKey]);

  /** The student answered the offer: keep writing from now on; `discard` also removes the old copy. */
  const resolveOffer = useCallback(
    (answer: 'restore' | 'discard') => {
      blocked.current = false;
      setOffer(null);
      if (answer === 'discard' && storageKey) {
        removeUnsavedWork(storageKey);
      }
      if (answer === 'restore') {
        // The restored work is on screen now; write it again so a new copy carries today's date.
        pending.current = true;
        lastWritten.current = null;
      }
    },
    [storageKey],
  );

  // A tab closed, switched away from, or frozen by a phone writes what is pending at once.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') {
        flush();
      }
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      // Leaving the page inside the app (or the session ending) unmounts the form: write it too.
      flush();
    };
  }, [flush]);

  return { offer, resolveOffer, status, changed, flush, saveNow, clear };
}
