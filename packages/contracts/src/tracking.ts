import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common';
import {
  reportReasonLabels,
  reportReasons,
  reportTargets,
  type ReportReason,
  type ReportTarget,
} from './moderation';

/**
 * A student's activity (spec 001 §2 User activity tracking, §3 Tracking record; architecture.md
 * §6.6). The server records every event itself, except the two it cannot see: reading a fic in the
 * browser and leaving a session on a device that is no longer online (POST /tracking).
 */
export const trackingResources = ['AUTH', 'STORIES', 'PROFILE', 'COMMENTS', 'REPLIES', 'MODERATION'] as const;
export type TrackingResource = (typeof trackingResources)[number];

export const trackingActions = {
  AUTH: ['LOGIN', 'LOGOUT'],
  STORIES: ['CREATE', 'SEND', 'DELETE', 'READ', 'LIKE', 'UNLIKE', 'UPDATE'],
  PROFILE: ['UPDATE_NAME', 'UPDATE_BIO', 'UPDATE_NICKNAME', 'UPDATE_AVATAR'],
  COMMENTS: ['CREATE', 'UPDATE', 'DELETE'],
  REPLIES: ['CREATE', 'UPDATE', 'DELETE'],
  /**
   * Issue 21.7 (docs/decisions/tracking.md, "Moderation"): the student's own acts (reported
   * something, blocked or unblocked someone) and what happened to their comment, reply or fic
   * (hidden by reports, kept, removed by a moderator).
   */
  MODERATION: [
    'REPORT',
    'BLOCK',
    'UNBLOCK',
    'CONTENT_HIDDEN',
    'CONTENT_KEPT',
    'CONTENT_REMOVED',
    // Issue 21.5-6: a comment or reply of theirs held for a teacher's approval, approved, rejected.
    'CONTENT_HELD',
    'CONTENT_APPROVED',
    'CONTENT_REJECTED',
    // Their own fic's comments: closed, held for approval, open again (set by them).
    'COMMENTS_CLOSED',
    'COMMENTS_MODERATED',
    'COMMENTS_OPENED',
  ],
} as const satisfies Record<TrackingResource, readonly string[]>;
export type TrackingAction = (typeof trackingActions)[TrackingResource][number];

/** One event as `${resource}.${action}`: the key of its label. */
export type TrackingEventKey = {
  [R in TrackingResource]: `${R}.${(typeof trackingActions)[R][number]}`;
}[TrackingResource];

/** The label of each event on /usuarios/:userId (spec 001 §2: a label per action). */
export const trackingLabels: Record<TrackingEventKey, string> = {
  'AUTH.LOGIN': 'Inició sesión',
  'AUTH.LOGOUT': 'Cerró sesión',
  'STORIES.CREATE': 'Creó una fic',
  'STORIES.SEND': 'Envió una fic a revisión',
  'STORIES.DELETE': 'Eliminó una fic',
  'STORIES.READ': 'Leyó una fic',
  'STORIES.LIKE': 'Le gustó una fic',
  'STORIES.UNLIKE': 'Quitó su me gusta de una fic',
  'STORIES.UPDATE': 'Editó una fic',
  'PROFILE.UPDATE_NAME': 'Cambió su nombre',
  'PROFILE.UPDATE_BIO': 'Cambió su biografía',
  'PROFILE.UPDATE_NICKNAME': 'Cambió su apodo',
  'PROFILE.UPDATE_AVATAR': 'Cambió su foto de perfil',
  'COMMENTS.CREATE': 'Comentó una fic',
  'COMMENTS.UPDATE': 'Editó un comentario',
  'COMMENTS.DELETE': 'Eliminó un comentario',
  'REPLIES.CREATE': 'Respondió un comentario',
  'REPLIES.UPDATE': 'Editó una respuesta',
  'REPLIES.DELETE': 'Eliminó una respuesta',
  'MODERATION.REPORT': 'Reportó contenido',
  'MODERATION.BLOCK': 'Bloqueó a un usuario',
  'MODERATION.UNBLOCK': 'Desbloqueó a un usuario',
  'MODERATION.CONTENT_HIDDEN': 'Algo suyo quedó en revisión por reportes',
  'MODERATION.CONTENT_KEPT': 'Algo suyo se mantuvo tras revisar los reportes',
  'MODERATION.CONTENT_REMOVED': 'Algo suyo fue eliminado por moderación',
  'MODERATION.CONTENT_HELD': 'Algo suyo quedó retenido hasta que un docente lo apruebe',
  'MODERATION.CONTENT_APPROVED': 'Se aprobó algo suyo que estaba retenido',
  'MODERATION.CONTENT_REJECTED': 'Se rechazó algo suyo que estaba retenido',
  'MODERATION.COMMENTS_CLOSED': 'Cerró los comentarios de su fic',
  'MODERATION.COMMENTS_MODERATED': 'Pidió aprobar cada comentario de su fic',
  'MODERATION.COMMENTS_OPENED': 'Abrió los comentarios de su fic',
};

