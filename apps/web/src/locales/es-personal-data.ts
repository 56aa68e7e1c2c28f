/**
 * Texts of 'Mis datos' (issue 22.2): the section of /perfil and the administrators' 'Descargar
 * datos' on a user's page. The API's messages (the hourly limit) come from @fics/contracts.
 */
export const personalData = {
  title: 'Mis datos',
  intro:
    'Descarga un archivo ZIP con todos los datos personales que Fics guarda sobre ti (Ley 21.719). Contiene:',
  download: 'Descargar mis datos',
  downloading: 'Preparando tus datos…',
  hourly: 'Puedes descargarlos una vez por hora.',
  failed: 'No se pudieron descargar tus datos. Intenta de nuevo.',
  adminDownload: 'Descargar datos',
  adminDownloadLabel: 'Descargar los datos personales de {{name}}',
  adminFailed: 'No se pudieron descargar los datos. Intenta de nuevo.',
};
