import type { z } from 'zod';
import { requestMessages } from '@fics/contracts';

/** The select value of 'Otro': a school or grade not in the list, typed instead. */
export const OTHER = 'otro';

/** The school and grade fields of both request forms, as the form holds them ('' = not chosen). */
export interface PlacementValues {
  collegeId: string;
  collegeName: string;
  gradeId: string;
  gradeName: string;
  cicle: string;
  level: string;
}

export const emptyPlacement: PlacementValues = {
  collegeId: '',
  collegeName: '',
  gradeId: '',
  gradeName: '',
  cicle: '',
  level: '',
};

/** Whether the grade is typed: chosen 'Otro', or forced by an 'Otro' school (spec 000 §5). */
export const gradeIsTyped = (v: PlacementValues) => v.collegeId === OTHER || v.gradeId === OTHER;

/**
 * The placement as the API takes it: a listed school's `collegeId` or a typed `collegeName`; a
 * listed grade's `gradeId` or a typed grade in parts (`gradeName`, `level`, `cicle`), which the API
 * joins into the spec's 'level cycle name'.
 */
export function placementBody(v: PlacementValues) {
  const college = v.collegeId === OTHER ? { collegeName: v.collegeName } : { collegeId: v.collegeId };
  const grade = gradeIsTyped(v)
    ? { gradeName: v.gradeName, level: v.level, cicle: v.cicle }
    : { gradeId: v.gradeId };
  return { ...college, ...grade };
}

/**
 * Reports the issues of the contract's schema (run on the API's body) on the form's fields: a
 * missing school or grade chosen as 'Otro' belongs under its typed name, and an 'Otro' grade left
 * blank needs its cycle and level too.
 */
export function reportIssues(issues: readonly z.core.$ZodIssue[], v: PlacementValues, ctx: z.RefinementCtx) {
  const reported = new Set<string>();
  const add = (field: string, message: string) => {
    if (!reported.has(field)) {
      reported.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  };
  for (const issue of issues) {
    let field = String(issue.path[0] ?? 'collegeId');
    if (field === 'collegeId' && v.collegeId === OTHER) {
      field = 'collegeName';
    } else if (field === 'gradeId' && gradeIsTyped(v)) {
      field = 'gradeName';
    }
    add(field, issue.message);
  }
  if (gradeIsTyped(v)) {
    if (!v.cicle.trim()) {
      add('cicle', requestMessages.cicleRequired);
    }
    if (!v.level.trim()) {
      add('level', requestMessages.levelRequired);
    }
  }
}
