import { and, eq, inArray } from 'drizzle-orm';
import { gradeMessages, isLevelOfCycle, type Grade } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { grades } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound, validationError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { assertAdmin, assertCanListSchools } from './colleges.access';
import { findCollege, findGrades, toGrade } from './colleges.service';
import { heldGradeIds } from './colleges.scope';
import { gradesInUse } from './grade-usage';

/** The unique index on (college_id, cicle, level, fics_fold(name)) (schema.ts). */
const GRADE_UNIQUE_INDEX = 'grades_unique_idx';

const gradeNotFound = () => notFound('El curso no existe');

/**
 * GET /colleges/:collegeId/grades. An administrator sees every grade of the school; a teacher
 * only their own, and a school where they teach nothing answers 404 like an unknown one.
 */
export async function listGrades({
  db,
  actor,
  collegeId,
}: {
  db: DbOrTx;
  actor: Actor;
  collegeId: string;
}): Promise<Grade[]> {
  assertCanListSchools(actor);
  const teacher = actor.role === 'TEACHER';
  const rows = await findGrades(
    db,
    and(
      eq(grades.collegeId, collegeId),
      teacher ? inArray(grades.id, heldGradeIds(db, actor.userId)) : undefined,
    ),
  );
  if (rows.length === 0) {
    if (teacher) {
      throw notFound('El establecimiento no existe');
    }
    // An empty list is fine for an existing school; an unknown id is not.
    await findCollege(db, collegeId);
  }
  return rows.map(toGrade);
}

/**
 * Runs a grade write. The unique index decides whether the school already has that grade, also
 * between requests racing each other; its violation is the 409.
 */
async function withUniqueGrade<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, GRADE_UNIQUE_INDEX)) {
      throw conflict(gradeMessages.duplicate);
    }
    throw error;
  }
}

/**
 * POST /colleges/:collegeId/grades (administrators). A school has one grade per cycle, level and
 * name, the name ignoring case and accents.
 */
export async function createGrade({
  db,
  actor,
  collegeId,
  input,
}: {
  db: DbOrTx;
  actor: Actor;
  collegeId: string;
  input: { name: string; level: string; cicle: string };
}): Promise<Grade> {
  assertAdmin(actor);
  return withUniqueGrade(() =>
    db.transaction(async (tx) => {
      // 404 for an unknown school; the share lock keeps a concurrent delete of it waiting.
      await findCollege(tx, collegeId, 'share');
      const [row] = await tx
        .insert(grades)
        .values({ collegeId, level: input.level, cicle: input.cicle, name: input.name })
        .returning();
      return toGrade(row!);
    }),
  );
}

async function findGrade(tx: DbOrTx, collegeId: string, gradeId: string) {
  const [row] = await tx
    .select()
    .from(grades)
    .where(and(eq(grades.id, gradeId), eq(grades.collegeId, collegeId)))
    .for('update');
  if (!row) {
    throw gradeNotFound();
  }
  return row;
}

/** PATCH /colleges/:collegeId/grades/:gradeId (administrators). Fields left out keep their value. */
export async function updateGrade({
  db,
  actor,
  collegeId,
  gradeId,
  input,
}: {
  db: DbOrTx;
  actor: Actor;
  collegeId: string;
  gradeId: string;
  input: { name?: string; level?: string; cicle?: string };
}): Promise<Grade> {
  assertAdmin(actor);
  return withUniqueGrade(() =>
    db.transaction(async (tx) => {
      const current = await findGrade(tx, collegeId, gradeId);
      const next = {
        name: input.name ?? current.name,
        level: input.level ?? current.level,
        cicle: input.cicle ?? current.cicle,
      };
      if (!isLevelOfCycle(next.cicle, next.level)) {
        throw validationError({ level: gradeMessages.levelNotInCicle });
      }
      const [row] = await tx
        .update(grades)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(grades.id, gradeId))
        .returning();
      return toGrade(row!);
    }),
  );
}

/**
 * DELETE /colleges/:collegeId/grades/:gradeId (administrators): refused while the grade has users
 * or fics (architecture §6.7).
 */
export async function deleteGrade({
  db,
  actor,
  collegeId,
  gradeId,
}: {
  db: DbOrTx;
  actor: Actor;
  collegeId: string;
  gradeId: string;
}): Promise<void> {
  assertAdmin(actor);
  try {
    await db.transaction(async (tx) => {
      await findGrade(tx, collegeId, gradeId);
      if (await gradesInUse(tx, [gradeId])) {
        throw conflict(gradeMessages.inUse);
      }
      await tx.delete(grades).where(eq(grades.id, gradeId));
    });
  } catch (error) {
    // Something else still points at the grade (a request, a user added meanwhile).
    if (isForeignKeyViolation(error)) {
      throw conflict(gradeMessages.inUse);
    }
    throw error;
  }
}
