/**
 * A fic's evaluation as the API answers it: part of the fic's own answer (story-view.ts) and what
 * the evaluation routes answer (kept here so that evaluations depends on stories, never back).
 */
import { eq } from 'drizzle-orm';
import type { Evaluation } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { evaluations, users } from '../../db/schema';

/** A fic's evaluation as the API answers it (with the teacher's name), or undefined. */
export async function loadEvaluationView(db: DbOrTx, storyId: string): Promise<Evaluation | undefined> {
  const [row] = await db
    .select({
      id: evaluations.id,
      storyId: evaluations.storyId,
      teacherId: evaluations.teacherId,
      teacherName: users.name,
      rubricId: evaluations.rubricId,
      columns: evaluations.columns,
      items: evaluations.items,
      comment: evaluations.comment,
      criterionComments: evaluations.criterionComments,
      score: evaluations.score,
      maxScore: evaluations.maxScore,
      round: evaluations.round,
      createdAt: evaluations.createdAt,
      updatedAt: evaluations.updatedAt,
    })
    .from(evaluations)
    .leftJoin(users, eq(users.id, evaluations.teacherId))
    .where(eq(evaluations.storyId, storyId))
    .limit(1);
  if (!row) {
    return undefined;
  }
  return {
    _id: row.id,
    storyId: row.storyId,
    teacherId: row.teacherId,
    teacher: row.teacherId && row.teacherName ? { _id: row.teacherId, name: row.teacherName } : null,
    rubricId: row.rubricId,
    columns: row.columns,
    items: row.items,
    comment: row.comment,
    // As many as rows: older evaluations have none, and trailing ones may be left out.
    criterionComments: row.items.map((_, index) => row.criterionComments[index] ?? ''),
    score: row.score,
    maxScore: row.maxScore,
    round: row.round,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
