import { and, asc, count, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import {
  coarseLocationLink,
  publicStudentName,
  storyMessages,
  underReviewFlag,
  type Story,
  type StoryAuthor,
  type StorySummary,
} from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import {
  comments,
  evaluations,
  grades,
  roles,
  stories,
  storyLikes,
  storyTags,
  tags,
  userGrades,
  users,
} from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { loadEvaluationView } from './evaluation-view';
import { loadCoverImages, mediaUrl } from '../media';
import { blockedEitherWay } from '../blocks';
import { userShownTo } from '../consent-visibility';
import {
  canSeeRealAuthor,
  permissionsFor,
  placeShownTo,
  relationTo,
  type StoryExposure,
  type StoryRelation,
} from './story-status';

/** The columns every fic answer is built from. */
export const storyColumns = {
  id: stories.id,
  authorId: stories.authorId,
  collegeId: stories.collegeId,
  gradeId: stories.gradeId,
  title: stories.title,
  text: stories.text,
  status: stories.status,
  anonymity: stories.anonymity,
  nicknameValue: stories.nicknameValue,
  location: stories.location,
  locationLat: stories.locationLat,
  locationLon: stories.locationLon,
  writingTime: stories.writingTime,
  wordCount: stories.wordCount,
  coverId: stories.coverId,
  rounds: stories.rounds,
  likesCount: stories.likesCount,
  commentsCount: stories.commentsCount,
  createdAt: stories.createdAt,
  updatedAt: stories.updatedAt,
  publishedAt: stories.publishedAt,
  /** Hidden for review (issue 21.2): null when everyone who may see the fic sees it. */
  hiddenReason: stories.hiddenReason,
  /** Who may comment (issue 21.5): 'OPEN', 'MODERATED', 'CLOSED'. */
  commentsMode: stories.commentsMode,
  /** 'Contiene información personal' (issue 22.7). */
  personal: stories.personal,
  /** Its author lacks a needed guardian's consent (issue 22.5): kept within its school. */
  authorWithheld: stories.authorWithheld,
  /** The evaluation's id and its teacher (the evaluator), null while there is none. */
  evaluationId: evaluations.id,
  evaluatorId: evaluations.teacherId,
};

const selectStory = (db: DbOrTx, storyId: string) =>
  db
    .select(storyColumns)
    .from(stories)
    .leftJoin(evaluations, eq(evaluations.storyId, stories.id))
    .where(eq(stories.id, storyId))
    .limit(1);

export type StoryRow = Awaited<ReturnType<typeof selectStory>>[number];

/** The fic row, or undefined. */
export async function findStoryRow(db: DbOrTx, storyId: string): Promise<StoryRow | undefined> {
  const [row] = await selectStory(db, storyId);
  return row;
}

/**
 * What keeps the fic from those who are not its author, grade teachers or administrators (canView).
 * `sameSchool` is read (one indexed lookup) only when it matters: a published fic kept within its
 * school, asked by a signed-in caller.
 */
export async function exposureOf(
  db: DbOrTx,
  actor: Actor | null,
  row: Pick<StoryRow, 'hiddenReason' | 'personal' | 'authorWithheld' | 'collegeId' | 'status'>,
): Promise<StoryExposure> {
  const exposure = {
    hidden: row.hiddenReason !== null,
    personal: row.personal,
    schoolOnly: row.authorWithheld,
  };
  if (!row.authorWithheld || !actor || row.status !== 'PUBLISHED') {
    return exposure;
  }
  return { ...exposure, sameSchool: await belongsToCollege(db, actor, row.collegeId) };
}

/** Whether the caller is a member of the school (through a grade of it). */
async function belongsToCollege(db: DbOrTx, actor: Actor, collegeId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .where(and(eq(userGrades.userId, actor.userId), eq(grades.collegeId, collegeId)))
    .limit(1);
  return row !== undefined;
}

/** Whether the teacher holds the grade (one indexed lookup on the membership's primary key). */
export async function teachesGrade(db: DbOrTx, actor: Actor | null, gradeId: string): Promise<boolean> {
  if (!actor || actor.role !== 'TEACHER') {
    return false;
  }
  const [row] = await db
    .select({ gradeId: userGrades.gradeId })
    .from(userGrades)
    .where(and(eq(userGrades.userId, actor.userId), eq(userGrades.gradeId, gradeId)))
    .limit(1);
  return row !== undefined;
}

/** The caller's relation to a fic, reading the grade membership only when it matters. */
export async function storyRelation(
  db: DbOrTx,
  actor: Actor | null,
  row: Pick<StoryRow, 'authorId' | 'gradeId' | 'evaluatorId'>,
): Promise<StoryRelation> {
  const gradeTeacher = actor?.role === 'TEACHER' && actor.userId !== row.authorId;
  return relationTo(actor, row, gradeTeacher ? await teachesGrade(db, actor, row.gradeId) : false);
}

/** Whether the fic hides its author (anonymous or pseudonymous). */
export const authorHidden = (row: { anonymity: boolean; nicknameValue: string | null }) =>
  row.anonymity || row.nicknameValue !== null;

/**
 * The name the fic's author goes by for a caller who may not know them: the pseudonym, or 'Autor/a'
 * for an anonymous fic. Null when the fic hides no one or the caller may see the real author (its
 * author, its evaluator, administrators: review.md). The one rule behind `writtenBy`, the review
 * lists' student and the author's own comments and replies.
 */
export function maskedAuthorName(
  row: { anonymity: boolean; nicknameValue: string | null },
  relation: StoryRelation,
): string | null {
  if (!authorHidden(row) || canSeeRealAuthor(relation)) {
    return null;
  }
  return row.nicknameValue ?? storyMessages.storyAuthor;
}

/** A fic's author as what they write on it (comments, replies) shows them to one caller. */
export interface StoryAuthorShown {
  /** Null on an orphaned fic (issue 22.4): no one's comment is the author's. */
  authorId: string | null;
  /** The name they go by for this caller (maskedAuthorName), or null: shown as themselves. */
  mask: string | null;
}

/**
 * How the fic's author appears to this caller on their own comments and replies. The caller's
 * relation (a grade membership read for a teacher) is asked only when the fic hides its author.
 */
export async function storyAuthorShown(
  db: DbOrTx,
  actor: Actor | null,
  story: {
    authorId: string | null;
    gradeId: string;
    evaluatorId: string | null;
    anonymity: boolean;
    nicknameValue: string | null;
  },
): Promise<StoryAuthorShown> {
  if (!authorHidden(story)) {
    return { authorId: story.authorId, mask: null };
  }
  return { authorId: story.authorId, mask: maskedAuthorName(story, await storyRelation(db, actor, story)) };
}

/** A fic's `date` (spec 001 §3): when it was published, else when it was created. */
const dateOf = (row: { publishedAt: Date | null; createdAt: Date }) =>
  (row.publishedAt ?? row.createdAt).toISOString();

/**
 * The same date in SQL, for the lists that show it and so are sorted by it ('Mis fics'), newest
 * first: ORDER BY it DESC, id DESC reads `stories_author_date_idx` (author, this expression, id)
 * backwards. Written exactly as the index's expression, so the planner matches it.
 */
export const storyDate = sql`coalesce(${stories.publishedAt}, ${stories.createdAt})`;

/**
 * The real author as this caller may see them (architecture.md §6.8): hidden behind anonymity or a
 * pseudonym unless the caller is the author, a teacher of the grade or an administrator; a student
 * shown to a visitor without a session by first name and initial, without a photo.
 */
function authorFor(options: {
  row: StoryRow;
  author: { name: string; role: string; profilePictureId: string | null } | undefined;
  actor: Actor | null;
  relation: StoryRelation;
}): StoryAuthor | null {
  const { row, author, actor, relation } = options;
  if (!author || row.authorId === null) {
    return null;
  }
  if (maskedAuthorName(row, relation) !== null) {
    return null;
  }
  if (!actor && author.role === 'STUDENT') {
    return { _id: row.authorId, name: publicStudentName(author.name), profilePicture: null };
  }
  return {
    _id: row.authorId,
    name: author.name,
    profilePicture: author.profilePictureId ? { url: mediaUrl(author.profilePictureId) } : null,
  };
}

/**
 * The place as this caller may learn it (placeShownTo): its name, and the point as a link rebuilt
 * from the stored two-decimal coordinates (never a link as someone sent it).
 */
function placeFor(row: StoryRow, relation: StoryRelation): Pick<Story, 'location' | 'locationURL'> {
  const shown = placeShownTo(relation, authorHidden(row));
  const point =
    shown.point && row.locationLat !== null && row.locationLon !== null
      ? { lat: row.locationLat, lon: row.locationLon }
      : null;
  return { location: shown.name ? row.location : '', locationURL: point ? coarseLocationLink(point) : null };
}

/** Tags of each fic, in the author's order (one query). */
export async function loadStoryTags(db: DbOrTx, storyIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(storyIds.map((id) => [id, []]));
  if (storyIds.length === 0) {
    return result;
  }
  const rows = await db
    .select({ storyId: storyTags.storyId, name: tags.name })
    .from(storyTags)
    .innerJoin(tags, eq(tags.id, storyTags.tagId))
    .where(inArray(storyTags.storyId, storyIds))
    .orderBy(asc(storyTags.storyId), asc(storyTags.position));
  for (const row of rows) {
    result.get(row.storyId)?.push(row.name);
  }
  return result;
}

/** Whether the caller likes the fic (the like's primary key answers it); never for a visitor. */
async function likedBy(db: DbOrTx, actor: Actor | null, storyId: string): Promise<boolean> {
  if (!actor) {
    return false;
  }
  const [row] = await db
    .select({ storyId: storyLikes.storyId })
    .from(storyLikes)
    .where(and(eq(storyLikes.storyId, storyId), eq(storyLikes.userId, actor.userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * How many of the fic's counted comments (stories.comments_count counts the rows without a
 * hidden_reason) the caller cannot see because of a block (issue 21.4: neither sees the other's
 * comments) or because their writer lacks a guardian's consent and the caller is outside the
 * writer's school (issue 22.5), so the fic page's 'Comentarios (n)' matches the list. Only students
 * block or are blocked; administrators see everything: 0 without a query. One count on
 * comments_story_created_idx, each writer probed in user_blocks both ways and fics_consent_withheld. Gallery cards keep the public count (docs/decisions/blocks.md).
 */
async function commentsHiddenByBlocks(db: DbOrTx, actor: Actor | null, storyId: string): Promise<number> {
  if (actor?.role === 'ADMIN') {
    return 0;
  }
  // Also those of a student who lacks a guardian's consent, out of the list outside their school
  // (issue 22.5, the users module's userShownTo, as the comments module's access rule reads it).
  const unseen = not(userShownTo(actor, comments.authorId));
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(
        eq(comments.storyId, storyId),
        isNull(comments.hiddenReason),
        actor?.role === 'STUDENT' ? or(blockedEitherWay(actor.userId, comments.authorId), unseen) : unseen,
      ),
    );
  return row?.n ?? 0;
}

/** The full answer for one fic the caller may see, with what they may do with it. */
export async function buildStoryView(options: {
  db: DbOrTx;
  actor: Actor | null;
  row: StoryRow;
  relation: StoryRelation;
}): Promise<Story> {
  const { db, actor, row, relation } = options;
  const permissions = permissionsFor(relation, {
    status: row.status,
    hasEvaluation: row.evaluationId !== null,
    authorHidden: authorHidden(row),
  });
  const [authorRows, covers, tagLists, evaluation, likedByMe, blockedComments] = await Promise.all([
    // An orphaned fic (issue 22.4) has no author to read.
    row.authorId === null
      ? []
      : db
          .select({ name: users.name, role: roles.name, profilePictureId: users.profilePictureId })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(eq(users.id, row.authorId))
          .limit(1),
    loadCoverImages({ db, coverIds: [row.coverId] }),
    loadStoryTags(db, [row.id]),
    permissions.canViewEvaluation ? loadEvaluationView(db, row.id) : undefined,
    likedBy(db, actor, row.id),
    commentsHiddenByBlocks(db, actor, row.id),
  ]);
  const image = covers.get(row.coverId);
  if (!image) {
    throw new Error(`cover ${row.coverId} of story ${row.id} is missing`);
  }
  return {
    _id: row.id,
    title: row.title,
    text: row.text,
    image,
    publicationStatus: row.status,
    draft: row.status === 'EDITING',
    date: dateOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    anonymity: row.anonymity,
    nickname: row.nicknameValue !== null,
    nicknameValue: row.nicknameValue,
    personal: row.personal,
    ...placeFor(row, relation),
    tags: tagLists.get(row.id) ?? [],
    writingTime: row.writingTime,
    wordCount: row.wordCount,
    writtenBy: authorFor({ row, author: authorRows[0], actor, relation }),
    likesCount: row.likesCount,
    likedByMe,
    // The public count, less the comments a block keeps from the caller (the list's total too).
    comments: row.commentsCount - blockedComments,
    commentsMode: row.commentsMode,
    rounds: row.rounds,
    evaluation: evaluation ? [evaluation] : [],
    permissions,
    // Only those canView still lets see a hidden fic get here: they read why it is not public.
    ...(row.hiddenReason !== null ? { moderation: underReviewFlag } : {}),
  };
}

/** Rows of a list (the student's own fics): covers read in one query for the page. */
export async function buildStorySummaries(
  db: DbOrTx,
  rows: {
    id: string;
    title: string;
    status: Story['publicationStatus'];
    coverId: string;
    createdAt: Date;
    updatedAt: Date;
    publishedAt: Date | null;
  }[],
): Promise<StorySummary[]> {
  const covers = await loadCoverImages({ db, coverIds: rows.map((r) => r.coverId) });
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    publicationStatus: row.status,
    draft: row.status === 'EDITING',
    date: dateOf(row),
    updatedAt: row.updatedAt.toISOString(),
    image: covers.get(row.coverId) ?? { url: mediaUrl(row.coverId), width: 0, height: 0, variants: [] },
  }));
}
