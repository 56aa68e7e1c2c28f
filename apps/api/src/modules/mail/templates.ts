import type { OutgoingMail } from './outbox.service';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;background:#32ADD0;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#607d8b">Si el botón no funciona, copia este enlace en tu navegador:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f8fa;font-family:Arial,Helvetica,sans-serif;color:#263238">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px;background:#32ADD0;border-radius:8px 8px 0 0;color:#ffffff;font-size:24px;font-weight:bold">Fics</td></tr>
<tr><td style="padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
${button}
</td></tr></table></body></html>`;
}

/** Password recovery: the link is valid 30 minutes and works once. */
export function recoveryMail(options: { to: string; name: string; link: string }): OutgoingMail {
  const title = 'Recupera tu contraseña';
  const paragraphs = [
    `Hola ${options.name}:`,
    'Recibimos una solicitud para cambiar la contraseña de tu cuenta en Fics.',
    'El enlace es válido por 30 minutos y se puede usar una sola vez. Si no fuiste tú, ignora este correo: tu contraseña no cambiará.',
  ];
  return {
    to: options.to,
    kind: 'recovery',
    subject: 'Fics: recupera tu contraseña',
    text: `${paragraphs.join('\n\n')}\n\nCambia tu contraseña aquí: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Cambiar contraseña', url: options.link }),
  };
}

/** Invitation to a new account: the link is valid 7 days and sets the first password. */
export function invitationMail(options: { to: string; name: string; link: string }): OutgoingMail {
  const title = 'Te damos la bienvenida a Fics';
  const paragraphs = [
    `Hola ${options.name}:`,
    'Se creó una cuenta para ti en Fics, la plataforma donde estudiantes escriben y publican sus historias.',
    'Para ingresar, crea tu contraseña con el siguiente enlace. Es válido por 7 días.',
  ];
  return {
    to: options.to,
    kind: 'invitation',
    subject: 'Fics: activa tu cuenta',
    text: `${paragraphs.join('\n\n')}\n\nCrea tu contraseña aquí: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Crear mi contraseña', url: options.link }),
  };
}

/**
 * Told to the old address when an account's e-mail changes: the account no longer answers to it.
 * The new address is shown masked, so a forwarded or shared inbox learns little.
 */
export function emailChangedMail(options: { to: string; name: string; newEmail: string }): OutgoingMail {
  const title = 'Cambió el email de tu cuenta';
  const paragraphs = [
    `Hola ${options.name}:`,
    `El email de tu cuenta en Fics se cambió a ${maskEmail(options.newEmail)}. Desde ahora ingresas con esa dirección, y las sesiones abiertas se cerraron.`,
    'Si no pediste este cambio, avisa a tu docente o a la administración de tu establecimiento.',
  ];
  return {
    to: options.to,
    kind: 'email-changed',
    subject: 'Fics: cambió el email de tu cuenta',
    text: `${paragraphs.join('\n\n')}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs),
  };
}

/** 'ana.rojas@colegio.cl' → 'an•••@colegio.cl'. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}•••${email.slice(at)}`;
}

/** A fic was published (spec 001 §7 notifications): its title and a link to read it. */
export function publishedMail(options: {
  to: string;
  name: string;
  title: string;
  link: string;
}): OutgoingMail {
  const title = '¡Tu fic fue publicada!';
  const paragraphs = [
    `Hola ${options.name}:`,
    `Tu fic «${options.title}» fue publicada: desde ahora cualquier persona puede leerla en Fics.`,
    '¡Felicitaciones por tu trabajo!',
  ];
  return {
    to: options.to,
    kind: 'published',
    subject: 'Fics: tu fic fue publicada',
    text: `${paragraphs.join('\n\n')}\n\nLéela aquí: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Ver mi fic', url: options.link }),
  };
}

/** The administrator's comment as an e-mail paragraph, or nothing when they wrote none. */
const commentParagraph = (comments: string): string[] =>
  comments.trim() === '' ? [] : [`Comentario del equipo: ${comments.trim()}`];

/** A registration request was denied (spec 000 §2 Reject flow): the result and the comment. */
export function registerDeniedMail(options: {
  to: string;
  name: string;
  comments: string;
  link: string;
}): OutgoingMail {
  const title = 'Tu solicitud de cuenta no fue aprobada';
  const paragraphs = [
    `Hola ${options.name}:`,
    'Revisamos tu solicitud para formar parte de Fics y no fue aprobada.',
    ...commentParagraph(options.comments),
    'Si crees que se trata de un error, puedes enviar una nueva solicitud.',
  ];
  return {
    to: options.to,
    kind: 'register-denied',
    subject: 'Fics: tu solicitud de cuenta no fue aprobada',
    text: `${paragraphs.join('\n\n')}\n\nFics: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Ir a Fics', url: options.link }),
  };
}

