/**
 * A guardian's consent for a student who may be under 14 (issue 22.5, Ley 21.719 art. 16 quáter;
 * docs/decisions/privacy.md 'Consentimiento'). Who needs one and whether they have it are SQL
 * functions of migration 0029 (fics_consent_required, fics_consent_withheld): the stories module's
 * gate reads the copy the database keeps on each fic (stories.author_withheld), so nothing here
 * decides who sees a fic. This module records requests and answers:
 *
 * - a teacher of the student's grade or an administrator enters the guardian's e-mail: a PENDING
 *   request (an earlier pending one is REPLACED) and `guardian_consent.requested`, whose mail
 *   subscriber issues the link's token and e-mails the notice (users.subscriber.ts);
 * - the guardian answers through the link, without an account: 'Acepto' (GRANTED) or 'No acepto'
 *   (REFUSED), once, before the link expires, recording when and the notice's version read; a
 *   consent given is withdrawn through the same link, or recorded by the staff, at once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  guardianConsentMessages,
  guardianNotice,
  type DecideGuardianConsentBody,
  type GuardianConsent,
  type PublicGuardianConsent,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { colleges, grades, guardianConsents, userGrades, users } from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { assertCanManage, findUserRecord } from './users.access';

/** How long the guardian has to answer a request (withdrawing a consent given has no deadline). */
export const CONSENT_LINK_DAYS = 30;
/** Where the e-mailed link leads (the web's public page). */
export const CONSENT_PATH = '/consentimiento';

/**
 * The users-side SQL predicate (issue 22.5): whether this user's name and work must stay within
 * their school, now. The stories gate reads the copy kept on each fic instead (stories.author_withheld,
 * kept by the same function's triggers).
 */
export const consentWithheld = (userId: unknown) => sql<boolean>`fics_consent_withheld(${userId})`;

/**
 * The yearly lift (housekeeping, daily): on 1 January (Chile's calendar, by `now`) the students born
 * fifteen years before stop needing a consent; their fics' stored copies (stories.author_withheld)
 * are rewritten from fics_consent_withheld itself, only for that birth year (users_birth_year_idx)
 * and only where still set, so a day with nothing to lift costs one index probe. Migration 0032.
 * Resolves to how many fics changed.
 */
export async function refreshWithheldTurned14(db: DbOrTx, now: Date): Promise<number> {
  const result = await db.execute(
    sql`select fics_refresh_withheld_born(
      extract(year from ${now.toISOString()}::timestamptz at time zone 'America/Santiago')::int - 15
    ) as changed`,
  );
  // Plain rows (execute), which both drivers answer as { rows }.
  return Number((result as { rows: { changed: number }[] }).rows[0]?.changed ?? 0);
}

type GuardianConsentRow = typeof guardianConsents.$inferSelect;

/**
 * `guardian_consent.decided`: given, refused or withdrawn. Who sees the student's fics changed with
 * it (the database's triggers): the gallery's cached pages follow the event.
 */
async function announceDecision(
  db: DbOrTx,
  actor: Actor | null,
  row: { id: string; studentId: string; status: GuardianConsentRow['status'] },
): Promise<void> {
  await emitEvent(db, {
    type: 'guardian_consent.decided',
    actor,
    payload: {
      consentId: row.id,
      studentId: row.studentId,
      status: row.status as 'GRANTED' | 'REFUSED' | 'WITHDRAWN',
    },
  });
}

/** The staff's view of one student's consent, derived in SQL from their latest request. */
async function readConsent(db: DbOrTx, studentId: string): Promise<GuardianConsent> {
  const [row] = await db
    .select({
      required: sql<boolean>`fics_consent_required(${users.id})`,
      status: guardianConsents.status,
      guardianEmail: guardianConsents.guardianEmail,
      requestedAt: guardianConsents.requestedAt,
      decidedAt: guardianConsents.decidedAt,
      withdrawnAt: guardianConsents.withdrawnAt,
      noticeVersion: guardianConsents.noticeVersion,
    })
    .from(users)
    .leftJoin(
      guardianConsents,
      eq(
        guardianConsents.id,
        sql`(select c.id from ${guardianConsents} c where c.student_id = ${users.id}
          order by c.requested_at desc, c.id desc limit 1)`,
      ),
    )
    .where(eq(users.id, studentId));
  if (!row) {
    throw notFound();
  }
  // The latest request is never REPLACED (the newer one replaced it); read as none if it were.
  const status = row.status === 'REPLACED' ? null : row.status;
  return {
    required: row.required,
    state: status ?? (row.required ? 'MISSING' : 'NOT_REQUIRED'),
    guardianEmail: row.guardianEmail,
    requestedAt: row.requestedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    noticeVersion: row.noticeVersion,
  };
}

