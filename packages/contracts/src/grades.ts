import { z } from 'zod';
import { idSchema } from './common';

/** The school cycles and the levels each one has (spec 000 §3, §9), in display order. */
export const gradeCycles = {
  Básico: ['Primero', 'Segundo', 'Tercero', 'Cuarto', 'Quinto', 'Sexto', 'Séptimo', 'Octavo'],
  Medio: ['Primero', 'Segundo', 'Tercero', 'Cuarto'],
} as const satisfies Record<string, readonly string[]>;
export type GradeCycle = keyof typeof gradeCycles;
export const gradeCycleNames = Object.keys(gradeCycles) as [GradeCycle, ...GradeCycle[]];

export const gradeLimits = { nameMin: 1, nameMax: 25 } as const;

export const gradeMessages = {
  nameRequired: 'El nombre es obligatorio',
  nameMin: `El nombre debe tener al menos ${gradeLimits.nameMin} caracteres`,
  nameMax: `El nombre no debe tener más de ${gradeLimits.nameMax} caracteres`,
  cicleRequired: 'El ciclo es obligatorio',
  cicleInvalid: 'El ciclo no es válido',
  levelRequired: 'El nivel es obligatorio',
  levelNotInCicle: 'El nivel no corresponde al ciclo',
  duplicate: 'Ya existe un curso con ese nivel, ciclo y nombre',
  inUse: 'No se puede eliminar el curso porque tiene usuarios o fics asociados',
  deleted: 'Grado eliminado exitosamente',
} as const;

/** True when `level` is one of the levels of `cicle`. */
export function isLevelOfCycle(cicle: string, level: string): boolean {
  const levels: readonly string[] | undefined = gradeCycles[cicle as GradeCycle];
  return levels?.includes(level) ?? false;
}

/** How a grade is shown everywhere: level, cycle and name, e.g. 'Primero Básico A'. */
export function gradeLabel(g: { level: string; cicle: string; name: string }): string {
  return `${g.level} ${g.cicle} ${g.name}`;
}

export const gradeSchema = z
  .object({
    _id: z.string(),
    level: z.string(),
    cicle: z.string(),
    name: z.string(),
    collegeId: z.string(),
  })
  .meta({ id: 'Grade' });
export type Grade = z.infer<typeof gradeSchema>;

const gradeNameField = z
  .string({ error: gradeMessages.nameRequired })
  .trim()
  .min(gradeLimits.nameMin, gradeMessages.nameMin)
  .max(gradeLimits.nameMax, gradeMessages.nameMax);
const cicleField = z
  .string({ error: gradeMessages.cicleRequired })
  .trim()
  .min(1, gradeMessages.cicleRequired)
  .pipe(z.enum(gradeCycleNames, { error: gradeMessages.cicleInvalid }));
const levelField = z
  .string({ error: gradeMessages.levelRequired })
  .trim()
  .min(1, gradeMessages.levelRequired);

/** POST /colleges/:collegeId/grades (and the grade form): the level must belong to the cycle. */
export const createGradeBodySchema = z
  .object({ name: gradeNameField, level: levelField, cicle: cicleField })
  .superRefine((v, ctx) => {
    if (!isLevelOfCycle(v.cicle, v.level)) {
      ctx.addIssue({ code: 'custom', path: ['level'], message: gradeMessages.levelNotInCicle });
    }
  });
export type CreateGradeBody = z.infer<typeof createGradeBodySchema>;

/**
 * PATCH /colleges/:collegeId/grades/:gradeId: any of the fields; the server checks the level
 * against the cycle the grade ends up with.
 */
export const updateGradeBodySchema = z
  .object({ name: gradeNameField.optional(), level: levelField.optional(), cicle: cicleField.optional() })
  .superRefine((v, ctx) => {
    if (v.cicle !== undefined && v.level !== undefined && !isLevelOfCycle(v.cicle, v.level)) {
      ctx.addIssue({ code: 'custom', path: ['level'], message: gradeMessages.levelNotInCicle });
    }
  });
export type UpdateGradeBody = z.infer<typeof updateGradeBodySchema>;

export const collegeGradesParamsSchema = z.object({ collegeId: idSchema });
export const gradeParamsSchema = z.object({ collegeId: idSchema, gradeId: idSchema });

export const gradeResponseSchema = z.object({ grade: gradeSchema });
export const gradesResponseSchema = z.object({ grades: z.array(gradeSchema) });
