/**
 * The register of security incidents (issue 22.6; Ley 21.719 arts. 14 quinquies and sexies): what
 * happened, when, which data and how many people, the measures taken, and whether the affected
 * people (directly, always when children's data are involved) and the Agencia de Protección de Datos
 * Personales were told. Administrators only. One schema per endpoint, Spanish messages per field, and
 * the rules between fields written once (`securityIncidentRuleIssues`) for the form, the body and the
 * service's merge of a partial edit.
 */
import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

/** What kind of breach: confidentiality, integrity or availability (the usual three). */
export const securityIncidentNatures = ['CONFIDENTIALITY', 'INTEGRITY', 'AVAILABILITY'] as const;
export type SecurityIncidentNature = (typeof securityIncidentNatures)[number];

export const securityIncidentNatureLabels: Record<SecurityIncidentNature, string> = {
  CONFIDENTIALITY: 'Acceso o divulgación no autorizada',
  INTEGRITY: 'Alteración no autorizada',
  AVAILABILITY: 'Pérdida o destrucción',
};

/** The categories of personal data an incident may touch (what Fics keeps: docs/decisions/privacy.md). */
export const securityIncidentDataCategories = [
  'IDENTIFICATION',
  'CONTACT',
  'CREDENTIALS',
  'CONTENT',
  'EVALUATIONS',
  'IMAGES',
  'ACTIVITY',
  'CONSENT',
  'OTHER',
] as const;
export type SecurityIncidentDataCategory = (typeof securityIncidentDataCategories)[number];

export const securityIncidentDataCategoryLabels: Record<SecurityIncidentDataCategory, string> = {
  IDENTIFICATION: 'Identificación (nombre, curso, escuela)',
  CONTACT: 'Contacto (email)',
  CREDENTIALS: 'Credenciales (contraseñas, sesiones)',
  CONTENT: 'Contenido escrito (fics, comentarios, notas)',
  EVALUATIONS: 'Evaluaciones y calificaciones',
  IMAGES: 'Imágenes (fotos, portadas)',
  ACTIVITY: 'Actividad en la plataforma',
  CONSENT: 'Consentimientos de apoderados',
  OTHER: 'Otros',
};

export const securityIncidentStatuses = ['OPEN', 'CLOSED'] as const;
export type SecurityIncidentStatus = (typeof securityIncidentStatuses)[number];

export const securityIncidentStatusLabels: Record<SecurityIncidentStatus, string> = {
  OPEN: 'Abierto',
  CLOSED: 'Cerrado',
};

export const securityIncidentLimits = {
  descriptionMin: 10,
  descriptionMax: 4000,
  measuresMin: 10,
  measuresMax: 4000,
  affectedDescriptionMax: 1000,
  noticeMethodMin: 3,
  noticeMethodMax: 300,
  affectedCountMax: 10_000_000,
  /** A date up to this far ahead of the server's clock is taken as now (a browser's clock drifts). */
  futureSlackMs: 5 * 60 * 1000,
} as const;

