/**
 * Texts of the first screen that both apps print: the web app's catalog (apps/web/src/locales) uses
 * them, and the API's server-painted home (modules/web-shell) paints the same words before the app
 * loads. Kept here so neither app imports the other's source.
 */
export const shellTexts = {
  appName: 'Fics',
  login: 'Ingresar',
  loadMore: 'Ver más',
  anonymous: 'Anónimo',
  gallery: {
    title: 'Fics publicados',
    subtitle: 'Cuentos escritos por estudiantes y publicados por sus docentes.',
    listLabel: 'Fics',
    /** After the like count, for screen readers: '12 me gusta'. */
    likes: 'me gusta',
    toggle: 'Filtrar fics',
  },
} as const;

/**
 * The mark the server-painted home's inline script leaves on `<html>` when its 'Ingresar' is tapped
 * before the app runs (apps/api web-shell/home.ts, PAINTED_LOGIN_SCRIPT): the web app's boot.ts
 * starts the app and the login at once when it finds it, and LoginDialogProvider opens the dialog
 * and removes it. One name for the three.
 */
export const EARLY_LOGIN_ATTRIBUTE = 'data-login-wanted';
