import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  eraseEverything,
  type ErasedCounts,
  type ErasureChoices,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';
import { personalDataRegister } from './register';

/**
 * How long an erased person's id, name and e-mail stay in erasure_traces (issue 22.6): the
 * housekeeping job clears what still names them at that point and the trace with it. A day short
 * of the 60 days promised, a margin for a run that did not happen on time (a deploy, a restart).
 */
export const ERASURE_TRACE_DAYS = 59;

/**
 * Erases or anonymises everything the register lists about one person, in the caller's transaction
 * (issue 22.4): each module's `erase` in `order` (the users row last), so nothing is left to a
 * foreign key's cascade. Answers the rows changed per table, the erasure record's counts (no
 * personal data). Leaves an erasure_traces row for the retention job (issue 22.6).
 */
export async function erasePersonalData(options: {
  tx: Tx;
  userId: string;
  email: string;
  /** Everything goes unless the person chose to keep something (issue 22.4). */
  choices?: ErasureChoices;
  register?: readonly PersonalDataDeclaration[];
  /** The erasure's time, for its trace's deadline (the retention job's clock); the database's by default. */
  now?: Date;
}): Promise<ErasedCounts> {
  const choices = options.choices ?? eraseEverything;
  const register = [...(options.register ?? personalDataRegister)].sort(
    (a, b) => (a.order ?? 10) - (b.order ?? 10),
  );
  // What the job needs to find what outlives this transaction (pending events, the answer to a
  // request); written first, so the users row is still there to read the name from.
  await options.tx.execute(
    sql`insert into erasure_traces (user_id, email, name, purge_at)
        select id, lower(email), name,
          ${options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`} + make_interval(days => ${ERASURE_TRACE_DAYS})
        from users where id = ${options.userId}`,
  );
  const counts: ErasedCounts = {};
  for (const declaration of register) {
    const erased = await declaration.erase({
      tx: options.tx,
      userId: options.userId,
      email: options.email,
      choices,
    });
    for (const [table, count] of Object.entries(erased)) {
      counts[table] = (counts[table] ?? 0) + count;
    }
  }
  return counts;
}
