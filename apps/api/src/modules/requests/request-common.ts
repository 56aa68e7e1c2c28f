import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { gradeLabel, requestMessages, type Placement, type RequestStatus } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, grades, users } from '../../db/schema';
import { forbidden, validationError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';

/** Only administrators handle requests and read their lists (spec 000 §6). */
export function assertAdmin(actor: Actor): void {
  if (actor.role !== 'ADMIN') {
    throw forbidden();
  }
}

/** The columns a new request stores for the school and grade it asks for. */
export interface PlacementColumns {
  isCollegeListed: boolean;
  isGradeListed: boolean;
  collegeId: string | null;
  gradeId: string | null;
  collegeName: string | null;
  gradeLevel: string | null;
  gradeCicle: string | null;
  gradeName: string | null;
  requestedCollegeName: string;
  requestedGradeName: string;
}

/**
 * Checks a listed school and grade against the data (the grade must belong to the school) and
 * answers the columns to store, with the school and grade as the requester named them.
 */
export async function resolvePlacement(db: DbOrTx, placement: Placement): Promise<PlacementColumns> {
  const { college, grade } = placement;
  let collegeName: string;
  if (college.listed) {
    const [row] = await db
      .select({ name: colleges.name })
      .from(colleges)
      .where(eq(colleges.id, college.id))
      .limit(1);
    if (!row) {
      throw validationError({ collegeId: requestMessages.collegeUnknown });
    }
    collegeName = row.name;
  } else {
    collegeName = college.name;
  }
  let gradeName: string;
  if (grade.listed) {
    const [row] = await db
      .select({ collegeId: grades.collegeId, level: grades.level, cicle: grades.cicle, name: grades.name })
      .from(grades)
      .where(eq(grades.id, grade.id))
      .limit(1);
    if (!row) {
      throw validationError({ gradeId: requestMessages.gradeUnknown });
    }
    if (!college.listed || row.collegeId !== college.id) {
      throw validationError({ gradeId: requestMessages.gradeOutsideCollege });
    }
    gradeName = gradeLabel(row);
  } else {
    gradeName = gradeLabel(grade);
  }
  return {
    isCollegeListed: college.listed,
    isGradeListed: grade.listed,
    collegeId: college.listed ? college.id : null,
    gradeId: grade.listed ? grade.id : null,
    collegeName: college.listed ? null : college.name,
    gradeLevel: grade.listed ? null : grade.level,
    gradeCicle: grade.listed ? null : grade.cicle,
    gradeName: grade.listed ? null : grade.name,
    requestedCollegeName: collegeName,
    requestedGradeName: gradeName,
  };
}

/** The administrator who handled a request, joined under its own name. */
export const handlers = alias(users, 'handlers');

/** The joined columns both kinds of request show: listed school and grade, and who handled it. */
export const joinedSelection = {
  joinedCollegeId: colleges.id,
  joinedCollegeName: colleges.name,
  joinedGradeId: grades.id,
  joinedGradeLevel: grades.level,
  joinedGradeCicle: grades.cicle,
  joinedGradeName: grades.name,
  joinedGradeCollegeId: grades.collegeId,
  handlerId: handlers.id,
  handlerName: handlers.name,
};

/** A request row with its joins, as both list queries read it. */
export interface CommonRow {
  id: string;
  isCollegeListed: boolean;
  isGradeListed: boolean;
  collegeName: string | null;
  gradeLevel: string | null;
  gradeCicle: string | null;
  gradeName: string | null;
  status: RequestStatus;
  adminComments: string;
  formerName: string | null;
  formerCollegeName: string | null;
  formerGradeName: string | null;
  createdAt: Date;
  updatedAt: Date;
  joinedCollegeId: string | null;
  joinedCollegeName: string | null;
  joinedGradeId: string | null;
  joinedGradeLevel: string | null;
  joinedGradeCicle: string | null;
  joinedGradeName: string | null;
  joinedGradeCollegeId: string | null;
  handlerId: string | null;
  handlerName: string | null;
}

/** The fields both kinds of request answer (contracts/requests.ts, requestCommonShape). */
export function commonView(row: CommonRow) {
  const typedGrade =
    row.isGradeListed || row.gradeLevel === null || row.gradeCicle === null || row.gradeName === null
      ? null
      : { level: row.gradeLevel, cicle: row.gradeCicle, name: row.gradeName };
  return {
    _id: row.id,
    date: row.createdAt.toISOString(),
    isCollegeListed: row.isCollegeListed,
    isGradeListed: row.isGradeListed,
    collegeId:
      row.joinedCollegeId !== null && row.joinedCollegeName !== null
        ? { _id: row.joinedCollegeId, name: row.joinedCollegeName }
        : null,
    collegeName: row.isCollegeListed ? null : row.collegeName,
    gradeId:
      row.joinedGradeId !== null &&
      row.joinedGradeLevel !== null &&
      row.joinedGradeCicle !== null &&
      row.joinedGradeName !== null &&
      row.joinedGradeCollegeId !== null
        ? {
            _id: row.joinedGradeId,
            level: row.joinedGradeLevel,
            cicle: row.joinedGradeCicle,
            name: row.joinedGradeName,
            collegeId: row.joinedGradeCollegeId,
          }
        : null,
    gradeName: typedGrade ? gradeLabel(typedGrade) : null,
    requestedGrade: typedGrade,
    status: row.status,
    adminId:
      row.handlerId !== null && row.handlerName !== null
        ? { _id: row.handlerId, name: row.handlerName }
        : null,
    adminComments: row.adminComments,
    updatedAt: row.updatedAt.toISOString(),
    formerName: row.formerName,
    formerCollegeName: row.formerCollegeName,
    formerGradeName: row.formerGradeName,
  };
}
