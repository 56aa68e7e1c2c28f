/**
 * Texts of the requests under Ley 21.719 (issue 22.3): 'Ejercer mis derechos' on /perfil, the public
 * form on /terminos-condiciones and its confirmation, and the administrators' queue. The rights'
 * names and explanations, the statuses and the API's messages come from @fics/contracts
 * (privacy-requests.ts), never from here.
 */
export const privacyRequests = {
  profileTitle: 'Ejercer mis derechos',
  profileIntro:
    'Tus datos son tuyos. Puedes pedirnos cualquiera de estas seis cosas y te responderemos por email: en 30 días como máximo (un bloqueo, en 2 días hábiles).',
  publicTitle: 'Ejercer tus derechos sin cuenta',
  publicIntro:
    'Si eres apoderada o apoderado de una o un estudiante, o no tienes cuenta en Fics, puedes pedirlo aquí. Te enviaremos un enlace a tu email para confirmar que la solicitud es tuya; el plazo para responderte empieza cuando lo abres.',
  typeLegend: '¿Qué quieres pedir?',
  detail: 'Cuéntanos qué necesitas',
  detailHelp:
    'Por ejemplo: de quién son los datos (nombre, establecimiento y curso) y qué quieres que hagamos.',
  email: 'Tu email',
  emailHelp: 'Aquí te llegará el enlace para confirmar y, después, nuestra respuesta.',
  submit: 'Enviar solicitud',
  sentTitle: 'Revisa tu correo para confirmar',
  another: 'Enviar otra solicitud',
  mineTitle: 'Mis solicitudes',
  mineEmpty: 'Aún no has enviado solicitudes.',
  mineLabel: 'Mis solicitudes sobre datos personales',
  pages: 'Páginas de solicitudes',
  dueOn: 'Plazo: {{date}}',
  sentOn: 'Enviada el {{date}}',
  answeredOn: 'Respondida el {{date}}',
  answer: 'Respuesta',
  extensionReason: 'Motivo de la extensión',
  dueSoon: 'Vence pronto',
  overdue: 'Vencida',
  confirmTitle: 'Confirmar tu solicitud',
  confirmIntro:
    'Abriste el enlace que te enviamos. Confírmala para que entre a revisión: el plazo legal para responderte empieza ahora.',
  confirmButton: 'Confirmar solicitud',
  queueTitle: 'Solicitudes de datos personales',
  queueIntro:
    'Solicitudes bajo la Ley 21.719, la que vence antes primero. Plazo: 30 días corridos desde que llegan (extensible una vez por 30 días); un bloqueo, 2 días hábiles.',
  statusFilter: 'Estado',
  filterOpen: 'Abiertas',
  filterAll: 'Todas',
  queueLabel: 'Solicitudes',
  total_one: '{{count}} solicitud',
  total_other: '{{count}} solicitudes',
  queueEmpty: 'No hay solicitudes con este filtro.',
  clearFilters: 'Ver las abiertas',
  requester: 'Solicitante',
  noAccount: 'Sin cuenta (apoderada/o)',
  respond: 'Responder',
  answerTitle: 'Responder la solicitud',
  answerOutcome: 'Respuesta',
  outcomeDone: 'Resuelta',
  outcomeExtended: 'Extender plazo 30 días',
  outcomeRefused: 'Rechazada (con razones)',
  answerText: 'Respuesta para la persona',
  answerTextExtended: 'Motivo de la extensión',
  answerTextRefused: 'Razones del rechazo',
  answerHelp: 'Se envía por email con el aviso de reclamo ante la Agencia de Protección de Datos Personales.',
  send: 'Enviar respuesta',
  answered: 'Respuesta enviada',
  refreshed: 'La solicitud cambió mientras la respondías: la lista se actualizó.',
  signedInHint: 'Tienes una sesión abierta: pide lo que necesites desde tu perfil, en',
} as const;
