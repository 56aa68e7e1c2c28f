import { describe, expect, it, vi } from 'vitest';
import { clearSession, getRefreshToken, getToken, setTokens, subscribeSession } from './session';

const unsavedKey = 'fics-unsaved:user-1:new';

function storeSessionAndWork() {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  localStorage.setItem('theme', 'dark');
  localStorage.setItem(unsavedKey, '{"title":"Mi cuento"}');
}

describe('session', () => {
  it('an expired session clears the tokens and everything else but keeps the unsaved stories', () => {
    storeSessionAndWork();
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);

    clearSession('expired');

    expect(getToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(localStorage.getItem('theme')).toBeNull();
    expect(localStorage.getItem(unsavedKey)).toBe('{"title":"Mi cuento"}');
    expect(listener).toHaveBeenCalledWith('clear');
    unsubscribe();
  });

  it('ends an expired session by default, so callers that do not say why never lose a story', () => {
    storeSessionAndWork();
    clearSession();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(unsavedKey)).not.toBeNull();
  });

  it('a logout clears all local storage, as the spec says, except the unsaved stories of their writers', () => {
    storeSessionAndWork();
    clearSession('logout');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('theme')).toBeNull();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem(unsavedKey)).toBe('{"title":"Mi cuento"}');
  });
});
