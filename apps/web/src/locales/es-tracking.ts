/**
 * Texts of the user activity page (/usuarios/:userId); part of the one catalog in es.ts. Messages the API words too (validation, success,
 * refusals, empty and end-of-list texts) and limits come from @fics/contracts, never from here.
 * The list's title ('Actividad Reciente'), its empty text and the label of each action come from
 * trackingMessages and trackingLabels there.
 */
export const tracking = {
  backToUsers: 'Usuarios',
  loadingUser: 'Cargando usuario',
  loadingActivity: 'Cargando actividad',
  /** A fic deleted since: its title as it was, without a link. */
  storyDeleted: '{{title}} (eliminada)',
  /** A line whose comment or reply was deleted later ('Comentó una fic (comentario eliminado)'). */
  commentDeleted: '{{label}} (comentario eliminado)',
  replyDeleted: '{{label}} (respuesta eliminada)',
  /** A block line whose other student's account is gone. */
  personGone: 'una cuenta que ya no existe',
  comment: 'Comentario',
  reply: 'Respuesta',
  writingTime: '{{time}} de escritura',
  seconds: '{{count}} s',
  minutes: '{{count}} min',
  hoursMinutes: '{{hours}} h {{minutes}} min',
  hours: '{{hours}} h',
  onlyStudents: 'Solo se registra la actividad de los estudiantes.',
  forbidden: 'No tienes permiso para ver la actividad de este usuario.',
  forbiddenHint: 'Los docentes pueden ver solo a los estudiantes de sus cursos.',
  notFound: 'Este usuario no existe o ya no está disponible.',
} as const;
