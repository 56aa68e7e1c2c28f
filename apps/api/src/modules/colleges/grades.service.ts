import { and, eq, ne, sql } from 'drizzle-orm';
import { gradeMessages, isLevelOfCycle, type Grade } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { grades } from '../../db/schema';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { findCollegeRow, toGrade } from './colleges.service';
import { teacherGradeIds } from './colleges.scope';
import { compareGrades } from './grade-order';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { gradesInUse } from './grade-usage';

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
  if (actor.role !== 'ADMIN' && actor.role !== 'TEACHER') {
    throw forbidden();
  }
  const rows = await db.select().from(grades).where(eq(grades.collegeId, collegeId));
  let visible = rows;
  if (actor.role === 'TEACHER') {
    const own = await teacherGradeIds(db, actor.userId);
    visible = rows.filter((g) => own.has(g.id));
    if (visible.length === 0) {
      throw notFound('El establecimiento no existe');
    }
  } else if (rows.length === 0) {
    // An empty list is fine for an existing school; an unknown id is not.
    await findCollegeRow(db, collegeId);
  }
  return visible.sort(compareGrades).map(toGrade);
}

/** Serialises grade writes within one school so the duplicate check cannot race. */
async function lockSchoolGrades(tx: DbOrTx, collegeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`grades:${collegeId}`}))`);
}

async function assertUniqueGrade(
  tx: DbOrTx,
  g: { collegeId: string; level: string; cicle: string; name: string },
  exceptId?: string,
): Promise<void> {
  const same = and(
    eq(grades.collegeId, g.collegeId),
    eq(grades.level, g.level),
    eq(grades.cicle, g.cicle),
    sql`lower(${grades.name}) = lower(${g.name})`,
  );
  const [existing] = await tx
    .select({ id: grades.id })
    .from(grades)
    .where(exceptId ? and(same, ne(grades.id, exceptId)) : same)
    .limit(1);
  if (existing) {
    throw conflict(gradeMessages.duplicate);
  }
}

/** POST /colleges/:collegeId/grades. */
export async function createGrade({
  db,
  collegeId,
  input,
}: {
  db: DbOrTx;
  collegeId: string;
  input: { name: string; level: string; cicle: string };
}): Promise<Grade> {
  return db.transaction(async (tx) => {
    await findCollegeRow(tx, collegeId, 'share');
    await lockSchoolGrades(tx, collegeId);
    await assertUniqueGrade(tx, { collegeId, ...input });
    const [row] = await tx
      .insert(grades)
      .values({ collegeId, level: input.level, cicle: input.cicle, name: input.name })
      .returning();
    return toGrade(row!);
  });
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

/** PATCH /colleges/:collegeId/grades/:gradeId. Fields left out keep their value. */
export async function updateGrade({
  db,
  collegeId,
  gradeId,
  input,
}: {
  db: DbOrTx;
  collegeId: string;
  gradeId: string;
  input: { name?: string; level?: string; cicle?: string };
}): Promise<Grade> {
  return db.transaction(async (tx) => {
    const current = await findGrade(tx, collegeId, gradeId);
    const next = {
      name: input.name ?? current.name,
      level: input.level ?? current.level,
      cicle: input.cicle ?? current.cicle,
    };
    if (!isLevelOfCycle(next.cicle, next.level)) {
      throw validationError({ level: gradeMessages.levelNotInCicle });
    }
    await lockSchoolGrades(tx, collegeId);
    await assertUniqueGrade(tx, { collegeId, ...next }, gradeId);
    const [row] = await tx
      .update(grades)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(grades.id, gradeId))
      .returning();
    return toGrade(row!);
  });
}

/** DELETE /colleges/:collegeId/grades/:gradeId: refused while the grade has users or fics (architecture §6.7). */
export async function deleteGrade({
  db,
  collegeId,
  gradeId,
}: {
  db: DbOrTx;
  collegeId: string;
  gradeId: string;
}): Promise<void> {
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
