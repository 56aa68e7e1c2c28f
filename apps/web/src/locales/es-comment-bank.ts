/**
 * Texts of 'Mis comentarios' (issue 20.4), the teacher's comment bank: the picker beside a comment
 * field and its save button. Messages the API words (saved, limits) come from @fics/contracts.
 */
export const commentBank = {
  open: 'Mis comentarios',
  openFor: 'Mis comentarios: {{field}}',
  title: 'Mis comentarios',
  close: 'Cerrar Mis comentarios',
  save: 'Guardar en Mis comentarios',
  saveFor: 'Guardar en Mis comentarios: {{field}}',
  search: 'Buscar en Mis comentarios',
  searchPlaceholder: 'Escribe para buscar',
  listLabel: 'Comentarios guardados',
  pick: 'Usar este comentario',
  used_one: 'Usado {{count}} vez',
  used_other: 'Usado {{count}} veces',
  neverUsed: 'Sin usar',
  more: 'Ver más',
  loading: 'Cargando comentarios...',
  loadFailed: 'No se pudieron cargar tus comentarios.',
  empty:
    'Aún no tienes comentarios guardados. Guarda uno con «Guardar en Mis comentarios» para reutilizarlo aquí.',
  noMatches: 'Ningún comentario coincide con «{{q}}»',
  delete: 'Eliminar comentario',
  deleteConfirm: '¿Eliminar este comentario de Mis comentarios?',
  deleteYes: 'Eliminar',
  deleteNo: 'Cancelar',
} as const;