export const securityIncidentMessages = {
  occurredAtRequired: 'Indica cuándo ocurrió el incidente',
  detectedAtRequired: 'Indica cuándo se detectó',
  detectedBeforeOccurred: 'La detección no puede ser anterior al incidente',
  future: 'La fecha no puede ser futura',
  natureRequired: 'Elige qué tipo de incidente fue',
  descriptionRequired: 'Describe qué pasó',
  descriptionMin: `Describe qué pasó con al menos ${securityIncidentLimits.descriptionMin} caracteres`,
  descriptionMax: `La descripción no debe tener más de ${securityIncidentLimits.descriptionMax} caracteres`,
  categoriesRequired: 'Elige al menos una categoría de datos',
  categoryUnknown: 'Categoría de datos desconocida',
  childrenDataRequired: 'Indica si hay datos de niños, niñas o adolescentes',
  affectedCountRequired: 'Indica cuántas personas fueron afectadas (0 si ninguna)',
  affectedCountInvalid: `El número de personas debe ser un entero entre 0 y ${securityIncidentLimits.affectedCountMax.toLocaleString('es-CL')}`,
  affectedDescriptionMax: `La descripción de las personas afectadas no debe tener más de ${securityIncidentLimits.affectedDescriptionMax} caracteres`,
  measuresRequired: 'Describe las medidas adoptadas',
  measuresMin: `Describe las medidas con al menos ${securityIncidentLimits.measuresMin} caracteres`,
  measuresMax: `Las medidas no deben tener más de ${securityIncidentLimits.measuresMax} caracteres`,
  notifiedRequired: 'Indica si se avisó',
  subjectsNotifiedAtRequired: 'Indica cuándo se avisó a las personas afectadas',
  noticeMethodRequired: 'Indica cómo se les avisó',
  noticeMethodMin: `Indica cómo se les avisó con al menos ${securityIncidentLimits.noticeMethodMin} caracteres`,
  noticeMethodMax: `No debe tener más de ${securityIncidentLimits.noticeMethodMax} caracteres`,
  agencyNotifiedAtRequired: 'Indica cuándo se avisó a la Agencia',
  noticeBeforeOccurred: 'El aviso no puede ser anterior al incidente',
  dateInvalid: 'Fecha inválida',
  statusRequired: 'Elige el estado',
  /** 400 on `status`: art. 14 sexies, children's data are told to the people directly. */
  closeChildrenUntold:
    'Hay datos de niños, niñas o adolescentes: avisa directamente a las personas afectadas antes de cerrar el incidente',
  versionRequired: 'Falta la versión del incidente que se editó',
  notFound: 'El incidente no existe',
  /** 409: someone saved the incident after this form was opened. */
  stale:
    'Otro administrador cambió este incidente mientras lo editabas. Revisa la versión actual y vuelve a guardar.',
  recorded: 'Incidente registrado',
  updated: 'Incidente actualizado',
} as const;

const blank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** An instant as ISO 8601 with its offset, not ahead of now (the browser sends its local time as UTC). */
const instant = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: securityIncidentMessages.dateInvalid }))
    .refine((value) => Date.parse(value) <= Date.now() + securityIncidentLimits.futureSlackMs, {
      error: securityIncidentMessages.future,
    });

const text = (messages: { required: string; min: string; max: string }, min: number, max: number) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .min(min, messages.min)
    .max(max, messages.max);

/** Each field of an incident as an administrator writes it (create; optional ones in an edit). */
const fields = {
  occurredAt: instant(securityIncidentMessages.occurredAtRequired),
  detectedAt: instant(securityIncidentMessages.detectedAtRequired),
  nature: z.enum(securityIncidentNatures, { error: securityIncidentMessages.natureRequired }),
  description: text(
    {
      required: securityIncidentMessages.descriptionRequired,
      min: securityIncidentMessages.descriptionMin,
      max: securityIncidentMessages.descriptionMax,
    },
    securityIncidentLimits.descriptionMin,
    securityIncidentLimits.descriptionMax,
  ),
  dataCategories: z
    .array(z.enum(securityIncidentDataCategories, { error: securityIncidentMessages.categoryUnknown }), {
      error: securityIncidentMessages.categoriesRequired,
    })
    .min(1, securityIncidentMessages.categoriesRequired)
    .max(securityIncidentDataCategories.length, securityIncidentMessages.categoryUnknown)
    // Each once, in the list's order, whatever order was sent.
    .transform((chosen) => securityIncidentDataCategories.filter((category) => chosen.includes(category))),
  childrenData: z.boolean({ error: securityIncidentMessages.childrenDataRequired }),
  affectedCount: z
    .number({ error: securityIncidentMessages.affectedCountRequired })
    .int(securityIncidentMessages.affectedCountInvalid)
    .min(0, securityIncidentMessages.affectedCountInvalid)
    .max(securityIncidentLimits.affectedCountMax, securityIncidentMessages.affectedCountInvalid),
  affectedDescription: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(securityIncidentLimits.affectedDescriptionMax, securityIncidentMessages.affectedDescriptionMax)
      .nullable()
      .default(null),
  ),
  measures: text(
    {
      required: securityIncidentMessages.measuresRequired,
      min: securityIncidentMessages.measuresMin,
      max: securityIncidentMessages.measuresMax,
    },
    securityIncidentLimits.measuresMin,
    securityIncidentLimits.measuresMax,
  ),
  subjectsNotified: z.boolean({ error: securityIncidentMessages.notifiedRequired }),
  subjectsNotifiedAt: z.preprocess(
    blank,
    instant(securityIncidentMessages.subjectsNotifiedAtRequired).nullable().default(null),
  ),
  subjectsNoticeMethod: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .min(securityIncidentLimits.noticeMethodMin, securityIncidentMessages.noticeMethodMin)
      .max(securityIncidentLimits.noticeMethodMax, securityIncidentMessages.noticeMethodMax)
      .nullable()
      .default(null),
  ),
  agencyNotified: z.boolean({ error: securityIncidentMessages.notifiedRequired }),
  agencyNotifiedAt: z.preprocess(
    blank,
    instant(securityIncidentMessages.agencyNotifiedAtRequired).nullable().default(null),
  ),
  status: z.enum(securityIncidentStatuses, { error: securityIncidentMessages.statusRequired }),
};

