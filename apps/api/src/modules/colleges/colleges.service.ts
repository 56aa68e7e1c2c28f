import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  collegeMessages,
  collegesExport,
  type College,
  type CollegeDetail,
  type CollegeOption,
  type Grade,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, grades } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { buildWorkbook } from '../../lib/spreadsheet';
import type { Actor } from '../../plugins/auth';
import { resolvePlace } from '../regions/regions.service';
import { teacherGrades } from './colleges.scope';
import { compareGrades, compareNames } from './grade-order';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { gradesInUse, loadGradeUsage } from './grade-usage';

type CollegeRow = typeof colleges.$inferSelect;
type GradeRow = typeof grades.$inferSelect;

export const toGrade = (g: GradeRow): Grade => ({
  _id: g.id,
  level: g.level,
  cicle: g.cicle,
  name: g.name,
  collegeId: g.collegeId,
});

const toCollege = (c: CollegeRow, collegeGrades: Grade[]): College => ({
  _id: c.id,
  name: c.name,
  region: c.region,
  zone: c.zone,
  grades: collegeGrades,
});

/** Grades of the given schools, in school order, grouped by school. */
async function gradesByCollege(db: DbOrTx, collegeIds: string[]): Promise<Map<string, GradeRow[]>> {
  const result = new Map<string, GradeRow[]>(collegeIds.map((id) => [id, []]));
  if (collegeIds.length === 0) {
    return result;
  }
  const rows = await db.select().from(grades).where(inArray(grades.collegeId, collegeIds));
  rows.sort(compareGrades);
  for (const g of rows) {
    result.get(g.collegeId)?.push(g);
  }
  return result;
}

/** The school row, or 404; inside a transaction `lock` takes a row lock (`update` to change or delete it, `share` to add or change its grades). */
export async function findCollegeRow(
  db: DbOrTx,
  collegeId: string,
  lock?: 'update' | 'share',
): Promise<CollegeRow> {
  const query = db.select().from(colleges).where(eq(colleges.id, collegeId));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) {
    throw notFound('El establecimiento no existe');
  }
  return row;
}

/**
 * GET /colleges. An administrator sees every school with all its grades; a teacher only the
 * schools where they teach, with only their own grades (the user list's filters are built from it).
 */
export async function listColleges({ db, actor }: { db: DbOrTx; actor: Actor }): Promise<College[]> {
  let rows: CollegeRow[];
  let visibleGrades: Set<string> | null = null;
  if (actor.role === 'ADMIN') {
    rows = await db.select().from(colleges);
  } else if (actor.role === 'TEACHER') {
    const own = await teacherGrades(db, actor.userId);
    visibleGrades = new Set(own.map((g) => g.gradeId));
    const ids = [...new Set(own.map((g) => g.collegeId))];
    rows = ids.length === 0 ? [] : await db.select().from(colleges).where(inArray(colleges.id, ids));
  } else {
    throw forbidden();
  }
  rows.sort(compareNames);
  const byCollege = await gradesByCollege(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) =>
    toCollege(c, (byCollege.get(c.id) ?? []).filter((g) => visibleGrades?.has(g.id) ?? true).map(toGrade)),
  );
}

/** GET /colleges/list: every school's name and grades, for the public registration form. */
export async function listCollegeOptions({ db }: { db: DbOrTx }): Promise<CollegeOption[]> {
  const rows = await db.select({ id: colleges.id, name: colleges.name }).from(colleges);
  rows.sort(compareNames);
  const byCollege = await gradesByCollege(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) => ({
    _id: c.id,
    name: c.name,
    grades: (byCollege.get(c.id) ?? []).map((g) => ({
      _id: g.id,
      level: g.level,
      cicle: g.cicle,
      name: g.name,
    })),
  }));
}

/** GET /colleges/:id: the school view, each grade with its teachers and counts. */
export async function getCollegeDetail({
  db,
  collegeId,
}: {
  db: DbOrTx;
  collegeId: string;
}): Promise<CollegeDetail> {
  const college = await findCollegeRow(db, collegeId);
  const gradeRows = (await gradesByCollege(db, [college.id])).get(college.id) ?? [];
  const usage = await loadGradeUsage(
    db,
    gradeRows.map((g) => g.id),
  );
  // A teacher of two grades is one teacher of the school.
  const teacherIds = new Set<string>();
  const studentIds = new Set<string>();
  let storiesCount = 0;
  const detailGrades = gradeRows.map((g) => {
    const u = usage.get(g.id)!;
    u.teachers.forEach((t) => teacherIds.add(t._id));
    u.studentIds.forEach((id) => studentIds.add(id));
    storiesCount += u.storiesCount;
    return {
      ...toGrade(g),
      teachers: u.teachers,
      teachersCount: u.teachers.length,
      studentsCount: u.studentIds.size,
      storiesCount: u.storiesCount,
    };
  });
  return {
    _id: college.id,
    name: college.name,
    region: college.region,
    zone: college.zone,
    grades: detailGrades,
    teachersCount: teacherIds.size,
    studentsCount: studentIds.size,
    storiesCount,
  };
}

