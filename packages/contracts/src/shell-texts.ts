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
