import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  gradeLabel,
  type Paged,
  type PublishedStoriesQuery,
  type ReviewStoriesQuery,
  type ReviewStoryRow,
  type StoryStatus,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { colleges, evaluations, grades, stories, userGrades, users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { canSeeRealAuthor, decide, type StoryRelation } from './story-status';
import { authorHidden } from './story-view';

/** Teachers only: the lists are their grades' fics. */
function teacherOnly(actor: Actor): void {
  if (actor.role !== 'TEACHER') {
    throw forbidden();
  }
}

/** Fics of the caller's grades (the membership's primary key answers the subquery). */
const inMyGrades = (db: DbOrTx, actor: Actor) =>
  inArray(
    stories.gradeId,
    db.select({ gradeId: userGrades.gradeId }).from(userGrades).where(eq(userGrades.userId, actor.userId)),
  );

/**
 * One page of a review list: the fics with their author, school, grade and evaluator in one query
 * (the order given must be one an index serves), and the total from the fics alone (every join
 * below always matches).
 */
function readReviewPage(options: {
  db: DbOrTx;
  actor: Actor;
  query: { page: number; limit: number };
  where: SQL;
  orderBy: SQL[];
  dateOf: (row: { sentAt: Date | null; publishedAt: Date | null; updatedAt: Date }) => Date;
}): Promise<Paged<ReviewStoryRow>> {
  const { db, actor, where } = options;
  return readPage({
    query: options.query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: stories.id,
          title: stories.title,
          status: stories.status,
          anonymity: stories.anonymity,
          nicknameValue: stories.nicknameValue,
          sentAt: stories.sentAt,
          publishedAt: stories.publishedAt,
          updatedAt: stories.updatedAt,
          authorName: users.name,
          collegeName: colleges.name,
          gradeLevel: grades.level,
          gradeCicle: grades.cicle,
          gradeName: grades.name,
          evaluatorId: evaluations.teacherId,
        })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .innerJoin(grades, eq(grades.id, stories.gradeId))
        .innerJoin(colleges, eq(colleges.id, stories.collegeId))
        .leftJoin(evaluations, eq(evaluations.storyId, stories.id))
        .where(where)
        .orderBy(...options.orderBy)
        .limit(limit)
        .offset(offset);
      return rows.map((row) => {
        // Every fic listed is of the caller's grades: they are its evaluator or one of its teachers.
        const relation: StoryRelation = row.evaluatorId === actor.userId ? 'evaluator' : 'gradeTeacher';
        const hidden = authorHidden(row) && !canSeeRealAuthor(relation);
        return {
          _id: row.id,
          student: hidden ? null : row.authorName,
          anonymity: row.anonymity,
          nicknameValue: row.nicknameValue,
          college: row.collegeName,
          grade: gradeLabel({ level: row.gradeLevel, cicle: row.gradeCicle, name: row.gradeName }),
          storyTitle: row.title,
          publicationStatus: row.status,
          date: options.dateOf(row).toISOString(),
          canDelete: decide('delete', relation, row.status).ok,
        };
      });
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(stories).where(where);
      return Number(row?.n ?? 0);
    },
  });
}

/**
 * GET /stories/review-stories: REVIEWING and EVALUATED fics of the teacher's grades (or one of the
 * two statuses), latest activity first (stories_grade_status_idx: grade, status, updated_at).
 */
export async function listReviewStories(options: {
  db: DbOrTx;
  actor: Actor;
  query: ReviewStoriesQuery;
}): Promise<Paged<ReviewStoryRow>> {
  const { db, actor, query } = options;
  teacherOnly(actor);
  const statuses: StoryStatus[] = query.status ? [query.status] : ['REVIEWING', 'EVALUATED'];
  return readReviewPage({
    db,
    actor,
    query,
    where: and(inMyGrades(db, actor), inArray(stories.status, statuses))!,
    orderBy: [desc(stories.updatedAt), asc(stories.id)],
    dateOf: (row) => row.sentAt ?? row.updatedAt,
  });
}

/**
 * GET /stories/published-stories: PUBLISHED fics of the teacher's grades, newest first
 * (stories_grade_published_idx: grade, published_at, id, over published fics).
 */
export async function listPublishedStories(options: {
  db: DbOrTx;
  actor: Actor;
  query: PublishedStoriesQuery;
}): Promise<Paged<ReviewStoryRow>> {
  const { db, actor, query } = options;
  teacherOnly(actor);
  return readReviewPage({
    db,
    actor,
    query,
    where: and(inMyGrades(db, actor), eq(stories.status, 'PUBLISHED'))!,
    orderBy: [desc(stories.publishedAt), asc(stories.id)],
    dateOf: (row) => row.publishedAt ?? row.updatedAt,
  });
}