/** The fields an administrator writes, in the form's order (the edit's merge and the form's server errors). */
export const securityIncidentFields = Object.keys(fields) as readonly (keyof typeof fields)[];

/** An incident's values as stored, what the rules between fields read. */
export interface SecurityIncidentValues {
  occurredAt: string;
  detectedAt: string;
  childrenData: boolean;
  subjectsNotified: boolean;
  subjectsNotifiedAt: string | null;
  subjectsNoticeMethod: string | null;
  agencyNotified: boolean;
  agencyNotifiedAt: string | null;
  status: SecurityIncidentStatus;
}

/**
 * The rules between fields, as field → Spanish message: detected not before it happened; a notice
 * has its date (and, to the people, how) and is not dated before the incident; an incident with
 * children's data is not closed before the people were told directly (art. 14 sexies). Values of a
 * notice not given are ignored (`normalizeSecurityIncident` drops them). The table's CHECKs hold the
 * same, so nothing gets past them either way.
 */
export function securityIncidentRuleIssues(values: SecurityIncidentValues): Record<string, string> {
  const issues: Record<string, string> = {};
  const occurred = Date.parse(values.occurredAt);
  const before = (value: string | null) => value !== null && Date.parse(value) < occurred;
  if (before(values.detectedAt)) {
    issues.detectedAt = securityIncidentMessages.detectedBeforeOccurred;
  }
  if (values.subjectsNotified) {
    if (values.subjectsNotifiedAt === null) {
      issues.subjectsNotifiedAt = securityIncidentMessages.subjectsNotifiedAtRequired;
    } else if (before(values.subjectsNotifiedAt)) {
      issues.subjectsNotifiedAt = securityIncidentMessages.noticeBeforeOccurred;
    }
    if (values.subjectsNoticeMethod === null) {
      issues.subjectsNoticeMethod = securityIncidentMessages.noticeMethodRequired;
    }
  }
  if (values.agencyNotified) {
    if (values.agencyNotifiedAt === null) {
      issues.agencyNotifiedAt = securityIncidentMessages.agencyNotifiedAtRequired;
    } else if (before(values.agencyNotifiedAt)) {
      issues.agencyNotifiedAt = securityIncidentMessages.noticeBeforeOccurred;
    }
  }
  if (values.status === 'CLOSED' && values.childrenData && !values.subjectsNotified) {
    issues.status = securityIncidentMessages.closeChildrenUntold;
  }
  return issues;
}

/** A notice not given keeps no date or method (the table's CHECK: told iff dated). */
export function normalizeSecurityIncident<T extends SecurityIncidentValues>(values: T): T {
  return {
    ...values,
    subjectsNotifiedAt: values.subjectsNotified ? values.subjectsNotifiedAt : null,
    subjectsNoticeMethod: values.subjectsNotified ? values.subjectsNoticeMethod : null,
    agencyNotifiedAt: values.agencyNotified ? values.agencyNotifiedAt : null,
  };
}

