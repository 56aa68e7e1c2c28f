import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { privacyRequestTypeLabels, type PrivacyRequestType, type RoleName } from '@fics/contracts';
import type { Tx } from '../../db/client';
import {
  annotationReplies,
  annotations,
  changeRequests,
  commentReplies,
  comments,
  notifications,
  registerRequests,
  roles,
  userGrades,
  users,
} from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import type { DomainEvent, EventSubscriber } from '../events';
import { decide, findStoryRow, maskedAuthorName, storyRelation, type StoryRow } from '../stories';
import { userShownTo } from '../consent-visibility';
import { notificationTexts } from './notification-texts';
import { tellStoryPublished } from './notifications.service';

type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'eventId' | 'createdAt' | 'readAt'>;

/** A recipient as the gate sees them: their relation to a fic decides what its texts may name. */
interface Recipient {
  userId: string;
  role: RoleName;
}

/**
 * Writes the event's notifications. Nobody is told of their own action. `(event_id, user_id)` is
 * unique, so a redelivered event adds nothing (at-least-once delivery).
 */
async function tell(tx: Tx, event: DomainEvent, rows: NewNotification[]): Promise<void> {
  const others = rows.filter((row) => row.userId !== event.actor?.userId);
  if (others.length > 0) {
    await tx
      .insert(notifications)
      .values(others.map((row) => ({ ...row, eventId: event.id })))
      .onConflictDoNothing();
  }
}

async function userName(tx: Tx, userId: string | undefined): Promise<string | null> {
  if (!userId) {
    return null;
  }
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

async function recipient(tx: Tx, userId: string): Promise<Recipient | null> {
  const [row] = await tx
    .select({ userId: users.id, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The fic's author as `to` may know them on what the author wrote: the real name, or the mask
 * (the pseudonym, 'Autor/a') when the fic hides its author from `to` (story-view's maskedAuthorName,
 * the rule the fic's answers use).
 */
async function authorMaskFor(tx: Tx, story: StoryRow, to: Recipient): Promise<string | null> {
  if (!story.anonymity && story.nicknameValue === null) {
    // Hides no one: no need to read the recipient's relation to it.
    return null;
  }
  // A recipient, not a request: storyRelation reads only the id and the role.
  const actor: Actor = { userId: to.userId, role: to.role, sessionId: '' };
  return maskedAuthorName(story, await storyRelation(tx, actor, story));
}

/** Whether `to` may still read the fic's notes (a teacher moved to other grades may not: no link to a 404). */
async function readsNotes(tx: Tx, story: StoryRow, to: Recipient): Promise<boolean> {
  const actor: Actor = { userId: to.userId, role: to.role, sessionId: '' };
  return decide('viewAnnotations', await storyRelation(tx, actor, story), story.status).ok;
}

async function annotationExists(tx: Tx, annotationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: annotations.id })
    .from(annotations)
    .where(eq(annotations.id, annotationId))
    .limit(1);
  return row !== undefined;
}

/**
 * What a note's writer is told the fic's author did (answered, resolved): the author by the name
 * `to` may know them by (the mask on a fic hidden from `to`), anyone else (an administrator) by name.
 */
async function toNoteWriter(
  tx: Tx,
  event: DomainEvent & { payload: { writerId: string | null; title: string } },
  story: StoryRow,
  type: 'ANNOTATION_ANSWERED' | 'ANNOTATION_RESOLVED',
): Promise<void> {
  const { writerId, title } = event.payload;
  const to = writerId ? await recipient(tx, writerId) : null;
  if (!to || !(await readsNotes(tx, story, to))) {
    return;
  }
  const name = (await userName(tx, event.actor?.userId)) ?? 'Alguien';
  const who = event.actor?.userId === story.authorId ? ((await authorMaskFor(tx, story, to)) ?? name) : name;
  return tell(tx, event, [
    {
      userId: to.userId,
      type,
      text:
        type === 'ANNOTATION_ANSWERED'
          ? notificationTexts.noteAnswered(who, title)
          : notificationTexts.noteResolved(who, title),
      storyId: story.id,
      namedUserId: event.actor?.userId ?? null,
    },
  ]);
}

async function commentExists(tx: Tx, commentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether `writerId` may be named to `recipientId` (issue 22.5): a student who lacks a needed
 * guardian's consent is not named outside their school, so a comment or reply of theirs on another
 * school's fic tells its author nothing (they do not see it either: the comments' access rule).
 */
async function writerNamedTo(tx: Tx, writerId: string | undefined, recipientId: string): Promise<boolean> {
  const to = await recipient(tx, recipientId);
  if (!writerId || !to) {
    return to !== null;
  }
  const result = await tx.execute(sql`select ${userShownTo(to, sql`${writerId}::uuid`)} as shown`);
  // Plain rows (execute), which both drivers answer as { rows }.
  return (result as { rows: { shown: boolean }[] }).rows[0]?.shown === true;
}

/** Whether a comment or reply is still held for approval (not decided, not deleted). */
async function stillHeld(tx: Tx, target: 'COMMENT' | 'REPLY', id: string): Promise<boolean> {
  const table = target === 'COMMENT' ? comments : commentReplies;
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.hiddenReason, 'HELD')))
    .limit(1);
  return row !== undefined;
}

