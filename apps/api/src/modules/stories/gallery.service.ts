/**
 * The public gallery (spec 000 §2 Home, §7 `GET /stories`): published fics newest first, 12 a
 * page, filtered by school, grade, tags (all must match) and title words (accents and case
 * ignored). How it stays fast at 1,000,000 fics is in docs/decisions/gallery.md:
 *
 * - The page walks one index in the gallery's order and stops after offset + limit + 1 fics: all
 *   published fics (stories_published_idx), a school's or a grade's (stories_college_published_idx,
 *   stories_grade_published_idx), or a tag's (story_tags_tag_published_idx, on the copy of the
 *   publication date kept on story_tags). Of the filters given, the smallest set is walked (sizes
 *   from gallery_counts); the other filters are checked on each fic walked (a tag on story_tags'
 *   primary key, a title word on title_search).
 * - totalDocs is read from gallery_counts when the filter is exactly one counted set (none, a
 *   school, a grade, one tag); otherwise matches are counted up to galleryCountCap and a larger
 *   total is answered as a lower bound (`totalIsLowerBound`). hasNextPage is always exact (the page
 *   reads one fic more than it shows).
 * - Visitors' pages are kept a few seconds in memory per database (`readVisitorGallery`),
 *   serialised once; the stories routes drop them when a fic is published, edited or deleted.
 *
 * Importing this module has no side effects: the HTML shell calls `readGalleryPage` to put the
 * first page in the page it serves.
 */
import { and, asc, desc, eq, exists, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  galleryCountCap,
  galleryResponseSchema,
  publicStudentName,
  type GalleryCard,
  type GalleryQuery,
  type GalleryResponse,
  type StoryAuthor,
} from '@fics/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { galleryCounts, galleryVersion, roles, stories, storyTags, users } from '../../db/schema';
import { escapeLike, searchWords } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { loadCoverImages, mediaUrl } from '../media';
import { authorHidden } from './story-view';
import { storyVisibleTo } from './story-gate';

/** How long a visitor's page is served from memory, and may be kept by browsers and proxies. */
export const galleryVisitorCacheSeconds = 5;
/** Visitor pages kept at most (distinct filters and pages); the oldest goes first. */
const CACHE_ENTRIES = 500;

/** gallery_counts.key of the ALL row. */
const ALL_KEY = '00000000-0000-0000-0000-000000000000';

type CountedScope = 'ALL' | 'COLLEGE' | 'GRADE' | 'TAG';

