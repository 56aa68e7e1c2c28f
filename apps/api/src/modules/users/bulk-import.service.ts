import { inArray, sql } from 'drizzle-orm';
import type { BulkImportBody, BulkImportSummary, BulkUserError } from '@fics/contracts';
import { bulkUserRowSchema, userMessages } from '@fics/contracts';
import type { Db } from '../../db/client';
import { userGrades, users } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { queueInvitations } from '../credentials';
import { emitEvents } from '../events';
import { authorizeAccountCreation } from './users.access';

/** Rows created per transaction: each user is whole or absent, without one round trip per row. */
const CHUNK_SIZE = 200;

interface ValidRow {
  index: number;
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** As sent (trimmed): errors echo what the user typed. */
  sentEmail: string;
  /** The optional column (issue 22.5); null or absent: unknown. */
  birthYear?: number | null;
}

const cellText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

/**
 * Creates many accounts of one role (spec 000 §2 Bulk import wizard). Every row is checked on its
 * own and a bad row never blocks the others: invalid rows, e-mails repeated in the list and
 * e-mails already registered come back in `usersErrors`, in the order of the list, with the
 * e-mail and name as sent (trimmed).
 * Accounts are created in chunks; each chunk inserts users, memberships and invitations in one
 * transaction, with `ON CONFLICT DO NOTHING` so a row lost to a concurrent insert is reported
 * as already registered instead of failing the chunk.
 */
export async function importUsers(options: {
  db: Db;
  actor: Actor;
  input: BulkImportBody;
  publicUrl: string;
}): Promise<BulkImportSummary> {
  const { db, actor, input } = options;
  const { role, gradeIds } = await authorizeAccountCreation({
    db,
    actor,
    roleId: input.role,
    collegeIds: input.collegeId ? [input.collegeId] : [],
    gradeIds: input.gradeId ? [input.gradeId] : [],
  });

  const failures: Array<BulkUserError & { index: number }> = [];
  const fail = (index: number, email: string, name: string, message: string) =>
    failures.push({ index, email, name, message });

  const candidates: ValidRow[] = [];
  const seen = new Set<string>();
  input.users.forEach((row, index) => {
    const email = cellText(row.email);
    const name = cellText(row.name);
    const parsed = bulkUserRowSchema.safeParse({ name, email, birthYear: row.birthYear ?? undefined });
    if (!parsed.success) {
      fail(index, email, name, parsed.error.issues[0]?.message ?? userMessages.bulkListErrors);
      return;
    }
    if (seen.has(parsed.data.email)) {
      fail(index, email, name, userMessages.emailRepeated);
      return;
    }
    seen.add(parsed.data.email);
    candidates.push({ index, ...parsed.data, sentEmail: email });
  });

  const registered = await registeredEmails(db, [...seen]);
  const fresh = candidates.filter((row) => {
    if (registered.has(row.email)) {
      fail(row.index, row.sentEmail, row.name, userMessages.emailTaken);
      return false;
    }
    return true;
  });

  let usersCreated = 0;
  for (let start = 0; start < fresh.length; start += CHUNK_SIZE) {
    const chunk = fresh.slice(start, start + CHUNK_SIZE);
    const created = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values(
          chunk.map((row) => ({
            name: row.name,
            email: row.email,
            roleId: role.id,
            passwordHash: null,
            // Only a student's birth year matters (who needs a guardian's consent, issue 22.5).
            birthYear: role.name === 'STUDENT' ? (row.birthYear ?? null) : null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email, name: users.name });
      if (inserted.length > 0 && gradeIds.length > 0) {
        await tx
          .insert(userGrades)
          .values(inserted.flatMap((user) => gradeIds.map((gradeId) => ({ userId: user.id, gradeId }))));
      }
      await emitEvents(
        tx,
        inserted.map((user) => ({
          type: 'user.created' as const,
          actor,
          payload: { userId: user.id, roleName: role.name },
        })),
      );
      // The invitations carry secret links: queued here, never through an event's payload.
      await queueInvitations({ db: tx, publicUrl: options.publicUrl, users: inserted });
      return inserted;
    });
    usersCreated += created.length;
    const createdEmails = new Set(created.map((u) => u.email));
    for (const row of chunk) {
      if (!createdEmails.has(row.email)) {
        fail(row.index, row.sentEmail, row.name, userMessages.emailTaken);
      }
    }
  }

  failures.sort((a, b) => a.index - b.index);
  return {
    usersCreated,
    usersErrors: failures.map(({ email, name, message }) => ({ email, name, message })),
  };
}

/** Which of these (lower-cased) e-mails already have an account. */
async function registeredEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < emails.length; start += 1000) {
    const slice = emails.slice(start, start + 1000);
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, slice));
    for (const row of rows) {
      found.add(row.email);
    }
  }
  return found;
}
