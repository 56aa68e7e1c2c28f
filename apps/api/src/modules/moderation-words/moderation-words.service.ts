import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  commentModerationMessages,
  type CreateModerationWordBody,
  type ModerationWord,
  type ModerationWordsQuery,
  type Paged,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { moderationWords, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { escapeLike, readPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';

/**
 * The administrators' list of words and expressions (issue 21.6, docs/decisions/moderation.md): a
 * comment or reply containing one as a whole word, case and accents ignored, is held for a teacher's
 * approval instead of shown. The list is administrators' moderation policy; the comments module asks
 * it through `containsListedWord`/`listedWordsIn` when a comment or reply is written or edited.
 */

/**
 * A text as the list is compared with it, in SQL: fics_fold (lower case, no accents: migration 0002)
 * and every run of white space one space, so 'IDIOTA', 'idiota' and 'Idíota' read alike and an
 * expression matches across a line break. Stored words are kept the same way (`folded`).
 */
const foldedText = (text: SQL): SQL => sql`regexp_replace(fics_fold(${text}), '\\s+', ' ', 'g')`;

/**
 * A listed word occurs in `folded` as a whole word: PostgreSQL's `\m` and `\M` mark where a word
 * starts and ends, so 'tonto' is found in '¡Qué tonto!' but not in 'tontorrón'. Safe as a pattern:
 * the words hold only letters, spaces, hyphens and apostrophes (the contract's pattern and the
 * table's CHECK).
 */
const wholeWordIn = (folded: SQL): SQL => sql`${folded} ~ ('\\m' || ${moderationWords.folded} || '\\M')`;

/** Whether `plainText` (a comment's or reply's words) contains a listed word. Decided in SQL. */
export async function containsListedWord(db: DbOrTx, plainText: string): Promise<boolean> {
  const folded = foldedText(sql`${plainText}::text`);
  const [row] = await db
    .select({ listed: sql<boolean>`true` })
    .from(moderationWords)
    .where(wholeWordIn(folded))
    .limit(1);
  return row !== undefined;
}

/**
 * The listed words a text column or expression contains, as listed (alphabetical), in SQL: for the
 * approvers' list, so they see why a comment was held.
 */
export function listedWordsIn(plainText: SQL): SQL<string[]> {
  const folded = foldedText(plainText);
  return sql<string[]>`array(select ${moderationWords.word} from ${moderationWords}
    where ${wholeWordIn(folded)} order by ${moderationWords.folded})`;
}

/** Only administrators keep the list. */
function assertAdmin(actor: Actor): void {
  if (actor.role !== 'ADMIN') {
    throw forbidden();
  }
}

const wordColumns = {
  id: moderationWords.id,
  word: moderationWords.word,
  createdBy: moderationWords.createdBy,
  createdByName: users.name,
  createdAt: moderationWords.createdAt,
};

type WordRow = {
  id: string;
  word: string;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
};

const wordView = (row: WordRow): ModerationWord => ({
  _id: row.id,
  word: row.word,
  createdBy: row.createdBy ? { _id: row.createdBy, name: row.createdByName ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * GET /moderation-words: the list in alphabetical order, accents ignored (the folded column's unique
 * index); `q` narrows it to words containing the typed text, folded alike (the trigram index).
 */
export async function listModerationWords(options: {
  db: DbOrTx;
  actor: Actor;
  query: ModerationWordsQuery;
}): Promise<Paged<ModerationWord>> {
  const { db, actor, query } = options;
  assertAdmin(actor);
  const where = query.q
    ? sql`${moderationWords.folded} like '%' || ${foldedText(sql`${escapeLike(query.q)}::text`)} || '%'`
    : undefined;
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select(wordColumns)
        .from(moderationWords)
        .leftJoin(users, eq(users.id, moderationWords.createdBy))
        .where(where)
        .orderBy(asc(moderationWords.folded))
        .limit(limit)
        .offset(offset);
      return rows.map(wordView);
    },
    count: async () => {
      const [row] = await db.select({ n: count() }).from(moderationWords).where(where);
      return row?.n ?? 0;
    },
  });
}

/**
 * POST /moderation-words: adds a word (the contract trimmed it and checked its characters). The same
 * word however written ('Estúpido', 'estupido') is listed once: the folded column's unique
 * constraint decides, also between two administrators adding it at once (409 to the second).
 */
export async function addModerationWord(options: {
  db: Db;
  actor: Actor;
  body: CreateModerationWordBody;
}): Promise<ModerationWord> {
  const { db, actor, body } = options;
  assertAdmin(actor);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(moderationWords)
      .values({
        word: body.word,
        folded: foldedText(sql`${body.word}::text`),
        createdBy: actor.userId,
      })
      .onConflictDoNothing({ target: moderationWords.folded })
      .returning({ id: moderationWords.id });
    if (!inserted) {
      throw conflict(commentModerationMessages.wordDuplicate, {
        word: commentModerationMessages.wordDuplicate,
      });
    }
    await emitEvent(tx, {
      type: 'moderation_word.added',
      actor,
      payload: { wordId: inserted.id, word: body.word },
    });
    const [created] = await tx
      .select(wordColumns)
      .from(moderationWords)
      .leftJoin(users, eq(users.id, moderationWords.createdBy))
      .where(eq(moderationWords.id, inserted.id));
    return created!;
  });
  return wordView(row);
}

/** DELETE /moderation-words/:id: takes a word off the list (comments held for it stay held until decided). */
export async function removeModerationWord(options: { db: Db; actor: Actor; wordId: string }): Promise<void> {
  const { db, actor, wordId } = options;
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(moderationWords)
      .where(eq(moderationWords.id, wordId))
      .returning({ id: moderationWords.id, word: moderationWords.word });
    if (!deleted) {
      throw notFound(commentModerationMessages.wordNotFound);
    }
    await emitEvent(tx, {
      type: 'moderation_word.removed',
      actor,
      payload: { wordId: deleted.id, word: deleted.word },
    });
  });
}