/** The teachers of a grade (a fic sent there waits for them). */
function gradeTeachers(tx: Tx, gradeId: string) {
  return tx
    .select({ userId: users.id, role: roles.name })
    .from(userGrades)
    .innerJoin(users, eq(users.id, userGrades.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(userGrades.gradeId, gradeId), eq(roles.name, 'TEACHER')));
}

/** Who asked: the applicant's name, and for a change request their account (whose erasure takes the notification). */
async function requester(
  tx: Tx,
  kind: 'REGISTER' | 'CHANGE',
  requestId: string,
): Promise<{ name: string | null; userId: string | null }> {
  if (kind === 'REGISTER') {
    const [row] = await tx
      .select({ name: registerRequests.name })
      .from(registerRequests)
      .where(eq(registerRequests.id, requestId))
      .limit(1);
    return { name: row?.name ?? null, userId: null };
  }
  const [row] = await tx
    .select({ name: users.name, userId: users.id })
    .from(changeRequests)
    .innerJoin(users, eq(users.id, changeRequests.userId))
    .where(eq(changeRequests.id, requestId))
    .limit(1);
  return { name: row?.name ?? null, userId: row?.userId ?? null };
}

async function handle(tx: Tx, event: DomainEvent, publicUrl: string): Promise<void> {
  // Everything but a request is about a fic; one deleted before delivery has nothing left to tell.
  const story = event.storyId ? await findStoryRow(tx, event.storyId) : undefined;
  switch (event.type) {
    case 'story.evaluated':
    case 'evaluation.updated': {
      if (!story) {
        return;
      }
      const { authorId, title, score } = event.payload;
      const evaluated = event.type === 'story.evaluated';
      return tell(tx, event, [
        {
          userId: authorId,
          type: evaluated ? 'STORY_EVALUATED' : 'STORY_RETURNED',
          text: evaluated
            ? notificationTexts.evaluated(title, score)
            : notificationTexts.returned(title, score),
          storyId: story.id,
        },
      ]);
    }
    case 'story.published': {
      if (!story || story.authorId === null || story.authorId === event.actor?.userId) {
        return;
      }
      // Once per fic (with its e-mail), whichever of the event and the spec's call comes first.
      await tellStoryPublished({
        db: tx,
        storyId: story.id,
        authorId: story.authorId,
        publicUrl,
        eventId: event.id,
      });
      return;
    }
    case 'comment.added': {
      const { commentId, storyAuthorId, title, held } = event.payload;
      // One held for approval is told when approved (comment.approved), not before; an orphaned
      // fic (issue 22.4) has no author to tell.
      if (held || storyAuthorId === null || !story || !(await commentExists(tx, commentId))) {
        return;
      }
      if (!(await writerNamedTo(tx, event.actor?.userId, storyAuthorId))) {
        return;
      }
      const who = (await userName(tx, event.actor?.userId)) ?? 'Alguien';
      return tell(tx, event, [
        {
          userId: storyAuthorId,
          type: 'STORY_COMMENTED',
          text: notificationTexts.commented(who, title),
          storyId: story.id,
          commentId,
          namedUserId: event.actor?.userId ?? null,
        },
      ]);
    }
    case 'reply.added': {
      const { commentId, commentAuthorId, title, held } = event.payload;
      // An erased writer (issue 22.4) is told nothing.
      if (held || commentAuthorId === null) {
        return;
      }
      const to = await recipient(tx, commentAuthorId);
      if (!story || !to || !(await commentExists(tx, commentId))) {
        return;
      }
      if (!(await writerNamedTo(tx, event.actor?.userId, to.userId))) {
        return;
      }
      const name = (await userName(tx, event.actor?.userId)) ?? 'Alguien';
      // A reply by the fic's author on their own anonymous or pseudonymous fic goes by its mask.
      const who =
        event.actor?.userId === story.authorId ? ((await authorMaskFor(tx, story, to)) ?? name) : name;
      return tell(tx, event, [
        {
          userId: commentAuthorId,
          type: 'COMMENT_REPLIED',
          text: notificationTexts.replied(who, title),
          storyId: story.id,
          commentId,
          namedUserId: event.actor?.userId ?? null,
        },
      ]);
    }
    case 'story.sent': {
      if (!story) {
        return;
      }
      const { authorId, gradeId, title, resent } = event.payload;
      const teachers = await gradeTeachers(tx, gradeId);
      if (teachers.length === 0) {
        return;
      }
      const realName = await userName(tx, authorId);
      const rows: NewNotification[] = [];
      for (const teacher of teachers) {
        // A teacher reviewing it blind learns the title, never the author (not even the mask).
        const masked = (await authorMaskFor(tx, story, teacher)) !== null;
        rows.push({
          userId: teacher.userId,
          type: 'STORY_TO_REVIEW',
          text: notificationTexts.toReview(title, masked ? null : realName, resent),
          storyId: story.id,
          namedUserId: masked ? null : authorId,
        });
      }
      return tell(tx, event, rows);
    }
    case 'annotation.created':
    case 'annotation.reopened': {
      const { annotationId, authorId, title } = event.payload;
      if (!story || !(await annotationExists(tx, annotationId))) {
        return;
      }
      // Notes are written and reopened by teachers and administrators: a student knows their names.
      const who = (await userName(tx, event.actor?.userId)) ?? 'Tu docente';
      const added = event.type === 'annotation.created';
      return tell(tx, event, [
        {
          userId: authorId,
          type: added ? 'ANNOTATION_ADDED' : 'ANNOTATION_REOPENED',
          text: added ? notificationTexts.noteAdded(who, title) : notificationTexts.noteReopened(who, title),
          storyId: story.id,
          namedUserId: event.actor?.userId ?? null,
        },
      ]);
    }
    case 'annotation.replied': {
      const { annotationId, replyId, authorId, title } = event.payload;
      const [reply] = await tx
        .select({ id: annotationReplies.id })
        .from(annotationReplies)
        .where(eq(annotationReplies.id, replyId))
        .limit(1);
      if (!story || !reply || !(await annotationExists(tx, annotationId))) {
        return;
      }
      // The author answering goes to the note's writer; anyone else's reply to the author.
      if (event.actor?.userId === authorId) {
        return toNoteWriter(tx, event, story, 'ANNOTATION_ANSWERED');
      }
      const who = (await userName(tx, event.actor?.userId)) ?? 'Alguien';
      return tell(tx, event, [
        {
          userId: authorId,
          type: 'ANNOTATION_REPLIED',
          text: notificationTexts.noteReplied(who, title),
          storyId: story.id,
          namedUserId: event.actor?.userId ?? null,
        },
      ]);
    }
    case 'annotation.resolved': {
      if (!story || !(await annotationExists(tx, event.payload.annotationId))) {
        return;
      }
      return toNoteWriter(tx, event, story, 'ANNOTATION_RESOLVED');
    }
    case 'annotation.orphaned': {
      const ids = event.payload.notes.map((note) => note.annotationId);
      if (!story || ids.length === 0) {
        return;
      }
      // One notification per writer, counting their notes still there and still orphaned.
      const byWriter = await tx
        .select({ writerId: annotations.writerId, notes: count() })
        .from(annotations)
        .where(
          and(inArray(annotations.id, ids), eq(annotations.orphan, true), isNotNull(annotations.writerId)),
        )
        .groupBy(annotations.writerId);
      const rows: NewNotification[] = [];
      for (const { writerId, notes } of byWriter) {
        const to = await recipient(tx, writerId!);
        if (to && (await readsNotes(tx, story, to))) {
          rows.push({
            userId: to.userId,
            type: 'ANNOTATION_ORPHANED',
            text: notificationTexts.noteOrphaned(event.payload.title, notes),
            storyId: story.id,
          });
        }
      }
      return tell(tx, event, rows);
    }
    case 'report.created': {
      const { opened, subjectUserId, target, title } = event.payload;
      if (!opened || !subjectUserId) {
        return;
      }
      // The teachers of a student author's grades: the ones whose queue the case is in. Told once,
      // when the case opens; the link is the queue (/reportes), never the reporter.
      const teachers = await tx
        .selectDistinct({ userId: users.id })
        .from(userGrades)
        .innerJoin(users, eq(users.id, userGrades.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(
          and(
            eq(roles.name, 'TEACHER'),
            inArray(
              userGrades.gradeId,
              tx
                .select({ gradeId: userGrades.gradeId })
                .from(userGrades)
                .innerJoin(users, eq(users.id, userGrades.userId))
                .innerJoin(roles, eq(roles.id, users.roleId))
                .where(and(eq(userGrades.userId, subjectUserId), eq(roles.name, 'STUDENT'))),
            ),
          ),
        );
      return tell(
        tx,
        event,
        teachers.map((teacher) => ({
          userId: teacher.userId,
          type: 'REPORT_CREATED' as const,
          text: notificationTexts.reportCreated(target, title),
        })),
      );
    }
    case 'moderation.decided': {
      const { decision, target, reporterIds, subjectUserId, reasons, note, title } = event.payload;
      // A fic taken out of publication is no longer the reporters' to open; anything else links to it.
      const reporterLink = target === 'STORY' && decision === 'REMOVE' ? null : (story?.id ?? null);
      const rows: NewNotification[] = reporterIds.map((userId) => ({
        userId,
        type: 'REPORT_SETTLED' as const,
        text: notificationTexts.reportSettled(target, title, decision),
        storyId: reporterLink,
      }));
      if (decision === 'REMOVE' && subjectUserId) {
        rows.push({
          userId: subjectUserId,
          type: 'CONTENT_REMOVED',
          text: notificationTexts.contentRemoved(target, title, reasons, note),
          storyId: story?.id ?? null,
        });
      }
      return tell(tx, event, rows);
    }
    case 'comment.held': {
      const { target, commentId, replyId, gradeId, title } = event.payload;
      // Still waiting (not decided or deleted before delivery): once per item, to the teachers of
      // the fic's grade, who approve it; no name (the list shows it). Administrators read the list.
      if (!story || !(await stillHeld(tx, target, target === 'COMMENT' ? commentId : replyId!))) {
        return;
      }
      const teachers = await gradeTeachers(tx, gradeId);
      return tell(
        tx,
        event,
        teachers.map((teacher) => ({
          userId: teacher.userId,
          type: 'COMMENT_HELD' as const,
          text: notificationTexts.commentHeld(target, title),
          storyId: story.id,
        })),
      );
    }
    case 'comment.approved': {
      const { target, commentId, writerId, storyAuthorId, commentAuthorId, title } = event.payload;
      if (!story || !(await commentExists(tx, commentId))) {
        return;
      }
      const rows: NewNotification[] = [
        {
          userId: writerId,
          type: 'COMMENT_APPROVED',
          text: notificationTexts.commentApproved(target, title),
          storyId: story.id,
          commentId,
        },
      ];
      // What its writing would have told, told now that it shows: the fic's author of a comment,
      // the comment's writer of a reply (never the writer of their own).
      const name = (await userName(tx, writerId)) ?? 'Alguien';
      // Null: an orphaned fic or an erased writer (issue 22.4), no one to tell.
      if (
        target === 'COMMENT' &&
        storyAuthorId !== null &&
        storyAuthorId !== writerId &&
        (await writerNamedTo(tx, writerId ?? undefined, storyAuthorId))
      ) {
        rows.push({
          userId: storyAuthorId,
          type: 'STORY_COMMENTED',
          text: notificationTexts.commented(name, title),
          storyId: story.id,
          commentId,
          namedUserId: writerId,
        });
      }
      const to =
        target === 'REPLY' && commentAuthorId !== null && commentAuthorId !== writerId
          ? await recipient(tx, commentAuthorId)
          : null;
      if (to && (await writerNamedTo(tx, writerId ?? undefined, to.userId))) {
        const who = writerId === story.authorId ? ((await authorMaskFor(tx, story, to)) ?? name) : name;
        rows.push({
          userId: to.userId,
          type: 'COMMENT_REPLIED',
          text: notificationTexts.replied(who, title),
          storyId: story.id,
          commentId,
          namedUserId: writerId,
        });
      }
      return tell(tx, event, rows);
    }
    case 'comment.rejected': {
      const { target, writerId, title } = event.payload;
      return tell(tx, event, [
        {
          userId: writerId,
          type: 'COMMENT_REJECTED',
          text: notificationTexts.commentRejected(target, title),
          storyId: story?.id ?? null,
        },
      ]);
    }
    case 'request.created': {
      const { requestId, kind } = event.payload;
      const admins = await tx
        .select({ userId: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(roles.name, 'ADMIN'), event.actor ? ne(users.id, event.actor.userId) : undefined));
      if (admins.length === 0) {
        return;
      }
      const who = await requester(tx, kind, requestId);
      const text = notificationTexts.request(kind, who.name);
      return tell(
        tx,
        event,
        admins.map((admin) => ({
          userId: admin.userId,
          type: 'REQUEST_CREATED' as const,
          text,
          requestKind: kind,
          namedUserId: who.name === null ? null : who.userId,
          // A registration's applicant has no account yet: the request itself says whose it is.
          registerRequestId: kind === 'REGISTER' && who.name !== null ? requestId : null,
        })),
      );
    }
    case 'privacy_request.created':
    case 'privacy_request.confirmed':
    case 'privacy_request.due_soon': {
      // A parent's request enters the queue at its confirmation; an account's when it is filed.
      if (event.type === 'privacy_request.created' && !event.payload.confirmed) {
        return;
      }
      const { type, dueAt } = event.payload;
      if (dueAt === null) {
        return;
      }
      const admins = await tx
        .select({ userId: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(roles.name, 'ADMIN'));
      const label = privacyRequestTypeLabels[type as PrivacyRequestType] ?? type;
      const due = event.type === 'privacy_request.due_soon';
      return tell(
        tx,
        event,
        admins.map((admin) => ({
          userId: admin.userId,
          type: due ? ('PRIVACY_REQUEST_DUE' as const) : ('PRIVACY_REQUEST_CREATED' as const),
          text: due
            ? notificationTexts.privacyRequestDue(label, dueAt)
            : notificationTexts.privacyRequest(label, dueAt),
        })),
      );
    }
    case 'security_incident.recorded': {
      // Every administrator but the one who recorded it (tell() leaves out the actor).
      const admins = await tx
        .select({ userId: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(roles.name, 'ADMIN'));
      // The day in Chile, as the screen shows it.
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(
        new Date(event.payload.occurredAt),
      );
      return tell(
        tx,
        event,
        admins.map((admin) => ({
          userId: admin.userId,
          type: 'SECURITY_INCIDENT_RECORDED' as const,
          text: notificationTexts.securityIncident(day, event.payload.childrenData),
        })),
      );
    }
    default:
      return;
  }
}

/**
 * In-app notifications from domain events (issue 19.4): a student is told their fic was evaluated,
 * returned with corrections, published (with the e-mail), commented, and that their comment was
 * replied to; a teacher that a fic of their grades was sent or resent; an administrator of each new
 * request. Notes on passages: the fic's author of a note, a reply and a reopening; the note's writer
 * of the author's answer, of its resolution and of its losing its place. Moderation: the teachers of
 * a student's grades of a new case about them, the reporters of the outcome (no names), the author
 * of a removal and why; the teachers of a fic's grade of a comment held for their approval, its
 * writer of the decision (and, on approval, who its writing would have told). Administrators: a request under Ley 21.719 entering the queue, and a week
 * before it falls due; a security incident another administrator recorded. Texts are written per recipient and never name an author the recipient may not know.
 */
export const notificationsSubscriber: EventSubscriber = {
  name: 'notifications',
  types: [
    'story.evaluated',
    'evaluation.updated',
    'story.published',
    'comment.added',
    'reply.added',
    'story.sent',
    'request.created',
    'privacy_request.created',
    'privacy_request.confirmed',
    'privacy_request.due_soon',
    'security_incident.recorded',
    'annotation.created',
    'annotation.replied',
    'annotation.resolved',
    'annotation.reopened',
    'annotation.orphaned',
    'report.created',
    'moderation.decided',
    'comment.held',
    'comment.approved',
    'comment.rejected',
  ],
  handle: (tx, event, context) => handle(tx, event, context.publicUrl),
};