/** A held comment's or reply's lines (issue 21.5-6): never about a fic. */
const theirHeldThing: Partial<Record<ReportTarget, { held: string; approved: string; rejected: string }>> = {
  COMMENT: {
    held: 'Un comentario suyo quedó retenido hasta que un docente lo apruebe',
    approved: 'Se aprobó un comentario suyo que estaba retenido',
    rejected: 'Se rechazó un comentario suyo que estaba retenido (no se publicó)',
  },
  REPLY: {
    held: 'Una respuesta suya quedó retenida hasta que un docente la apruebe',
    approved: 'Se aprobó una respuesta suya que estaba retenida',
    rejected: 'Se rechazó una respuesta suya que estaba retenida (no se publicó)',
  },
};

/** What a moderation line is about, in its sentence: 'Reportó un comentario', 'Un comentario suyo…'. */
const reportedThing: Record<ReportTarget, string> = {
  COMMENT: 'un comentario',
  REPLY: 'una respuesta',
  STORY: 'una fic',
};
const theirThing: Record<ReportTarget, { hidden: string; kept: string; removed: string }> = {
  COMMENT: {
    hidden: 'Un comentario suyo quedó en revisión por reportes',
    kept: 'Se mantuvo un comentario suyo tras revisar los reportes',
    removed: 'Un comentario suyo fue eliminado por moderación',
  },
  REPLY: {
    hidden: 'Una respuesta suya quedó en revisión por reportes',
    kept: 'Se mantuvo una respuesta suya tras revisar los reportes',
    removed: 'Una respuesta suya fue eliminada por moderación',
  },
  STORY: {
    hidden: 'Su fic quedó en revisión por reportes y salió de la galería mientras tanto',
    kept: 'Su fic se mantuvo publicada tras revisar los reportes',
    removed: 'Su fic salió de la galería por moderación (puede corregirla y enviarla de nuevo)',
  },
};

/**
 * The sentence of a moderation line (its label when it names no item). A report line never names
 * whom the reported item was by: only what kind of item, the fic it is on and the reason.
 */
export function moderationLineLabel(action: string, target: ReportTarget | null): string | null {
  if (!target) {
    return null;
  }
  switch (action) {
    case 'REPORT':
      return `Reportó ${reportedThing[target]}`;
    case 'CONTENT_HIDDEN':
      return theirThing[target].hidden;
    case 'CONTENT_KEPT':
      return theirThing[target].kept;
    case 'CONTENT_REMOVED':
      return theirThing[target].removed;
    case 'CONTENT_HELD':
      return theirHeldThing[target]?.held ?? null;
    case 'CONTENT_APPROVED':
      return theirHeldThing[target]?.approved ?? null;
    case 'CONTENT_REJECTED':
      return theirHeldThing[target]?.rejected ?? null;
    default:
      return null;
  }
}

