import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  gradeLabel,
  moderationLimits,
  moderationMessages,
  pageOf,
  type CreateReportBody,
  type DecideReportBody,
  type Paged,
  type Report,
  type ReportCase,
  type ReportsQuery,
  type ReportTarget,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import {
  colleges,
  commentReplies,
  comments,
  grades,
  moderationCases,
  reports,
  stories,
  userGrades,
  users,
} from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { cleanStoryHtml } from '../../lib/rich-text';
import type { Actor } from '../../plugins/auth';
import {
  findReportableComment,
  findReportableReply,
  hideCommentForReview,
  removeCommentByModeration,
  showCommentAfterReview,
  type ReportableItem,
} from '../comments';
import { emitEvent } from '../events';
import {
  hideStoryForReview,
  isPublished,
  loadStoryFor,
  showStoryAfterReview,
  withdrawStoryByModeration,
} from '../stories';

/**
 * Reports and the moderation queue (issue 21.1-3, docs/decisions/moderation.md). Who may see an
 * item is asked of its own module (the fic's gate, the comments' visibility); what this module adds
 * is the case: one per item while open, its reports, hiding at the threshold, and one decision.
 */

/** Characters of an item's words kept on its case (for the queue once the item is gone). */
const SUBJECT_TEXT_MAX = 1_000;

const staffRoles = new Set(['TEACHER', 'ADMIN']);

const itemNotFound = () => notFound(moderationMessages.itemNotFound);

/** The item as the reporter sees it, or 404 (also for a fic that is not public: nobody reports a draft). */
async function reportableItem(
  db: DbOrTx,
  actor: Actor,
  target: ReportTarget,
  id: string,
): Promise<ReportableItem> {
  try {
    if (target === 'COMMENT') {
      return await findReportableComment(db, actor, id);
    }
    if (target === 'REPLY') {
      return await findReportableReply(db, actor, id);
    }
    const { row } = await loadStoryFor({ db, actor, storyId: id, action: 'view' });
    if (!isPublished(row.status)) {
      throw itemNotFound();
    }
    return {
      id: row.id,
      storyId: row.id,
      storyTitle: row.title,
      authorId: row.authorId,
      text: cleanStoryHtml(row.text).plainText,
      parentText: null,
    };
  } catch (error) {
    // Whatever the item's module says it is (gone, not visible), the reporter reads one message.
    if (error instanceof AppError && error.type === 'NOT_FOUND') {
      throw itemNotFound();
    }
    throw error;
  }
}

const reportView = (row: typeof reports.$inferSelect): Report => ({
  _id: row.id,
  target: row.target,
  targetId: row.targetId,
  reason: row.reason,
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
});

/**
 * POST /reports: the caller's report of an item they see. Opens the item's case (or joins the open
 * one) and hides the item at once when a teacher or administrator reports it, or when it reaches
 * `moderationLimits.hideAt` different reporters (the unique constraint makes them different). One
 * transaction: the report, the case's counter (the upsert's row lock orders racing reports), the
 * hiding (a conditional write) and `report.created`.
 */