/** A student's change request was approved: their new school and grade. */
export function changeApprovedMail(options: {
  to: string;
  name: string;
  collegeName: string;
  gradeName: string;
  comments: string;
  link: string;
}): OutgoingMail {
  const title = 'Tu solicitud de cambio fue aprobada';
  const paragraphs = [
    `Hola ${options.name}:`,
    `Tu solicitud de cambio fue aprobada. Desde ahora perteneces a ${options.collegeName}, curso ${options.gradeName}.`,
    'Tus fics se mantienen en tu cuenta.',
    ...commentParagraph(options.comments),
  ];
  return {
    to: options.to,
    kind: 'change-approved',
    subject: 'Fics: tu solicitud de cambio fue aprobada',
    text: `${paragraphs.join('\n\n')}\n\nIngresa aquí: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Ir a Fics', url: options.link }),
  };
}

/** A student's change request was denied, with the administrator's comment. */
export function changeDeniedMail(options: {
  to: string;
  name: string;
  comments: string;
  link: string;
}): OutgoingMail {
  const title = 'Tu solicitud de cambio no fue aprobada';
  const paragraphs = [
    `Hola ${options.name}:`,
    'Revisamos tu solicitud de cambio de establecimiento o curso y no fue aprobada. Sigues en tu establecimiento y curso actuales.',
    ...commentParagraph(options.comments),
  ];
  return {
    to: options.to,
    kind: 'change-denied',
    subject: 'Fics: tu solicitud de cambio no fue aprobada',
    text: `${paragraphs.join('\n\n')}\n\nIngresa aquí: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Ir a Fics', url: options.link }),
  };
}

/** 'YYYY-MM-DD' as Chileans write it ('27-12-2026'). */
const chileanDate = (day: string) => day.split('-').reverse().join('-');

/**
 * A parent without an account filed a request under Ley 21.719 (issue 22.3): the link confirms it
 * is theirs; only then does it enter the queue and its legal time start.
 */
