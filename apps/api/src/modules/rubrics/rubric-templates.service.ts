import { and, asc, count, desc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import {
  rubricMessages,
  type Paged,
  type Rubric,
  type RubricTemplate,
  type RubricTemplateCollege,
  type RubricTemplatesQuery,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, grades, rubricTemplates, rubrics, userGrades } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { rubricColumns, toRubric } from './rubrics.service';

/**
 * School rubric templates (issue 20.4, docs/decisions/rubrics.md). An administrator marks one of
 * their own rubrics as a template of a school (a teacher's rubric is private, so it is never a
 * template); the teachers of that school (through the grades they teach) list it and copy it into
 * their own rubrics. The copy is a new row: nothing links it to the template afterwards.
 */

function requireAdmin(actor: Actor): void {
  if (actor.role !== 'ADMIN') {
    throw forbidden(rubricMessages.onlyAdminsMarkTemplates);
  }
}

/** Templates are for those who have rubrics: teachers and administrators (403 for students). */
function requireStaff(actor: Actor): void {
  if (actor.role !== 'TEACHER' && actor.role !== 'ADMIN') {
    throw forbidden(rubricMessages.templatesForbidden);
  }
}

/** The schools a teacher teaches in: those of their grades. */
const teacherColleges = (db: DbOrTx, userId: string) =>
  db
    .select({ collegeId: grades.collegeId })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .where(eq(userGrades.userId, userId));

/** The administrator's own rubric, locked against deletion until the transaction ends (else 404). */
async function lockOwnRubric(tx: DbOrTx, actor: Actor, rubricId: string): Promise<void> {
  const [row] = await tx
    .select({ id: rubrics.id })
    .from(rubrics)
    .where(and(eq(rubrics.id, rubricId), eq(rubrics.ownerId, actor.userId)))
    .for('key share');
  if (!row) {
    throw notFound(rubricMessages.notFound);
  }
}

/** The schools a rubric is a template of, by name (one rubric: bounded by the number of schools). */
async function templateColleges(db: DbOrTx, rubricId: string): Promise<RubricTemplateCollege[]> {
  const rows = await db
    .select({ id: colleges.id, name: colleges.name, markedAt: rubricTemplates.markedAt })
    .from(rubricTemplates)
    .innerJoin(colleges, eq(colleges.id, rubricTemplates.collegeId))
    .where(eq(rubricTemplates.rubricId, rubricId))
    .orderBy(asc(colleges.sortKey), asc(colleges.id));
  return rows.map((row) => ({ _id: row.id, name: row.name, markedAt: row.markedAt.toISOString() }));
}

/** GET /rubrics/:id/templates: the schools the administrator's own rubric is a template of. */
export async function listRubricTemplateColleges(options: {
  db: DbOrTx;
  actor: Actor;
  rubricId: string;
}): Promise<RubricTemplateCollege[]> {
  const { db, actor, rubricId } = options;
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    await lockOwnRubric(tx, actor, rubricId);
    return templateColleges(tx, rubricId);
  });
}

/**
 * PUT /rubrics/:id/templates/:collegeId: marks the administrator's own rubric as a template of the
 * school. Idempotent: the primary key keeps one row per pair, so marking again (or two marks at once)
 * leaves the first mark as it was. The rubric and the school are locked (KEY SHARE) so neither can be
 * deleted between the check and the insert.
 */
export async function markRubricTemplate(options: {
  db: DbOrTx;
  actor: Actor;
  rubricId: string;
  collegeId: string;
}): Promise<RubricTemplateCollege[]> {
  const { db, actor, rubricId, collegeId } = options;
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    await lockOwnRubric(tx, actor, rubricId);
    const [college] = await tx
      .select({ id: colleges.id })
      .from(colleges)
      .where(eq(colleges.id, collegeId))
      .for('key share');
    if (!college) {
      throw notFound(rubricMessages.collegeNotFound);
    }
    await tx
      .insert(rubricTemplates)
      .values({ rubricId, collegeId, markedBy: actor.userId })
      .onConflictDoNothing();
    return templateColleges(tx, rubricId);
  });
}

