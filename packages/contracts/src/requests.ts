/**
 * Registration requests and change requests (spec 000 §2 Registration request form, Change
 * requests, Account-creation requests, Approve and Reject flows; §3; §4; §5; §7): statuses, limits,
 * Spanish messages and one schema per endpoint, shared by the API and the web forms.
 */
import { z } from 'zod';
import { emailField } from './auth';
import { idSchema, lettersAndSingleSpaces, pagedSchema, pageQuerySchema } from './common';
import { isLevelOfCycle, gradeCycleNames, gradeMessages } from './grades';
import { roleSchema } from './roles';
import { limits } from './users';
import { userMessages } from './users-api';

export const requestStatuses = ['PENDING', 'APPROVED', 'DENIED'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** The labels of spec 000 §4; any other value displays blank. */
export const requestStatusLabels: Record<RequestStatus, string> = {
  PENDING: 'Pendiente por revisión',
  APPROVED: 'Aprobado',
  DENIED: 'Negada',
};

export const requestLimits = {
  /** A school typed in the public form ('Otro'): spec 000 §9, 5 to 50. */
  collegeNameMin: 5,
  collegeNameMax: 50,
  /** A grade typed in the form ('Otro'): spec 000 §9, 1 to 50. */
  gradeNameMin: 1,
  gradeNameMax: 50,
  commentMax: 100,
  explanationMin: 20,
  explanationMax: 100,
  adminCommentsMax: 100,
  /** The hidden field bots fill; people never see it. */
  honeypotMax: 500,
} as const;

/** Every Spanish message of the request endpoints, worded as the spec's forms word them. */
export const requestMessages = {
  nameRequired: userMessages.nameRequired,
  nameMin: userMessages.nameMinLong,
  nameMax: userMessages.nameMax,
  lettersOnly: 'Solo letras minusculas, mayusculas y con un espacio de separación',
  roleRequired: userMessages.roleRequired,
  roleUnknown: userMessages.roleUnknown,
  adminRoleRefused: 'No se puede solicitar una cuenta de administrador',
  collegeRequired: 'El campo Establecimiento es obligatorio',
  gradeRequired: 'El campo Curso es obligatorio',
  collegeUnknown: userMessages.collegeUnknown,
  gradeUnknown: userMessages.gradeUnknown,
  gradeOutsideCollege: userMessages.gradeOutsideCollege,
  collegeListedAndTyped: 'Elige un establecimiento de la lista o escribe su nombre, no ambos',
  gradeListedAndTyped: 'Elige un curso de la lista o escribe su nombre, no ambos',
  gradeMustBeTyped: 'Si el establecimiento no está en la lista, escribe también el curso',
  collegeNameMin: `El nombre del establecimiento debe tener al menos ${requestLimits.collegeNameMin} caracteres`,
  collegeNameMax: `El nombre del establecimiento no debe tener más de ${requestLimits.collegeNameMax} caracteres`,
  gradeNameMax: `El nombre del curso no debe tener más de ${requestLimits.gradeNameMax} caracteres`,
  cicleRequired: gradeMessages.cicleRequired,
  cicleInvalid: gradeMessages.cicleInvalid,
  levelRequired: gradeMessages.levelRequired,
  levelNotInCicle: gradeMessages.levelNotInCicle,
  commentRequired: 'El comentario es obligatorio',
  commentMax: `La explicación no debe tener más de ${requestLimits.commentMax} caracteres`,
  explanationRequired: 'La explicación es obligatoria',
  explanationMin: `La explicación debe tener al menos ${requestLimits.explanationMin} caracteres`,
  explanationMax: `La explicación no debe tener más de ${requestLimits.explanationMax} caracteres`,
  adminCommentsMax: `El comentario no debe tener más de ${requestLimits.adminCommentsMax} caracteres`,
  sameAssignment: 'Usted ya se encuentra asignado al establecimiento y curso.',
  emailTaken: userMessages.emailTaken,
  emailPending: 'Ya existe una solicitud pendiente para este email',
  emailNotChangeable: 'El email de la solicitud no se puede cambiar',
  changePending: 'Ya tienes una solicitud de cambio pendiente',
  studentsOnly: 'Solo los estudiantes pueden solicitar un cambio de establecimiento o curso',
  notStudentAnymore: 'El usuario ya no es estudiante: no se puede cambiar su establecimiento o curso',
  /** 409 of a registration request already handled (architecture.md §4), also for an unknown id. */
  registerHandled: 'Esta solicitud no existe o ya fue atendida',
  /** 409 of a change request already handled (architecture.md §4). */
  changeHandled: 'Esta solicitud fue atendida',
  changeNotFound: 'La solicitud no existe',
  registerSent:
    'Tu solicitud fue enviada. Nuestro equipo la revisará y te llegará un email con el resultado.',
  rateLimited: 'Se enviaron demasiadas solicitudes, espera un momento e inténtalo de nuevo',
} as const;

/** Query strings and forms send '' for an unset value; treat it as absent. */
const blank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalId = (message: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: message })
      .pipe(z.uuid({ error: message }))
      .optional(),
  );
