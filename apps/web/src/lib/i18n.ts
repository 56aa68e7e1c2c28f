import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { es, type Catalog } from '../locales/es';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

// Synchronous init: the catalog is bundled, so the first render already has its texts.
void i18next.use(initReactI18next).init({
  lng: 'es',
  fallbackLng: 'es',
  resources: { es: { translation: es } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;
/** Translate outside React (api client, toasts fired from callbacks). */
export const t = i18next.t.bind(i18next);