export async function createReport(options: {
  db: Db;
  actor: Actor;
  body: CreateReportBody;
}): Promise<Report> {
  const { db, actor, body } = options;
  const item = await reportableItem(db, actor, body.target, body.targetId);
  if (item.authorId === actor.userId) {
    throw forbidden(moderationMessages.ownItem);
  }
  const subjectText = (body.target === 'STORY' ? `${item.storyTitle}: ${item.text}` : item.text).slice(
    0,
    SUBJECT_TEXT_MAX,
  );
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [opened] = await tx
        .insert(moderationCases)
        .values({
          target: body.target,
          targetId: item.id,
          commentId: body.target === 'COMMENT' ? item.id : null,
          replyId: body.target === 'REPLY' ? item.id : null,
          storyId: body.target === 'STORY' ? item.id : null,
          subjectUserId: item.authorId,
          subjectText,
          reportsCount: 1,
          createdAt: now,
          lastReportedAt: now,
        })
        .onConflictDoUpdate({
          target: [moderationCases.target, moderationCases.targetId],
          targetWhere: sql`${moderationCases.status} = 'OPEN'`,
          set: { reportsCount: sql`${moderationCases.reportsCount} + 1`, lastReportedAt: now },
        })
        .returning({ id: moderationCases.id, reportsCount: moderationCases.reportsCount });
      const [report] = await tx
        .insert(reports)
        .values({
          caseId: opened!.id,
          reporterId: actor.userId,
          target: body.target,
          targetId: item.id,
          reason: body.reason,
          detail: body.detail ?? null,
          createdAt: now,
        })
        .returning();
      let hidden = false;
      if (staffRoles.has(actor.role) || opened!.reportsCount >= moderationLimits.hideAt) {
        hidden =
          body.target === 'STORY'
            ? (await hideStoryForReview(tx, { storyId: item.id, actor })) !== undefined
            : await hideCommentForReview(tx, { target: body.target, id: item.id });
        if (hidden) {
          await tx.update(moderationCases).set({ hiddenAt: now }).where(eq(moderationCases.id, opened!.id));
        }
      }
      await emitEvent(tx, {
        type: 'report.created',
        storyId: item.storyId,
        actor: { userId: actor.userId, role: actor.role },
        payload: {
          caseId: opened!.id,
          reportId: report!.id,
          target: body.target,
          targetId: item.id,
          subjectUserId: item.authorId,
          reason: body.reason,
          opened: opened!.reportsCount === 1,
          hidden,
          title: item.storyTitle,
        },
      });
      return reportView(report!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'reports_reporter_item_unique')) {
      throw conflict(moderationMessages.alreadyReported);
    }
    throw error;
  }
}

/**
 * The cases `actor` decides on, over moderation_cases: every case for an administrator; for a
 * teacher, those about what a student of one of their grades wrote (the memberships' primary key
 * and grade index, through moderation_cases_subject_idx). Nobody else has a queue.
 */
function casesOf(actor: Actor): SQL {
  if (actor.role === 'ADMIN') {
    return sql`true`;
  }
  return sql`exists (
    select 1 from users subject
    join roles subject_role on subject_role.id = subject.role_id
    join user_grades subject_grade on subject_grade.user_id = subject.id
    join user_grades teacher_grade on teacher_grade.grade_id = subject_grade.grade_id
    where subject.id = ${moderationCases.subjectUserId} and subject_role.name = 'STUDENT'
      and teacher_grade.user_id = ${actor.userId}
  )`;
}

/** Only teachers and administrators read or decide cases; anyone else is refused before anything is read. */
function assertStaff(actor: Actor): void {
  if (!staffRoles.has(actor.role)) {
    throw forbidden();
  }
}

type CaseRow = typeof moderationCases.$inferSelect;

