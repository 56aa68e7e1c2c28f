import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  collegeMessages,
  collegesExport,
  type College,
  type CollegeDetail,
  type CollegeOption,
  type Grade,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, communes, grades, regions } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { buildWorkbook } from '../../lib/spreadsheet';
import type { Actor } from '../../plugins/auth';
import { resolvePlace, type Place } from '../regions';
import { assertAdmin, assertCanListSchools } from './colleges.access';
import { heldGradeIds } from './colleges.scope';
import { compareGrades } from './grade-order';
import { gradesInUse, loadGradeUsage } from './grade-usage';

type GradeRow = typeof grades.$inferSelect;

/** The unique index on fics_fold(name) (schema.ts): school names ignore case and accents. */
const COLLEGE_NAME_INDEX = 'colleges_name_folded_idx';

const duplicateName = () => conflict(collegeMessages.duplicate, { name: collegeMessages.duplicate });

export const toGrade = (g: GradeRow): Grade => ({
  _id: g.id,
  level: g.level,
  cicle: g.cicle,
  name: g.name,
  collegeId: g.collegeId,
});

/** A school with the official names of its region and commune (null when unset). */
export interface CollegeRecord {
  id: string;
  name: string;
  regionId: string | null;
  communeId: string | null;
  region: string | null;
  zone: string | null;
}

const toCollege = (c: CollegeRecord, collegeGrades: Grade[]): College => ({
  _id: c.id,
  name: c.name,
  region: c.region,
  zone: c.zone,
  grades: collegeGrades,
});

/** Schools with their region and commune names, joined in one query (the codes are what is stored). */
function selectColleges(db: DbOrTx) {
  return db
    .select({
      id: colleges.id,
      name: colleges.name,
      regionId: colleges.regionId,
      communeId: colleges.communeId,
      region: regions.name,
      zone: communes.name,
    })
    .from(colleges)
    .leftJoin(regions, eq(regions.id, colleges.regionId))
    .leftJoin(communes, eq(communes.id, colleges.communeId));
}

/**
 * Spanish alphabetical order of school names, by the index colleges_sort_idx. sort_key is
 * fics_sort_key(name) stored with COLLATE "C" (migration 0002), so it is compared as is, the same
 * on every server; the id breaks ties.
 */
const collegeOrder = [asc(colleges.sortKey), asc(colleges.id)];

/**
 * Grades matching `where` (every grade without it), in school order: cycle (Básico before Medio),
 * level, then name.
 *
 * The order is made here rather than in SQL on purpose. A school has a few dozen grades at most
 * and every row loaded is returned, so sorting costs nothing next to sending them; compareGrades
 * takes cycles and levels from the contracts' gradeCycles (the list the forms offer) and orders
 * names in Spanish with numbers by value ('2' before '10'), which fics_sort_key under COLLATE "C"
 * cannot do.
 */
export async function findGrades(db: DbOrTx, where?: SQL): Promise<GradeRow[]> {
  const rows = await db.select().from(grades).where(where);
  return rows.sort(compareGrades);
}

/** Grades grouped by school, each group in school order. */
function groupBySchool(rows: GradeRow[]): Map<string, Grade[]> {
  const result = new Map<string, Grade[]>();
  for (const g of rows) {
    const list = result.get(g.collegeId);
    if (list) {
      list.push(toGrade(g));
    } else {
      result.set(g.collegeId, [toGrade(g)]);
    }
  }
  return result;
}

/**
 * The school, or 404. Inside a transaction `lock` takes a lock on its row (`update` to change or
 * delete it, `share` to add or change its grades); the joined region and commune are not locked.
 */
export async function findCollege(
  db: DbOrTx,
  collegeId: string,
  lock?: 'update' | 'share',
): Promise<CollegeRecord> {
  const query = selectColleges(db).where(eq(colleges.id, collegeId));
  const [row] = await (lock ? query.for(lock, { of: colleges }) : query);
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
  assertCanListSchools(actor);
  const gradeScope =
    actor.role === 'TEACHER' ? inArray(grades.id, heldGradeIds(db, actor.userId)) : undefined;
  const schoolScope = gradeScope
    ? inArray(colleges.id, db.select({ id: grades.collegeId }).from(grades).where(gradeScope))
    : undefined;
  const rows = await selectColleges(db)
    .where(schoolScope)
    .orderBy(...collegeOrder);
  const bySchool = groupBySchool(await findGrades(db, gradeScope));
  return rows.map((c) => toCollege(c, bySchool.get(c.id) ?? []));
}

