/**
 * Requests under Chile's Ley 21.719 (issue 22.3): access, rectification, erasure, objection,
 * portability and blocking (arts. 4-9), filed from /perfil or, by a parent without an account, from
 * /terminos-condiciones; answered by administrators within the legal time (art. 11). One schema per
 * endpoint, Spanish messages and the plain-language texts both the web and the e-mails use.
 */
import { z } from 'zod';
import { emailField } from './auth';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

export const privacyRequestTypes = [
  'ACCESS',
  'RECTIFICATION',
  'ERASURE',
  'OBJECTION',
  'PORTABILITY',
  'BLOCKING',
] as const;
export type PrivacyRequestType = (typeof privacyRequestTypes)[number];

/**
 * PENDING: waiting for an answer (its clock runs from the confirmation); EXTENDED: the one extension
 * of 30 days was taken, still waiting; DONE and REFUSED are final.
 */
export const privacyRequestStatuses = ['PENDING', 'EXTENDED', 'DONE', 'REFUSED'] as const;
export type PrivacyRequestStatus = (typeof privacyRequestStatuses)[number];

/** What an administrator's answer may do (PATCH /privacy-requests/:id). */
export const privacyAnswerStatuses = ['DONE', 'EXTENDED', 'REFUSED'] as const;
export type PrivacyAnswerStatus = (typeof privacyAnswerStatuses)[number];

/** The queue's filter: the open ones (default of the screen), one status, or all. */
export const privacyQueueFilters = ['OPEN', ...privacyRequestStatuses] as const;
export type PrivacyQueueFilter = (typeof privacyQueueFilters)[number];

export const privacyRequestTypeLabels: Record<PrivacyRequestType, string> = {
  ACCESS: 'Acceso',
  RECTIFICATION: 'Rectificación',
  ERASURE: 'Supresión',
  OBJECTION: 'Oposición',
  PORTABILITY: 'Portabilidad',
  BLOCKING: 'Bloqueo',
};

/** Each right in words a child (and a parent) understands. */
export const privacyRequestTypeHelp: Record<PrivacyRequestType, string> = {
  ACCESS: 'Saber qué datos tuyos guardamos, para qué los usamos y con quién los compartimos.',
  RECTIFICATION: 'Corregir un dato tuyo que está mal o incompleto, como tu nombre o tu curso.',
  ERASURE: 'Pedir que borremos tus datos cuando ya no sean necesarios o no quieras que los tengamos.',
  OBJECTION: 'Pedir que dejemos de usar tus datos para algo que no te parece bien.',
  PORTABILITY: 'Recibir tus datos y tus fics en un archivo que puedas llevar a otro lugar.',
  BLOCKING: 'Pedir que congelemos tus datos por un tiempo: nadie los usa mientras revisamos tu caso.',
};

export const privacyRequestStatusLabels: Record<PrivacyRequestStatus, string> = {
  PENDING: 'Pendiente',
  EXTENDED: 'Plazo extendido',
  DONE: 'Respondida',
  REFUSED: 'Rechazada',
};

export const privacyRequestLimits = {
  detailMin: 10,
  detailMax: 1000,
  answerMin: 10,
  answerMax: 2000,
  /** 'Vence pronto' from this many calendar days before the due date (the warning too). */
  dueSoonDays: 7,
  /** Art. 11: calendar days to answer; the one extension adds as many again. */
  answerDays: 30,
  extensionDays: 30,
  /** Art. 11: business days to block. */
  blockingBusinessDays: 2,
  /** A parent's confirmation link works this long; an unconfirmed request is then deleted. */
  confirmHours: 72,
} as const;

/**
 * The notice of art. 11 every answer carries: who may be complained to, and within how long.
 * Written once here, for the e-mail and the pages.
 */
export const privacyComplaintNotice =
  'Si no estás de acuerdo con esta respuesta, o si no te respondemos a tiempo, puedes presentar un reclamo ' +
  'ante la Agencia de Protección de Datos Personales dentro de 30 días hábiles desde que recibes esta ' +
  'respuesta (artículo 11 de la Ley N° 19.628, según la Ley N° 21.719).';