/** 'Motivo: Acoso o bullying' / 'Motivos: Acoso o bullying, Spam' (none: null). */
export function moderationReasonsText(reasons: readonly ReportReason[]): string | null {
  if (reasons.length === 0) {
    return null;
  }
  const labels = reasons.map((reason) => reportReasonLabels[reason]).join(', ');
  return `${reasons.length === 1 ? 'Motivo' : 'Motivos'}: ${labels}`;
}

export const trackingMessages = {
  /** Spec 001 §8. */
  empty: 'Sin actividad reciente...',
  title: 'Actividad Reciente',
  onlyReadOrLogout: 'Solo se puede registrar la lectura de una fic o el cierre de sesión',
  storyRequired: 'Indica la fic leída',
  recorded: 'Actividad registrada',
  /** A blocked student named to nobody outside their school without a guardian's consent (issue 22.5). */
  withheldPerson: 'una o un estudiante de otro colegio',
} as const;

/**
 * POST /tracking: the browser may report only that the student read a fic or logged out
 * (architecture.md §6.6); every other event is recorded by the server where it happens.
 */
export const createTrackingBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      resource: z.literal('STORIES', { error: trackingMessages.onlyReadOrLogout }),
      action: z.literal('READ'),
      storyId: z.uuid({
        error: (issue) =>
          issue.input === undefined ? trackingMessages.storyRequired : 'Identificador inválido',
      }),
    }),
    z.object({
      resource: z.literal('AUTH', { error: trackingMessages.onlyReadOrLogout }),
      action: z.literal('LOGOUT'),
    }),
  ],
  { error: trackingMessages.onlyReadOrLogout },
);
export type CreateTrackingBody = z.infer<typeof createTrackingBodySchema>;
export const createTrackingResponseSchema = z.object({
  /** False when the event was not recorded (the caller is not a student, or it repeats one just recorded). */
  recorded: z.boolean(),
});

export const trackingPaging = { defaultLimit: 13, maxLimit: 50 } as const;
export const trackingQuerySchema = z.object(pageQuerySchema(trackingPaging).shape);
export type TrackingQuery = z.infer<typeof trackingQuerySchema>;

/**
 * The comment or reply an event names: its text and date while it exists (spec 001 §3); `deleted`
 * once it no longer does (deleted by its writer or a moderator, or with its comment or fic), so the
 * line can say so.
 */
const mentionedSchema = z.object({
  _id: z.string(),
  text: z.string().nullable(),
  createdAt: z.string().nullable(),
  deleted: z.boolean(),
});

export const trackingRecordSchema = z
  .object({
    _id: z.string(),
    resource: z.enum(trackingResources),
    action: z.string(),
    date: z.string(),
    /** Seconds of writing this event added (creating, editing or sending a fic); null otherwise. */
    writingTime: z.number().int().nullable(),
    /** The fic it concerns, with its title as it was then; null when none. */
    storyId: z.string().nullable(),
    storyTitle: z.string().nullable(),
    /** The comment or reply, with its text and date while it still exists (spec 001 §3). */
    commentId: mentionedSchema.nullable(),
    replyId: mentionedSchema.nullable(),
    /**
     * A MODERATION line's details (issue 21.7); null on every other line. `target`: the kind of
     * item reported, or of the student's item that was hidden, kept or removed (null on blocks);
     * `reasons`: the report's reason, or a removal's reasons; `person`: on a block line, the other
     * student's name (the full name for administrators, the public 'Nombre I.' for teachers), null
     * once their account is gone. A report line never carries whose item it was.
     */
    moderation: z
      .object({
        target: z.enum(reportTargets).nullable(),
        reasons: z.array(z.enum(reportReasons)),
        person: z.object({ name: z.string() }).nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'TrackingRecord' });
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;

/** `{ tracking: { docs, page, limit, totalDocs, hasNextPage, nextPage } }`, newest first. */
export const trackingResponseSchema = z.object({ tracking: pagedSchema(trackingRecordSchema) });
