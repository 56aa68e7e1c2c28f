/**
 * Texts of a fic's likes, comments, replies and share dialog (/fics/:id); part of the one catalog in es.ts. Messages the API words too (validation, success,
 * refusals, empty and end-of-list texts) and limits come from @fics/contracts, never from here.
 */
export const social = {
  bar: 'Reacciones y compartir',
  // The like button shows '♥ 12' and reads '12 me gusta'.
  likes: '{{formatted}} me gusta',
  comments_one: '{{formatted}} comentario',
  comments_other: '{{formatted}} comentarios',
  commentsWord_one: 'comentario',
  commentsWord_other: 'comentarios',
  share: 'Compartir',

  // The share dialog.
  shareTitle: 'Compartir esta fic',
  networks: {
    facebook: 'Facebook',
    twitter: 'Twitter',
    pinterest: 'Pinterest',
    telegram: 'Telegram',
    whatsapp: 'Whatsapp',
    email: 'Email',
  },
  shareOn: 'Compartir en {{network}}',
  shareEmail: 'Enviar por email',
  shareText: 'Lee «{{title}}» en Fics',
  shareNative: 'Compartir…',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar el enlace',
  pageLink: 'Enlace de la fic',
  newTab: '(se abre en una pestaña nueva)',

  // Comments and replies.
  commentsTitle: 'Comentarios',
  commentsLoading: 'Cargando comentarios',
  repliesLoading: 'Cargando respuestas',
  writeComment: 'Escribe un comentario...',
  writeReply: 'Escribe una respuesta...',
  commentLabel: 'Tu comentario',
  replyLabel: 'Tu respuesta',
  editLabel: 'Editar comentario',
  editReplyLabel: 'Editar respuesta',
  submitComment: 'Comentar',
  submitReply: 'Responder',
  save: 'Guardar',
  cancel: 'Cancelar',
  edited: '(editado)',
  reply: 'Responder',
  edit: 'Editar',
  delete: 'Eliminar',
  commentActions: 'Acciones del comentario de {{name}}',
  replyActions: 'Acciones de la respuesta de {{name}}',
  showReplies_one: 'Ver respuesta ({{count}})',
  showReplies_other: 'Ver respuestas ({{count}})',
  hideReplies: 'Ocultar respuestas',
  repliesOf: 'Respuestas al comentario de {{name}}',
  deleteCommentTitle: '¿Eliminar este comentario?',
  deleteReplyTitle: '¿Eliminar esta respuesta?',
  // Under the new comment, to the author of an anonymous or pseudonymous fic.
  authorMaskNotice:
    'Tus comentarios y respuestas en esta fic aparecen como «{{name}}» para los demás, sin tu nombre ni tu foto.',
  editorLoading: 'Cargando editor',
  editorFailed: 'No se pudo cargar el editor.',
  toolbar: {
    label: 'Formato del texto',
    bold: 'Negrita',
    italic: 'Cursiva',
    underline: 'Subrayado',
    strike: 'Tachado',
    blockquote: 'Cita',
  },
} as const;
