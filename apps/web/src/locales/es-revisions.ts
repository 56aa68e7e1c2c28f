/** Texts of 'Cambios' (issue 20.3): the word-level changes between two rounds of a fic. */
export const revisions = {
  open: 'Cambios',
  title: 'Cambios entre rondas',
  from: 'Ronda anterior',
  to: 'Ronda posterior',
  option: 'Ronda {{round}} · {{date}} · {{words}}',
  legend: 'Leyenda',
  added: 'Agregado',
  removed: 'Eliminado',
  addedPrefix: 'Agregado: ',
  removedPrefix: 'Eliminado: ',
  titleLabel: 'Título',
  textLabel: 'Texto',
  noChanges: 'No hay cambios de palabras entre estas rondas.',
  sameRound: 'Elige dos rondas distintas para comparar.',
  close: 'Cerrar',
} as const;