/** The student, for a teacher of their grade or an administrator (others: 404 or 403); only students. */
async function manageableStudent(db: DbOrTx, actor: Actor, studentId: string) {
  const target = await assertCanManage({ db, actor, target: await findUserRecord(db, studentId) });
  if (target.roleName !== 'STUDENT') {
    throw conflict(guardianConsentMessages.notStudent);
  }
  return target;
}

/** GET /users/:id/guardian-consent. */
export async function getGuardianConsent(options: {
  db: Db;
  actor: Actor;
  studentId: string;
}): Promise<GuardianConsent> {
  const { db, actor, studentId } = options;
  await assertCanManage({ db, actor, target: await findUserRecord(db, studentId) });
  return readConsent(db, studentId);
}

/**
 * POST /users/:id/guardian-consent: asks the guardian at `guardianEmail` (again, with a new link,
 * when a request is pending: the old link stops working). Refused while a consent is in force: its
 * withdrawal is recorded first. The student's row is locked, so two requests at once queue and the
 * second replaces the first (the partial unique index allows one open request or consent).
 */
export async function requestGuardianConsent(options: {
  db: Db;
  actor: Actor;
  studentId: string;
  guardianEmail: string;
}): Promise<GuardianConsent> {
  const { db, actor, studentId } = options;
  await manageableStudent(db, actor, studentId);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, studentId)).for('update');
    const open = await tx
      .update(guardianConsents)
      .set({ status: 'REPLACED' })
      .where(and(eq(guardianConsents.studentId, studentId), eq(guardianConsents.status, 'PENDING')))
      .returning({ id: guardianConsents.id });
    const [granted] = await tx
      .select({ id: guardianConsents.id })
      .from(guardianConsents)
      .where(and(eq(guardianConsents.studentId, studentId), eq(guardianConsents.status, 'GRANTED')))
      .limit(1);
    if (granted) {
      throw conflict(guardianConsentMessages.alreadyGranted);
    }
    const [created] = await tx
      .insert(guardianConsents)
      .values({
        studentId,
        guardianEmail: options.guardianEmail,
        requestedBy: actor.userId,
        expiresAt: sql`now() + make_interval(days => ${CONSENT_LINK_DAYS})`,
      })
      .returning({ id: guardianConsents.id });
    // The link's token is issued by the mail's subscriber, never carried in the event.
    await emitEvent(tx, {
      type: 'guardian_consent.requested',
      actor,
      payload: { consentId: created!.id, studentId, replaced: open.length > 0 },
    });
    return readConsent(tx, studentId);
  });
}

/** POST /users/:id/guardian-consent/withdrawal: the staff record a guardian's withdrawal. */
export async function recordConsentWithdrawal(options: {
  db: Db;
  actor: Actor;
  studentId: string;
}): Promise<GuardianConsent> {
  const { db, actor, studentId } = options;
  await manageableStudent(db, actor, studentId);
  return db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(guardianConsents)
      .set({ status: 'WITHDRAWN', withdrawnAt: sql`now()`, withdrawnBy: actor.userId })
      .where(and(eq(guardianConsents.studentId, studentId), eq(guardianConsents.status, 'GRANTED')))
      .returning({
        id: guardianConsents.id,
        studentId: guardianConsents.studentId,
        status: guardianConsents.status,
      });
    if (!withdrawn) {
      throw conflict(guardianConsentMessages.nothingToWithdraw);
    }
    await announceDecision(tx, actor, withdrawn);
    return readConsent(tx, studentId);
  });
}

/**
 * Issues the link's token for a pending request whose mail is not written yet (the subscriber, in
 * the delivery's transaction): null when there is nothing to send (answered, replaced, or the mail
 * already written by an earlier delivery). Stored hashed; the token itself only goes in the mail.
 */
export async function issueConsentToken(
  tx: DbOrTx,
  consentId: string,
): Promise<{ token: string; guardianEmail: string; studentName: string; college: string } | null> {
  const token = randomBytes(32).toString('base64url');
  const [issued] = await tx
    .update(guardianConsents)
    .set({ tokenHash: hashToken(token) })
    .where(
      and(
        eq(guardianConsents.id, consentId),
        eq(guardianConsents.status, 'PENDING'),
        sql`${guardianConsents.tokenHash} is null`,
      ),
    )
    .returning({ studentId: guardianConsents.studentId, guardianEmail: guardianConsents.guardianEmail });
  if (!issued) {
    return null;
  }
  const student = await studentOf(tx, issued.studentId);
  return { token, guardianEmail: issued.guardianEmail, ...student };
}

