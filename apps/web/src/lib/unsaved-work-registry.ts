/**
 * Issue 18.1, "logging out throws away unsaved writing": one place where an open editor says it has
 * work the user would lose, so the ways a session ends ask it first instead of each page wiring its
 * own warning. The fic editor registers itself while it is on screen; the account menu's
 * 'Cerrar sesión' asks the registered work what to do (save, keep writing, discard), and the api
 * client, when the server refuses the session, has it written to the browser and remembers where
 * it was, so the same user finds it again after logging in (features/stories UnsavedWorkResume).
 */
import { useEffect, useRef } from 'react';

/** What saving before logging out came to. */
export type SaveOutcome =
  /** Saved on the server: nothing left to lose. */
  | 'saved'
  /** The form refused it: its messages are on screen, the user stays. */
  | 'invalid'
  /** The server or the network refused it: the form says why, the user stays. */
  | 'failed';

export interface OpenWork {
  /** Whose work it is: only this user is offered it again. */
  userId: string;
  /** The page where the work is resumed (the editor's own path). */
  path: string;
  /** A new piece ('Guardar borrador') or changes to a saved one ('Guardar cambios'). */
  kind: 'create' | 'edit';
  /** Whether there is something to lose right now. */
  hasWork: () => boolean;
  /** Saves it where it belongs (a draft, or the fic's changes). */
  save: () => Promise<SaveOutcome>;
  /** After a refused save, once the question is gone: moves focus to the form's first error. */
  showErrors: () => void;
  /** Throws it away: the browser's copy goes too, and the page stops asking before leaving. */
  discard: () => void;
  /** Writes the browser's copy now (the session is ending; the page is about to go). */
  keep: () => void;
}

const entries = new Set<OpenWork>();

/** Registers open work; returns the function that unregisters it. */
export function registerUnsavedWork(work: OpenWork): () => void {
  entries.add(work);
  return () => {
    entries.delete(work);
  };
}

/** The open work with something to lose, or null (at most one editor is open at a time). */
export function pendingUnsavedWork(): OpenWork | null {
  for (const work of entries) {
    if (work.hasWork()) {
      return work;
    }
  }
  return null;
}

/**
 * Registers the work while the calling component is mounted. `work` may change every render: the
 * registry always calls the latest functions.
 */
export function useRegisterUnsavedWork(work: OpenWork | null): void {
  const latest = useRef(work);
  useEffect(() => {
    latest.current = work;
  });
  const active = work !== null;
  useEffect(() => {
    if (!active) {
      return undefined;
    }
    return registerUnsavedWork({
      get userId() {
        return latest.current?.userId ?? '';
      },
      get path() {
        return latest.current?.path ?? '/';
      },
      get kind() {
        return latest.current?.kind ?? 'create';
      },
      hasWork: () => latest.current?.hasWork() ?? false,
      save: () => latest.current?.save() ?? Promise.resolve('saved'),
      showErrors: () => latest.current?.showErrors(),
      discard: () => latest.current?.discard(),
      keep: () => latest.current?.keep(),
    });
  }, [active]);
}

/** Where the writing was when the session expired, for the same user's next login in this tab. */
export interface ResumePoint {
  userId: string;
  path: string;
}

// sessionStorage: one tab's, and untouched by clearing the session's localStorage.
const RESUME_KEY = 'fics-resume-writing';

type ResumeListener = () => void;
const resumeListeners = new Set<ResumeListener>();

/**
 * The server refused the session: the open work is written to the browser now, and where it was is
 * remembered. Returns that place, or null when nothing was open.
 */
export function keepUnsavedWorkOnExpiry(): ResumePoint | null {
  const work = pendingUnsavedWork();
  if (!work) {
    return null;
  }
  work.keep();
  const point = { userId: work.userId, path: work.path };
  try {
    sessionStorage.setItem(RESUME_KEY, JSON.stringify(point));
  } catch {
    // No session storage: the copy is still in localStorage and the editor offers it on opening.
  }
  // Told once the caller has ended the session (the same task): never to a still signed-in screen.
  queueMicrotask(notifyResume);
  return point;
}

function notifyResume(): void {
  for (const listener of resumeListeners) {
    listener();
  }
}

/** The place remembered by keepUnsavedWorkOnExpiry, if any. */
export function readResumePoint(): ResumePoint | null {
  try {
    const raw = sessionStorage.getItem(RESUME_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<ResumePoint>) : null;
    if (value && typeof value.userId === 'string' && typeof value.path === 'string') {
      return { userId: value.userId, path: value.path };
    }
  } catch {
    // Unreadable: as if there were none.
  }
  return null;
}

export function forgetResumePoint(): void {
  try {
    sessionStorage.removeItem(RESUME_KEY);
  } catch {
    // Nothing to forget.
  }
  notifyResume();
}

/** Called when a resume point is remembered (the session just expired in this tab) or forgotten. */
export function subscribeResumePoint(listener: ResumeListener): () => void {
  resumeListeners.add(listener);
  return () => {
    resumeListeners.delete(listener);
  };
}
