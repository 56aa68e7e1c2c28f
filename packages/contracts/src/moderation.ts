import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

/**
 * Reports and the moderation queue (issue 21.1-3, docs/decisions/moderation.md). Anyone signed in
 * reports a comment, a reply or a published fic; three people (or one teacher or administrator)
 * hide it until a teacher of its author's grade or an administrator decides 'Mantener' or
 * 'Eliminar' on the 'Reportes' screen (/reportes).
 */
export const reportTargets = ['COMMENT', 'REPLY', 'STORY'] as const;
export type ReportTarget = (typeof reportTargets)[number];

export const reportTargetLabels: Record<ReportTarget, string> = {
  COMMENT: 'Comentario',
  REPLY: 'Respuesta',
  STORY: 'Fic',
};

/** The issue's reasons, in its order (the dialog's radio buttons). */
export const reportReasons = [
  'HARASSMENT',
  'OFFENSIVE',
  'PERSONAL_INFO',
  'SEXUAL',
  'VIOLENCE_SELF_HARM',
  'SPAM',
  'OTHER',
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportReasonLabels: Record<ReportReason, string> = {
  HARASSMENT: 'Acoso o bullying',
  OFFENSIVE: 'Lenguaje ofensivo',
  PERSONAL_INFO: 'Información personal',
  SEXUAL: 'Contenido sexual',
  VIOLENCE_SELF_HARM: 'Violencia o autolesión',
  SPAM: 'Spam',
  OTHER: 'Otro',
};

/** A case's state: waiting for a decision, or settled one way (once). */
export const moderationStatuses = ['OPEN', 'KEPT', 'REMOVED'] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

export const moderationStatusLabels: Record<ModerationStatus, string> = {
  OPEN: 'Pendiente',
  KEPT: 'Mantenido',
  REMOVED: 'Eliminado',
};

export const moderationDecisions = ['KEEP', 'REMOVE'] as const;
export type ModerationDecision = (typeof moderationDecisions)[number];

export const moderationDecisionLabels: Record<ModerationDecision, string> = {
  KEEP: 'Mantener',
  REMOVE: 'Eliminar',
};

export const moderationLimits = {
  /** Characters of the text that goes with a report (required for 'Otro'). */
  detailMax: 300,
  /** Characters of the decider's note (it reaches the author on 'Eliminar'). */
  noteMax: 300,
  /** Distinct reporters that hide an item until it is looked at (one teacher or administrator is enough). */
  hideAt: 3,
} as const;

export const moderationMessages = {
  targetRequired: 'Indica qué quieres reportar',
  targetIdRequired: 'Indica qué quieres reportar',
  reasonRequired: 'Elige un motivo',
  detailRequired: 'Cuéntanos qué pasa',
  detailMax: `El detalle debe tener máximo ${moderationLimits.detailMax} caracteres`,
  decisionRequired: 'Elige Mantener o Eliminar',
  noteMax: `La nota debe tener máximo ${moderationLimits.noteMax} caracteres`,
  statusInvalid: 'El estado no es válido',
  reasonInvalid: 'El motivo no es válido',
  /** 404: the item does not exist or the caller may not see it. */
  itemNotFound: 'Lo que quieres reportar no existe',
  ownItem: 'No puedes reportar lo que escribiste',
  alreadyReported: 'Ya reportaste esto. Lo revisaremos pronto',
  created: 'Gracias por avisarnos. Lo revisaremos pronto',
  /** 404 on PATCH /reports/:id: no such case, or not one the caller looks at. */
  notFound: 'El reporte no existe',
  alreadySettled: 'Este reporte ya fue resuelto',
  kept: 'Se mantuvo el contenido y se cerraron los reportes',
  removed: 'Se eliminó el contenido y se avisó a quien lo escribió',
  empty: 'No hay reportes',
  /** The item of a case no longer exists (its author deleted it). */
  itemGone: 'El contenido ya no existe',
  /** The flag on a hidden item, for those who still see it. */
  underReview: 'En revisión',
} as const;

/** Query strings send '' for an unset filter; treat it as absent. */
const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /reports `{ target, targetId, reason, detail? }`: `detail` (trimmed) is required for 'OTHER'. */
export const createReportBodySchema = z
  .object({
    target: z.enum(reportTargets, { error: moderationMessages.targetRequired }),
    targetId: idSchema,
    reason: z.enum(reportReasons, { error: moderationMessages.reasonRequired }),
    detail: z.preprocess(
      blankAsUndefined,
      z
        .string({ error: moderationMessages.detailMax })
        .trim()
        .max(moderationLimits.detailMax, moderationMessages.detailMax)
        .optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'OTHER' && !body.detail) {
      ctx.addIssue({ code: 'custom', path: ['detail'], message: moderationMessages.detailRequired });
    }
  });
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

/** The caller's own report, as POST /reports answers it (never anyone else's). */
export const reportSchema = z
  .object({
    _id: idSchema,
    target: z.enum(reportTargets),
    targetId: idSchema,
    reason: z.enum(reportReasons),
    detail: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

/** 201 `{ report, message }`; 409 CONFLICT (alreadyReported) on a second report of the same item. */
export const createReportResponseSchema = z.object({ report: reportSchema, message: z.string() });
export type CreateReportResponse = z.infer<typeof createReportResponseSchema>;

export const reportsPaging = { defaultLimit: 20, maxLimit: 50 } as const;

/** GET /reports?status&reason&page&limit: the cases the caller decides on, newest report first. */
export const reportsQuerySchema = z.object({
  status: z.preprocess(
    blankAsUndefined,
    z.enum(moderationStatuses, { error: moderationMessages.statusInvalid }).optional(),
  ),
  reason: z.preprocess(
    blankAsUndefined,
    z.enum(reportReasons, { error: moderationMessages.reasonInvalid }).optional(),
  ),
  ...pageQuerySchema(reportsPaging).shape,
});
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

/** Someone named in the queue (the item's author, the decider). */
export const moderationPersonSchema = z.object({ _id: idSchema.nullable(), name: z.string() });
export type ModerationPerson = z.infer<typeof moderationPersonSchema>;

/**
 * The reported item in context. `text` is plain text (a comment's or reply's words, a fic's start);
 * `parentText` the comment a reply answers; `storyId`/`storyTitle` the fic it is on (or is).
 * `exists` false when its author deleted it (then `text` is what it said when first reported).
 */
export const moderationItemSchema = z.object({
  target: z.enum(reportTargets),
  /** The comment, reply or fic; null once it no longer exists. */
  targetId: idSchema.nullable(),
  exists: z.boolean(),
  /** Hidden now ('En revisión'). */
  hidden: z.boolean(),
  text: z.string(),
  parentText: z.string().nullable(),
  storyId: idSchema.nullable(),
  storyTitle: z.string().nullable(),
  /** Who wrote it (real name: only teachers of their grade and administrators read the queue). */
  author: moderationPersonSchema.nullable(),
  /** The author's grade, e.g. '7° Básico A — Colegio X' ('' if none). */
  grade: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

/** A case of the queue: one item, its reports grouped by reason (never who reported). */
export const reportCaseSchema = z
  .object({
    _id: idSchema,
    status: z.enum(moderationStatuses),
    item: moderationItemSchema,
    /** How many people reported it. */
    reportsCount: z.number().int(),
    /** Each reason chosen, with how many chose it, most chosen first. */
    reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int() })),
    /** The texts that came with the reports (for 'Otro' and others), newest first, without names. */
    details: z.array(z.string()),
    createdAt: z.iso.datetime(),
    lastReportedAt: z.iso.datetime(),
    /** The decision, once taken: what, by whom, when, with the note. */
    decision: z
      .object({
        decision: z.enum(moderationDecisions),
        note: z.string().nullable(),
        decidedBy: moderationPersonSchema,
        decidedAt: z.iso.datetime(),
      })
      .nullable(),
  })
  .meta({ id: 'ReportCase' });
export type ReportCase = z.infer<typeof reportCaseSchema>;

export const reportsResponseSchema = z.object({ reports: pagedSchema(reportCaseSchema) });
export type ReportsResponse = z.infer<typeof reportsResponseSchema>;

/** PATCH /reports/:id `{ decision, note? }` (:id is the case's). */
export const decideReportBodySchema = z.object({
  decision: z.enum(moderationDecisions, { error: moderationMessages.decisionRequired }),
  note: z.preprocess(
    blankAsUndefined,
    z
      .string({ error: moderationMessages.noteMax })
      .trim()
      .max(moderationLimits.noteMax, moderationMessages.noteMax)
      .optional(),
  ),
});
export type DecideReportBody = z.infer<typeof decideReportBodySchema>;

/** 200 `{ report, message }`; 409 CONFLICT (alreadySettled) when someone decided first. */
export const decideReportResponseSchema = z.object({ report: reportCaseSchema, message: z.string() });
export type DecideReportResponse = z.infer<typeof decideReportResponseSchema>;

/**
 * The flag a comment, reply or fic carries when it is hidden for review, present only in the answers
 * of those who still see it (its author, the teachers of the author's grade, administrators); absent
 * (or null) on a visible item. The web shows `label` ('En revisión') as a chip.
 */
export const moderationFlagSchema = z
  .object({ hidden: z.literal(true), label: z.string() })
  .meta({ id: 'ModerationFlag' });
export type ModerationFlag = z.infer<typeof moderationFlagSchema>;
export const underReviewFlag: ModerationFlag = { hidden: true, label: moderationMessages.underReview };
