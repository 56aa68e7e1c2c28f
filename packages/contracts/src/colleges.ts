import { z } from 'zod';
import { gradeSchema } from './grades';

export const collegeLimits = { nameMin: 5, nameMax: 250, placeMax: 100 } as const;

export const collegeMessages = {
  nameRequired: 'El nombre es obligatorio',
  nameMin: `El nombre debe tener al menos ${collegeLimits.nameMin} caracteres`,
  nameMax: `El nombre no debe tener más de ${collegeLimits.nameMax} caracteres`,
  regionNotFound: 'La región no existe',
  zoneNotFound: 'La comuna no existe',
  zoneNotInRegion: 'La comuna no pertenece a la región seleccionada',
  zoneWithoutRegion: 'Selecciona una región antes de elegir la comuna',
  duplicate: 'Ya existe un establecimiento con ese nombre',
  inUse: 'No se puede eliminar el establecimiento porque tiene cursos con usuarios o fics asociados',
  deleted: 'Colegio eliminado exitosamente',
  /** Shown on screen for an unset region or commune (the export leaves the cell empty). */
  unspecified: 'Sin especificar',
} as const;

/** Export file: one sheet with these columns (spec 000 §2, §9). */
export const collegesExport = {
  filename: 'Establecimientos.xlsx',
  sheet: 'Establecimientos',
  header: ['NOMBRE', 'REGION', 'COMUNA'],
} as const;

const collegeNameField = z
  .string({ error: collegeMessages.nameRequired })
  .trim()
  .min(1, collegeMessages.nameRequired)
  .min(collegeLimits.nameMin, collegeMessages.nameMin)
  .max(collegeLimits.nameMax, collegeMessages.nameMax);

/**
 * Region or commune by name; empty or null means unset. Whether the name is one of the official
 * regions, and the commune one of that region's, is checked by the server against its list
 * (that membership replaces the spec's 5-100 length rule, which real communes such as 'Lota' break).
 */
const placeField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(collegeLimits.placeMax, message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** POST /colleges. */
export const createCollegeBodySchema = z.object({
  name: collegeNameField,
  region: placeField(collegeMessages.regionNotFound),
  zone: placeField(collegeMessages.zoneNotFound),
});
export type CreateCollegeBody = z.input<typeof createCollegeBodySchema>;

/** PATCH /colleges/:id: fields left out keep their value; null or '' clears region or zone. */
export const updateCollegeBodySchema = z.object({
  name: collegeNameField.optional(),
  region: placeField(collegeMessages.regionNotFound),
  zone: placeField(collegeMessages.zoneNotFound),
});
export type UpdateCollegeBody = z.input<typeof updateCollegeBodySchema>;

/** A school with the grades the caller may see (GET /colleges, POST and PATCH answers). */
export const collegeSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    region: z.string().nullable(),
    zone: z.string().nullable(),
    grades: z.array(gradeSchema),
  })
  .meta({ id: 'College' });
export type College = z.infer<typeof collegeSchema>;

export const collegeResponseSchema = z.object({ college: collegeSchema });
export const collegesResponseSchema = z.object({ colleges: z.array(collegeSchema) });

/** GET /colleges/list (public, registration form): names and grades only. */
export const collegeOptionSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    grades: z.array(z.object({ _id: z.string(), level: z.string(), cicle: z.string(), name: z.string() })),
  })
  .meta({ id: 'CollegeOption' });
export type CollegeOption = z.infer<typeof collegeOptionSchema>;
export const collegeOptionsResponseSchema = z.object({ colleges: z.array(collegeOptionSchema) });

export const gradeTeacherSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.object({ _id: z.string() }),
});
export type GradeTeacher = z.infer<typeof gradeTeacherSchema>;

/** A grade card of the school view. */
export const gradeDetailSchema = gradeSchema
  .extend({
    teachers: z.array(gradeTeacherSchema),
    teachersCount: z.number().int(),
    studentsCount: z.number().int(),
    storiesCount: z.number().int(),
  })
  .meta({ id: 'GradeDetail' });
export type GradeDetail = z.infer<typeof gradeDetailSchema>;

/** GET /colleges/:id (school view); counts are of distinct users over all its grades. */
export const collegeDetailSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    region: z.string().nullable(),
    zone: z.string().nullable(),
    grades: z.array(gradeDetailSchema),
    teachersCount: z.number().int(),
    studentsCount: z.number().int(),
    storiesCount: z.number().int(),
  })
  .meta({ id: 'CollegeDetail' });
export type CollegeDetail = z.infer<typeof collegeDetailSchema>;
export const collegeDetailResponseSchema = z.object({ college: collegeDetailSchema });