/** POST /security-incidents (administrators). `status` defaults to OPEN (a past incident may be recorded closed). */
export const createSecurityIncidentBodySchema = z
  .object({ ...fields, status: fields.status.default('OPEN') })
  .superRefine((values, context) => {
    for (const [path, message] of Object.entries(securityIncidentRuleIssues(values))) {
      context.addIssue({ code: 'custom', path: [path], message });
    }
  })
  .transform((values) => normalizeSecurityIncident(values));
export type CreateSecurityIncidentBody = z.infer<typeof createSecurityIncidentBodySchema>;
export type SecurityIncidentInput = z.input<typeof createSecurityIncidentBodySchema>;

/**
 * PATCH /security-incidents/:id (administrators): any fields, and `version`, the version the editor
 * read. The service applies the rules to the incident as it would be after the change and saves only
 * if nobody saved it since (409 otherwise).
 */
export const updateSecurityIncidentBodySchema = z.object({
  version: z
    .number({ error: securityIncidentMessages.versionRequired })
    .int(securityIncidentMessages.versionRequired)
    .min(1, securityIncidentMessages.versionRequired),
  occurredAt: fields.occurredAt.optional(),
  detectedAt: fields.detectedAt.optional(),
  nature: fields.nature.optional(),
  description: fields.description.optional(),
  dataCategories: fields.dataCategories.optional(),
  childrenData: fields.childrenData.optional(),
  affectedCount: fields.affectedCount.optional(),
  // Absent: unchanged; null or '': cleared.
  affectedDescription: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .max(securityIncidentLimits.affectedDescriptionMax, securityIncidentMessages.affectedDescriptionMax)
      .nullable()
      .optional(),
  ),
  measures: fields.measures.optional(),
  subjectsNotified: fields.subjectsNotified.optional(),
  subjectsNotifiedAt: z.preprocess(
    blank,
    instant(securityIncidentMessages.subjectsNotifiedAtRequired).optional(),
  ),
  subjectsNoticeMethod: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .min(securityIncidentLimits.noticeMethodMin, securityIncidentMessages.noticeMethodMin)
      .max(securityIncidentLimits.noticeMethodMax, securityIncidentMessages.noticeMethodMax)
      .optional(),
  ),
  agencyNotified: fields.agencyNotified.optional(),
  agencyNotifiedAt: z.preprocess(
    blank,
    instant(securityIncidentMessages.agencyNotifiedAtRequired).optional(),
  ),
  status: fields.status.optional(),
});
export type UpdateSecurityIncidentBody = z.infer<typeof updateSecurityIncidentBodySchema>;

export const securityIncidentsPaging = { defaultLimit: 20, maxLimit: 100 } as const;

/** GET /security-incidents?status&page&limit (administrators): the newest incident first. */
export const securityIncidentsQuerySchema = z.object({
  ...pageQuerySchema(securityIncidentsPaging).shape,
  status: z.preprocess(
    blank,
    z.enum(securityIncidentStatuses, { error: 'Filtro de estado desconocido' }).optional(),
  ),
});
export type SecurityIncidentsQuery = z.infer<typeof securityIncidentsQuerySchema>;

/** One incident of the register, as administrators read it. */
export const securityIncidentSchema = z
  .object({
    _id: idSchema,
    occurredAt: z.iso.datetime(),
    detectedAt: z.iso.datetime(),
    nature: z.enum(securityIncidentNatures),
    description: z.string(),
    dataCategories: z.array(z.enum(securityIncidentDataCategories)),
    childrenData: z.boolean(),
    affectedCount: z.number().int(),
    affectedDescription: z.string().nullable(),
    measures: z.string(),
    subjectsNotified: z.boolean(),
    subjectsNotifiedAt: z.iso.datetime().nullable(),
    subjectsNoticeMethod: z.string().nullable(),
    agencyNotified: z.boolean(),
    agencyNotifiedAt: z.iso.datetime().nullable(),
    status: z.enum(securityIncidentStatuses),
    closedAt: z.iso.datetime().nullable(),
    /** Children's data are involved and the people were not told yet (the screen warns). */
    childrenNoticePending: z.boolean(),
    /** Who recorded it; null once their account is gone. */
    recordedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
    /** Sent back with an edit: the edit is saved only if nobody saved the incident since. */
    version: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'SecurityIncident' });
