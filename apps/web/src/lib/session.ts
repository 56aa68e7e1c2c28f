import { useSyncExternalStore } from 'react';

/** localStorage keys (spec 001 §3: the access token lives under `token`). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

/**
 * Why the stored token changed. `refresh` is the api client's silent rotation: the session is the same,
 * so listeners that reload the user can ignore it.
 */
export type SessionChange = 'login' | 'refresh' | 'clear' | 'external';
type Listener = (change: SessionChange) => void;

const listeners = new Set<Listener>();

function emit(change: SessionChange): void {
  for (const listener of listeners) {
    listener(change);
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes); behave as signed out.
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

/** Stores a token pair; `change` tells listeners whether this is a new session or a rotation. */
export function setTokens(
  tokens: { accessToken: string; refreshToken: string },
  change: 'login' | 'refresh' = 'login',
): void {
  localStorage.setItem(TOKEN_KEY, tokens.accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  emit(change);
}

/**
 * Prefix of the fic editor's copies of unsaved work (`fics-unsaved:<userId>:<new|storyId>`). They
 * belong to no session: a story written while the session expired, or left in this browser before
 * logging out, must survive it (issues 9 and 18). They are filed under their writer's id and only
 * ever offered to that user, so on a shared school computer the next child never sees them.
 */
export const UNSAVED_WORK_PREFIX = 'fics-unsaved:';

/**
 * Why the local session ends. `expired`: the server refused the token (a failed refresh, a 401 on
 * the current user). `logout`: the user asked to leave (after the account menu asked what to do with
 * the work open in an editor).
 */
export type SessionEnd = 'expired' | 'logout';

/**
 * Ends the local session. The spec (000 §4) clears all local storage, not only the tokens; either
 * way the editor's copies of unsaved work (UNSAVED_WORK_PREFIX) stay for their writer's next login
 * (docs/decisions/stories.md, "Unsaved work and the session").
 */
export function clearSession(_reason: SessionEnd = 'expired'): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      if (key !== null && !key.startsWith(UNSAVED_WORK_PREFIX)) {
        localStorage.removeItem(key);
      }
    }
  } catch {
    // Nothing stored that we could clear.
  }
  emit('clear');
}

/** Subscribes to token changes in this tab and, through the storage event, in other tabs. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // key null means another tab called localStorage.clear().
    if (event.key === null || event.key === TOKEN_KEY) {
      listener('external');
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const subscribeToken = (onChange: () => void) => subscribeSession(() => onChange());

/** The stored access token, re-rendering when it changes (here or in another tab). */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
