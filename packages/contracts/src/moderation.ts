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
  .object({
    hidden: z.literal(true),
    /**
     * True on a comment or reply held for approval (issue 21.5-6: 'Esperando aprobación'), which only
     * its writer, the teachers of the fic's grade and administrators see; absent on one hidden for review.
     */
    held: z.boolean().optional(),
    label: z.string(),
  })
  .meta({ id: 'ModerationFlag' });
export type ModerationFlag = z.infer<typeof moderationFlagSchema>;
export const underReviewFlag: ModerationFlag = { hidden: true, label: moderationMessages.underReview };

// ---------------------------------------------------------------------------------------------------
// Who may comment on a fic, and comments held for approval (issue 21.5-6; docs/decisions/moderation.md)
// ---------------------------------------------------------------------------------------------------

/**
 * A fic's comments: 'OPEN' (anyone who sees it comments), 'MODERATED' (new comments and replies wait
 * for the approval of a teacher of the fic's grade or an administrator), 'CLOSED' ('Comentarios
 * cerrados': nothing new; those already there stay and can still be edited or deleted). Its author,
 * the teachers of its grade and administrators choose (`permissions.canManageComments` on the fic).
 */
export const commentsModes = ['OPEN', 'MODERATED', 'CLOSED'] as const;
export type CommentsMode = (typeof commentsModes)[number];

export const commentsModeLabels: Record<CommentsMode, string> = {
  OPEN: 'Comentarios abiertos',
  MODERATED: 'Comentarios con aprobación',
  CLOSED: 'Comentarios cerrados',
};

/** What each mode does, for the chooser's helper texts. */
export const commentsModeDescriptions: Record<CommentsMode, string> = {
  OPEN: 'Quien pueda leer la fic puede comentar y responder.',
  MODERATED: 'Los comentarios y respuestas nuevos se muestran cuando un docente del curso los aprueba.',
  CLOSED: 'Nadie puede comentar ni responder. Los comentarios que ya hay se siguen viendo.',
};

/** Why a comment or reply is held: its fic's mode, or a word of the administrators' list. */
export const heldReasons = ['MODERATED', 'WORDS'] as const;
export type HeldReason = (typeof heldReasons)[number];

export const heldReasonLabels: Record<HeldReason, string> = {
  MODERATED: 'La fic tiene comentarios con aprobación',
  WORDS: 'Contiene palabras de la lista',
};

/** An approver's decision on a held comment or reply. */
export const approvalDecisions = ['APPROVE', 'REJECT'] as const;
export type ApprovalDecision = (typeof approvalDecisions)[number];

export const approvalDecisionLabels: Record<ApprovalDecision, string> = {
  APPROVE: 'Aprobar',
  REJECT: 'Rechazar',
};

/** The administrators' list of words: a word or expression of 2 to 40 characters. */
export const moderationWordLimits = { min: 2, max: 40 } as const;

/**
 * Letters (Spanish accents, ü and ñ included), spaces, hyphens and apostrophes, starting and ending
 * with a letter: nothing a regular expression would read as its own, so the database matches it as
 * the whole word it is.
 */
