/**
 * The fic's one gate (issue 19.1): who may see a fic, who may know its real author, and the loader
 * every action starts from. Lists filter with the SQL predicates, single fics go through
 * `loadStoryFor`; both say what story-status.ts's table says (canView, canSeeRealAuthor), and a
 * test (story-gate.test.ts) holds the SQL and the table together for every relation and status.
 */
import { and, eq, exists, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { storyMessages } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { evaluations, grades, stories, userGrades } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import {
  allowedStatuses,
  canView,
  conflictMessage,
  decide,
  PUBLISHED_STATUS,
  type StoryAction,
  type StoryRelation,
} from './story-status';
import { exposureOf, findStoryRow, storyRelation, type StoryRow } from './story-view';

/**
 * A fic that is published and not hidden for review (issue 21.2): liked and commented by those who
 * may see it. The status is one equality so the partial indexes `WHERE status = 'PUBLISHED'` serve
 * it; the hidden test is checked on the rows they give (a handful are ever hidden).
 */
export const storyIsPublished: SQL = and(eq(stories.status, PUBLISHED_STATUS), isNull(stories.hiddenReason))!;

/**
 * A fic on the public shelf: published, not hidden, not marked personal (issue 22.7), and not by an
 * author who lacks a needed guardian's consent (issue 22.5): what a visitor sees, the gallery lists and share previews describe. The gallery's counters
 * (gallery_counts, story_tags.published_at; migration 0025's fics_story_public) count exactly these.
 */
export const storyIsPublic: SQL = and(storyIsPublished, not(stories.personal), not(stories.authorWithheld))!;

/**
 * A published fic kept within its school (issue 22.5: its author lacks a needed guardian's
 * consent), as the caller sees it: only a member of the fic's school (through a grade of it).
 */
const schoolShelfFor = (actor: Actor): SQL =>
  and(
    storyIsPublished,
    not(stories.personal),
    stories.authorWithheld,
    exists(
      sql`(select 1 from ${userGrades} inner join ${grades} on ${grades.id} = ${userGrades.gradeId}
        where ${userGrades.userId} = ${actor.userId} and ${grades.collegeId} = ${stories.collegeId})`,
    ),
  )!;

/** The caller teaches the fic's grade (the membership's primary key answers it). */
const teachesStoryGrade = (actor: Actor): SQL =>
  exists(
    sql`(select 1 from ${userGrades} where ${userGrades.userId} = ${actor.userId} and ${userGrades.gradeId} = ${stories.gradeId})`,
  );

/**
 * The fics `actor` may see, over the `stories` table: public ones (storyIsPublic) for everyone (a
 * visitor: only those); their own for an author; every fic of their grades for a teacher; all for administrators.
 * The SQL form of canView(relationTo(...)).
 */
export function storyVisibleTo(actor: Actor | null): SQL {
  if (!actor) {
    return storyIsPublic;
  }
  if (actor.role === 'ADMIN') {
    return sql`true`;
  }
  const own = eq(stories.authorId, actor.userId);
  return actor.role === 'TEACHER'
    ? or(storyIsPublic, schoolShelfFor(actor), own, teachesStoryGrade(actor))!
    : or(storyIsPublic, schoolShelfFor(actor), own)!;
}

/** The fic hides its author (anonymous or with a pseudonym): story-view.ts's authorHidden in SQL. */
export const storyAuthorHidden: SQL = sql`(${stories.anonymity} or ${stories.nicknameValue} is not null)`;

/**
 * The fics whose real author `actor` may know, over the `stories` table: every fic that hides no
 * one; one that does, only for its author, its evaluator (the grade teacher who wrote its
 * evaluation) and administrators. Other teachers of the grade review it blind. The SQL form of
 * `!authorHidden(row) || canSeeRealAuthor(relation)`.
 */
export function realAuthorKnownTo(actor: Actor | null): SQL {
  const open = not(storyAuthorHidden);
  if (!actor) {
    return open;
  }
  if (actor.role === 'ADMIN') {
    return sql`true`;
  }
  const own = eq(stories.authorId, actor.userId);
  if (actor.role !== 'TEACHER') {
    return or(open, own)!;
  }
  const evaluator = and(
    exists(
      sql`(select 1 from ${evaluations} where ${evaluations.storyId} = ${stories.id} and ${evaluations.teacherId} = ${actor.userId})`,
    ),
    teachesStoryGrade(actor),
  )!;
  return or(open, own, evaluator)!;
}

/** Anything the loader answers beyond the fic's own actions: just seeing it. */
export type StoryAccess = StoryAction | 'view';

export interface LoadedStory {
  row: StoryRow;
  relation: StoryRelation;
  /** The statuses the action may be taken in, for the write's `WHERE status IN (...)`. */
  allowed: readonly StoryRow['status'][];
}

/**
 * The fic as `actor` may use it for `action`, or the error story-status.ts's table gives: unknown, or
 * one the caller may not even know exists → 404 (with `notFoundMessage`, the fic's by default); the
 * caller may never take the action → 403; the status forbids it now → 409 saying why.
 */
export async function loadStoryFor(options: {
  db: DbOrTx;
  actor: Actor | null;
  storyId: string;
  action: StoryAccess;
  notFoundMessage?: string;
}): Promise<LoadedStory> {
  const { db, actor, storyId, action } = options;
  const missing = () => notFound(options.notFoundMessage ?? storyMessages.notFound);
  const row = await findStoryRow(db, storyId);
  if (!row) {
    throw missing();
  }
  const relation = await storyRelation(db, actor, row);
  if (!canView(relation, row.status, await exposureOf(db, actor, row))) {
    throw missing();
  }
  if (action === 'view') {
    return { row, relation, allowed: [row.status] };
  }
  const decision = decide(action, relation, row.status);
  if (!decision.ok) {
    throw decision.type === 'CONFLICT' ? conflict(decision.message) : forbidden();
  }
  return { row, relation, allowed: allowedStatuses(action, relation) };
}

/**
 * After a conditional write matched nothing, why: the fic is gone or hidden (404), the caller's
 * right changed (403) or its status changed meanwhile (409 with the message for the new status).
 * When the status still allows the action, the write's other condition failed (publishing: no
 * evaluation), and the 409 of the current status says so.
 */
export async function raceErrorFor(options: {
  db: DbOrTx;
  actor: Actor | null;
  storyId: string;
  action: StoryAction;
  notFoundMessage?: string;
}): Promise<AppError> {
  try {
    const current = await loadStoryFor(options);
    return conflict(conflictMessage(options.action, current.row.status));
  } catch (error) {
    if (error instanceof AppError) {
      return error;
    }
    throw error;
  }
}