/** The student's first name and school, as the guardian's page and mail name them. */
async function studentOf(db: DbOrTx, studentId: string): Promise<{ studentName: string; college: string }> {
  const [row] = await db
    .select({ name: users.name, college: colleges.name })
    .from(users)
    .leftJoin(userGrades, eq(userGrades.userId, users.id))
    .leftJoin(grades, eq(grades.id, userGrades.gradeId))
    .leftJoin(colleges, eq(colleges.id, grades.collegeId))
    .where(eq(users.id, studentId))
    .limit(1);
  return { studentName: (row?.name ?? '').trim().split(/\s+/)[0] ?? '', college: row?.college ?? '' };
}

/**
 * The request behind a link, while it still means something: pending and not expired, or answered
 * (a consent given can be withdrawn, a refusal or a withdrawal shown). Unknown, replaced or expired
 * unanswered: null (404).
 */
async function findByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: guardianConsents.id,
      studentId: guardianConsents.studentId,
      status: guardianConsents.status,
      live: sql<boolean>`${guardianConsents.expiresAt} > now()`,
    })
    .from(guardianConsents)
    .where(eq(guardianConsents.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.status === 'REPLACED' || (row.status === 'PENDING' && !row.live)) {
    return null;
  }
  return row as typeof row & { status: PublicGuardianConsent['state'] };
}

async function publicView(db: DbOrTx, token: string): Promise<PublicGuardianConsent> {
  const row = await findByToken(db, token);
  if (!row) {
    throw notFound(guardianConsentMessages.linkNotFound);
  }
  return {
    ...(await studentOf(db, row.studentId)),
    state: row.status,
    notice: {
      version: guardianNotice.version,
      title: guardianNotice.title,
      paragraphs: [...guardianNotice.paragraphs],
    },
  };
}

/** GET /guardian-consents/:token (public). */
export function getPublicConsent(options: { db: Db; token: string }): Promise<PublicGuardianConsent> {
  return publicView(options.db, options.token);
}

/**
 * POST /guardian-consents/:token (public): 'Acepto' or 'No acepto' once, on a live pending request;
 * withdrawing, on a consent given. Each is a conditional update, so two answers at once settle to
 * one; a link that no longer applies is 404, an answer already given 409.
 */
export async function decideGuardianConsent(options: {
  db: Db;
  token: string;
  input: DecideGuardianConsentBody;
}): Promise<{ consent: PublicGuardianConsent; message: string }> {
  const { db, token, input } = options;
  const hash = hashToken(token);
  const byToken = eq(guardianConsents.tokenHash, hash);
  const returned = {
    id: guardianConsents.id,
    studentId: guardianConsents.studentId,
    status: guardianConsents.status,
  };
  // The answer and its event in one transaction: the gallery's cache follows every change.
  const changed = await db.transaction(async (tx) => {
    const rows =
      input.decision === 'WITHDRAW'
        ? await tx
            .update(guardianConsents)
            .set({ status: 'WITHDRAWN', withdrawnAt: sql`now()` })
            .where(and(byToken, eq(guardianConsents.status, 'GRANTED')))
            .returning(returned)
        : await tx
            .update(guardianConsents)
            .set({
              status: input.decision === 'ACCEPT' ? 'GRANTED' : 'REFUSED',
              decidedAt: sql`now()`,
              noticeVersion: guardianNotice.version,
            })
            .where(
              and(
                byToken,
                eq(guardianConsents.status, 'PENDING'),
                gt(guardianConsents.expiresAt, sql`now()`),
              ),
            )
            .returning(returned);
    if (rows[0]) {
      await announceDecision(tx, null, rows[0]);
    }
    return rows;
  });
  const consent = await publicView(db, token);
  if (changed.length === 0) {
    throw conflict(
      input.decision === 'WITHDRAW'
        ? guardianConsentMessages.nothingToWithdraw
        : guardianConsentMessages.alreadyDecided,
    );
  }
  const message =
    input.decision === 'ACCEPT'
      ? guardianConsentMessages.accepted
      : input.decision === 'REFUSE'
        ? guardianConsentMessages.refused
        : guardianConsentMessages.withdrawnByGuardian;
  return { consent, message };
}
