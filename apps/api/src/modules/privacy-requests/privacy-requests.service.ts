import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  privacyRequestLimits,
  privacyRequestMessages,
  type AnswerPrivacyRequestBody,
  type CreatePrivacyRequestBody,
  type PageQuery,
  type Paged,
  type PrivacyQueueQuery,
  type PrivacyRequest,
  type PrivacyRequestReceipt,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { privacyRequests, users } from '../../db/schema';
import { addressKey } from '../../lib/client-address';
import { hashToken } from '../../lib/crypto';
import { forbidden, notFound, rateLimited, validationError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Actor } from '../../plugins/auth';
import { emitEvent, emitEvents } from '../events';
import { dueDateFor, dueSoonLimit, dueState, extendedDueDate } from './deadlines';
import { allowedAnswers, answerFrom, refusal } from './privacy-request-status';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Limits of filing (docs/decisions/privacy-requests.md). Per client address, only for people
 * without a session: generous, because a whole school reaches us through one address. Per e-mail,
 * from anywhere and signed in or not: a few a day, so nobody fills a parent's inbox with
 * confirmation links or the administrators' queue in someone else's name.
 */
export const PRIVACY_REQUEST_LIMITS = {
  address: { limit: 30, windowMs: HOUR_MS },
  email: { limit: 5, windowMs: 24 * HOUR_MS },
} as const;

export const privacyRateKeys = {
  address: (ip: string) => `privacy-requests:address:${addressKey(ip)}`,
  email: (email: string) => `privacy-requests:email:${hashToken(email)}`,
};

async function spend(limiter: RateLimiter, key: string, rule: { limit: number; windowMs: number }) {
  const hit = await limiter.hit(key, rule.limit, rule.windowMs);
  if (!hit.allowed) {
    throw rateLimited(hit.retryAfterMs / 1000, privacyRequestMessages.rateLimited);
  }
}

/** Only administrators read the queue and answer (issue 22.3). */
function assertAdmin(actor: Actor): void {
  if (actor.role !== 'ADMIN') {
    throw forbidden();
  }
}

/**
 * POST /privacy-requests. Signed in: the caller's own request, in the queue at once (its time starts
 * now); an e-mail, if sent, must be their account's. Without a session: `email` is required, and
 * the request waits unconfirmed until the link its `privacy_request.created` event e-mails there is
 * opened (privacyRequestsMailSubscriber mints the link; confirmPrivacyRequest starts the time).
 */
export async function filePrivacyRequest(options: {
  db: Db;
  limiter: RateLimiter;
  ip: string;
  actor: Actor | null;
  input: CreatePrivacyRequestBody;
  now?: Date;
}): Promise<PrivacyRequestReceipt> {
  const { db, actor, input } = options;
  const now = options.now ?? new Date();
  let email: string;
  let userId: string | null = null;
  if (actor) {
    const [account] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, actor.userId))
      .limit(1);
    if (!account) {
      throw forbidden();
    }
    email = account.email.toLowerCase();
    if (input.email !== undefined && input.email !== email) {
      throw validationError({ email: privacyRequestMessages.emailNotYours });
    }
    userId = actor.userId;
  } else {
    if (input.email === undefined) {
      throw validationError({ email: privacyRequestMessages.emailRequired });
    }
    email = input.email;
    await spend(options.limiter, privacyRateKeys.address(options.ip), PRIVACY_REQUEST_LIMITS.address);
  }
  await spend(options.limiter, privacyRateKeys.email(email), PRIVACY_REQUEST_LIMITS.email);

  const confirmed = actor !== null;
  const dueAt = confirmed ? dueDateFor(input.type, now) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        type: input.type,
        detail: input.detail,
        email,
        userId,
        confirmedAt: confirmed ? now : null,
        dueAt,
        confirmExpiresAt: confirmed
          ? null
          : new Date(now.getTime() + privacyRequestLimits.confirmHours * HOUR_MS),
      })
      .returning({ id: privacyRequests.id });
    await emitEvent(tx, {
      type: 'privacy_request.created',
      actor: actor ? { userId: actor.userId, role: actor.role } : null,
      payload: { requestId: row!.id, type: input.type, confirmed, dueAt },
    });
    return { _id: row!.id, type: input.type, status: 'PENDING', dueAt, confirmed };
  });
}

