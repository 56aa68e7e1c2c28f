/**
 * Texts of the student's fic list and the fic page; part of the one catalog (the lazy part, es-lazy.ts). Status labels
 * and the API's messages (sent, deleted, not found, 409s) come from @fics/contracts, never from here.
 */
import { shellTexts } from '@fics/contracts/shell-texts';

export const stories = {
  myStoriesTitle: 'Mis fics',
  personal: 'Información personal',
  personalHelp:
    'Contiene información personal: solo la ven su autor/a, los profesores de su curso y la administración, aunque esté publicada.',
  add: 'Añadir',
  listLabel: 'Mis fics',
  pages: 'Páginas de mis fics',
  total_one: '{{formatted}} fic',
  total_other: '{{formatted}} fics',
  columnTitle: 'Título',
  columnStatus: 'Estado',
  columnDate: 'Fecha',
  columnActions: 'Acciones',
  view: 'Ver',
  viewStory: 'Ver {{title}}',
  emptyAction: 'Escribir una fic',

  // The fic page (/fics/:storyId).
  editingBanner: 'FIC EN EDICIÓN',
  bannerStatus: 'Estado:',
  anonymous: shellTexts.anonymous,
  byLine: 'Por {{name}}',
  realAuthor: 'Autor real: {{name}}',
  showRealAuthor: 'Mostrar autor',
  hideRealAuthor: 'Ocultar autor',
  words_one: '{{formatted}} palabra',
  words_other: '{{formatted}} palabras',
  readingTime: '{{minutes}} min de lectura',
  /** Where it was written (issue 18.5): the name for readers, the rounded point for a few. */
  place: 'Escrita en {{place}}',
  placeMarked: 'Escrita en un lugar marcado en el mapa',
  placeOnMap: 'Ver en el mapa (aproximado, a 1 km)',
  tags: 'Etiquetas',
  tagLink: 'Ver fics con la etiqueta {{tag}}',
  actions: 'Acciones de la fic',
  edit: 'Editar',
  delete: 'Eliminar',
  send: 'Enviar fic',
  deleteTitle: '¿Eliminar esta fic?',
  sendTitle: '¿Enviar tu fic a revisión?',
  sendWarning:
    'Una vez enviada, no podrás editarla hasta que tu docente la revise. Asegúrate de que esté lista antes de continuar.',
  editTitle: 'Editar fic',
  unsavedWork: 'Tienes cambios de esta fic guardados en este navegador que aún no se han guardado.',
  unsavedWorkAction: 'Recuperar',
  unsavedWorkDiscard: 'Descartar',
  goHome: 'Volver al home',
  viewEvaluation: 'Ver evaluación',
  correct: 'Corregir fic',
  publish: 'Publicar',
  publishTitle: '¿Publicar esta fic?',
  publishWarning: 'Todos podrán leerla y su evaluación ya no se podrá cambiar. Su autor recibirá un aviso.',

  // The review page (/fics/:storyId/revision).
  editMode: 'Modo edición',
  evaluate: 'Evaluar',
} as const;