export const privacyRequestMessages = {
  typeRequired: 'Elige qué derecho quieres ejercer',
  detailRequired: 'Escribe el detalle de tu solicitud',
  detailMin: `Cuéntanos un poco más: al menos ${privacyRequestLimits.detailMin} caracteres`,
  detailMax: `El detalle no debe tener más de ${privacyRequestLimits.detailMax} caracteres`,
  emailRequired: 'Escribe tu email para poder responderte',
  emailInvalid: 'Ingresa un email valido',
  emailNotYours: 'Usa el email de tu cuenta o deja el campo vacío',
  statusRequired: 'Elige una respuesta',
  answerRequired: 'Escribe la respuesta',
  answerMin: `La respuesta debe tener al menos ${privacyRequestLimits.answerMin} caracteres`,
  answerMax: `La respuesta no debe tener más de ${privacyRequestLimits.answerMax} caracteres`,
  notFound: 'La solicitud no existe',
  /** 409: answered (DONE or REFUSED) before this answer arrived. */
  alreadyAnswered: 'Esta solicitud ya fue respondida',
  /** 409: the one extension was already taken. */
  alreadyExtended: 'El plazo de esta solicitud ya se extendió una vez',
  /** 409: a blocking has 2 business days, with no extension. */
  blockingNotExtendable: 'Un bloqueo se resuelve en 2 días hábiles: su plazo no se puede extender',
  /** 400 on the confirmation: an unknown, used or expired link. */
  confirmInvalid: 'El enlace no es válido, ya se usó o venció. Si lo necesitas, envía la solicitud de nuevo.',
  confirmed: 'Confirmamos tu solicitud. Te responderemos por email dentro del plazo legal.',
  sentUnconfirmed: `Te enviamos un enlace a tu email (vale ${privacyRequestLimits.confirmHours} horas). La solicitud entra a revisión cuando lo abras.`,
  sent: 'Recibimos tu solicitud. Te responderemos por email dentro del plazo legal.',
  rateLimited: 'Se enviaron demasiadas solicitudes, espera un momento e inténtalo de nuevo',
  tokenRequired: 'Falta el código del enlace',
} as const;

const blank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * POST /privacy-requests. Signed in, the request is the caller's (an e-mail, if sent, must be their
 * account's); without a session `email` is required (the service says so: the schema does not know
 * who calls) and the request waits for the link sent there.
 */
export const createPrivacyRequestBodySchema = z.object({
  type: z.enum(privacyRequestTypes, { error: privacyRequestMessages.typeRequired }),
  detail: z
    .string({ error: privacyRequestMessages.detailRequired })
    .trim()
    .min(1, privacyRequestMessages.detailRequired)
    .min(privacyRequestLimits.detailMin, privacyRequestMessages.detailMin)
    .max(privacyRequestLimits.detailMax, privacyRequestMessages.detailMax),
  email: z.preprocess(
    blank,
    emailField(privacyRequestMessages.emailRequired, privacyRequestMessages.emailInvalid).optional(),
  ),
});
export type CreatePrivacyRequestBody = z.infer<typeof createPrivacyRequestBodySchema>;

/** The same body as a visitor must send it: with the e-mail (the public form checks it so). */
export const visitorPrivacyRequestBodySchema = createPrivacyRequestBodySchema.extend({
  email: emailField(privacyRequestMessages.emailRequired, privacyRequestMessages.emailInvalid),
});

/** The form's values (the web sends '' for an empty e-mail). */
export type CreatePrivacyRequestInput = z.input<typeof createPrivacyRequestBodySchema>;

/** POST /privacy-requests/confirm: the token of the e-mailed link. */
export const confirmPrivacyRequestBodySchema = z.object({
  token: z
    .string({ error: privacyRequestMessages.tokenRequired })
    .trim()
    .min(1, privacyRequestMessages.tokenRequired)
    .max(200, privacyRequestMessages.confirmInvalid),
});
export type ConfirmPrivacyRequestBody = z.infer<typeof confirmPrivacyRequestBodySchema>;