export type SecurityIncident = z.infer<typeof securityIncidentSchema>;

export const securityIncidentResponseSchema = z.object({ incident: securityIncidentSchema });
export const securityIncidentWrittenResponseSchema = z.object({
  incident: securityIncidentSchema,
  message: z.string(),
});
export const securityIncidentsResponseSchema = z.object({ incidents: pagedSchema(securityIncidentSchema) });

/** The administrators' screen /incidentes-seguridad (web): its texts, kept with the register's. */
export const securityIncidentTexts = {
  title: 'Incidentes de seguridad',
  intro:
    'Registro de incidentes de seguridad que exige la Ley 21.719: qué pasó, qué datos y cuántas personas afectó, qué se hizo y a quién se avisó. Si hay datos de niños, niñas o adolescentes, hay que avisar directamente a las personas afectadas; cuando corresponda, también a la Agencia de Protección de Datos Personales.',
  record: 'Registrar incidente',
  edit: 'Editar',
  statusFilter: 'Estado',
  filterAll: 'Todos',
  clearFilters: 'Ver los abiertos',
  empty: 'No hay incidentes registrados.',
  listLabel: 'Incidentes',
  pages: 'Páginas de incidentes',
  total: (count: number) => (count === 1 ? '1 incidente' : `${count.toLocaleString('es-CL')} incidentes`),
  childrenChip: 'Datos de niños, niñas o adolescentes',
  childrenWarning:
    'Hay datos de niños, niñas o adolescentes y aún no se avisó a las personas afectadas. La ley exige avisarles directamente: hazlo y regístralo aquí.',
  occurred: 'Ocurrió',
  detected: 'Detectado',
  closedOn: 'Cerrado',
  what: 'Qué pasó',
  categories: 'Datos afectados',
  affected: 'Personas afectadas',
  measures: 'Medidas adoptadas',
  subjectsNotice: 'Aviso a las personas afectadas',
  agencyNotice: 'Aviso a la Agencia',
  notToldYet: 'Aún no',
  toldOn: (date: string) => `Sí, el ${date}`,
  recordedBy: (name: string) => `Registrado por ${name}`,
  recordedByGone: 'Registrado por una cuenta ya eliminada',
  // The form.
  recordTitle: 'Registrar un incidente de seguridad',
  editTitle: 'Editar el incidente',
  occurredAt: 'Cuándo ocurrió',
  detectedAt: 'Cuándo se detectó',
  nature: 'Tipo de incidente',
  description: 'Qué pasó',
  descriptionHelp: 'Sin nombres de las personas afectadas: basta con describir el hecho.',
  dataCategories: 'Categorías de datos afectados',
  childrenData: 'Hay datos de niños, niñas o adolescentes',
  affectedCount: 'Número de personas afectadas',
  affectedDescription: 'Quiénes (opcional)',
  affectedDescriptionHelp: 'Por ejemplo: estudiantes de 5° básico A y sus apoderados.',
  measuresField: 'Medidas adoptadas',
  subjectsNotified: 'Se avisó a las personas afectadas',
  subjectsNotifiedAt: 'Cuándo se les avisó',
  subjectsNoticeMethod: 'Cómo se les avisó',
  subjectsNoticeMethodHelp: 'Por ejemplo: email a cada apoderado y aviso en la plataforma.',
  agencyNotified: 'Se avisó a la Agencia de Protección de Datos Personales',
  agencyNotifiedAt: 'Cuándo se avisó a la Agencia',
  status: 'Estado',
  save: 'Guardar',
  cancel: 'Cancelar',
  failed: 'No se pudo guardar el incidente. Inténtalo de nuevo.',
} as const;
