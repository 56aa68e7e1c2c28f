/**
 * Texts of blocking (issue 21.4): 'Bloquear' on a comment or reply and its confirmation, and the
 * 'Usuarios bloqueados' section of /perfil. The API's messages come from @fics/contracts (blocks.ts).
 */
export const blocks = {
  block: 'Bloquear',
  blockComment: 'Bloquear a {{name}}',
  confirmTitle: '¿Bloquear a {{name}}?',
  confirmMessage:
    'Ya no verán los comentarios ni las respuestas del otro, y ninguno podrá comentar las fics ni responder los comentarios del otro. {{name}} no recibe ningún aviso. Tus docentes siguen viendo todo. Puedes desbloquear cuando quieras desde tu perfil.',
  confirm: 'Bloquear',
  failed: 'No se pudo bloquear. Intenta de nuevo.',

  // /perfil
  title: 'Usuarios bloqueados',
  hint: 'No ves sus comentarios ni ellos los tuyos, y no pueden comentar tus fics ni responderte.',
  empty: 'No has bloqueado a nadie',
  since: 'Bloqueado el {{date}}',
  unblock: 'Desbloquear',
  unblockLabel: 'Desbloquear a {{name}}',
  unblockFailed: 'No se pudo desbloquear. Intenta de nuevo.',
  pages: 'Páginas de usuarios bloqueados',
};