export const moderationWordPattern =
  /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ](?:[A-Za-zÁÉÍÓÚÜÑáéíóúüñ' -]*[A-Za-zÁÉÍÓÚÜÑáéíóúüñ])?$/;

export const commentModerationMessages = {
  modeRequired: 'Elige quién puede comentar',
  modeChanged: 'Listo: se guardó quién puede comentar esta fic',
  /** 409 on a new comment or reply on a fic whose comments are closed. */
  closed: 'Los comentarios de esta fic están cerrados',
  /** The flag on a held comment or reply, for its writer and its approvers. */
  awaitingApproval: 'Esperando aprobación',
  /** The answer to its writer when a new comment or reply is held. */
  commentHeld: 'Tu comentario se mostrará cuando un docente lo apruebe',
  replyHeld: 'Tu respuesta se mostrará cuando un docente la apruebe',
  /** 409: replying to a comment that is still waiting for approval. */
  heldNoReplies: 'Este comentario espera aprobación: todavía no se puede responder',
  decisionRequired: 'Elige Aprobar o Rechazar',
  /** 404 on an approval: no such comment or reply, or not one the caller approves. */
  notFound: 'El comentario no existe',
  /** 409: someone decided first, or it is not waiting for approval. */
  alreadySettled: 'Este comentario ya fue revisado',
  approved: 'Aprobado: ya se muestra en la fic',
  rejected: 'Rechazado: se eliminó y se avisó a quien lo escribió',
  heldEmpty: 'No hay comentarios esperando aprobación',
  wordRequired: 'Escribe una palabra o expresión',
  wordMin: `Debe tener al menos ${moderationWordLimits.min} caracteres`,
  wordMax: `Debe tener máximo ${moderationWordLimits.max} caracteres`,
  wordChars: 'Usa solo letras, espacios, guiones y apóstrofos, empezando y terminando con una letra',
  searchMax: `La búsqueda debe tener máximo ${moderationWordLimits.max} caracteres`,
  /** 409: the same word is listed already (case and accents ignored). */
  wordDuplicate: 'Esa palabra ya está en la lista',
  wordAdded: 'Palabra agregada a la lista',
  wordRemoved: 'Palabra eliminada de la lista',
  wordNotFound: 'La palabra no existe',
  wordsEmpty: 'No hay palabras en la lista',
} as const;

/** The flag on a held comment or reply (only its writer and its approvers get it). */
export const heldFlag: ModerationFlag = {
  hidden: true,
  held: true,
  label: commentModerationMessages.awaitingApproval,
};

/** PUT /stories/:id/comments-mode `{ mode }` → 200 `{ story, message }` (the fic's answer, stories.ts). */
export const setCommentsModeBodySchema = z.object({
  mode: z.enum(commentsModes, { error: commentModerationMessages.modeRequired }),
});
export type SetCommentsModeBody = z.infer<typeof setCommentsModeBodySchema>;

export const heldCommentsPaging = { defaultLimit: 20, maxLimit: 50 } as const;

/**
 * GET /comments/held?page&limit: the comments and replies waiting for the caller's approval, newest
 * first (teachers: on fics of their grades; administrators: all; students 403).
 */
export const heldCommentsQuerySchema = z.object(pageQuerySchema(heldCommentsPaging).shape);
export type HeldCommentsQuery = z.infer<typeof heldCommentsQuerySchema>;

/** A held comment or reply in context, for its approvers. */
export const heldCommentSchema = z
  .object({
    target: z.enum(['COMMENT', 'REPLY']),
    /** The comment's or the reply's id (PATCH …/approval takes it). */
    _id: idSchema,
    /** The comment: itself for a comment, the one answered for a reply. */
    commentId: idSchema,
    /** Its words as plain text. */
    text: z.string(),
    /** The comment a reply answers, as plain text; null for a comment. */
    parentText: z.string().nullable(),
    storyId: idSchema,
    storyTitle: z.string(),
    /** Who wrote it (real name: only its approvers read this list). */
    writer: moderationPersonSchema,
    /** The fic's grade, e.g. '7° Básico A — Colegio X'. */
    grade: z.string(),
    heldFor: z.enum(heldReasons),
    /** The listed words it contains (for 'WORDS'; also found on a 'MODERATED' one), as listed. */
    words: z.array(z.string()),
    wasEdited: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'HeldComment' });
export type HeldComment = z.infer<typeof heldCommentSchema>;

export const heldCommentsResponseSchema = z.object({ held: pagedSchema(heldCommentSchema) });
export type HeldCommentsResponse = z.infer<typeof heldCommentsResponseSchema>;

/**
 * PATCH /comments/:id/approval and PATCH /comments/:commentId/replies/:replyId/approval
 * `{ decision }`: 'APPROVE' shows it (and its fic's author is told of it then), 'REJECT' deletes it
 * and tells its writer. Settled once: 409 (alreadySettled) to whoever comes second.
 */
export const approvalBodySchema = z.object({
  decision: z.enum(approvalDecisions, { error: commentModerationMessages.decisionRequired }),
});
export type ApprovalBody = z.infer<typeof approvalBodySchema>;

export const approvalResponseSchema = z.object({
  target: z.enum(['COMMENT', 'REPLY']),
  _id: idSchema,
  decision: z.enum(approvalDecisions),
  message: z.string(),
});
export type ApprovalResponse = z.infer<typeof approvalResponseSchema>;

/** A word of the administrators' list (GET/POST /moderation-words; administrators only). */
export const moderationWordSchema = z
  .object({
    _id: idSchema,
    word: z.string(),
    /** Who added it; null once their account is gone. */
    createdBy: moderationPersonSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ModerationWord' });
export type ModerationWord = z.infer<typeof moderationWordSchema>;

export const moderationWordsPaging = { defaultLimit: 20, maxLimit: 50 } as const;

/** GET /moderation-words?q&page&limit: the list in alphabetical order (accents ignored), `q` searching within words. */
export const moderationWordsQuerySchema = z.object({
  q: z.preprocess(
    blankAsUndefined,
    z
      .string({ error: commentModerationMessages.searchMax })
      .trim()
      .max(moderationWordLimits.max, commentModerationMessages.searchMax)
      .optional(),
  ),
  ...pageQuerySchema(moderationWordsPaging).shape,
});
export type ModerationWordsQuery = z.infer<typeof moderationWordsQuerySchema>;

export const moderationWordsResponseSchema = z.object({ words: pagedSchema(moderationWordSchema) });
export type ModerationWordsResponse = z.infer<typeof moderationWordsResponseSchema>;

/**
 * POST /moderation-words `{ word }`: trimmed, inner spaces collapsed to one; 2 to 40 characters of
 * moderationWordPattern. 201 `{ word, message }`; 409 (wordDuplicate) when listed already, case and
 * accents ignored ('Estúpido' = 'estupido').
 */
export const createModerationWordBodySchema = z.object({
  word: z
    .string({ error: commentModerationMessages.wordRequired })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, commentModerationMessages.wordRequired)
        .min(moderationWordLimits.min, commentModerationMessages.wordMin)
        .max(moderationWordLimits.max, commentModerationMessages.wordMax)
        .regex(moderationWordPattern, commentModerationMessages.wordChars),
    ),
});
export type CreateModerationWordBody = z.infer<typeof createModerationWordBodySchema>;

export const createModerationWordResponseSchema = z.object({
  word: moderationWordSchema,
  message: z.string(),
});
export type CreateModerationWordResponse = z.infer<typeof createModerationWordResponseSchema>;

/** DELETE /moderation-words/:id → 200 `{ message }`; 404 when it is not listed. */
export const moderationWordDeletedResponseSchema = z.object({ message: z.string() });