/** The queue's answers for a page of cases: reasons, details, the item in context, the author's grade. */
async function buildCaseViews(db: DbOrTx, rows: CaseRow[]): Promise<ReportCase[]> {
  if (rows.length === 0) {
    return [];
  }
  const ids = rows.map((row) => row.id);
  const commentIds = rows.flatMap((row) => (row.commentId ? [row.commentId] : []));
  const replyIds = rows.flatMap((row) => (row.replyId ? [row.replyId] : []));
  const storyIds = rows.flatMap((row) => (row.storyId ? [row.storyId] : []));
  const subjectIds = [...new Set(rows.flatMap((row) => (row.subjectUserId ? [row.subjectUserId] : [])))];
  const [reasonRows, detailRows, commentRows, replyRows, storyRows, subjectRows] = await Promise.all([
    db
      .select({ caseId: reports.caseId, reason: reports.reason, n: count() })
      .from(reports)
      .where(inArray(reports.caseId, ids))
      .groupBy(reports.caseId, reports.reason),
    db
      .select({ caseId: reports.caseId, detail: reports.detail })
      .from(reports)
      .where(and(inArray(reports.caseId, ids), isNotNull(reports.detail)))
      .orderBy(desc(reports.createdAt)),
    commentIds.length === 0
      ? []
      : db
          .select({
            id: comments.id,
            text: comments.text,
            hidden: comments.hiddenReason,
            storyId: stories.id,
            title: stories.title,
          })
          .from(comments)
          .innerJoin(stories, eq(stories.id, comments.storyId))
          .where(inArray(comments.id, commentIds)),
    replyIds.length === 0
      ? []
      : db
          .select({
            id: commentReplies.id,
            text: commentReplies.text,
            hidden: commentReplies.hiddenReason,
            parentText: comments.text,
            storyId: stories.id,
            title: stories.title,
          })
          .from(commentReplies)
          .innerJoin(comments, eq(comments.id, commentReplies.commentId))
          .innerJoin(stories, eq(stories.id, comments.storyId))
          .where(inArray(commentReplies.id, replyIds)),
    storyIds.length === 0
      ? []
      : db
          .select({ id: stories.id, text: stories.text, hidden: stories.hiddenReason, title: stories.title })
          .from(stories)
          .where(inArray(stories.id, storyIds)),
    subjectIds.length === 0
      ? []
      : db
          .select({
            id: users.id,
            name: users.name,
            level: grades.level,
            cicle: grades.cicle,
            gradeName: grades.name,
            college: colleges.name,
          })
          .from(users)
          .leftJoin(userGrades, eq(userGrades.userId, users.id))
          .leftJoin(grades, eq(grades.id, userGrades.gradeId))
          .leftJoin(colleges, eq(colleges.id, grades.collegeId))
          .where(inArray(users.id, subjectIds)),
  ]);
  const plain = (html: string) => cleanStoryHtml(html).plainText;
  const commentsById = new Map(commentRows.map((row) => [row.id, row]));
  const repliesById = new Map(replyRows.map((row) => [row.id, row]));
  const storiesById = new Map(storyRows.map((row) => [row.id, row]));
  const subjects = new Map<string, { name: string; grades: string[] }>();
  for (const row of subjectRows) {
    const subject = subjects.get(row.id) ?? { name: row.name, grades: [] };
    if (row.level !== null && row.cicle !== null && row.gradeName !== null) {
      subject.grades.push(
        `${gradeLabel({ level: row.level, cicle: row.cicle, name: row.gradeName })} — ${row.college}`,
      );
    }
    subjects.set(row.id, subject);
  }
  return rows.map((row) => {
    const reasons = reasonRows
      .filter((r) => r.caseId === row.id)
      .map((r) => ({ reason: r.reason, count: r.n }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
    const details = detailRows.filter((r) => r.caseId === row.id).map((r) => r.detail!);
    const comment = row.commentId ? commentsById.get(row.commentId) : undefined;
    const reply = row.replyId ? repliesById.get(row.replyId) : undefined;
    const story = row.storyId ? storiesById.get(row.storyId) : undefined;
    const found = comment ?? reply ?? story;
    const subject = row.subjectUserId ? subjects.get(row.subjectUserId) : undefined;
    const storyId = comment?.storyId ?? reply?.storyId ?? story?.id ?? null;
    return {
      _id: row.id,
      status: row.status,
      item: {
        target: row.target,
        targetId: found ? row.targetId : null,
        exists: found !== undefined,
        hidden: found ? found.hidden !== null : false,
        text: found ? plain(found.text).slice(0, SUBJECT_TEXT_MAX) : row.subjectText,
        parentText: reply ? plain(reply.parentText) : null,
        storyId,
        storyTitle: found?.title ?? null,
        author: subject && row.subjectUserId ? { _id: row.subjectUserId, name: subject.name } : null,
        grade: subject?.grades.join(', ') ?? '',
      },
      reportsCount: row.reportsCount,
      reasons,
      details,
      createdAt: row.createdAt.toISOString(),
      lastReportedAt: row.lastReportedAt.toISOString(),
      decision:
        row.status === 'OPEN' || !row.decidedAt
          ? null
          : {
              decision: row.status === 'KEPT' ? 'KEEP' : 'REMOVE',
              note: row.decisionNote,
              decidedBy: { _id: row.decidedBy, name: row.decidedByName ?? '' },
              decidedAt: row.decidedAt.toISOString(),
            },
    };
  });
}

/**
 * GET /reports: the caller's queue, newest report first (moderation_cases_queue_idx, or
 * moderation_cases_status_queue_idx with a status), a reason through reports_case_reason_idx,
 * paged in SQL.
 */
export async function listReports(options: {
  db: DbOrTx;
  actor: Actor;
  query: ReportsQuery;
}): Promise<Paged<ReportCase>> {
  const { db, actor, query } = options;
  assertStaff(actor);
  const conditions: SQL[] = [casesOf(actor)];
  if (query.status) {
    conditions.push(eq(moderationCases.status, query.status));
  }
  if (query.reason) {
    conditions.push(
      sql`exists (select 1 from ${reports} where ${reports.caseId} = ${moderationCases.id} and ${reports.reason} = ${query.reason})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(moderationCases)
      .where(where)
      .orderBy(desc(moderationCases.lastReportedAt), desc(moderationCases.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(moderationCases).where(where),
  ]);
  return pageOf(await buildCaseViews(db, rows), query, total?.n ?? 0);
}

/**
 * PATCH /reports/:id: settles an open case once. The conditional update `WHERE status = 'OPEN'`
 * lets exactly one of racing calls through (the others: 409); in its transaction, 'KEEP' shows the
 * item again, 'REMOVE' deletes the comment or reply, or takes the fic out of publication back to
 * its author (never deleted), and `moderation.decided` tells the reporters and the author.
 */
export async function decideReport(options: {
  db: Db;
  actor: Actor;
  caseId: string;
  body: DecideReportBody;
}): Promise<ReportCase> {
  const { db, actor, caseId, body } = options;
  assertStaff(actor);
  const mine = and(eq(moderationCases.id, caseId), casesOf(actor));
  const [seen] = await db.select({ id: moderationCases.id }).from(moderationCases).where(mine);
  if (!seen) {
    throw notFound(moderationMessages.notFound);
  }
  const [decider] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  const row = await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(moderationCases)
      .set({
        status: body.decision === 'KEEP' ? 'KEPT' : 'REMOVED',
        decidedBy: actor.userId,
        decidedByName: decider?.name ?? null,
        decidedAt: new Date(),
        decisionNote: body.note ?? null,
      })
      .where(and(mine, eq(moderationCases.status, 'OPEN')))
      .returning();
    if (!decided) {
      throw conflict(moderationMessages.alreadySettled);
    }
    const eventActor = { userId: actor.userId, role: actor.role };
    const itemId = decided.commentId ?? decided.replyId ?? decided.storyId;
    let storyId: string | null = null;
    let title = '';
    if (decided.storyId) {
      const [story] = await tx
        .select({ title: stories.title })
        .from(stories)
        .where(eq(stories.id, decided.storyId));
      storyId = decided.storyId;
      title = story?.title ?? '';
    } else if (decided.commentId || decided.replyId) {
      const [parent] = decided.commentId
        ? await tx
            .select({ storyId: stories.id, title: stories.title })
            .from(comments)
            .innerJoin(stories, eq(stories.id, comments.storyId))
            .where(eq(comments.id, decided.commentId))
        : await tx
            .select({ storyId: stories.id, title: stories.title })
            .from(commentReplies)
            .innerJoin(comments, eq(comments.id, commentReplies.commentId))
            .innerJoin(stories, eq(stories.id, comments.storyId))
            .where(eq(commentReplies.id, decided.replyId!));
      storyId = parent?.storyId ?? null;
      title = parent?.title ?? '';
    }
    if (itemId) {
      if (decided.target === 'STORY') {
        await (body.decision === 'KEEP'
          ? showStoryAfterReview(tx, { storyId: itemId, actor })
          : withdrawStoryByModeration(tx, { storyId: itemId, actor }));
      } else if (body.decision === 'KEEP') {
        await showCommentAfterReview(tx, { target: decided.target, id: itemId });
      } else {
        await removeCommentByModeration(tx, { target: decided.target, id: itemId, actor: eventActor });
      }
    }
    const [reporterRows, reasonRows] = await Promise.all([
      tx.select({ id: reports.reporterId }).from(reports).where(eq(reports.caseId, decided.id)),
      tx
        .select({ reason: reports.reason, n: count() })
        .from(reports)
        .where(eq(reports.caseId, decided.id))
        .groupBy(reports.reason)
        .orderBy(desc(count()), reports.reason),
    ]);
    await emitEvent(tx, {
      type: 'moderation.decided',
      // A removed comment's fic is still there; a withdrawn fic is the stream either way.
      storyId,
      actor: eventActor,
      payload: {
        caseId: decided.id,
        decision: body.decision,
        target: decided.target,
        targetId: decided.targetId,
        subjectUserId: decided.subjectUserId,
        reporterIds: reporterRows.map((r) => r.id),
        reasons: reasonRows.map((r) => r.reason),
        note: decided.decisionNote,
        title,
      },
    });
    return decided;
  });
  const [view] = await buildCaseViews(db, [row]);
  return view!;
}