/**
 * POST /privacy-requests/confirm: the parent opened the e-mailed link. One conditional UPDATE takes
 * the request into the queue, starts its time (the due date counts from today) and forgets the
 * token, so a link works once; an unknown, used or expired link is 400 and changes nothing.
 */
export async function confirmPrivacyRequest(options: { db: Db; token: string; now?: Date }): Promise<void> {
  const { db } = options;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(privacyRequests)
      .set({
        confirmedAt: now,
        confirmTokenHash: null,
        updatedAt: now,
        // The type decides the time; both possible due dates are computed here, in one place.
        dueAt: sql`case when ${privacyRequests.type} = 'BLOCKING' then ${dueDateFor('BLOCKING', now)} else ${dueDateFor('ACCESS', now)} end::date`,
      })
      .where(
        and(
          eq(privacyRequests.confirmTokenHash, hashToken(options.token)),
          isNull(privacyRequests.confirmedAt),
          sql`${privacyRequests.confirmExpiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: privacyRequests.id, type: privacyRequests.type, dueAt: privacyRequests.dueAt });
    if (!row) {
      throw validationError(
        { token: privacyRequestMessages.confirmInvalid },
        privacyRequestMessages.confirmInvalid,
      );
    }
    await emitEvent(tx, {
      type: 'privacy_request.confirmed',
      actor: null,
      payload: { requestId: row.id, type: row.type, dueAt: row.dueAt! },
    });
  });
}

const requesters = alias(users, 'privacy_requesters');
const answerers = alias(users, 'privacy_answerers');
const accounts = alias(users, 'privacy_accounts');

/** Confirmed requests as the API answers them: those matching `where`, in `order`, one window. */
async function loadRequests(
  db: DbOrTx,
  where: SQL,
  order: SQL[],
  now: Date,
  window?: { limit: number; offset: number },
): Promise<PrivacyRequest[]> {
  let query = db
    .select({
      id: privacyRequests.id,
      type: privacyRequests.type,
      status: privacyRequests.status,
      detail: privacyRequests.detail,
      email: privacyRequests.email,
      createdAt: privacyRequests.createdAt,
      confirmedAt: privacyRequests.confirmedAt,
      dueAt: privacyRequests.dueAt,
      extensionReason: privacyRequests.extensionReason,
      answer: privacyRequests.answer,
      answeredAt: privacyRequests.answeredAt,
      requesterId: requesters.id,
      requesterName: requesters.name,
      answererId: answerers.id,
      answererName: answerers.name,
      accountId: accounts.id,
      accountName: accounts.name,
    })
    .from(privacyRequests)
    .leftJoin(requesters, eq(requesters.id, privacyRequests.userId))
    .leftJoin(answerers, eq(answerers.id, privacyRequests.answeredBy))
    // Whom it is about: the requester, or the account with the request's (confirmed) e-mail; one
    // lookup on users' primary key or users_email_lower_idx per row of the page.
    .leftJoin(
      accounts,
      sql`${accounts.id} = coalesce(${privacyRequests.userId},
        (select u.id from users u where lower(u.email) = lower(${privacyRequests.email})))`,
    )
    .where(and(isNotNull(privacyRequests.confirmedAt), where))
    .orderBy(...order)
    .$dynamic();
  if (window) {
    query = query.limit(window.limit).offset(window.offset);
  }
  const rows = await query;
  return rows.map((row) => ({
    _id: row.id,
    type: row.type,
    status: row.status,
    detail: row.detail,
    email: row.email,
    requester:
      row.requesterId && row.requesterName ? { _id: row.requesterId, name: row.requesterName } : null,
    account: row.accountId && row.accountName ? { _id: row.accountId, name: row.accountName } : null,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt!.toISOString(),
    dueAt: row.dueAt!,
    extensionReason: row.extensionReason,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answeredBy: row.answererId && row.answererName ? { _id: row.answererId, name: row.answererName } : null,
    ...dueState(row.dueAt!, row.status, now),
    allowedAnswers: allowedAnswers(row.type, row.status),
  }));
}

/**
 * The queue's filter, spelled as the partial indexes' predicates (confirmed_at is not null is
 * loadRequests'): privacy_requests_open_idx, _status_idx, _queue_idx; each reads in due order.
 */
function queueWhere(status: PrivacyQueueQuery['status']): SQL {
  if (status === 'OPEN') {
    return sql`${privacyRequests.status} in ('PENDING', 'EXTENDED')`;
  }
  return status ? eq(privacyRequests.status, status) : sql`true`;
}

/** GET /privacy-requests?status&page&limit (administrators): oldest due first. */
export async function listPrivacyQueue(options: {
  db: DbOrTx;
  actor: Actor;
  query: PrivacyQueueQuery;
  now?: Date;
}): Promise<Paged<PrivacyRequest>> {
  const { db, query } = options;
  assertAdmin(options.actor);
  const now = options.now ?? new Date();
  const where = queueWhere(query.status);
  return readPage({
    query,
    fetch: (window) =>
      loadRequests(db, where, [asc(privacyRequests.dueAt), asc(privacyRequests.id)], now, window),
    count: async () => {
      const [row] = await db
        .select({ total: count() })
        .from(privacyRequests)
        .where(and(isNotNull(privacyRequests.confirmedAt), where));
      return Number(row?.total ?? 0);
    },
  });
}

/** GET /me/privacy-requests: the caller's own, newest first (an account's are confirmed when filed). */
export async function listOwnPrivacyRequests(options: {
  db: DbOrTx;
  actor: Actor;
  query: PageQuery;
  now?: Date;
}): Promise<Paged<PrivacyRequest>> {
  const { db } = options;
  const now = options.now ?? new Date();
  const where = eq(privacyRequests.userId, options.actor.userId);
  return readPage({
    query: options.query,
    fetch: (window) =>
      loadRequests(db, where, [desc(privacyRequests.createdAt), asc(privacyRequests.id)], now, window),
    count: async () => {
      const [row] = await db
        .select({ total: count() })
        .from(privacyRequests)
        .where(and(isNotNull(privacyRequests.confirmedAt), where));
      return Number(row?.total ?? 0);
    },
  });
}

/**
 * PATCH /privacy-requests/:id (administrators): DONE or REFUSED (final, with the answer, or the
 * reasons of a refusal), or EXTENDED (once, from PENDING, not a blocking: 30 more days, the answer
 * being the reason). The first statement is the conditional UPDATE from the statuses the status
 * table allows, so of parallel answers one gets through and the rest find nothing to update (409,
 * explained by the row as it is now); its event e-mails the requester (privacyRequestsMailSubscriber).
 */
export async function answerPrivacyRequest(options: {
  db: Db;
  actor: Actor;
  requestId: string;
  input: AnswerPrivacyRequestBody;
  now?: Date;
}): Promise<PrivacyRequest> {
  const { db, actor, requestId, input } = options;
  assertAdmin(actor);
  const now = options.now ?? new Date();
  const target = and(
    eq(privacyRequests.id, requestId),
    isNotNull(privacyRequests.confirmedAt),
    inArray(privacyRequests.status, [...answerFrom[input.status]]),
  );
  await db.transaction(async (tx) => {
    if (input.status === 'EXTENDED') {
      // The new due date comes from deadlines.ts; the update holds only if the due date read is
      // still the one there (a parallel extension has left PENDING anyway, so it finds nothing).
      const [current] = await tx
        .select({ dueAt: privacyRequests.dueAt })
        .from(privacyRequests)
        .where(and(eq(privacyRequests.id, requestId), isNotNull(privacyRequests.dueAt)))
        .limit(1);
      const [row] = await tx
        .update(privacyRequests)
        .set({
          status: 'EXTENDED',
          extendedAt: now,
          extensionReason: input.answer,
          dueAt: current ? extendedDueDate(current.dueAt!) : sql`${privacyRequests.dueAt}`,
          // A new due date gets its own warning a week before it.
          dueWarnedAt: null,
          updatedAt: now,
        })
        .where(
          and(
            target,
            sql`${privacyRequests.type} <> 'BLOCKING'`,
            current ? eq(privacyRequests.dueAt, current.dueAt!) : sql`false`,
          ),
        )
        .returning({ id: privacyRequests.id, dueAt: privacyRequests.dueAt });
      if (!row) {
        throw await explain(tx, requestId, input.status);
      }
      await emitEvent(tx, {
        type: 'privacy_request.extended',
        actor: { userId: actor.userId, role: actor.role },
        payload: { requestId, dueAt: row.dueAt! },
      });
      return;
    }
    const [row] = await tx
      .update(privacyRequests)
      .set({
        status: input.status,
        answer: input.answer,
        answeredAt: now,
        answeredBy: actor.userId,
        updatedAt: now,
      })
      .where(target)
      .returning({ id: privacyRequests.id });
    if (!row) {
      throw await explain(tx, requestId, input.status);
    }
    await emitEvent(tx, {
      type: 'privacy_request.answered',
      actor: { userId: actor.userId, role: actor.role },
      payload: { requestId, status: input.status },
    });
  });
  const [request] = await loadRequests(db, eq(privacyRequests.id, requestId), [], now);
  return request!;
}

/** Why an answer matched nothing: 404 for a request not in the queue, 409 with the reason otherwise. */
async function explain(tx: DbOrTx, requestId: string, answer: AnswerPrivacyRequestBody['status']) {
  const [row] = await tx
    .select({ type: privacyRequests.type, status: privacyRequests.status })
    .from(privacyRequests)
    .where(and(eq(privacyRequests.id, requestId), isNotNull(privacyRequests.confirmedAt)))
    .limit(1);
  return row ? refusal(row.type, row.status, answer) : notFound(privacyRequestMessages.notFound);
}

export interface DeadlineCounts {
  /** Requests whose administrators were told they fall due within a week. */
  warned: number;
  /** Unconfirmed requests deleted once their link expired. */
  expiredDeleted: number;
}

/**
 * The deadlines job (privacyDeadlinesPlugin, every housekeeping interval): marks each open request
 * due within a week as warned and emits its `privacy_request.due_soon` in the same transaction
 * (the conditional `due_warned_at is null` makes it once per due date, whichever instance runs),
 * and deletes unconfirmed requests whose link expired (a parent who never confirmed is not kept).
 */
export async function runPrivacyDeadlines(options: { db: Db; now: Date }): Promise<DeadlineCounts> {
  const { db, now } = options;
  const warned = await db.transaction(async (tx) => {
    const rows = await tx
      .update(privacyRequests)
      .set({ dueWarnedAt: now })
      .where(
        and(
          isNotNull(privacyRequests.confirmedAt),
          sql`${privacyRequests.status} in ('PENDING', 'EXTENDED')`,
          isNull(privacyRequests.dueWarnedAt),
          lte(privacyRequests.dueAt, dueSoonLimit(now)),
        ),
      )
      .returning({ id: privacyRequests.id, type: privacyRequests.type, dueAt: privacyRequests.dueAt });
    await emitEvents(
      tx,
      rows.map((row) => ({
        type: 'privacy_request.due_soon' as const,
        actor: null,
        payload: { requestId: row.id, type: row.type, dueAt: row.dueAt! },
      })),
    );
    return rows.length;
  });
  const expired = await db
    .delete(privacyRequests)
    .where(
      and(
        isNull(privacyRequests.confirmedAt),
        sql`${privacyRequests.confirmExpiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: privacyRequests.id });
  return { warned, expiredDeleted: expired.length };
}
