import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  storyMessages,
  type CreateStoryBody,
  type Paged,
  type Story,
  type StorySummary,
  type StudentStoriesQuery,
  type UpdateStoryBody,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { grades, stories, storyRevisions, userGrades } from '../../db/schema';
import { conflict, forbidden, validationError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { cleanStoryHtml } from '../../lib/rich-text';
import type { Actor } from '../../plugins/auth';
import { emitEvent, emitEvents, type NewDomainEvent } from '../events';
import { deleteCovers, processCover, storeCover } from '../media';
import { loadStoryFor, raceErrorFor } from './story-gate';
import { isPublished, SENT_STATUS, type StoryAction } from './story-status';
import {
  deleteStoryRow,
  deleteStoryRowsOf,
  eventActor,
  markStoryPublished,
  markStorySent,
  ownedAuthorId,
} from './story-lifecycle';
import { replaceStoryTags } from './story-tags';
import { buildStorySummaries, buildStoryView, storyDate } from './story-view';

/** Cleans the editor's HTML; text that is empty once cleaned is refused on the `text` field. */
function cleanText(html: string): { html: string; wordCount: number } {
  const cleaned = cleanStoryHtml(html);
  if (cleaned.plainText.trim() === '') {
    throw validationError({ text: storyMessages.textRequired });
  }
  return { html: cleaned.html, wordCount: cleaned.wordCount };
}

/** Anonymity and pseudonym exclude each other; the pseudonym is stored only when the switch is on. */
function authorship(input: { anonymity: boolean; nickname: boolean; nicknameValue?: string | undefined }) {
  if (input.anonymity && input.nickname) {
    throw validationError({ nickname: storyMessages.anonymityAndNickname });
  }
  if (input.nickname && !input.nicknameValue) {
    throw validationError({ nicknameValue: storyMessages.nicknameRequired });
  }
  return { anonymity: input.anonymity, nicknameValue: input.nickname ? input.nicknameValue! : null };
}

/** The fic for an action, or the gate's 404/403/409 (story-gate.ts). */
const loadForAction = (db: DbOrTx, actor: Actor, storyId: string, action: StoryAction) =>
  loadStoryFor({ db, actor, storyId, action });

/** Why a conditional write matched nothing (story-gate.ts). */
const raceError = (db: DbOrTx, actor: Actor, storyId: string, action: StoryAction) =>
  raceErrorFor({ db, actor, storyId, action });

/** The student's one grade (and its school), or a 409 if they have none. */
async function authorGrade(db: DbOrTx, actor: Actor): Promise<{ gradeId: string; collegeId: string }> {
  if (actor.role !== 'STUDENT') {
    throw forbidden(storyMessages.onlyStudentsWrite);
  }
  const [membership] = await db
    .select({ gradeId: grades.id, collegeId: grades.collegeId })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .where(eq(userGrades.userId, actor.userId))
    .limit(1);
  if (!membership) {
    throw conflict(storyMessages.studentWithoutGrade);
  }
  return membership;
}

/** What a revision copies from the fic, read back by the write that sends it. */
const revisionColumns = {
  id: stories.id,
  rounds: stories.rounds,
  title: stories.title,
  text: stories.text,
  writingTime: stories.writingTime,
};

/** Stores what the fic says at this send, as round `round` (spec: teachers compare rounds later). */
async function recordRevision(
  tx: DbOrTx,
  row: { id: string; rounds: number; title: string; text: string; writingTime: number },
) {
  await tx.insert(storyRevisions).values({
    storyId: row.id,
    round: row.rounds,
    title: row.title,
    text: row.text,
    writingTime: row.writingTime,
  });
}

/**
 * POST /stories: a student creates a draft (EDITING) or sends it at once (REVIEWING). The cover is
 * checked and re-encoded before the transaction; the fic, its cover sizes, tags and first revision
 * are written in one.
 */
export async function createStory(options: {
  db: Db;
  actor: Actor;
  input: CreateStoryBody;
  file: Buffer | undefined;
}): Promise<Story> {
  const { db, actor, input } = options;
  const place = await authorGrade(db, actor);
  const who = authorship(input);
  const text = cleanText(input.text);
  if (!options.file) {
    throw validationError({ file: storyMessages.imageRequired });
  }
  const cover = await processCover(options.file);
  const draft = input.draft ?? input.publicationStatus === 'EDITING';
  const storyId = await db.transaction(async (tx) => {
    const coverId = await storeCover({ db: tx, ownerId: actor.userId, cover });
    const sentNow = !draft;
    const [created] = await tx
      .insert(stories)
      .values({
        authorId: actor.userId,
        collegeId: place.collegeId,
        gradeId: place.gradeId,
        title: input.title,
        text: text.html,
        status: draft ? 'EDITING' : SENT_STATUS,
        anonymity: who.anonymity,
        nicknameValue: who.nicknameValue,
        personal: input.personal,
        location: input.location,
        // The contracts kept only the link's point, rounded to two decimals (the column's scale too).
        locationLat: input.locationURL?.lat ?? null,
        locationLon: input.locationURL?.lon ?? null,
        writingTime: input.writingTime,
        wordCount: text.wordCount,
        coverId,
        rounds: sentNow ? 1 : 0,
        sentAt: sentNow ? new Date() : null,
      })
      .returning(revisionColumns);
    await replaceStoryTags(tx, created!.id, input.tags);
    if (sentNow) {
      await recordRevision(tx, created!);
    }
    const createdEvent: NewDomainEvent = {
      type: 'story.created',
      storyId: created!.id,
      actor: eventActor(actor),
      payload: {
        authorId: actor.userId,
        gradeId: place.gradeId,
        title: created!.title,
        writingTime: input.writingTime,
      },
    };
    const sentEvent: NewDomainEvent = {
      type: 'story.sent',
      storyId: created!.id,
      actor: eventActor(actor),
      payload: {
        authorId: actor.userId,
        gradeId: place.gradeId,
        title: created!.title,
        writingTime: created!.writingTime,
        resent: false,
      },
    };
    await emitEvents(tx, sentNow ? [createdEvent, sentEvent] : [createdEvent]);
    return created!.id;
  });
  return getStory({ db, actor, storyId });
}

/** GET /stories/:id: a published fic for anyone; any other only for those who may see it (else 404). */
export async function getStory(options: {
  db: DbOrTx;
  actor: Actor | null;
  storyId: string;
}): Promise<Story> {
  const { db, actor, storyId } = options;
  const { row, relation } = await loadStoryFor({ db, actor, storyId, action: 'view' });
  return buildStoryView({ db, actor, row, relation });
}

/**
 * PATCH /stories/:id as an edit. Fields left out keep their value; `writingTime` is added to the
 * total. The write is conditional on the status still allowing the edit, so an edit racing a send
 * cannot land on a fic already under review.
 */
export async function updateStory(options: {
  db: Db;
  actor: Actor;
  storyId: string;
  input: UpdateStoryBody;
  file: Buffer | undefined;
}): Promise<Story> {
  const { db, actor, storyId, input } = options;
  const { row, relation, allowed } = await loadForAction(db, actor, storyId, 'edit');
  const who = authorship({
    anonymity: input.anonymity ?? row.anonymity,
    nickname: input.nickname ?? row.nicknameValue !== null,
    nicknameValue: input.nicknameValue ?? row.nicknameValue ?? undefined,
  });
  const text = input.text === undefined ? undefined : cleanText(input.text);
  const cover = options.file ? await processCover(options.file) : undefined;
  await db.transaction(async (tx) => {
    const coverId = cover ? await storeCover({ db: tx, ownerId: ownedAuthorId(row), cover }) : undefined;
    const [updated] = await tx
      .update(stories)
      .set({
        title: input.title,
        text: text?.html,
        wordCount: text?.wordCount,
        anonymity: who.anonymity,
        nicknameValue: who.nicknameValue,
        // Whoever may edit the fic may mark or unmark it (docs/decisions/privacy.md).
        personal: input.personal,
        location: input.location,
        // Left out: the point stays; empty: removed; a link: its point, rounded (the contracts).
        locationLat: input.locationURL === undefined ? undefined : (input.locationURL?.lat ?? null),
        locationLon: input.locationURL === undefined ? undefined : (input.locationURL?.lon ?? null),
        coverId,
        // Only the author's sessions count as writing time (not a teacher's or an administrator's edit).
        writingTime:
          relation === 'author'
            ? sql`least(${stories.writingTime}::bigint + ${input.writingTime ?? 0}, 2147483647)::int`
            : undefined,
        updatedAt: new Date(),
      })
      .where(and(eq(stories.id, storyId), inArray(stories.status, [...allowed])))
      .returning({ id: stories.id, title: stories.title, status: stories.status });
    if (!updated) {
      throw await raceError(tx, actor, storyId, 'edit');
    }
    await emitEvent(tx, {
      type: 'story.updated',
      storyId,
      actor: eventActor(actor),
      payload: {
        authorId: row.authorId,
        title: updated.title,
        // Only the author's sessions count as writing time (as the column's update above).
        writingTime: relation === 'author' ? (input.writingTime ?? null) : null,
        published: isPublished(updated.status),
      },
    });
    if (input.tags !== undefined) {
      await replaceStoryTags(tx, storyId, input.tags);
    }
    if (coverId) {
      await deleteCovers({ db: tx, coverIds: [row.coverId] });
    }
  });
  return getStory({ db, actor, storyId });
}

/**
 * PATCH /stories/:id `{ draft: false, publicationStatus: 'REVIEWING' }`: the author sends a draft (or
 * a corrected fic) for review. One conditional UPDATE moves it and counts the round; the round's
 * snapshot is written in the same transaction.
 */
export async function sendStory(options: { db: Db; actor: Actor; storyId: string }): Promise<Story> {
  const { db, actor, storyId } = options;
  const { allowed } = await loadForAction(db, actor, storyId, 'send');
  await db.transaction(async (tx) => {
    const sent = await markStorySent(tx, { storyId, allowed, actor });
    if (!sent) {
      throw await raceError(tx, actor, storyId, 'send');
    }
    await recordRevision(tx, sent);
  });
  return getStory({ db, actor, storyId });
}

/**
 * PATCH /stories/:id `{ publicationStatus: 'PUBLISHED' }`: a teacher of the fic's grade or an
 * administrator publishes it, once it has an evaluation. One conditional UPDATE checks status and
 * evaluation together (ten racing publishes: one wins, the others get 409); its `story.published`
 * event, written with it, tells the author (notification and e-mail: the notifications module's
 * subscriber) and clears the visitors' gallery.
 */
export async function publishStory(options: { db: Db; actor: Actor; storyId: string }): Promise<Story> {
  const { db, actor, storyId } = options;
  const { allowed } = await loadForAction(db, actor, storyId, 'publish');
  await db.transaction(async (tx) => {
    const published = await markStoryPublished(tx, { storyId, allowed, actor });
    if (!published) {
      throw await raceError(tx, actor, storyId, 'publish');
    }
  });
  return getStory({ db, actor, storyId });
}

/** DELETE /stories/:id: the fic with its cover sizes, tags links and revisions. */
export async function deleteStory(options: { db: Db; actor: Actor; storyId: string }): Promise<void> {
  const { db, actor, storyId } = options;
  const { allowed } = await loadForAction(db, actor, storyId, 'delete');
  await db.transaction(async (tx) => {
    const deleted = await deleteStoryRow(tx, { storyId, allowed, actor });
    if (!deleted) {
      throw await raceError(tx, actor, storyId, 'delete');
    }
    await deleteCovers({ db: tx, coverIds: [deleted.coverId] });
  });
}

/**
 * Every fic of a user with their covers (the account is being deleted: README decision 8), in the
 * caller's transaction, each announced as deleted by `actor`.
 */
export async function deleteStoriesOf(options: {
  db: DbOrTx;
  authorId: string;
  actor: Actor | null;
}): Promise<void> {
  const deleted = await deleteStoryRowsOf(options.db, { authorId: options.authorId, actor: options.actor });
  await deleteCovers({ db: options.db, coverIds: deleted.map((row) => row.coverId) });
}

/**
 * GET /stories/student-stories: the caller's own fics, newest first by the date the list shows (the
 * fic's date: published, else created; `storyDate`), ties by id, one page.
 */
export async function listStudentStories(options: {
  db: DbOrTx;
  actor: Actor;
  query: StudentStoriesQuery;
}): Promise<Paged<StorySummary>> {
  const { db, actor, query } = options;
  const mine = eq(stories.authorId, actor.userId);
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: stories.id,
          title: stories.title,
          status: stories.status,
          coverId: stories.coverId,
          createdAt: stories.createdAt,
          updatedAt: stories.updatedAt,
          publishedAt: stories.publishedAt,
        })
        .from(stories)
        .where(mine)
        .orderBy(desc(storyDate), desc(stories.id))
        .limit(limit)
        .offset(offset);
      return buildStorySummaries(db, rows);
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(stories).where(mine);
      return Number(row?.n ?? 0);
    },
  });
}

/** Fics written in each grade (the school view's counts, and what blocks deleting a grade). */
export async function countStoriesByGrade(db: DbOrTx, gradeIds: string[]): Promise<Map<string, number>> {
  if (gradeIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ gradeId: stories.gradeId, n: count() })
    .from(stories)
    .where(inArray(stories.gradeId, gradeIds))
    .groupBy(stories.gradeId);
  return new Map(rows.map((row) => [row.gradeId, Number(row.n)]));
}
