/**
 * The one Spanish catalog (architecture.md §2). Texts quoted by the spec are kept verbatim,
 * accents and typos included ('satisfatoriamente', 'tú contraseña'): they are requirements.
 * Add keys under the feature that shows them; `t('feature.key')` is type-checked against `Catalog`.
 * Texts the API words too (validation, success and refusal messages) and limits live in
 * packages/contracts: screens import them from there, and this catalog never copies one.
 *
 * Two parts, one catalog: this file holds what the first screen (the shell and the home gallery)
 * shows, bundled with it; es-lazy.ts holds every other screen's texts, loaded at the visitor's first
 * touch, click or key (main.tsx) and always before a lazy page renders (lib/i18n.ts). A section goes
 * here only if the home or the shell uses it (lib/i18n.test.ts checks it).
 */
import { shellTexts } from '@fics/contracts/shell-texts';
import type { LazyCatalog } from './es-lazy';
import { gallery } from './es-gallery';

export const es = {
  common: {
    appName: shellTexts.appName,
    loading: 'Cargando...',
    close: 'Cerrar',
    cancel: 'Cancelar',
    accept: 'Aceptar',
    delete: 'Eliminar',
    back: 'Regresar',
    send: 'Enviar',
    goHome: 'Volver al home',
    emptyResults: 'Sin resultados',
    retry: 'Reintentar',
    nothingToShow: 'Nada que mostrar...',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
  },
  errors: {
    generic: 'Ha ocurrido un problema',
    genericInline: 'Algo ha salido mal. Intente de nuevo más tarde.',
    loadFailed: 'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
    network: 'No se pudo conectar con el servidor, revisa tu conexión e intenta de nuevo.',
    timeout: 'El servidor tardó demasiado en responder, intenta de nuevo.',
  },
  /** Shared paging controls (components/PageControls.tsx). */
  paging: {
    rowsPerPage: 'Filas por página',
    range: '{{from}}–{{to}} de {{total}}',
    first: 'Primera página',
    previous: 'Página anterior',
    next: 'Página siguiente',
    last: 'Última página',
    shown: 'Mostrando {{shown}} de {{total}}',
    loadMore: shellTexts.loadMore,
  },
  confirm: {
    title: '¿Estás seguro?',
    deleteWarning: 'Esta acción no puede ser reversada, asegurese antes de continuar.',
  },
  header: {
    login: shellTexts.login,
    logout: 'Log out',
    accountMenu: 'Menú de la cuenta',
  },
  menu: {
    profile: 'Perfil',
    users: 'Usuarios',
    schools: 'Escuelas',
    changeRequests: 'Solicitudes de cambio',
    registerRequests: 'Solicitudes de creación de cuentas',
    newFic: 'Crear Fic',
    myFics: 'Mis fics',
    reviewFics: 'Corregir fic',
    publishedFics: 'Fics publicados',
    myRubrics: 'Mis rúbricas',
    reports: 'Reportes',
    privacyRequests: 'Solicitudes de datos',
    securityIncidents: 'Incidentes de seguridad',
  },
  home: {
    welcomeTitle: 'Cuentos escritos en la sala de clases',
    welcomeText:
      'En Fics los estudiantes escriben sus historias, sus docentes las revisan y las mejores se publican aquí para que todos las lean.',
    galleryTitle: 'Fics publicados',
  },
  notFound: {
    title: 'Ups, esta pagina no existe...',
    back: 'Regresar',
  },
  crash: {
    title: 'Ups, algo ha salido mal',
    goHome: 'Ir al home',
  },
  gallery,
} as const;

/** Every text of the app: the keys `t` accepts. */
export type Catalog = typeof es & LazyCatalog;
