import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  placementOf,
  requestMessages,
  type AcceptRegisterRequestBody,
  type CreateRegisterRequestBody,
  type PageQuery,
  type Paged,
  type RegisterRequest,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { colleges, grades, registerRequests, roles, userGrades, users } from '../../db/schema';
import { addressKey } from '../../lib/client-address';
import { hashToken } from '../../lib/crypto';
import { isUniqueViolation, UNIQUE_VIOLATION, pgErrorCode } from '../../lib/db-errors';
import { conflict, rateLimited, validationError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Actor } from '../../plugins/auth';
import { queueInvitations } from '../credentials';
import { emitEvent, emitEvents } from '../events';
import { resolveMemberships } from '../users';
import { assertAdmin, commonView, handlers, joinedSelection, resolvePlacement } from './request-common';

const ONE_HOUR = 60 * 60 * 1000;

/**
 * Limits of the public form (docs/decisions/requests.md). Per address: generous, because a whole
 * school reaches us through one address and a class may sign up in one lesson. Per e-mail, from
 * anywhere: a few a day, so nobody can flood an inbox with refusals or the administrators with
 * requests in someone else's name.
 */
export const REGISTER_REQUEST_LIMITS = {
  address: { limit: 60, windowMs: ONE_HOUR },
  email: { limit: 5, windowMs: 24 * ONE_HOUR },
} as const;

export const registerRateKeys = {
  // An IPv6 client counts by its /64, as every per-address limit (lib/client-address.ts).
  address: (ip: string) => `register-requests:address:${addressKey(ip)}`,
  email: (email: string) => `register-requests:email:${hashToken(email)}`,
};

const PENDING_EMAIL_INDEX = 'register_requests_pending_email_idx';

const emailTaken = () => conflict(requestMessages.emailTaken, { email: requestMessages.emailTaken });
const emailPending = () => conflict(requestMessages.emailPending, { email: requestMessages.emailPending });
const handled = () => conflict(requestMessages.registerHandled);

async function spend(limiter: RateLimiter, key: string, rule: { limit: number; windowMs: number }) {
  const hit = await limiter.hit(key, rule.limit, rule.windowMs);
  if (!hit.allowed) {
    throw rateLimited(hit.retryAfterMs / 1000, requestMessages.rateLimited);
  }
}

async function emailHasAccount(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row !== undefined;
}

/** A role a request may name: any but ADMIN (spec 000 §6). */
async function requestableRole(db: DbOrTx, roleId: string) {
  const [role] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.id, roleId))
    .limit(1);
  if (!role) {
    throw validationError({ role: requestMessages.roleUnknown });
  }
  if (role.name === 'ADMIN') {
    throw validationError({ role: requestMessages.adminRoleRefused });
  }
  return role;
}

/**
 * POST /register-requests: a visitor asks for an account (spec 000 §2 Registration request form).
 * Refused when the e-mail has an account or a pending request (the partial unique index settles a
 * race). A filled honeypot is answered the same way as an accepted request, and nothing is stored.
 */
