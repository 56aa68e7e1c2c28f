import { and, asc, count, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
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
import { decide, type StoryRelation } from './story-status';
import { realAuthorKnownTo } from './story-gate';

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

/** The columns of a fic a list row needs, read by the per-grade step. */
const ficColumns = {
  id: stories.id,
  title: stories.title,
  status: stories.status,
  anonymity: stories.anonymity,
  nicknameValue: stories.nicknameValue,
  personal: stories.personal,
  sentAt: stories.sentAt,
  publishedAt: stories.publishedAt,
  createdAt: stories.createdAt,
  authorId: stories.authorId,
  gradeId: stories.gradeId,
  collegeId: stories.collegeId,
};

type DateColumns = { sentAt: AnyColumn; createdAt: AnyColumn; publishedAt: AnyColumn };

/**
 * Each list is sorted by the date its 'Fecha' column shows, newest first, with the id for ties so
 * pages never overlap or skip a fic. `date` is the order in SQL, over the fics' table or a subquery
 * of its columns; `shown` the same date for the answer.
 *
 * - review: when the fic was last sent for review (`sent_at`, set by every send; every REVIEWING or
 *   EVALUATED fic was sent, the creation date only stands in for a fic written behind the API's
 *   back). `stories_grade_status_sent_idx` (grade, status, this expression, id) read backwards: ties
 *   by id descending. Not the last activity (`updated_at`), which a teacher's own edit moves.
 * - published: the publication date, on the partial `stories_grade_published_idx` (grade,
 *   published_at DESC, id): ties by id ascending.
 */
const listOrders = {
  review: {
    date: (c: DateColumns) => sql`coalesce(${c.sentAt}, ${c.createdAt})`,
    ties: desc,
    shown: (row: { sentAt: Date | null; createdAt: Date }) => row.sentAt ?? row.createdAt,
  },
  published: {
    date: (c: DateColumns) => sql`${c.publishedAt}`,
    ties: asc,
    shown: (row: { publishedAt: Date | null; createdAt: Date }) => row.publishedAt ?? row.createdAt,
  },
} as const;

/**
 * One page of a review list: the fics with their author, school, grade and evaluator, and the total
 * from the fics alone (every join below always matches).
 *
 * The page is read per grade of the caller and per status, each read walking the index that serves
 * the list's order (listOrders: its date desc, then id) and stopping after `offset + limit` fics; those few are
 * sorted together, the page cut from them, and only the page's fics are joined. Read as one query
 * over all the grades (`grade_id IN (...)`), every fic of them was joined and then sorted: no index
 * gives several grades' fics in one order, and a teacher of 5 grades has 3,500 published fics at
 * 1,000,000 (35 ms, bench/stories.bench.ts); planning that one six-table join also took 5 to 8 ms,
 * against under 1 ms for these smaller steps. The statuses are a list the reads join to (the review
 * index, on grade and status, takes a status from a row); a single status is a parameter, so the
 * published list's partial index (WHERE status = 'PUBLISHED') applies.
 */
function readReviewPage(options: {
  db: DbOrTx;
  actor: Actor;
  query: { page: number; limit: number };
  statuses: StoryStatus[];
  order: (typeof listOrders)[keyof typeof listOrders];
}): Promise<Paged<ReviewStoryRow>> {
  const { db, actor, statuses, order } = options;
  const newestFirst = (c: DateColumns & { id: AnyColumn }) => [desc(order.date(c)), order.ties(c.id)];
  return readPage({
    query: options.query,
    fetch: async ({ limit, offset }) => {
      const [single] = statuses;
      const listed = sql`unnest(array[${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )}]::text[]) as listed(status)`;
      // Whether the caller may know each fic's author: the gate's predicate, read with the fic.
      const authorKnown = sql<boolean>`${realAuthorKnownTo(actor)}`.mapWith(Boolean).as('author_known');
      const fic = db
        .select({ ...ficColumns, authorKnown })
        .from(stories)
        .where(
          and(
            eq(stories.gradeId, userGrades.gradeId),
            statuses.length === 1 && single
              ? eq(stories.status, single)
              : sql`${stories.status} = listed.status`,
          ),
        )
        .orderBy(...newestFirst(stories))
        .limit(offset + limit)
        .as('fic');
      const page = db
        .select({
          id: fic.id,
          title: fic.title,
          status: fic.status,
          anonymity: fic.anonymity,
          nicknameValue: fic.nicknameValue,
          personal: fic.personal,
          sentAt: fic.sentAt,
          publishedAt: fic.publishedAt,
          createdAt: fic.createdAt,
          authorId: fic.authorId,
          gradeId: fic.gradeId,
          collegeId: fic.collegeId,
          authorKnown: fic.authorKnown,
        })
        .from(userGrades)
        .crossJoin(listed)
        .crossJoinLateral(fic)
        .where(eq(userGrades.userId, actor.userId))
        .orderBy(...newestFirst(fic))
        .limit(limit)
        .offset(offset)
        .as('page');
      const rows = await db
        .select({
          id: page.id,
          title: page.title,
          status: page.status,
          anonymity: page.anonymity,
          nicknameValue: page.nicknameValue,
          personal: page.personal,
          sentAt: page.sentAt,
          publishedAt: page.publishedAt,
          createdAt: page.createdAt,
          authorName: users.name,
          collegeName: colleges.name,
          gradeLevel: grades.level,
          gradeCicle: grades.cicle,
          gradeName: grades.name,
          evaluatorId: evaluations.teacherId,
          authorKnown: page.authorKnown,
        })
        .from(page)
        .innerJoin(users, eq(users.id, page.authorId))
        .innerJoin(grades, eq(grades.id, page.gradeId))
        .innerJoin(colleges, eq(colleges.id, page.collegeId))
        .leftJoin(evaluations, eq(evaluations.storyId, page.id))
        .orderBy(...newestFirst(page));
      return rows.map((row) => {
        // Every fic listed is of the caller's grades: they are its evaluator or one of its teachers.
        const relation: StoryRelation = row.evaluatorId === actor.userId ? 'evaluator' : 'gradeTeacher';
        return {
          _id: row.id,
          student: row.authorKnown ? row.authorName : null,
          anonymity: row.anonymity,
          nicknameValue: row.nicknameValue,
          college: row.collegeName,
          grade: gradeLabel({ level: row.gradeLevel, cicle: row.gradeCicle, name: row.gradeName }),
          storyTitle: row.title,
          personal: row.personal,
          publicationStatus: row.status,
          date: order.shown(row).toISOString(),
          canDelete: decide('delete', relation, row.status).ok,
        };
      });
    },
    count: async () => {
      const [row] = await db
        .select({ n: count() })
        .from(stories)
        .where(and(inMyGrades(db, actor), inArray(stories.status, statuses)));
      return Number(row?.n ?? 0);
    },
  });
}

/**
 * GET /stories/review-stories: REVIEWING and EVALUATED fics of the teacher's grades (or one of the
 * two statuses), last sent for review first (listOrders.review).
 */
export async function listReviewStories(options: {
  db: DbOrTx;
  actor: Actor;
  query: ReviewStoriesQuery;
}): Promise<Paged<ReviewStoryRow>> {
  const { db, actor, query } = options;
  teacherOnly(actor);
  return readReviewPage({
    db,
    actor,
    query,
    statuses: query.status ? [query.status] : ['REVIEWING', 'EVALUATED'],
    order: listOrders.review,
  });
}

/**
 * GET /stories/published-stories: PUBLISHED fics of the teacher's grades, last published first
 * (listOrders.published).
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
    statuses: ['PUBLISHED'],
    order: listOrders.published,
  });
}