const optionalText = (max: number, message: string) =>
  z.preprocess(blank, z.string({ error: message }).trim().max(max, message).optional());

const personNameField = z
  .string({ error: requestMessages.nameRequired })
  .trim()
  .min(1, requestMessages.nameRequired)
  .min(limits.userNameMin, requestMessages.nameMin)
  .max(limits.profileNameMax, requestMessages.nameMax)
  .regex(lettersAndSingleSpaces, requestMessages.lettersOnly);

const roleIdField = z
  .string({ error: requestMessages.roleRequired })
  .trim()
  .min(1, requestMessages.roleRequired)
  .pipe(z.uuid({ error: requestMessages.roleUnknown }));

const requiredId = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(z.uuid({ error: invalid }));

const adminCommentsField = z
  .string({ error: requestMessages.adminCommentsMax })
  .trim()
  .max(requestLimits.adminCommentsMax, requestMessages.adminCommentsMax)
  .optional()
  .default('');

/**
 * The school and grade a request asks for: a listed school (`collegeId`) or a typed one
 * (`collegeName`), and a listed grade (`gradeId`) or a typed one (`gradeName` with `level` and
 * `cicle`). A typed school forces a typed grade (spec 000 §5).
 */
const placementShape = {
  collegeId: optionalId(requestMessages.collegeUnknown),
  collegeName: optionalText(1000, requestMessages.collegeNameMax),
  gradeId: optionalId(requestMessages.gradeUnknown),
  gradeName: optionalText(1000, requestMessages.gradeNameMax),
  level: optionalText(100, requestMessages.levelNotInCicle),
  cicle: optionalText(100, requestMessages.cicleInvalid),
};
type PlacementInput = {
  collegeId?: string | undefined;
  collegeName?: string | undefined;
  gradeId?: string | undefined;
  gradeName?: string | undefined;
  level?: string | undefined;
  cicle?: string | undefined;
};

