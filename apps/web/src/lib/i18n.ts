/*
 * The app's translations: the one Spanish catalog (locales/es.ts, typed `Catalog`) and `t`.
 *
 * The screens are written against react-i18next's API (`const { t } = useTranslation()`, keys
 * type-checked through i18next's CustomTypeOptions below), but what runs is this file's small
 * engine (lib/react-i18next-lite.ts is aliased to 'react-i18next' by vite.config.ts and
 * vitest.config.ts): the app uses one language, one namespace, `{{name}}` interpolation and
 * `_one`/`_other` plurals, and the two libraries weighed 17 kB gzip of the home's first download
 * (docs/decisions/home-performance.md). i18n.test.ts checks every key of the catalog gives what
 * i18next itself gives.
 */
import type { TFunction } from 'i18next';
import { es, type Catalog } from '../locales/es';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

type Texts = { [key: string]: string | Texts };
type Options = Record<string, unknown> & { count?: number };

const plurals = new Intl.PluralRules('es');

/** The catalog loaded so far: the first screen's texts at once, the rest by loadAllTexts. */
const store: Texts = { ...(es as unknown as Texts) };
let version = 0;
const listeners = new Set<() => void>();
/** Whether a screen asked for a text not loaded yet (then it is drawn again when texts arrive). */
let missed = false;

function lookup(key: string): string | undefined {
  let node: string | Texts | undefined = store;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') {
      return undefined;
    }
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function translate(key: string, options?: Options): string {
  let text: string | undefined;
  if (typeof options?.count === 'number') {
    const { count } = options;
    text =
      (count === 0 ? lookup(`${key}_zero`) : undefined) ??
      lookup(`${key}_${plurals.select(count)}`) ??
      lookup(`${key}_other`);
  }
  text ??= lookup(key);
  if (text === undefined) {
    missed = true;
    return key;
  }
  return options
    ? text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
        const value = options[name];
        return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : whole;
      })
    : text;
}

/** Translate outside React (api client, toasts fired from callbacks). */
export const t = translate as unknown as TFunction;

/** The engine as react-i18next-lite shows it to components. */
export const i18n = {
  language: 'es',
  t,
  /** Adds texts (a part of the catalog); screens that used `t` draw again if one lacked a text. */
  addTexts(texts: Texts): void {
    Object.assign(store, texts);
    if (!missed) {
      // Nothing on screen lacks a text: drawing every screen again would only cost a phone time.
      return;
    }
    missed = false;
    version += 1;
    for (const listener of listeners) {
      listener();
    }
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Changes whenever texts are added. */
  version: () => version,
};

let allTexts: Promise<void> | undefined;

/** Loads the rest of the catalog once (every screen's texts but the first one's). */
export function loadAllTexts(): Promise<void> {
  allTexts ??= import('../locales/es-lazy').then(({ esLazy }) => {
    i18n.addTexts(esLazy);
  });
  return allTexts;
}

/**
 * For `lazy()`: loads a module together with the rest of the catalog, so a lazy page or dialog
 * never renders a key instead of its text. `lazy(() => withAllTexts(() => import('./X')))`.
 */
export function withAllTexts<M>(load: () => Promise<M>): Promise<M> {
  return Promise.all([load(), loadAllTexts()]).then(([module]) => module);
}