/** PATCH /privacy-requests/:id (administrators). */
export const answerPrivacyRequestBodySchema = z.object({
  status: z.enum(privacyAnswerStatuses, { error: privacyRequestMessages.statusRequired }),
  answer: z
    .string({ error: privacyRequestMessages.answerRequired })
    .trim()
    .min(1, privacyRequestMessages.answerRequired)
    .min(privacyRequestLimits.answerMin, privacyRequestMessages.answerMin)
    .max(privacyRequestLimits.answerMax, privacyRequestMessages.answerMax),
});
export type AnswerPrivacyRequestBody = z.infer<typeof answerPrivacyRequestBodySchema>;
export type AnswerPrivacyRequestInput = z.input<typeof answerPrivacyRequestBodySchema>;

export const privacyRequestsPaging = { defaultLimit: 20, maxLimit: 100 } as const;

/** GET /privacy-requests?status&page&limit (administrators): oldest due first. */
export const privacyQueueQuerySchema = z.object({
  ...pageQuerySchema(privacyRequestsPaging).shape,
  status: z.preprocess(
    blank,
    z.enum(privacyQueueFilters, { error: 'Filtro de estado desconocido' }).optional(),
  ),
});
export type PrivacyQueueQuery = z.infer<typeof privacyQueueQuerySchema>;

/** GET /me/privacy-requests?page&limit: the caller's own, newest first. */
export const ownPrivacyRequestsQuerySchema = pageQuerySchema(privacyRequestsPaging);

/** A calendar date in Chile (YYYY-MM-DD): the last day of a legal time. */
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What POST answers: the request just filed, without what the caller already knows. */
export const privacyRequestReceiptSchema = z.object({
  _id: idSchema,
  type: z.enum(privacyRequestTypes),
  status: z.enum(privacyRequestStatuses),
  /** The last day to answer; null until a parent confirms (the clock starts then). */
  dueAt: dateSchema.nullable(),
  confirmed: z.boolean(),
});
export type PrivacyRequestReceipt = z.infer<typeof privacyRequestReceiptSchema>;

/** A confirmed request as its requester and administrators read it. */
export const privacyRequestSchema = z
  .object({
    _id: idSchema,
    type: z.enum(privacyRequestTypes),
    status: z.enum(privacyRequestStatuses),
    detail: z.string(),
    /** Where the answer goes. */
    email: z.string(),
    /** The account that filed it (null: a parent without one, or an account deleted since). */
    requester: z.object({ _id: idSchema, name: z.string() }).nullable(),
    /**
     * The account the request is about: the requester's, or for one filed without a session the
     * account whose e-mail is the request's (confirmed by its link); null when none (yet, or any
     * more). On an ERASURE request, administrators open the erasure of this account from it.
     */
    account: z.object({ _id: idSchema, name: z.string() }).nullable(),
    createdAt: z.string(),
    /** When it entered the queue: its legal clock starts that day. */
    confirmedAt: z.string(),
    dueAt: dateSchema,
    /** The reason given for the one extension, once taken. */
    extensionReason: z.string().nullable(),
    answer: z.string().nullable(),
    answeredAt: z.string().nullable(),
    answeredBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
    /** Open and due within `dueSoonDays` days ('Vence pronto'). */
    dueSoon: z.boolean(),
    /** Open and past its due date ('Vencida'). */
    overdue: z.boolean(),
    /** What an administrator may answer now (empty once final; no EXTENDED after the extension or for a blocking). */
    allowedAnswers: z.array(z.enum(privacyAnswerStatuses)),
  })
  .meta({ id: 'PrivacyRequest' });
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const privacyRequestIdParamsSchema = z.object({ id: idSchema });
export const privacyRequestReceiptResponseSchema = z.object({
  request: privacyRequestReceiptSchema,
  message: z.string(),
});
export const privacyRequestResponseSchema = z.object({ request: privacyRequestSchema });
export const privacyRequestPageResponseSchema = z.object({ requests: pagedSchema(privacyRequestSchema) });
export const privacyConfirmResponseSchema = z.object({ message: z.string() });