function checkPlacement(v: PlacementInput, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.collegeId && v.collegeName) {
    issue('collegeName', requestMessages.collegeListedAndTyped);
  } else if (!v.collegeId && !v.collegeName) {
    issue('collegeId', requestMessages.collegeRequired);
  } else if (v.collegeName) {
    if (v.collegeName.length < requestLimits.collegeNameMin) {
      issue('collegeName', requestMessages.collegeNameMin);
    } else if (v.collegeName.length > requestLimits.collegeNameMax) {
      issue('collegeName', requestMessages.collegeNameMax);
    } else if (!lettersAndSingleSpaces.test(v.collegeName)) {
      issue('collegeName', requestMessages.lettersOnly);
    }
  }
  if (v.gradeId && v.gradeName) {
    issue('gradeName', requestMessages.gradeListedAndTyped);
    return;
  }
  if (v.gradeId) {
    if (v.collegeName && !v.collegeId) {
      issue('gradeId', requestMessages.gradeMustBeTyped);
    }
    return;
  }
  if (!v.gradeName && !v.level && !v.cicle) {
    issue(v.collegeName && !v.collegeId ? 'gradeName' : 'gradeId', requestMessages.gradeRequired);
    return;
  }
  if (!v.gradeName) {
    issue('gradeName', requestMessages.gradeRequired);
  } else if (v.gradeName.length > requestLimits.gradeNameMax) {
    issue('gradeName', requestMessages.gradeNameMax);
  } else if (!lettersAndSingleSpaces.test(v.gradeName)) {
    issue('gradeName', requestMessages.lettersOnly);
  }
  if (!v.cicle) {
    issue('cicle', requestMessages.cicleRequired);
  } else if (!(gradeCycleNames as readonly string[]).includes(v.cicle)) {
    issue('cicle', requestMessages.cicleInvalid);
  }
  if (!v.level) {
    issue('level', requestMessages.levelRequired);
  } else if (v.cicle && (gradeCycleNames as readonly string[]).includes(v.cicle)) {
    if (!isLevelOfCycle(v.cicle, v.level)) {
      issue('level', requestMessages.levelNotInCicle);
    }
  }
}

/** The school and grade a valid request body names. */
export type Placement = {
  college: { listed: true; id: string } | { listed: false; name: string };
  grade: { listed: true; id: string } | { listed: false; level: string; cicle: string; name: string };
};

/** Reads the placement of a body that passed its schema (the schema guarantees one of each). */
export function placementOf(v: PlacementInput): Placement {
  return {
    college: v.collegeId ? { listed: true, id: v.collegeId } : { listed: false, name: v.collegeName ?? '' },
    grade: v.gradeId
      ? { listed: true, id: v.gradeId }
      : { listed: false, level: v.level ?? '', cicle: v.cicle ?? '', name: v.gradeName ?? '' },
  };
}

/**
 * POST /register-requests (no login). `website` is a honeypot the form hides: people leave it
 * empty; a request that fills it is answered as accepted and stored nowhere.
 */
export const createRegisterRequestBodySchema = z
  .object({
    email: emailField(),
    name: personNameField,
    role: roleIdField,
    ...placementShape,
    userComment: z
      .string({ error: requestMessages.commentRequired })
      .trim()
      .min(1, requestMessages.commentRequired)
      .max(requestLimits.commentMax, requestMessages.commentMax),
    website: z.string().max(requestLimits.honeypotMax).optional(),
  })
  .superRefine(checkPlacement);
export type CreateRegisterRequestBody = z.infer<typeof createRegisterRequestBodySchema>;

/** POST /change-requests (students). */
export const createChangeRequestBodySchema = z
  .object({
    ...placementShape,
    studentExplanation: z
      .string({ error: requestMessages.explanationRequired })
      .trim()
      .min(1, requestMessages.explanationRequired)
      .min(requestLimits.explanationMin, requestMessages.explanationMin)
      .max(requestLimits.explanationMax, requestMessages.explanationMax),
  })
  .superRefine(checkPlacement);
export type CreateChangeRequestBody = z.infer<typeof createChangeRequestBodySchema>;

/**
 * PATCH /register-requests/:id/accept (spec 000 §5 Account approval form). The e-mail is the
 * requester's own: sent for the form's sake, refused if it differs. The administrator may correct
 * the name and chooses the role (not ADMIN), school and grade.
 */
export const acceptRegisterRequestBodySchema = z.object({
  email: emailField(),
  name: personNameField,
  role: roleIdField,
  collegeId: requiredId(requestMessages.collegeRequired, requestMessages.collegeUnknown),
  gradeId: requiredId(requestMessages.gradeRequired, requestMessages.gradeUnknown),
  adminComments: adminCommentsField,
});
export type AcceptRegisterRequestBody = z.infer<typeof acceptRegisterRequestBodySchema>;