/** How one request reads its page, decided from its filters and the counters. */
interface GalleryPlan {
  /** The set walked in the gallery's order: a tag's fics, or the fics of stories' indexes. */
  walk: { tagId: string } | null;
  collegeId?: string;
  gradeId?: string;
  /** Every tag the fic must have (the walked one included). */
  tagIds: string[];
  words: string[];
  /** The total, when the filter is exactly one counted set. */
  total: { value: number } | { scope: 'ALL' } | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The tags by name (case ignored, tags_name_lower_idx), each with its published fics, and the
 * school's and grade's counts, in one query. Null when a tag does not exist or the grade is not of
 * the school: nothing can match.
 */
async function planGallery(db: DbOrTx, query: GalleryQuery): Promise<GalleryPlan | null> {
  const words = searchWords(query.searchTitle);
  const names = query.tags ?? [];
  const { collegeId, gradeId } = query;
  const filtered = names.length > 0 || collegeId !== undefined || gradeId !== undefined;
  if (!filtered) {
    return {
      walk: null,
      tagIds: [],
      words,
      total: words.length === 0 ? { scope: 'ALL' } : null,
    };
  }
  const parts: SQL[] = [];
  if (names.length > 0) {
    const list = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    parts.push(sql`
      select 'TAG' as scope, t.id as key, coalesce(c.count, 0) as n, null::uuid as college_id
      from unnest(array[${list}]::text[]) as wanted(name)
      left join tags t on lower(t.name) = lower(wanted.name)
      left join gallery_counts c on c.scope = 'TAG' and c.key = t.id`);
  }
  if (gradeId !== undefined) {
    parts.push(sql`
      select 'GRADE' as scope, g.id as key, coalesce(c.count, 0) as n, g.college_id as college_id
      from grades g left join gallery_counts c on c.scope = 'GRADE' and c.key = g.id
      where g.id = ${gradeId}`);
  } else if (collegeId !== undefined) {
    parts.push(sql`
      select 'COLLEGE' as scope, ${collegeId}::uuid as key, coalesce((select count from gallery_counts
        where scope = 'COLLEGE' and key = ${collegeId}), 0) as n, null::uuid as college_id`);
  }
  type Found = { scope: CountedScope; key: string | null; n: number; college_id: string | null };
  const found = rowsOf<Found>(await db.execute(sql.join(parts, sql` union all `)));
  const tagRows = found.filter((row) => row.scope === 'TAG');
  if (tagRows.some((row) => row.key === null)) {
    return null;
  }
  const grade = found.find((row) => row.scope === 'GRADE');
  if (gradeId !== undefined && (!grade || (collegeId !== undefined && grade.college_id !== collegeId))) {
    return null;
  }
  // The smallest set is walked; the other filters are checked on its fics.
  const sets = found.map((row) => ({ scope: row.scope, key: row.key!, n: Number(row.n) }));
  const smallest = sets.reduce((a, b) => (b.n < a.n ? b : a));
  const tagIds = [...new Set(tagRows.map((row) => row.key!))];
  const only = sets.length === 1 && tagIds.length <= 1 && words.length === 0;
  return {
    walk: smallest.scope === 'TAG' ? { tagId: smallest.key } : null,
    collegeId: gradeId === undefined ? collegeId : undefined,
    gradeId,
    tagIds,
    words,
    total: only ? { value: smallest.n } : null,
  };
}

/** The columns a card needs from the fic. */
const cardColumns = {
  id: stories.id,
  title: stories.title,
  coverId: stories.coverId,
  authorId: stories.authorId,
  anonymity: stories.anonymity,
  nicknameValue: stories.nicknameValue,
  publishedAt: stories.publishedAt,
  likesCount: stories.likesCount,
};

const otherTag = alias(storyTags, 'other_tag');

/**
 * The plan's fics in the gallery's order. Walking a tag reads story_tags_tag_published_idx, whose
 * order (published_at desc, story_id) is the fics'.
 */
function matching(db: DbOrTx, plan: GalleryPlan) {
  // The gallery is the public shelf: what anyone may see, a visitor included (published fics only,
  // whoever asks; the partial indexes on published fics serve it).
  const conditions: SQL[] = [storyVisibleTo(null)];
  if (plan.gradeId !== undefined) {
    conditions.push(eq(stories.gradeId, plan.gradeId));
  } else if (plan.collegeId !== undefined) {
    conditions.push(eq(stories.collegeId, plan.collegeId));
  }
  for (const tagId of plan.tagIds) {
    if (tagId !== plan.walk?.tagId) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(otherTag)
            .where(and(eq(otherTag.storyId, stories.id), eq(otherTag.tagId, tagId))),
        ),
      );
    }
  }
  for (const word of plan.words) {
    // The typed word folded by the database, as the column was (fics_fold), its wildcards literal.
    conditions.push(sql`${stories.titleSearch} like '%' || fics_fold(${escapeLike(word)}) || '%'`);
  }
  if (plan.walk) {
    const walked = db
      .select(cardColumns)
      .from(storyTags)
      .innerJoin(stories, eq(stories.id, storyTags.storyId))
      .where(and(eq(storyTags.tagId, plan.walk.tagId), isNotNull(storyTags.publishedAt), ...conditions));
    return walked.orderBy(desc(storyTags.publishedAt), asc(storyTags.storyId));
  }
  const walked = db
    .select(cardColumns)
    .from(stories)
    .where(and(...conditions));
  return walked.orderBy(desc(stories.publishedAt), asc(stories.id));
}

