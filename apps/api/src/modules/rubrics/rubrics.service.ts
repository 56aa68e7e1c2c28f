import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  rubricMessages,
  type MyRubricsQuery,
  type Paged,
  type Rubric,
  type RubricBody,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { rubrics } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';

/**
 * A teacher's rubrics (spec 001 §2 Mis Rúbricas and Rubric editor, §7). Only their owner ever reads,
 * changes or deletes one: to anyone else a rubric does not exist (404), whatever their role.
 * Administrators have rubrics too since issue 20.4: theirs become school templates
 * (rubric-templates.service.ts, docs/decisions/rubrics.md).
 */

const rubricNotFound = () => notFound(rubricMessages.notFound);

/** Creating and listing rubrics is a teacher's or an administrator's (403 for students). */
function requireAuthor(actor: Actor): void {
  if (actor.role !== 'TEACHER' && actor.role !== 'ADMIN') {
    throw forbidden(rubricMessages.onlyTeachers);
  }
}

export const rubricColumns = {
  id: rubrics.id,
  title: rubrics.title,
  description: rubrics.description,
  columns: rubrics.columns,
  items: rubrics.items,
  createdAt: rubrics.createdAt,
  updatedAt: rubrics.updatedAt,
};

type RubricRow = {
  id: string;
  title: string;
  description: string;
  columns: Rubric['columns'];
  items: Rubric['items'];
  createdAt: Date;
  updatedAt: Date;
};

/** A row as the API answers it; the grid is returned as stored. */
export function toRubric(row: RubricRow): Rubric {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    columns: row.columns,
    items: row.items,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's own rubric (`WHERE id AND owner_id`), so another user's is indistinguishable from none. */
const ownRubric = (actor: Actor, rubricId: string) =>
  and(eq(rubrics.id, rubricId), eq(rubrics.ownerId, actor.userId));

/**
 * An owner's rubrics, newest first (ties by id), in the order of the index rubrics_owner_created_idx
 * (owner_id, created_at DESC NULLS FIRST, id), so a page is read from the index without sorting.
 */
export function selectMyRubrics(db: DbOrTx, ownerId: string) {
  return db
    .select(rubricColumns)
    .from(rubrics)
    .where(eq(rubrics.ownerId, ownerId))
    .orderBy(desc(rubrics.createdAt), asc(rubrics.id));
}

/** GET /rubrics/my-rubrics: the teacher's rubrics, newest first, one page read in SQL. */
export async function listMyRubrics(options: {
  db: DbOrTx;
  actor: Actor;
  query: MyRubricsQuery;
}): Promise<Paged<Rubric>> {
  const { db, actor, query } = options;
  requireAuthor(actor);
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await selectMyRubrics(db, actor.userId).limit(limit).offset(offset);
      return rows.map(toRubric);
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(rubrics).where(eq(rubrics.ownerId, actor.userId));
      return Number(row?.n ?? 0);
    },
  });
}

/** GET /rubrics/:id: the owner's rubric; 404 to anyone else. */
export async function getRubric(options: { db: DbOrTx; actor: Actor; rubricId: string }): Promise<Rubric> {
  const { db, actor, rubricId } = options;
  const [row] = await db.select(rubricColumns).from(rubrics).where(ownRubric(actor, rubricId)).limit(1);
  if (!row) {
    throw rubricNotFound();
  }
  return toRubric(row);
}

/** POST /rubrics: a teacher's new rubric (the body already normalized by rubricBodySchema). */
export async function createRubric(options: {
  db: DbOrTx;
  actor: Actor;
  input: RubricBody;
}): Promise<Rubric> {
  const { db, actor, input } = options;
  requireAuthor(actor);
  const [row] = await db
    .insert(rubrics)
    .values({
      ownerId: actor.userId,
      title: input.title,
      description: input.description,
      columns: input.columns,
      items: input.items,
    })
    .returning(rubricColumns);
  return toRubric(row!);
}

/** PATCH /rubrics/:id: the whole rubric replaced, in one write conditional on the owner (else 404). */
export async function updateRubric(options: {
  db: DbOrTx;
  actor: Actor;
  rubricId: string;
  input: RubricBody;
}): Promise<Rubric> {
  const { db, actor, rubricId, input } = options;
  const [row] = await db
    .update(rubrics)
    .set({
      title: input.title,
      description: input.description,
      columns: input.columns,
      items: input.items,
      updatedAt: new Date(),
    })
    .where(ownRubric(actor, rubricId))
    .returning(rubricColumns);
  if (!row) {
    throw rubricNotFound();
  }
  return toRubric(row);
}

/**
 * DELETE /rubrics/:id: the owner deletes it (else 404). Evaluations made with it keep their own copy
 * of the grid; their rubric_id turns null (ON DELETE SET NULL).
 */
export async function deleteRubric(options: { db: DbOrTx; actor: Actor; rubricId: string }): Promise<void> {
  const { db, actor, rubricId } = options;
  const deleted = await db.delete(rubrics).where(ownRubric(actor, rubricId)).returning({ id: rubrics.id });
  if (deleted.length === 0) {
    throw rubricNotFound();
  }
}