/** DELETE /rubrics/:id/templates/:collegeId: unmarks it (idempotent: an absent mark is no error). */
export async function unmarkRubricTemplate(options: {
  db: DbOrTx;
  actor: Actor;
  rubricId: string;
  collegeId: string;
}): Promise<RubricTemplateCollege[]> {
  const { db, actor, rubricId, collegeId } = options;
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    await lockOwnRubric(tx, actor, rubricId);
    await tx
      .delete(rubricTemplates)
      .where(and(eq(rubricTemplates.rubricId, rubricId), eq(rubricTemplates.collegeId, collegeId)));
    return templateColleges(tx, rubricId);
  });
}

/** Which templates the caller sees: a teacher, their schools'; an administrator, all; either, one school. */
function visibleTemplates(db: DbOrTx, actor: Actor, collegeId: string | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (actor.role === 'TEACHER') {
    conditions.push(inArray(rubricTemplates.collegeId, teacherColleges(db, actor.userId)));
  }
  if (collegeId) {
    conditions.push(eq(rubricTemplates.collegeId, collegeId));
  }
  return and(...conditions);
}

/**
 * GET /rubric-templates: newest marks first (ties by rubric, then school), one page read in SQL, in
 * the order of rubric_templates_college_marked_idx for one school. A rubric that is a template of two
 * of the teacher's schools appears once per school, each with its school's name.
 */
export async function listRubricTemplates(options: {
  db: DbOrTx;
  actor: Actor;
  query: RubricTemplatesQuery;
}): Promise<Paged<RubricTemplate>> {
  const { db, actor, query } = options;
  requireStaff(actor);
  const where = visibleTemplates(db, actor, query.collegeId);
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select({
          ...rubricColumns,
          collegeId: colleges.id,
          collegeName: colleges.name,
          markedAt: rubricTemplates.markedAt,
        })
        .from(rubricTemplates)
        .innerJoin(rubrics, eq(rubrics.id, rubricTemplates.rubricId))
        .innerJoin(colleges, eq(colleges.id, rubricTemplates.collegeId))
        .where(where)
        .orderBy(
          desc(rubricTemplates.markedAt),
          asc(rubricTemplates.rubricId),
          asc(rubricTemplates.collegeId),
        )
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        rubric: toRubric(row),
        college: { _id: row.collegeId, name: row.collegeName },
        markedAt: row.markedAt.toISOString(),
      }));
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(rubricTemplates).where(where);
      return Number(row?.n ?? 0);
    },
  });
}

/**
 * POST /rubric-templates/:rubricId/copy: a new rubric owned by the caller with the template's title,
 * description and grid. A teacher copies only a template of one of their schools, an administrator any
 * template; anything else is 404 (a rubric that is not a template, or another school's, does not exist
 * for them). The copy keeps the title (the 2..30 CHECK holds; the owner renames it if they wish).
 */
export async function copyRubricTemplate(options: {
  db: DbOrTx;
  actor: Actor;
  rubricId: string;
}): Promise<Rubric> {
  const { db, actor, rubricId } = options;
  requireStaff(actor);
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select(rubricColumns)
      .from(rubrics)
      .where(
        and(
          eq(rubrics.id, rubricId),
          exists(
            tx
              .select({ one: rubricTemplates.rubricId })
              .from(rubricTemplates)
              .where(
                and(
                  eq(rubricTemplates.rubricId, rubrics.id),
                  actor.role === 'TEACHER'
                    ? inArray(rubricTemplates.collegeId, teacherColleges(tx, actor.userId))
                    : undefined,
                ),
              ),
          ),
        ),
      )
      .limit(1);
    if (!source) {
      throw notFound(rubricMessages.templateNotFound);
    }
    const [row] = await tx
      .insert(rubrics)
      .values({
        ownerId: actor.userId,
        title: source.title,
        description: source.description,
        columns: source.columns,
        items: source.items,
      })
      .returning(rubricColumns);
    return toRubric(row!);
  });
}