/** PATCH /change-requests/:id/accept: the school and grade the student moves to. */
export const acceptChangeRequestBodySchema = z.object({
  collegeId: requiredId(requestMessages.collegeRequired, requestMessages.collegeUnknown),
  gradeId: requiredId(requestMessages.gradeRequired, requestMessages.gradeUnknown),
  adminComments: adminCommentsField,
});
export type AcceptChangeRequestBody = z.infer<typeof acceptChangeRequestBodySchema>;

/** PATCH /register-requests/:id/deny and /change-requests/:id/deny: an optional comment. */
export const denyRequestBodySchema = z.preprocess(
  // Fastify hands a request without a body over as null.
  (value) => value ?? {},
  z.object({ adminComments: adminCommentsField }),
);
export type DenyRequestBody = z.infer<typeof denyRequestBodySchema>;

export const requestsPaging = { defaultLimit: 20, maxLimit: 100 } as const;
export const requestsPageQuerySchema = pageQuerySchema(requestsPaging);

const requestCollegeSchema = z.object({ _id: z.string(), name: z.string() });
const requestGradeSchema = z.object({
  _id: z.string(),
  level: z.string(),
  cicle: z.string(),
  name: z.string(),
  collegeId: z.string(),
});
/** The parts of a grade typed in the form ('Otro'), for the approve wizard's grade form. */
const requestedGradeSchema = z.object({ level: z.string(), cicle: z.string(), name: z.string() });

/**
 * What both kinds of request share (spec 000 §3). `collegeId` and `gradeId` are the listed school
 * and grade (populated; after approval, the ones the administrator chose), `collegeName` and
 * `gradeName` the typed ones ('Otro'; `gradeName` is level, cycle and name joined), null when
 * listed. `former*` keep what was asked for, recorded when the request is handled.
 */
const requestCommonShape = {
  _id: z.string(),
  date: z.string(),
  isCollegeListed: z.boolean(),
  isGradeListed: z.boolean(),
  collegeId: requestCollegeSchema.nullable(),
  collegeName: z.string().nullable(),
  gradeId: requestGradeSchema.nullable(),
  gradeName: z.string().nullable(),
  requestedGrade: requestedGradeSchema.nullable(),
  status: z.enum(requestStatuses),
  adminId: z.object({ _id: z.string(), name: z.string() }).nullable(),
  adminComments: z.string(),
  updatedAt: z.string(),
  formerName: z.string().nullable(),
  formerCollegeName: z.string().nullable(),
  formerGradeName: z.string().nullable(),
};

export const registerRequestSchema = z
  .object({
    ...requestCommonShape,
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    userComment: z.string(),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const changeRequestSchema = z
  .object({
    ...requestCommonShape,
    userId: z.object({
      _id: z.string(),
      name: z.string(),
      collegeId: z.array(requestCollegeSchema),
      gradeId: z.array(requestGradeSchema),
    }),
    studentExplanation: z.string(),
  })
  .meta({ id: 'ChangeRequest' });
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const requestIdParamsSchema = z.object({ id: idSchema });

export const registerRequestSentResponseSchema = z.object({ message: z.string() });
export const registerRequestResponseSchema = z.object({ request: registerRequestSchema });
export const registerRequestListResponseSchema = z.object({ requests: z.array(registerRequestSchema) });
export const registerRequestPageResponseSchema = z.object({ requests: pagedSchema(registerRequestSchema) });
export const changeRequestResponseSchema = z.object({ request: changeRequestSchema });
export const changeRequestListResponseSchema = z.object({ requests: z.array(changeRequestSchema) });
export const changeRequestPageResponseSchema = z.object({ requests: pagedSchema(changeRequestSchema) });