/** A window of the matching fics, in the gallery's order. */
function readRows(db: DbOrTx, plan: GalleryPlan, window: { limit: number; offset: number }) {
  return matching(db, plan).limit(window.limit).offset(window.offset);
}

/**
 * The page's authors by id (their primary key), read apart from the page: joined to it, the planner
 * misjudged the page's size and hashed the whole users table (2,100 rows at 10,000 fics).
 */
async function loadAuthors(db: DbOrTx, authorIds: string[]) {
  if (authorIds.length === 0) {
    return new Map<string, { name: string; role: string; pictureId: string | null }>();
  }
  const rows = await db
    .select({ id: users.id, name: users.name, role: roles.name, pictureId: users.profilePictureId })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, [...new Set(authorIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

type CardRow = Awaited<ReturnType<typeof readRows>>[number];
type Author = { name: string; role: string; pictureId: string | null };

type Total = { totalDocs: number; lowerBound: boolean };

/** What the first `n` matches (at most galleryCountCap + 1 read) tell of the total. */
const cappedTotal = (n: number): Total => ({ totalDocs: n, lowerBound: n > galleryCountCap });

/**
 * The page (and whether more follow) with its total. A counted set reads offset + limit + 1 fics and
 * its counter. Any other filter walks on to galleryCountCap + 1 matches when the page lies within
 * them, and counts what it walked: one walk in the index's order, whose cost depends on how common
 * the matches are, not on how many fics there are (the cap is below what a common search finds
 * among 10,000 fics). Past the cap the page tells what it can (exact on the last page).
 */
async function readWindow(
  db: DbOrTx,
  plan: GalleryPlan,
  query: { page: number; limit: number },
): Promise<{ shown: CardRow[]; more: boolean; total: Total }> {
  const { limit } = query;
  const offset = (query.page - 1) * limit;
  const counted = plan.total;
  if (!counted && offset + limit <= galleryCountCap) {
    const rows = await readRows(db, plan, { offset: 0, limit: galleryCountCap + 1 });
    return {
      shown: rows.slice(offset, offset + limit),
      more: rows.length > offset + limit,
      total: cappedTotal(rows.length),
    };
  }
  const [rows, total] = await Promise.all([
    readRows(db, plan, { offset, limit: limit + 1 }),
    counted ? counterTotal(db, counted) : undefined,
  ]);
  const shown = rows.slice(0, limit);
  const more = rows.length > limit;
  if (total) {
    return { shown, more, total };
  }
  if (shown.length > 0) {
    return { shown, more, total: { totalDocs: offset + shown.length + (more ? 1 : 0), lowerBound: more } };
  }
  // A page past the end, past the cap: how many there are, up to the cap.
  const first = await readRows(db, plan, { offset: 0, limit: galleryCountCap + 1 });
  return { shown, more, total: cappedTotal(first.length) };
}

async function counterTotal(db: DbOrTx, counted: NonNullable<GalleryPlan['total']>): Promise<Total> {
  if ('value' in counted) {
    return { totalDocs: counted.value, lowerBound: false };
  }
  const [row] = await db
    .select({ n: galleryCounts.count })
    .from(galleryCounts)
    .where(and(eq(galleryCounts.scope, 'ALL'), eq(galleryCounts.key, ALL_KEY)));
  return { totalDocs: row?.n ?? 0, lowerBound: false };
}

/**
 * The card's author (architecture.md §6.8): nobody is shown the real author of an anonymous or
 * pseudonymous fic here (the gallery is public; the fic's page reveals it to those who may see
 * it); to a visitor without a session a student is 'Sofía E.' without a photo.
 */
function cardAuthor(row: CardRow, author: Author | undefined, signedIn: boolean): StoryAuthor | null {
  if (!author || authorHidden(row) || row.authorId === null) {
    return null;
  }
  if (!signedIn && author.role === 'STUDENT') {
    return { _id: row.authorId, name: publicStudentName(author.name), profilePicture: null };
  }
  return {
    _id: row.authorId,
    name: author.name,
    profilePicture: author.pictureId ? { url: mediaUrl(author.pictureId) } : null,
  };
}

async function readFromDatabase(options: {
  db: DbOrTx;
  /** A signed-in reader's page (authors by name with their photo), or a visitor's. */
  signedIn: boolean;
  query: GalleryQuery;
}): Promise<GalleryResponse> {
  const { db, signedIn, query } = options;
  const { page, limit } = query;
  const offset = (page - 1) * limit;
  const plan = await planGallery(db, query);
  if (!plan) {
    return {
      stories: {
        docs: [],
        page,
        limit,
        totalDocs: 0,
        hasNextPage: false,
        nextPage: null,
        totalIsLowerBound: false,
      },
    };
  }
  const { shown, more, total } = await readWindow(db, plan, query);
  const [covers, authors] = await Promise.all([
    loadCoverImages({ db, coverIds: shown.map((row) => row.coverId) }),
    loadAuthors(
      db,
      shown.flatMap((row) => (!authorHidden(row) && row.authorId !== null ? [row.authorId] : [])),
    ),
  ]);
  const docs: GalleryCard[] = shown.map((row) => ({
    _id: row.id,
    title: row.title,
    image: covers.get(row.coverId) ?? { url: mediaUrl(row.coverId), width: 0, height: 0, variants: [] },
    anonymity: row.anonymity,
    nickname: row.nicknameValue !== null,
    nicknameValue: row.nicknameValue,
    writtenBy: cardAuthor(row, row.authorId === null ? undefined : authors.get(row.authorId), signedIn),
    likesCount: row.likesCount,
    date: row.publishedAt!.toISOString(),
  }));
  // A fic published or deleted between the count and the page must not make them disagree.
  const seenAtLeast = shown.length > 0 ? offset + shown.length + (more ? 1 : 0) : 0;
  return {
    stories: {
      docs,
      page,
      limit,
      totalDocs: Math.max(total.totalDocs, seenAtLeast),
      hasNextPage: more,
      nextPage: more ? page + 1 : null,
      totalIsLowerBound: total.lowerBound,
    },
  };
}

export interface CachedPage {
  body: GalleryResponse;
  /** The body serialised once, as the route's schema would. */
  json: string;
}

/**
 * Pages by query (visitors' and readers'), each kept `galleryVisitorCacheSeconds`. Concurrent
 * requests for a page that is not kept share one read. A visitor's page is per process: another
 * instance behind the same load balancer may show it up to that long after a change, which is what
 * visitors' HTTP caches do anyway. A reader's page is exact (`version`, below).
 */
class SharedPages {
  private readonly entries = new Map<
    string,
    { expires: number; version: number | undefined; page: Promise<CachedPage> }
  >();
  /** The embedded database tells this process of every change at commit (`watchGallery`). */
  notified = false;

  /**
   * The page kept under `key`, or `load()`'s. With a `version` (gallery_version, read before this
   * call), a page kept from an older version is not used: it may be older than a change the caller
   * could already see. A page loaded after reading a version is never older than that version.
   */
  get(key: string, load: () => Promise<CachedPage>, version?: number): Promise<CachedPage> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (
      kept &&
      kept.expires > now &&
      (version === undefined || (kept.version !== undefined && kept.version >= version))
    ) {
      return kept.page;
    }
    this.entries.delete(key);
    if (this.entries.size >= CACHE_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest);
      }
    }
    const entry = { expires: now + galleryVisitorCacheSeconds * 1000, version, page: load() };
    this.entries.set(key, entry);
    entry.page.catch(() => {
      if (this.entries.get(key) === entry) {
        this.entries.delete(key);
      }
    });
    return entry.page;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One cache per database handle, so apps on different databases (tests) never share pages. */
const sharedPages = new WeakMap<object, SharedPages>();

function sharedPagesOf(db: DbOrTx): SharedPages {
  let pages = sharedPages.get(db);
  if (!pages) {
    pages = new SharedPages();
    sharedPages.set(db, pages);
  }
  return pages;
}

/** gallery_version's count, by one statement on its one row, prepared once per database handle. */
const versionReaders = new WeakMap<object, () => Promise<number>>();

function readGalleryVersion(db: DbOrTx): Promise<number> {
  let read = versionReaders.get(db);
  if (!read) {
    const prepared = db.select({ n: galleryVersion.n }).from(galleryVersion).prepare('fics_gallery_version');
    read = async () => (await prepared.execute())[0]?.n ?? 0;
    versionReaders.set(db, read);
  }
  return read();
}

/**
 * On the embedded database, drops every kept page at commit of any change to what a page shows
 * (migration 0041's notice, sent before the writer goes on): its readers need not ask for
 * gallery_version. Nothing to do on a server. Resolves to a function that stops listening.
 */
export async function watchGallery(database: Database): Promise<() => Promise<void>> {
  const pglite = database.kind === 'pglite' ? database.pglite : undefined;
  if (!pglite) {
    return () => Promise.resolve();
  }
  const pages = sharedPagesOf(database.db);
  await pglite.exec(`set fics.auth_notices = 'on'`);
  const unlisten = await pglite.listen('fics_gallery', () => pages.clear());
  pages.notified = true;
  return async () => {
    pages.notified = false;
    await unlisten().catch(() => undefined);
  };
}

/** The filters and the kind of reader as a key: what changes the answer, in one spelling. */
function cacheKey(query: GalleryQuery, signedIn: boolean): string {
  const fold = (text: string) => text.toLocaleLowerCase('es');
  return JSON.stringify([
    signedIn,
    query.page,
    query.limit,
    query.collegeId ?? '',
    query.gradeId ?? '',
    (query.tags ?? []).map(fold).sort(),
    searchWords(query.searchTitle).map(fold),
  ]);
}

async function sharedPage(db: DbOrTx, query: GalleryQuery, signedIn: boolean): Promise<CachedPage> {
  const pages = sharedPagesOf(db);
  const load = async () => {
    const body = galleryResponseSchema.parse(await readFromDatabase({ db, signedIn, query }));
    return { body, json: JSON.stringify(body) };
  };
  // A reader's page must be exact: on a server, where other instances write too, checked against
  // gallery_version first (one indexed statement); on the embedded database, dropped at commit.
  const version = signedIn && !pages.notified ? await readGalleryVersion(db) : undefined;
  return pages.get(cacheKey(query, signedIn), load, version);
}

/**
 * GET /stories's body for this caller, from the few seconds' cache the route uses; the HTML shell
 * calls this for the home page's first page.
 */
export async function readGalleryPage(options: {
  db: DbOrTx;
  actor: Actor | null;
  query: GalleryQuery;
}): Promise<GalleryResponse> {
  return (await sharedPage(options.db, options.query, options.actor !== null)).body;
}

/**
 * A page with its JSON, serialised once for every caller it is sent to. Nothing on a gallery card
 * depends on which reader asks (the shelf is the published fics, whoever asks: storyVisibleTo(null);
 * whether the reader liked a fic is on the fic's page), only on whether one is signed in: authors
 * are named in full with their photo to readers, 'Sofía E.' to visitors. So all signed-in readers
 * share one page per filter, as all visitors do, kept and dropped alike (issue 23,
 * docs/decisions/signed-in-speed.md).
 */
export function readSharedGallery(options: {
  db: DbOrTx;
  actor: Actor | null;
  query: GalleryQuery;
}): Promise<CachedPage> {
  return sharedPage(options.db, options.query, options.actor !== null);
}

/** Drops the kept pages of this database (visitors' and readers'): a fic was published, edited or deleted. */
export function invalidateGallery(db: DbOrTx): void {
  sharedPages.get(db)?.clear();
}
