/**
 * A guardian's consent for a student under 14 (issue 22.5, Ley 21.719 art. 16 quáter;
 * docs/decisions/privacy.md 'Consentimiento'): the birth year, the staff's view and requests, the
 * notice the guardian reads (versioned: the version read is recorded with the decision) and the
 * public page's answers.
 */
import { z } from 'zod';
import { emailField } from './auth';

export const birthYearLimits = { min: 1920, maxAge: 3 } as const;

export const guardianConsentMessages = {
  birthYearInvalid: 'El año de nacimiento debe ser un número de cuatro cifras, como 2014',
  birthYearRange: 'El año de nacimiento no es válido: revisa que esté bien escrito',
  guardianEmailRequired: 'El email del apoderado es obligatorio',
  guardianEmailInvalid: 'Ingresa un email válido para el apoderado',
  notStudent: 'Solo los estudiantes necesitan el consentimiento de un apoderado',
  alreadyGranted: 'El apoderado ya dio su consentimiento. Registra su retiro antes de pedirlo de nuevo.',
  nothingToWithdraw: 'No hay un consentimiento vigente que retirar',
  requested: 'Enviamos el aviso al apoderado',
  withdrawn: 'Se registró el retiro del consentimiento',
  linkNotFound: 'Este enlace no es válido o ya venció. Pide al colegio que te envíe uno nuevo.',
  alreadyDecided: 'Esta solicitud ya fue respondida',
  decisionRequired: 'Elige una respuesta',
  accepted: 'Gracias. Registramos que aceptas.',
  refused: 'Registramos que no aceptas. El trabajo del estudiante seguirá visible solo dentro de su colegio.',
  withdrawnByGuardian:
    'Registramos el retiro de tu consentimiento. Desde ahora su trabajo queda solo dentro de su colegio.',
} as const;

/**
 * The notice the guardian reads before answering (plain language). Changing what it says means a
 * new `version`: each decision records the version read.
 */
export const guardianNotice = {
  version: '2026-11-27',
  title: 'Consentimiento para mostrar el trabajo de un estudiante en Fics',
  paragraphs: [
    'Fics es la plataforma de escritura que usa el colegio. Los estudiantes escriben cuentos («fics»), sus profesores los revisan y pueden publicarlos.',
    'Qué datos tratamos: el nombre del estudiante, su email, su colegio y curso, su año de nacimiento si el colegio lo registró, los textos que escribe, sus comentarios y las evaluaciones de sus profesores.',
    'Para qué: para que escriba y sea evaluado en clases y, si usted acepta, para que sus fics publicadas y su nombre (solo el nombre y la inicial del apellido, para quien no ha ingresado) se muestren también fuera de su colegio: en la galería pública de Fics y cuando alguien comparte el enlace de una fic.',
    'Si usted no acepta, el estudiante sigue escribiendo y siendo evaluado igual que hoy, pero sus fics publicadas solo las ven personas de su propio colegio que hayan ingresado con su cuenta, y nada suyo aparece en la galería pública ni en vistas previas de enlaces compartidos.',
    'Por qué le preguntamos: la Ley 21.719 pide el consentimiento de madres, padres o apoderados para tratar los datos de menores de 14 años.',
    'Puede cambiar de opinión cuando quiera con este mismo enlace, o pidiéndolo al colegio. El retiro se aplica de inmediato.',
  ],
} as const;

/** A birth year typed in a form or a spreadsheet cell: '' or null is none. */
export const birthYearField = z.preprocess(
  (value) => {
    if (value === '' || value === undefined || value === null) {
      return null;
    }
    const text = typeof value === 'string' ? value.trim() : value;
    return typeof text === 'string' && /^\d{1,6}$/.test(text) ? Number(text) : text;
  },
  z
    .number({ error: guardianConsentMessages.birthYearInvalid })
    .int(guardianConsentMessages.birthYearInvalid)
    .refine(
      (year) => year >= birthYearLimits.min && year <= new Date().getFullYear() - birthYearLimits.maxAge,
      guardianConsentMessages.birthYearRange,
    )
    .nullable(),
);

/**
 * The state the staff see:
 * - NOT_REQUIRED: not a student, or 14 or older, or of unknown age in a Medio grade;
 * - MISSING: required and never asked; PENDING: asked, not answered yet;
 * - GRANTED; REFUSED; WITHDRAWN: the last answer.
 */
export const guardianConsentStates = [
  'NOT_REQUIRED',
  'MISSING',
  'PENDING',
  'GRANTED',
  'REFUSED',
  'WITHDRAWN',
] as const;
export type GuardianConsentState = (typeof guardianConsentStates)[number];

export const guardianConsentStateLabels: Record<GuardianConsentState, string> = {
  NOT_REQUIRED: 'No se necesita',
  MISSING: 'Falta pedirlo',
  PENDING: 'Esperando respuesta',
  GRANTED: 'Aceptado',
  REFUSED: 'No aceptado',
  WITHDRAWN: 'Retirado',
};

/** GET /users/:id/guardian-consent (the student's grade's teachers and administrators). */
export const guardianConsentSchema = z
  .object({
    /** Whether the student needs it (their age or, unknown, their grade). */
    required: z.boolean(),
    state: z.enum(guardianConsentStates),
    /** The latest request's guardian e-mail, if any. */
    guardianEmail: z.string().nullable(),
    requestedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    /** The notice's version the guardian answered. */
    noticeVersion: z.string().nullable(),
  })
  .meta({ id: 'GuardianConsent' });
export type GuardianConsent = z.infer<typeof guardianConsentSchema>;
export const guardianConsentResponseSchema = z.object({ consent: guardianConsentSchema });
export const guardianConsentActionResponseSchema = z.object({
  consent: guardianConsentSchema,
  message: z.string(),
});

/** POST /users/:id/guardian-consent: asks (or asks again) the guardian at this e-mail. */
export const requestGuardianConsentBodySchema = z.object({
  guardianEmail: emailField(
    guardianConsentMessages.guardianEmailRequired,
    guardianConsentMessages.guardianEmailInvalid,
  ),
});
export type RequestGuardianConsentBody = z.infer<typeof requestGuardianConsentBodySchema>;

/** The link's token (base64url, 43 characters); anything else is simply not found (404). */
export const consentTokenParamsSchema = z.object({
  token: z.string().max(200, guardianConsentMessages.linkNotFound),
});

/** GET /guardian-consents/:token (public): what the guardian is asked and what they answered. */
export const publicGuardianConsentSchema = z
  .object({
    /** The student's first name only. */
    studentName: z.string(),
    college: z.string(),
    state: z.enum(['PENDING', 'GRANTED', 'REFUSED', 'WITHDRAWN']),
    notice: z.object({ version: z.string(), title: z.string(), paragraphs: z.array(z.string()) }),
  })
  .meta({ id: 'PublicGuardianConsent' });
export type PublicGuardianConsent = z.infer<typeof publicGuardianConsentSchema>;
export const publicGuardianConsentResponseSchema = z.object({ consent: publicGuardianConsentSchema });

export const guardianDecisions = ['ACCEPT', 'REFUSE', 'WITHDRAW'] as const;
/** POST /guardian-consents/:token: 'Acepto', 'No acepto', or withdrawing a consent given. */
export const decideGuardianConsentBodySchema = z.object({
  decision: z.enum(guardianDecisions, { error: guardianConsentMessages.decisionRequired }),
});
export type DecideGuardianConsentBody = z.infer<typeof decideGuardianConsentBodySchema>;
export const decideGuardianConsentResponseSchema = z.object({
  consent: publicGuardianConsentSchema,
  message: z.string(),
});
