/**
 * Texts of the review screens; part of the one catalog in es.ts. Messages the API words too (validation,
 * success, refusals) and limits come from @fics/contracts, never from here.
 */
export const review = {
  // The teacher's two lists (/fics/revision, /fics/publicadas).
  reviewTitle: 'Fics para Revisión',
  publishedTitle: 'Fics Publicados',
  reviewListLabel: 'Fics para revisión',
  publishedListLabel: 'Fics publicados',
  reviewPages: 'Páginas de fics para revisión',
  publishedPages: 'Páginas de fics publicados',
  total_one: '{{formatted}} fic',
  total_other: '{{formatted}} fics',
  columnStudent: 'Alumno',
  columnSchool: 'Colegio / Curso',
  columnStory: 'Fic',
  columnStatus: 'Estado',
  columnDate: 'Fecha',
  columnActions: 'Acciones',
  statusFilter: 'Estado',
  allStatuses: 'Todos',
  showAll: 'Ver todas',
  /** A hidden author's pseudonym, and the marker beside a real name the evaluator may see. */
  pseudonym: 'Seudónimo: {{name}}',
  anonymousMarker: 'Anónima',
  correct: 'Corregir fic',
  correctStory: 'Corregir fic: {{title}}',
  view: 'Ver',
  viewStory: 'Ver {{title}}',
  delete: 'Eliminar',
  deleteStory: 'Eliminar {{title}}',
  deleteTitle: '¿Eliminar «{{title}}»?',
  onlyEvaluatorDeletes: 'Solo el docente que evaluó esta fic puede eliminarla',
} as const;