/** GET /colleges/list: every school's name and grades, for the public registration form. */
export async function listCollegeOptions({ db }: { db: DbOrTx }): Promise<CollegeOption[]> {
  const rows = await db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .orderBy(...collegeOrder);
  const bySchool = groupBySchool(await findGrades(db));
  return rows.map((c) => ({
    _id: c.id,
    name: c.name,
    grades: (bySchool.get(c.id) ?? []).map((g) => ({
      _id: g._id,
      level: g.level,
      cicle: g.cicle,
      name: g.name,
    })),
  }));
}

/** GET /colleges/:id (administrators): the school view, each grade with its teachers and counts. */
export async function getCollegeDetail({
  db,
  actor,
  collegeId,
}: {
  db: DbOrTx;
  actor: Actor;
  collegeId: string;
}): Promise<CollegeDetail> {
  assertAdmin(actor);
  const college = await findCollege(db, collegeId);
  const gradeRows = await findGrades(db, eq(grades.collegeId, college.id));
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

/**
 * Runs a school write. The unique index decides whether the name is taken, also between requests
 * racing each other; its violation is the 409 the form shows under the name.
 */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, COLLEGE_NAME_INDEX)) {
      throw duplicateName();
    }
    throw error;
  }
}

/**
 * POST /colleges (administrators). Names are unique ignoring case and accents; region and commune
 * must be official and match.
 */
export async function createCollege({
  db,
  actor,
  input,
}: {
  db: DbOrTx;
  actor: Actor;
  input: { name: string; region?: string | null; zone?: string | null };
}): Promise<College> {
  assertAdmin(actor);
  const place = await resolvePlace({ db, region: input.region ?? null, zone: input.zone ?? null });
  const [row] = await withUniqueName(() =>
    db
      .insert(colleges)
      .values({ name: input.name, regionId: place.regionId, communeId: place.communeId })
      .returning({ id: colleges.id, name: colleges.name }),
  );
  return toCollege({ ...row!, ...place }, []);
}

/**
 * PATCH /colleges/:id (administrators). Fields left out keep their value; the resulting region and
 * commune must match.
 */
export async function updateCollege({
  db,
  actor,
  collegeId,
  input,
}: {
  db: DbOrTx;
  actor: Actor;
  collegeId: string;
  input: { name?: string; region?: string | null; zone?: string | null };
}): Promise<College> {
  assertAdmin(actor);
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const current = await findCollege(tx, collegeId, 'update');
      const place: Place =
        input.region === undefined && input.zone === undefined
          ? current
          : await resolvePlace({
              db: tx,
              region: input.region === undefined ? current.region : input.region,
              zone: input.zone === undefined ? current.zone : input.zone,
            });
      const [row] = await tx
        .update(colleges)
        .set({
          name: input.name ?? current.name,
          regionId: place.regionId,
          communeId: place.communeId,
          updatedAt: new Date(),
        })
        .where(eq(colleges.id, collegeId))
        .returning({ id: colleges.id, name: colleges.name });
      const collegeGrades = await findGrades(tx, eq(grades.collegeId, collegeId));
      return toCollege(
        {
          ...row!,
          regionId: place.regionId,
          communeId: place.communeId,
          region: place.region,
          zone: place.zone,
        },
        collegeGrades.map(toGrade),
      );
    }),
  );
}

/**
 * DELETE /colleges/:id (administrators; architecture §6.7): refused while any grade has users or
 * fics; otherwise the school and its empty grades go together.
 */
export async function deleteCollege({
  db,
  actor,
  collegeId,
}: {
  db: DbOrTx;
  actor: Actor;
  collegeId: string;
}): Promise<void> {
  assertAdmin(actor);
  try {
    await db.transaction(async (tx) => {
      await findCollege(tx, collegeId, 'update');
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

/**
 * GET /colleges/export (administrators): the 'Establecimientos' workbook with region and commune
 * names; an unset one stays empty.
 */
export async function exportColleges({ db, actor }: { db: DbOrTx; actor: Actor }): Promise<Buffer> {
  assertAdmin(actor);
  const rows = await selectColleges(db).orderBy(...collegeOrder);
  return buildWorkbook([
    {
      name: collegesExport.sheet,
      header: [...collegesExport.header],
      rows: rows.map((c) => [c.name, c.region, c.zone]),
    },
  ]);
}
