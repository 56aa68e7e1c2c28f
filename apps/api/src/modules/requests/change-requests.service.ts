import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  placementOf,
  requestMessages,
  type AcceptChangeRequestBody,
  type ChangeRequest,
  type CreateChangeRequestBody,
  type PageQuery,
  type Paged,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { changeRequests, colleges, grades, roles, userGrades, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { emitEvent, emitEvents } from '../events';
import { loadUserViews, resolveMemberships } from '../users';
import { assertAdmin, commonView, handlers, joinedSelection, resolvePlacement } from './request-common';

const PENDING_USER_INDEX = 'change_requests_pending_user_idx';

const changePending = () => conflict(requestMessages.changePending);

/** The student's school and grade pairs today. */
async function currentGrades(db: DbOrTx, userId: string) {
  return db
    .select({ gradeId: userGrades.gradeId, collegeId: grades.collegeId })
    .from(userGrades)
    .innerJoin(grades, eq(grades.id, userGrades.gradeId))
    .where(eq(userGrades.userId, userId));
}

/**
 * POST /change-requests: a student asks to move to another school or grade (spec 000 §2 Profile).
 * Naming the school and grade they already have is refused; one pending request per student (a
 * partial unique index settles a race).
 */
export async function sendChangeRequest(options: {
  db: Db;
  actor: Actor;
  input: CreateChangeRequestBody;
}): Promise<ChangeRequest> {
  const { db, actor, input } = options;
  if (actor.role !== 'STUDENT') {
    throw forbidden(requestMessages.studentsOnly);
  }
  const placement = placementOf(input);
  const columns = await resolvePlacement(db, placement);
  if (placement.college.listed && placement.grade.listed) {
    const gradeId = placement.grade.id;
    if ((await currentGrades(db, actor.userId)).some((g) => g.gradeId === gradeId)) {
      throw validationError({ gradeId: requestMessages.sameAssignment }, requestMessages.sameAssignment);
    }
  }
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(changeRequests)
        .values({ ...columns, userId: actor.userId, studentExplanation: input.studentExplanation })
        .returning({ id: changeRequests.id });
      await emitEvent(tx, {
        type: 'request.created',
        actor,
        payload: { requestId: row!.id, kind: 'CHANGE' },
      });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, PENDING_USER_INDEX)) {
      throw changePending();
    }
    throw error;
  }
  return loadChangeRequest(db, id);
}