export function privacyConfirmMail(options: {
  to: string;
  typeLabel: string;
  link: string;
  hours: number;
}): OutgoingMail {
  const title = 'Confirma tu solicitud sobre datos personales';
  const paragraphs = [
    'Hola:',
    `Recibimos una solicitud de ${options.typeLabel.toLowerCase()} de datos personales en Fics con este email.`,
    `Para que la revisemos, confírmala con el siguiente enlace. Es válido por ${options.hours} horas y se usa una sola vez. El plazo legal para responderte empieza cuando la confirmas.`,
    'Si no la enviaste tú, ignora este correo: la solicitud se borrará sola.',
  ];
  return {
    to: options.to,
    kind: 'privacy-confirm',
    subject: 'Fics: confirma tu solicitud sobre datos personales',
    text: `${paragraphs.join('\n\n')}\n\nConfirma aquí: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Confirmar solicitud', url: options.link }),
  };
}

/**
 * The answer to a request under Ley 21.719: done, refused with its reasons, or the one extension
 * with its reason and new due date; always with the notice of art. 11 (`complaintNotice`).
 */
export function privacyAnswerMail(options: {
  to: string;
  typeLabel: string;
  outcome: 'DONE' | 'REFUSED' | 'EXTENDED';
  answer: string;
  dueAt: string;
  complaintNotice: string;
  link: string;
}): OutgoingMail {
  const what = `tu solicitud de ${options.typeLabel.toLowerCase()} de datos personales`;
  const titles = {
    DONE: 'Respondimos tu solicitud sobre datos personales',
    REFUSED: 'Tu solicitud sobre datos personales fue rechazada',
    EXTENDED: 'Necesitamos más tiempo para tu solicitud',
  } as const;
  const opening = {
    DONE: `Respondimos ${what}:`,
    REFUSED: `Revisamos ${what} y no podemos acogerla, por estas razones:`,
    EXTENDED: `Extendimos por una sola vez el plazo para responder ${what}, hasta el ${chileanDate(options.dueAt)}, por esta razón:`,
  } as const;
  const paragraphs = ['Hola:', opening[options.outcome], options.answer, options.complaintNotice];
  return {
    to: options.to,
    kind: `privacy-${options.outcome.toLowerCase()}`,
    subject: `Fics: ${titles[options.outcome].toLowerCase()}`,
    text: `${paragraphs.join('\n\n')}\n\nFics: ${options.link}\n\nEl equipo de Fics`,
    html: layout(titles[options.outcome], paragraphs, { label: 'Ir a Fics', url: options.link }),
  };
}

/**
 * The notice to a student's guardian (issue 22.5): in plain words what Fics does with the
 * student's data and why it asks, with the link to answer ('Acepto' / 'No acepto') without an
 * account. The page shows the versioned notice in full (contracts' guardianNotice).
 */
export function guardianConsentMail(options: {
  to: string;
  studentName: string;
  college: string;
  link: string;
  days: number;
}): OutgoingMail {
  const title = 'Necesitamos su consentimiento';
  const school = options.college ? ` en ${options.college}` : '';
  const paragraphs = [
    'Hola:',
    `${options.studentName} escribe cuentos en Fics, la plataforma de escritura que usa su colegio${school}. Le escribimos porque figura como su apoderado o apoderada.`,
    'Por ser menor de 14 años, necesitamos su consentimiento para mostrar su nombre y sus cuentos publicados fuera de su colegio (en la galería pública de Fics). Sin él, sigue escribiendo y siendo evaluado igual, y su trabajo solo se ve dentro de su colegio.',
    `En el enlace puede leer qué datos tratamos y para qué, y responder «Acepto» o «No acepto». No necesita crear una cuenta. El enlace vale ${options.days} días; con el mismo enlace puede retirar su consentimiento cuando quiera.`,
    'Si no conoce a este estudiante, ignore este correo.',
  ];
  return {
    to: options.to,
    kind: 'guardian-consent',
    subject: `Fics: consentimiento para ${options.studentName}`,
    text: `${paragraphs.join('\n\n')}\n\nLeer y responder: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Leer y responder', url: options.link }),
  };
}

/** A date in Chile (YYYY-MM-DD) as a reader says it: '12 de marzo de 2032'. */
const longDate = (day: string) =>
  new Intl.DateTimeFormat('es-CL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/**
 * The notice before an account is erased for 6 years without a login (issue 22.6): when, why, how
 * to keep it (sign in), what goes, and how to take a copy first ('Mis datos' on the profile).
 */
export function retentionNoticeMail(options: {
  to: string;
  name: string;
  eraseOn: string;
  link: string;
}): OutgoingMail {
  const when = longDate(options.eraseOn);
  const title = 'Tu cuenta de Fics se borrará';
  const paragraphs = [
    `Hola ${options.name}:`,
    `Tu cuenta de Fics se borrará el ${when}, porque nadie ha entrado a ella en 6 años. Así lo dice nuestra política de privacidad: no guardamos datos de cuentas que ya no se usan.`,
    'Si quieres conservarla, solo entra a Fics con tu email y tu contraseña antes de esa fecha (si no la recuerdas, usa «¿Olvidaste tu contraseña?»). Con eso la cuenta sigue como está y no tienes que hacer nada más.',
    'Si no entras, se borrará todo lo tuyo: tu cuenta y tu perfil, tus fics (también los publicados), el texto de tus comentarios y respuestas, tus «me gusta», tu actividad y tus avisos. No se puede deshacer.',
    'Antes de esa fecha puedes descargar una copia de todo: entra a Fics, abre tu perfil y, en «Mis datos», elige «Descargar mis datos».',
  ];
  return {
    to: options.to,
    kind: 'retention-notice',
    subject: `Fics: tu cuenta se borrará el ${when}`,
    text: `${paragraphs.join('\n\n')}\n\nEntrar a Fics: ${options.link}\n\nEl equipo de Fics`,
    html: layout(title, paragraphs, { label: 'Entrar a Fics', url: options.link }),
  };
}
