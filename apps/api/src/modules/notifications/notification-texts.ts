import { reportReasonLabels, type ReportReason } from '@fics/contracts';

type Reported = 'COMMENT' | 'REPLY' | 'STORY';
/** 'un comentario en «T»', 'el comentario en «T»', 'la fic «T»'… */
const reported = (target: Reported, title: string, definite: boolean) => {
  if (target === 'STORY') {
    return `la fic «${title}»`;
  }
  const noun =
    target === 'COMMENT'
      ? definite
        ? 'el comentario'
        : 'un comentario'
      : definite
        ? 'la respuesta'
        : 'una respuesta';
  return `${noun} en «${title}»`;
};
const reasonsText = (reasons: readonly string[]) =>
  reasons.map((reason) => reportReasonLabels[reason as ReportReason] ?? reason).join(', ');

/**
 * The Spanish text of each notification, written once for its recipient when it is created (issue
 * 19.4). Short: the bell's panel shows them whole. A name passed here is one the recipient may know;
 * the callers decide that (a blind teacher gets the form without a name).
 */

const points = (score: number) => `${score} ${score === 1 ? 'punto' : 'puntos'}`;

/** 'YYYY-MM-DD' as Chileans write it ('27-12-2026'). */
const chileanDay = (day: string) => day.split('-').reverse().join('-');

export const notificationTexts = {
  evaluated: (title: string, score: number) => `Tu fic «${title}» fue evaluada: ${points(score)}`,
  /** The evaluator rewrote the evaluation of the resent fic (docs/decisions/notifications.md). */
  returned: (title: string, score: number) => `Tu fic «${title}» volvió con correcciones: ${points(score)}`,
  published: (title: string) => `Tu fic «${title}» fue publicada`,
  commented: (who: string, title: string) => `${who} comentó tu fic «${title}»`,
  replied: (who: string, title: string) => `${who} respondió tu comentario en «${title}»`,
  /** `author`: null when the recipient may not know who wrote it (a teacher reviewing it blind). */
  toReview: (title: string, author: string | null, resent: boolean) => {
    if (author === null) {
      return resent ? `Se reenvió «${title}» para revisión` : `Se envió «${title}» para revisión`;
    }
    return resent ? `${author} reenvió «${title}» para revisión` : `${author} envió «${title}» para revisión`;
  },
  /** Notes on passages (issue 20.1-2). To the fic's author: */
  noteAdded: (who: string, title: string) => `${who} dejó una nota en tu fic «${title}»`,
  noteReplied: (who: string, title: string) => `${who} respondió una nota en tu fic «${title}»`,
  noteReopened: (who: string, title: string) => `${who} reabrió una nota en tu fic «${title}»`,
  /** To the note's writer; `who` is the author as the writer may know them (the mask when blind). */
  noteAnswered: (who: string, title: string) => `${who} respondió tu nota en «${title}»`,
  noteResolved: (who: string, title: string) => `${who} marcó como resuelta tu nota en «${title}»`,
  noteOrphaned: (title: string, count: number) =>
    count === 1
      ? `Tu nota en «${title}» quedó sin ubicación: su pasaje cambió`
      : `${count} notas tuyas en «${title}» quedaron sin ubicación: sus pasajes cambiaron`,
  /** Moderation (issue 21.3, 21.7); never a reporter's name, never the author's to the reporters. */
  reportCreated: (target: Reported, title: string) =>
    `Nuevo reporte en tu curso: ${reported(target, title, false)}`,
  reportSettled: (target: Reported, title: string, decision: 'KEEP' | 'REMOVE') => {
    const what = reported(target, title, true);
    if (decision === 'KEEP') {
      return `Revisamos ${what} que reportaste: se mantiene`;
    }
    return target === 'STORY'
      ? `Revisamos ${what} que reportaste: salió de la galería`
      : `Revisamos ${what} que reportaste: fue eliminado`;
  },
  contentRemoved: (target: Reported, title: string, reasons: readonly string[], note: string | null) => {
    const why = reasons.length > 0 ? ` por: ${reasonsText(reasons)}` : '';
    const noted = note ? `. Nota: ${note}` : '';
    if (target === 'STORY') {
      return `Tu fic «${title}» salió de la galería${why}${noted}. Puedes corregirla y enviarla de nuevo`;
    }
    const what = target === 'COMMENT' ? 'Tu comentario' : 'Tu respuesta';
    const removed = target === 'COMMENT' ? 'fue eliminado' : 'fue eliminada';
    return `${what} en «${title}» ${removed}${why}${noted}`;
  },
  /** Requests under Ley 21.719 (issue 22.3): the right and the due date, never who asked. */
  privacyRequest: (typeLabel: string, dueAt: string) =>
    `Nueva solicitud de ${typeLabel.toLowerCase()} de datos personales: vence el ${chileanDay(dueAt)}`,
  privacyRequestDue: (typeLabel: string, dueAt: string) =>
    `Una solicitud de ${typeLabel.toLowerCase()} de datos personales vence pronto: el ${chileanDay(dueAt)}`,
  /** Another administrator recorded a security incident (issue 22.6): when it happened, never what or whom. */
  securityIncident: (occurredAt: string, childrenData: boolean) =>
    `Se registró un incidente de seguridad ocurrido el ${chileanDay(occurredAt)}${childrenData ? ', con datos de niños, niñas o adolescentes' : ''}`,
  /** Comments held for approval (issue 21.5-6). To the teachers of the fic's grade, no name: */
  commentHeld: (target: 'COMMENT' | 'REPLY', title: string) =>
    target === 'COMMENT'
      ? `Un comentario espera tu aprobación en «${title}»`
      : `Una respuesta espera tu aprobación en «${title}»`,
  /** To its writer: */
  commentApproved: (target: 'COMMENT' | 'REPLY', title: string) =>
    target === 'COMMENT'
      ? `Tu comentario en «${title}» fue aprobado y ya se muestra`
      : `Tu respuesta en «${title}» fue aprobada y ya se muestra`,
  commentRejected: (target: 'COMMENT' | 'REPLY', title: string) =>
    target === 'COMMENT'
      ? `Tu comentario en «${title}» no fue aprobado y se eliminó`
      : `Tu respuesta en «${title}» no fue aprobada y se eliminó`,
  /** `name`: null when the request is gone by delivery time. */
  request: (kind: 'REGISTER' | 'CHANGE', name: string | null) => {
    const what = kind === 'REGISTER' ? 'Nueva solicitud de registro' : 'Nueva solicitud de cambio de curso';
    return name ? `${what}: ${name}` : what;
  },
} as const;