/** Change requests as the API answers them: those matching `where`, in `order`, optionally one window. */
async function loadChangeRequests(
  db: DbOrTx,
  where: SQL,
  order: SQL[],
  window?: { limit: number; offset: number },
): Promise<ChangeRequest[]> {
  let query = db
    .select({
      id: changeRequests.id,
      isCollegeListed: changeRequests.isCollegeListed,
      isGradeListed: changeRequests.isGradeListed,
      collegeName: changeRequests.collegeName,
      gradeLevel: changeRequests.gradeLevel,
      gradeCicle: changeRequests.gradeCicle,
      gradeName: changeRequests.gradeName,
      status: changeRequests.status,
      adminComments: changeRequests.adminComments,
      formerName: changeRequests.formerName,
      formerCollegeName: changeRequests.formerCollegeName,
      formerGradeName: changeRequests.formerGradeName,
      createdAt: changeRequests.createdAt,
      updatedAt: changeRequests.updatedAt,
      userId: changeRequests.userId,
      studentExplanation: changeRequests.studentExplanation,
      ...joinedSelection,
    })
    .from(changeRequests)
    .leftJoin(colleges, eq(colleges.id, changeRequests.collegeId))
    .leftJoin(grades, eq(grades.id, changeRequests.gradeId))
    .leftJoin(handlers, eq(handlers.id, changeRequests.adminId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (window) {
    query = query.limit(window.limit).offset(window.offset);
  }
  const rows = await query;
  const students = await loadUserViews(db, [...new Set(rows.map((row) => row.userId))]);
  return rows.map((row): ChangeRequest => {
    const student = students.get(row.userId);
    return {
      ...commonView(row),
      userId: {
        _id: row.userId,
        name: student?.name ?? '',
        collegeId: student?.collegeId ?? [],
        gradeId: student?.gradeId ?? [],
      },
      studentExplanation: row.studentExplanation,
    };
  });
}

async function loadChangeRequest(db: DbOrTx, id: string): Promise<ChangeRequest> {
  const [request] = await loadChangeRequests(db, eq(changeRequests.id, id), []);
  return request!;
}

const newestFirst = [desc(changeRequests.createdAt), asc(changeRequests.id)];

function pageOfRequests(db: DbOrTx, where: SQL, order: SQL[], query: PageQuery) {
  return readPage({
    query,
    fetch: (window) => loadChangeRequests(db, where, order, window),
    count: async () => {
      const [row] = await db.select({ total: count() }).from(changeRequests).where(where);
      return Number(row?.total ?? 0);
    },
  });
}

/** GET /change-requests/student-sent: the calling student's own requests, newest first, paged. */
export async function listOwnChangeRequests(options: {
  db: DbOrTx;
  actor: Actor;
  query: PageQuery;
}): Promise<Paged<ChangeRequest>> {
  const { actor } = options;
  if (actor.role !== 'STUDENT') {
    throw forbidden(requestMessages.studentsOnly);
  }
  return pageOfRequests(options.db, eq(changeRequests.userId, actor.userId), newestFirst, options.query);
}

/** GET /change-requests/pendings: every pending request, oldest first (the admin menu's dot). */
export async function listPendingChangeRequests(options: {
  db: DbOrTx;
  actor: Actor;
}): Promise<ChangeRequest[]> {
  assertAdmin(options.actor);
  return loadChangeRequests(options.db, eq(changeRequests.status, 'PENDING'), [
    asc(changeRequests.createdAt),
    asc(changeRequests.id),
  ]);
}

/** GET /change-requests/history: handled requests, last handled first, paged. */
export async function listChangeHistory(options: {
  db: DbOrTx;
  actor: Actor;
  query: PageQuery;
}): Promise<Paged<ChangeRequest>> {
  assertAdmin(options.actor);
  return pageOfRequests(
    options.db,
    ne(changeRequests.status, 'PENDING'),
    [desc(changeRequests.handledAt), asc(changeRequests.id)],
    options.query,
  );
}

/** What handling writes whichever the outcome: who, when, the comment, and what was asked for. */
const handledBy = (actor: Actor, adminComments: string, now: Date) => ({
  adminId: actor.userId,
  adminComments,
  handledAt: now,
  updatedAt: now,
  formerName: sql`(select ${users.name} from ${users} where ${users.id} = ${changeRequests.userId})`,
  formerCollegeName: sql`${changeRequests.requestedCollegeName}`,
  formerGradeName: sql`${changeRequests.requestedGradeName}`,
});

/**
 * Moves the request out of PENDING, the first statement of the handling transaction: concurrent
 * callers wait on the row and then find it handled. Answers the student, or 409 (404 for an id
 * that never existed).
 */
async function takePending(tx: DbOrTx, requestId: string, values: PgUpdateSetSource<typeof changeRequests>) {
  const [request] = await tx
    .update(changeRequests)
    .set(values)
    .where(and(eq(changeRequests.id, requestId), eq(changeRequests.status, 'PENDING')))
    .returning({ userId: changeRequests.userId });
  if (!request) {
    const [exists] = await tx
      .select({ id: changeRequests.id })
      .from(changeRequests)
      .where(eq(changeRequests.id, requestId))
      .limit(1);
    throw exists ? conflict(requestMessages.changeHandled) : notFound(requestMessages.changeNotFound);
  }
  const [student] = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, request.userId))
    .limit(1);
  return student!;
}

/**
 * PATCH /change-requests/:id/accept: the student moves to the school and grade the administrator
 * chose. Their fics keep the school and grade they were written in (stories reference their own
 * grade), so nothing else changes. The `request.handled` event written with the move e-mails the
 * student (requestsMailSubscriber).
 */
export async function acceptChangeRequest(options: {
  db: Db;
  actor: Actor;
  requestId: string;
  input: AcceptChangeRequestBody;
}): Promise<ChangeRequest> {
  const { db, actor, input } = options;
  assertAdmin(actor);
  const [gradeId] = await resolveMemberships({
    db,
    roleName: 'STUDENT',
    collegeIds: [input.collegeId],
    gradeIds: [input.gradeId],
  });
  await db.transaction(async (tx) => {
    const student = await takePending(tx, options.requestId, {
      ...handledBy(actor, input.adminComments, new Date()),
      status: 'APPROVED',
      collegeId: input.collegeId,
      gradeId: gradeId!,
    });
    if (student.role !== 'STUDENT') {
      throw conflict(requestMessages.notStudentAnymore);
    }
    await tx.delete(userGrades).where(eq(userGrades.userId, student.id));
    await tx.insert(userGrades).values({ userId: student.id, gradeId: gradeId! });
    await emitEvents(tx, [
      { type: 'user.moved', actor, payload: { userId: student.id } },
      {
        type: 'request.handled',
        actor,
        payload: { requestId: options.requestId, kind: 'CHANGE', accepted: true },
      },
    ]);
  });
  return loadChangeRequest(db, options.requestId);
}

/**
 * PATCH /change-requests/:id/deny: records the refusal; its `request.handled` event e-mails the
 * student the comment (requestsMailSubscriber).
 */
export async function denyChangeRequest(options: {
  db: Db;
  actor: Actor;
  requestId: string;
  adminComments: string;
}): Promise<ChangeRequest> {
  const { db, actor } = options;
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    await takePending(tx, options.requestId, {
      ...handledBy(actor, options.adminComments, new Date()),
      status: 'DENIED',
    });
    await emitEvent(tx, {
      type: 'request.handled',
      actor,
      payload: { requestId: options.requestId, kind: 'CHANGE', accepted: false },
    });
  });
  return loadChangeRequest(db, options.requestId);
}