/** Serialises school writes so two requests cannot both pass the duplicate-name check. */
async function lockCollegeNames(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('colleges.name'))`);
}

async function assertUniqueName(tx: DbOrTx, name: string, exceptId?: string): Promise<void> {
  const sameName = sql`lower(${colleges.name}) = lower(${name})`;
  const [existing] = await tx
    .select({ id: colleges.id })
    .from(colleges)
    .where(exceptId ? and(sameName, ne(colleges.id, exceptId)) : sameName)
    .limit(1);
  if (existing) {
    throw conflict(collegeMessages.duplicate, { name: collegeMessages.duplicate });
  }
}

/** POST /colleges. Names are unique ignoring case; region and commune must be official and match. */
export async function createCollege({
  db,
  input,
}: {
  db: DbOrTx;
  input: { name: string; region?: string | null; zone?: string | null };
}): Promise<College> {
  return db.transaction(async (tx) => {
    const place = await resolvePlace({ db: tx, region: input.region ?? null, zone: input.zone ?? null });
    await lockCollegeNames(tx);
    await assertUniqueName(tx, input.name);
    const [row] = await tx
      .insert(colleges)
      .values({ name: input.name, region: place.region, zone: place.zone })
      .returning();
    return toCollege(row!, []);
  });
}

/** PATCH /colleges/:id. Fields left out keep their value; the resulting region and commune must match. */
export async function updateCollege({
  db,
  collegeId,
  input,
}: {
  db: DbOrTx;
  collegeId: string;
  input: { name?: string; region?: string | null; zone?: string | null };
}): Promise<College> {
  return db.transaction(async (tx) => {
    const current = await findCollegeRow(tx, collegeId, 'update');
    const place = await resolvePlace({
      db: tx,
      region: input.region === undefined ? current.region : input.region,
      zone: input.zone === undefined ? current.zone : input.zone,
    });
    const name = input.name ?? current.name;
    await lockCollegeNames(tx);
    await assertUniqueName(tx, name, collegeId);
    const [row] = await tx
      .update(colleges)
      .set({ name, region: place.region, zone: place.zone, updatedAt: new Date() })
      .where(eq(colleges.id, collegeId))
      .returning();
    const collegeGrades = (await gradesByCollege(tx, [collegeId])).get(collegeId) ?? [];
    return toCollege(row!, collegeGrades.map(toGrade));
  });
}

/**
 * DELETE /colleges/:id (architecture §6.7): refused while any grade has users or fics; otherwise
 * the school and its empty grades go together.
 */
export async function deleteCollege({ db, collegeId }: { db: DbOrTx; collegeId: string }): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await findCollegeRow(tx, collegeId, 'update');
      const gradeIds = (
        await tx.select({ id: grades.id }).from(grades).where(eq(grades.collegeId, collegeId))
      ).map((g) => g.id);
      if (await gradesInUse(tx, gradeIds)) {
        throw conflict(collegeMessages.inUse);
      }
      await tx.delete(grades).where(eq(grades.collegeId, collegeId));
      await tx.delete(colleges).where(eq(colleges.id, collegeId));
    });
  } catch (error) {
    // Something else still points at the school or a grade (a request, a user added meanwhile).
    if (isForeignKeyViolation(error)) {
      throw conflict(collegeMessages.inUse);
    }
    throw error;
  }
}

/** GET /colleges/export: the 'Establecimientos' workbook; unset region or commune stays empty. */
export async function exportColleges({ db }: { db: DbOrTx }): Promise<Buffer> {
  const rows = await db.select().from(colleges);
  rows.sort(compareNames);
  return buildWorkbook([
    {
      name: collegesExport.sheet,
      header: [...collegesExport.header],
      rows: rows.map((c) => [c.name, c.region, c.zone]),
    },
  ]);
}
