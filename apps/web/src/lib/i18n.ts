import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { es, type Catalog } from '../locales/es';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

// Synchronous init with the first screen's texts (locales/es.ts), bundled with the home page, so the
// first render already has them. The other screens' texts (locales/es-lazy.ts) arrive by loadAllTexts.
void i18next.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  // A copy: adding the rest of the catalog extends i18next's store, never the module's object.
  resources: { es: { translation: { ...es } } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A screen that rendered before the rest of the catalog arrived renders again when it does.
  react: { bindI18nStore: 'added' },
});

export const i18n = i18next;
/** Translate outside React (api client, toasts fired from callbacks). */
export const t = i18next.t.bind(i18next);

let allTexts: Promise<void> | undefined;

/** Loads the rest of the catalog once (every screen's texts but the first one's). */
export function loadAllTexts(): Promise<void> {
  allTexts ??= import('../locales/es-lazy').then(({ esLazy }) => {
    i18next.addResourceBundle('es', 'translation', esLazy, true, false);
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
