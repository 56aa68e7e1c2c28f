/*
 * What the screens import as 'react-i18next' (aliased in vite.config.ts and vitest.config.ts; the
 * types stay react-i18next's own, so keys are checked as before): `useTranslation()` giving lib/
 * i18n.ts's `t`, and re-rendering when more of the catalog arrives. Only what the app uses.
 */
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from './i18n';

const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;

export function useTranslation() {
  // Subscribed to the catalog: a screen drawn before the rest of it arrived draws again, with a new
  // `t` (as react-i18next gives), so what was memoised with the old one is worked out again.
  const version = useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version);
  const t = useMemo(() => {
    void version;
    return ((key: string, options?: Record<string, unknown>) => translate(key, options)) as typeof i18n.t;
  }, [version]);
  return { t, i18n, ready: true } as const;
}

/** Kept for the API's sake: there is one engine, nothing to provide. */
export function I18nextProvider({ children }: { children: ReactNode; i18n?: unknown }) {
  return children;
}

export const initReactI18next = { type: '3rdParty', init: () => undefined } as const;