export async function sendRegisterRequest(options: {
  db: Db;
  limiter: RateLimiter;
  ip: string;
  input: CreateRegisterRequestBody;
}): Promise<void> {
  const { db, limiter, input } = options;
  await spend(limiter, registerRateKeys.address(options.ip), REGISTER_REQUEST_LIMITS.address);
  await spend(limiter, registerRateKeys.email(input.email), REGISTER_REQUEST_LIMITS.email);
  if (input.website !== undefined && input.website.trim() !== '') {
    return;
  }
  const role = await requestableRole(db, input.role);
  const placement = await resolvePlacement(db, placementOf(input));
  if (await emailHasAccount(db, input.email)) {
    throw emailTaken();
  }
  try {
    await db.transaction(async (tx) => {
      const [request] = await tx
        .insert(registerRequests)
        .values({
          ...placement,
          name: input.name,
          email: input.email,
          roleId: role.id,
          userComment: input.userComment,
        })
        .returning({ id: registerRequests.id });
      // A visitor's request: nobody signed in made it.
      await emitEvent(tx, {
        type: 'request.created',
        actor: null,
        payload: { requestId: request!.id, kind: 'REGISTER' },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, PENDING_EMAIL_INDEX)) {
      throw emailPending();
    }
    throw error;
  }
}

/** Register requests as the API answers them: those matching `where`, in `order`, optionally one window. */
async function loadRegisterRequests(
  db: DbOrTx,
  where: SQL,
  order: SQL[],
  window?: { limit: number; offset: number },
) {
  let query = db
    .select({
      id: registerRequests.id,
      isCollegeListed: registerRequests.isCollegeListed,
      isGradeListed: registerRequests.isGradeListed,
      collegeName: registerRequests.collegeName,
      gradeLevel: registerRequests.gradeLevel,
      gradeCicle: registerRequests.gradeCicle,
      gradeName: registerRequests.gradeName,
      status: registerRequests.status,
      adminComments: registerRequests.adminComments,
      formerName: registerRequests.formerName,
      formerCollegeName: registerRequests.formerCollegeName,
      formerGradeName: registerRequests.formerGradeName,
      createdAt: registerRequests.createdAt,
      updatedAt: registerRequests.updatedAt,
      name: registerRequests.name,
      email: registerRequests.email,
      userComment: registerRequests.userComment,
      roleId: roles.id,
      roleName: roles.name,
      roleDisplayName: roles.displayName,
      ...joinedSelection,
    })
    .from(registerRequests)
    .innerJoin(roles, eq(roles.id, registerRequests.roleId))
    .leftJoin(colleges, eq(colleges.id, registerRequests.collegeId))
    .leftJoin(grades, eq(grades.id, registerRequests.gradeId))
    .leftJoin(handlers, eq(handlers.id, registerRequests.adminId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (window) {
    query = query.limit(window.limit).offset(window.offset);
  }
  const rows = await query;
  return rows.map((row): RegisterRequest => ({
    ...commonView(row),
    name: row.name,
    email: row.email,
    role: { _id: row.roleId, name: row.roleName, displayName: row.roleDisplayName },
    userComment: row.userComment,
  }));
}

async function loadRegisterRequest(db: DbOrTx, id: string): Promise<RegisterRequest> {
  const [request] = await loadRegisterRequests(db, eq(registerRequests.id, id), []);
  return request!;
}

/** GET /register-requests/pendings: every pending request, oldest first (the admin menu's dot). */
export async function listPendingRegisterRequests(options: {
  db: DbOrTx;
  actor: Actor;
}): Promise<RegisterRequest[]> {
  assertAdmin(options.actor);
  return loadRegisterRequests(options.db, eq(registerRequests.status, 'PENDING'), [
    asc(registerRequests.createdAt),
    asc(registerRequests.id),
  ]);
}

/** GET /register-history: handled requests, last handled first, a page at a time. */
export async function listRegisterHistory(options: {
  db: DbOrTx;
  actor: Actor;
  query: PageQuery;
}): Promise<Paged<RegisterRequest>> {
  const { db } = options;
  assertAdmin(options.actor);
  const where = ne(registerRequests.status, 'PENDING');
  return readPage({
    query: options.query,
    fetch: (window) =>
      loadRegisterRequests(db, where, [desc(registerRequests.handledAt), asc(registerRequests.id)], window),
    count: async () => {
      const [row] = await db.select({ total: count() }).from(registerRequests).where(where);
      return Number(row?.total ?? 0);
    },
  });
}

/** The pending request an administrator is about to handle, or 409 (unknown or handled alike). */
async function findPending(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: registerRequests.id, email: registerRequests.email })
    .from(registerRequests)
    .where(and(eq(registerRequests.id, id), eq(registerRequests.status, 'PENDING')))
    .limit(1);
  if (!row) {
    throw handled();
  }
  return row;
}

/** What handling writes whichever the outcome: who, when, the comment, and what was asked for. */
const handledBy = (actor: Actor, adminComments: string, now: Date) => ({
  adminId: actor.userId,
  adminComments,
  handledAt: now,
  updatedAt: now,
  formerName: sql`${registerRequests.name}`,
  formerCollegeName: sql`${registerRequests.requestedCollegeName}`,
  formerGradeName: sql`${registerRequests.requestedGradeName}`,
});

/**
 * PATCH /register-requests/:id/accept: creates the account with the role, school and grade the
 * administrator chose, and queues its invitation (architecture.md §6.2), in the transaction whose
 * first statement moves the request out of PENDING; a request already handled answers 409 and
 * nothing else happens.
 */
export async function acceptRegisterRequest(options: {
  db: Db;
  actor: Actor;
  requestId: string;
  input: AcceptRegisterRequestBody;
  publicUrl: string;
}): Promise<RegisterRequest> {
  const { db, actor, input } = options;
  assertAdmin(actor);
  const pending = await findPending(db, options.requestId);
  if (pending.email !== input.email) {
    throw validationError({ email: requestMessages.emailNotChangeable });
  }
  const role = await requestableRole(db, input.role);
  const gradeIds = await resolveMemberships({
    db,
    roleName: role.name,
    collegeIds: [input.collegeId],
    gradeIds: [input.gradeId],
  });
  try {
    await db.transaction(async (tx) => {
      const [request] = await tx
        .update(registerRequests)
        .set({
          ...handledBy(actor, input.adminComments, new Date()),
          status: 'APPROVED',
          name: input.name,
          roleId: role.id,
          collegeId: input.collegeId,
          gradeId: input.gradeId,
        })
        .where(and(eq(registerRequests.id, options.requestId), eq(registerRequests.status, 'PENDING')))
        .returning({ email: registerRequests.email });
      if (!request) {
        throw handled();
      }
      if (await emailHasAccount(tx, request.email)) {
        throw emailTaken();
      }
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: request.email, roleId: role.id, passwordHash: null })
        .returning({ id: users.id });
      await tx.insert(userGrades).values(gradeIds.map((gradeId) => ({ userId: user!.id, gradeId })));
      await emitEvents(tx, [
        { type: 'user.created', actor, payload: { userId: user!.id, roleName: role.name } },
        {
          type: 'request.handled',
          actor,
          payload: { requestId: options.requestId, kind: 'REGISTER', accepted: true },
        },
      ]);
      // The invitation carries a secret link: queued here, never through an event's payload.
      await queueInvitations({
        db: tx,
        publicUrl: options.publicUrl,
        users: [{ id: user!.id, name: input.name, email: request.email }],
      });
    });
  } catch (error) {
    // An account created with this e-mail at the same moment (users' unique e-mail index).
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw emailTaken();
    }
    throw error;
  }
  return loadRegisterRequest(db, options.requestId);
}

/**
 * PATCH /register-requests/:id/deny: records the refusal, settled by the same conditional update as
 * accepting. Its `request.handled` event e-mails the result with the comment (requestsMailSubscriber).
 */
export async function denyRegisterRequest(options: {
  db: Db;
  actor: Actor;
  requestId: string;
  adminComments: string;
}): Promise<RegisterRequest> {
  const { db, actor } = options;
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [request] = await tx
      .update(registerRequests)
      .set({ ...handledBy(actor, options.adminComments, new Date()), status: 'DENIED' })
      .where(and(eq(registerRequests.id, options.requestId), eq(registerRequests.status, 'PENDING')))
      .returning({ id: registerRequests.id });
    if (!request) {
      throw handled();
    }
    await emitEvent(tx, {
      type: 'request.handled',
      actor,
      payload: { requestId: request.id, kind: 'REGISTER', accepted: false },
    });
  });
  return loadRegisterRequest(db, options.requestId);
}
