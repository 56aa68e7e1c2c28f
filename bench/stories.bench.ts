/**
 * Fic tables benchmark: the fic endpoints through the real app, and the gallery's queries in SQL,
 * on 10,000 and 1,000,000 fics on a PostgreSQL server and on 10,000 and 100,000 in the embedded
 * database (PGlite: 1,000,000 would take minutes to load there).
 *
 * Each size gets its own database, loaded in SQL (bench/stories-data.ts: 100 schools of 10
 * grades, one student per 10 fics, 70% published over 3 years, Spanish titles with accents, 2,000
 * tags with a skewed distribution) and ANALYZEd, and its own app (buildApp: the real routes,
 * validation and JSON serialisation). The API probes are called with app.inject, as a visitor
 * without a session or as a student holding a real access token:
 *
 * - GET /stories/student-stories, page 1, as a student with 10 fics;
 * - GET /stories/:id, a published fic as a visitor, and a draft as its author;
 * - GET /stories/tags?search=fanta, as a visitor and as a student;
 * - the teacher's lists, as the teacher of 5 grades (5 × size / 1,000 fics, the school teacher of
 *   bench/stories-data.ts): GET /stories/review-stories page 1, page 5 (empty at 10,000 fics) and
 *   ?status=EVALUATED, GET /stories/published-stories page 1, GET /rubrics/my-rubrics (25 rubrics:
 *   they do not grow with the fics); and GET /stories/:id of an EVALUATED fic as its author, which
 *   loads the evaluation too.
 *
 * The gallery's API arrives in a later issue; its queries are measured here directly in SQL, written
 * the way that API will need them (galleryPage below): the first page (12 newest published), page
 * 50, and the first page filtered by school, by grade, by one tag, by two tags that must both match,
 * and by a title search ignoring accents. The tag filters look the tags up by name first, as the API
 * will, and that lookup is part of the measured time. Each query's EXPLAIN ANALYZE plan is printed
 * once at each database's largest size, and so are the plans of the statements the teacher's
 * probes make the app run (captured through drizzle's logger during one call). Measured as
 * information, not budgeted: a rare title search (its matches grow with the fics), and with
 * --totals the gallery's exact totals (lists.md's totalDocs: count(*) grows with the fics; the
 * gallery issue will need counters, as user_counts).
 *
 * The probes run in interleaved rounds (every size in turn, round after round) so a busy moment
 * on the machine hits all sizes alike; p50 and p95 are over the rounds, after a warm-up. Autovacuum
 * is off on the scratch databases' tables, so the state measured is the one loaded (ANALYZEd, never
 * vacuumed, as on PGlite, which has no autovacuum); --vacuum measures the state autovacuum leaves.
 *
 *   node --import tsx bench/stories.bench.ts [--check] [--sizes=10000,1000000]
 *        [--server-sizes=10000,1000000] [--embedded-sizes=10000,100000]
 *        [--databases=server,embedded] [--rounds=40] [--vacuum] [--totals]
 *        [--setup-sql='CREATE INDEX ...']
 *
 * Or with environment variables: BENCH_CHECK=1, BENCH_SIZES (both databases), BENCH_SERVER_SIZES,
 * BENCH_EMBEDDED_SIZES, BENCH_DATABASES, BENCH_ROUNDS, BENCH_VACUUM=1 (VACUUM ANALYZE after the
 * load, as autovacuum would leave a server), BENCH_TOTALS=1 (also count the gallery's exact
 * totals: about 15 s more at 1,000,000), BENCH_SETUP_SQL (run on each migrated database before
 * the load, to try an index without a migration). BENCH_DATABASE_URL is the server (default
 * postgres://postgres@127.0.0.1:5432/postgres): a scratch database per size is created there and
 * dropped at the end. A server that does not answer is skipped, or with --check a failure.
 *
 * Budgets, reported always and enforced with --check (exit code 1): on each database, every probe's
 * p50 at the largest size over the smallest's at most 3; on the server, every probe under 50 ms at
 * p50 at the largest size. A probe over budget is measured again, up to twice, before it counts:
 * one busy moment on a shared machine should not fail CI, a real regression stays over budget.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Paged, ReviewStoryRow, Rubric, Story, StorySummary } from '@fics/contracts';
import { buildApp } from '../apps/api/src/app';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { createSession } from '../apps/api/src/modules/credentials';
import { escapeLike, searchWords } from '../apps/api/src/lib/paging';
import { testConfig } from '../apps/api/src/test/config';
import { capturedStatements, explainStatement, printPlan, statementLabel } from './plans';
import {
  FICS_PER_STUDENT,
  loadStories,
  SCHOOL_TEACHER_RUBRICS,
  SEARCHES,
  type StoryData,
} from './stories-data';

type DatabaseKind = 'server' | 'embedded';

const RATIO_BUDGET = 3;
const SERVER_BUDGET_MS = 50;
const WARMUP = 8;
/** Further measurements of a probe over budget before it counts as a failure. */
const RETRIES = 2;
/** Rounds for what is measured as information only (counting 700,000 fics takes a while). */
const INFO_ROUNDS = 10;
const GALLERY_LIMIT = 12;

function setting(name: string, env: string): string | undefined {
  const flag = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (flag) {
    return flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : '1';
  }
  return process.env[env] || undefined;
}

const sizeList = (value: string) =>
  value
    .split(',')
    .map((s) => Number(s.replace(/_/g, '')))
    .sort((a, b) => a - b);
const yes = (value: string | undefined) => ['1', 'true', 'yes'].includes(value ?? '');
const bothSizes = setting('sizes', 'BENCH_SIZES');

const options = {
  check: yes(setting('check', 'BENCH_CHECK')),
  sizes: {
    server: sizeList(bothSizes ?? setting('server-sizes', 'BENCH_SERVER_SIZES') ?? '10000,1000000'),
    embedded: sizeList(bothSizes ?? setting('embedded-sizes', 'BENCH_EMBEDDED_SIZES') ?? '10000,100000'),
  } satisfies Record<DatabaseKind, number[]>,
  databases: (setting('databases', 'BENCH_DATABASES') ?? 'server,embedded').split(',') as DatabaseKind[],
  rounds: Number(setting('rounds', 'BENCH_ROUNDS') ?? 40),
  /** SQL run on each migrated database before the load: to try an index change without a migration. */
  setupSql: setting('setup-sql', 'BENCH_SETUP_SQL'),
  /** VACUUM ANALYZE instead of ANALYZE after the load (what autovacuum leaves on a server). */
  vacuum: yes(setting('vacuum', 'BENCH_VACUUM')),
  /** Also count the gallery's exact totals (information, not budgeted; about 15 s more at 1,000,000). */
  totals: yes(setting('totals', 'BENCH_TOTALS')),
  serverUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
};

const config = testConfig();

/**
 * The teacher's lists the probes read: the statuses, the order (the date each list shows, newest
 * first, then the id: review-stories.service.ts listOrders), the page.
 */
const reviewOrder = 'coalesce(s.sent_at, s.created_at) desc, s.id desc';
const teacherLists = {
  reviewList: { statuses: ['REVIEWING', 'EVALUATED'], order: reviewOrder, page: 1 },
  reviewList5: { statuses: ['REVIEWING', 'EVALUATED'], order: reviewOrder, page: 5 },
  evaluatedList: { statuses: ['EVALUATED'], order: reviewOrder, page: 1 },
  publishedList: { statuses: ['PUBLISHED'], order: 's.published_at desc, s.id', page: 1 },
} as const;
type TeacherList = keyof typeof teacherLists;
/** 20 a page: the lists' default. */
const LIST_LIMIT = 20;

interface ListAnswer {
  ids: string[];
  total: number;
}

/**
 * A teacher's list as its definition says, written plainly (every fic of the teacher's grades with
 * those statuses, sorted): the page's ids and the total, to check the API's answer against.
 */
async function listAnswer(
  database: Database,
  teacherId: string,
  list: (typeof teacherLists)[TeacherList],
): Promise<ListAnswer> {
  const where = sql`s.grade_id in (select grade_id from user_grades where user_id = ${teacherId})
    and s.status in (${sql.join(
      list.statuses.map((status) => sql`${status}`),
      sql`, `,
    )})`;
  const page = rowsOf<{ id: string }>(
    await database.db.execute(sql`select s.id from stories s where ${where}
      order by ${sql.raw(list.order)}
      limit ${LIST_LIMIT} offset ${(list.page - 1) * LIST_LIMIT}`),
  );
  const [total] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from stories s where ${where}`),
  );
  return { ids: page.map((row) => row.id), total: total!.n };
}

interface Target {
  size: number;
  database: Database;
  app: FastifyInstance;
  /** Student 1, the author of data.publishedId, data.draftId and data.evaluatedId. */
  student: { authorization: string };
  /** data.teacherId: the teacher of 5 grades. */
  teacher: { authorization: string };
  /** The teacher's lists as their definition gives them (plain queries after the load, untimed). */
  lists: Record<TeacherList, ListAnswer>;
  rubricCount: number;
  data: StoryData;
  loadSeconds: number;
  close: () => Promise<void>;
}

async function prepare(database: Database, size: number, drop: () => Promise<void>): Promise<Target> {
  if (options.setupSql) {
    await database.db.execute(sql.raw(options.setupSql));
  }
  if (database.kind === 'postgres') {
    // Autovacuum would start on a table that just got 1,000,000 rows while the probes run: two
    // cores shared with it, and plans that change halfway (a vacuum sets the visibility map, which
    // the planner reads). Off on the scratch tables, the state measured is the one loaded; --vacuum
    // measures the vacuumed one.
    await database.db.execute(sql`
      do $$ declare t record; begin
        for t in select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace loop
          execute format('alter table %I set (autovacuum_enabled = false)', t.relname);
        end loop;
      end $$`);
  }
  const started = performance.now();
  const data = await loadStories(database.db, size);
  await database.db.execute(options.vacuum ? sql`vacuum analyze` : sql`analyze`);
  const loadSeconds = (performance.now() - started) / 1000;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const lists = Object.fromEntries(
    await Promise.all(
      Object.entries(teacherLists).map(async ([key, list]) => [
        key,
        await listAnswer(database, data.teacherId, list),
      ]),
    ),
  ) as Record<TeacherList, ListAnswer>;
  const [rubrics] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from rubrics where owner_id = ${data.teacherId}`),
  );
  const bearer = async (userId: string, role: 'STUDENT' | 'TEACHER') => {
    const { accessToken } = await createSession({ db: app.db, jwtSecret: config.jwtSecret, userId, role });
    return { authorization: `Bearer ${accessToken}` };
  };
  return {
    size,
    database,
    app,
    student: await bearer(data.studentId, 'STUDENT'),
    teacher: await bearer(data.teacherId, 'TEACHER'),
    lists,
    rubricCount: rubrics!.n,
    data,
    loadSeconds,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One scratch database per size, copied from a migrated template. */
async function serverTargets(url: string, sizes: number[]): Promise<Target[]> {
  const prefix = `fics_bench_stories_${process.pid}`;
  const dbUrl = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const template = `${prefix}_tpl`;
  await adminQuery(url, `CREATE DATABASE "${template}"`);
  const targets: Target[] = [];
  try {
    const migrated = await openDatabase({ databaseUrl: dbUrl(template) });
    await migrated.migrate();
    await migrated.close();
    for (const size of sizes) {
      const name = `${prefix}_${size}`;
      await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      const database = await openDatabase({ databaseUrl: dbUrl(name) });
      targets.push(
        await prepare(database, size, () =>
          adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        ),
      );
    }
  } catch (error) {
    await Promise.allSettled(targets.map((t) => t.close()));
    throw error;
  } finally {
    await adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  }
  return targets;
}

/** One in-memory PGlite per size, each loaded from one migrated dump. */
async function embeddedTargets(sizes: number[]): Promise<Target[]> {
  const migrated = await openDatabase({});
  await migrated.migrate();
  const dump = await migrated.pglite!.dumpDataDir('none');
  await migrated.close();
  const targets: Target[] = [];
  for (const size of sizes) {
    const database = await openDatabase({ loadDataDir: dump });
    targets.push(await prepare(database, size, async () => undefined));
  }
  return targets;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/* ------------------------------------------------------------------------------------------------
 * The gallery's queries, as its API (a later issue) will need them.
 *
 * - Published fics only, newest first, ties by id: ORDER BY published_at DESC, id, as drizzle's
 *   `desc()` writes it. The partial indexes are (published_at DESC NULLS FIRST, id) WHERE status =
 *   'PUBLISHED', which is what a plain DESC means; an index declared NULLS LAST would match no such
 *   query and the gallery would read and sort every published fic (270 ms at 1,000,000 on the
 *   server, linear in the fics), even though published_at is never null here.
 * - 12 a page (lists.md), OFFSET for the page.
 * - School and grade are equalities on the partial indexes' first column.
 * - Tags are looked up by name first (case ignored, tags_name_lower_idx), and each must be on the
 *   fic: one EXISTS on story_tags' primary key per tag. With the ids as values the planner uses the
 *   tags' statistics and walks the newest fics for a common tag; a sub-select in their place hides
 *   the tag and makes it read every fic of the tag.
 * - The title search is on the stored column title_search (= fics_fold(title)), the expression of
 *   the trigram index stories_title_search_idx; `fics_fold(title) like ...` would match no index.
 *   As the user list's search (lists.md), the typed text is split into words, each folded, its LIKE
 *   wildcards escaped, and each must appear. The planner walks stories_published_idx while the
 *   words are common (12 matches come soon) and reads the trigram index when they are rare.
 * - A card needs the columns below; the 12 fics' covers, authors and tags are read by id afterwards
 *   (as the student's list does), which does not depend on the number of fics.
 * ---------------------------------------------------------------------------------------------- */

interface GalleryFilter {
  collegeId?: string;
  gradeId?: string;
  tagIds?: string[];
  title?: string;
}

function galleryConditions(filter: GalleryFilter): SQL {
  const conditions = [sql`s.status = 'PUBLISHED'`];
  if (filter.collegeId) {
    conditions.push(sql`s.college_id = ${filter.collegeId}`);
  }
  if (filter.gradeId) {
    conditions.push(sql`s.grade_id = ${filter.gradeId}`);
  }
  for (const tagId of filter.tagIds ?? []) {
    conditions.push(
      sql`exists (select 1 from story_tags st where st.story_id = s.id and st.tag_id = ${tagId})`,
    );
  }
  for (const word of searchWords(filter.title)) {
    conditions.push(sql`s.title_search like '%' || fics_fold(${escapeLike(word)}) || '%'`);
  }
  return sql.join(conditions, sql` and `);
}

function galleryPage(filter: GalleryFilter, page: number): SQL {
  return sql`
    select s.id, s.title, s.cover_id, s.author_id, s.anonymity, s.nickname_value, s.published_at,
      s.likes_count, s.comments_count
    from stories s
    where ${galleryConditions(filter)}
    order by s.published_at desc, s.id
    limit ${GALLERY_LIMIT} offset ${(page - 1) * GALLERY_LIMIT}`;
}

/** The page's exact total (lists.md's totalDocs). */
function galleryTotal(filter: GalleryFilter): SQL {
  return sql`select count(*)::int as n from stories s where ${galleryConditions(filter)}`;
}

/** The tags' ids by name (case ignored); a name that is no tag makes the filter match nothing. */
async function tagIds(target: Target, names: string[]): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await target.database.db.execute(
      sql`select id from tags where lower(name) in (${sql.join(
        names.map((name) => sql`lower(${name})`),
        sql`, `,
      )})`,
    ),
  );
  if (rows.length !== names.length) {
    throw new Error(`tags ${names.join(', ')}: ${rows.length} found`);
  }
  return rows.map((row) => row.id);
}

interface Card {
  id: string;
  title: string;
  published_at: Date | string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Every fic found has every word of the search in its title, accents and case ignored. */
const titleVerifier = (search: string) => (rows: Card[]) => {
  const wrong = rows.find((row) => searchWords(search).some((word) => !fold(row.title).includes(word)));
  if (wrong) {
    throw new Error(`title search '${search}' found '${wrong.title}'`);
  }
};

interface GallerySpec {
  key: string;
  label: string;
  /** The filter for a target (tag names looked up as the API will, inside the timed probe). */
  filter: (target: Target) => Promise<GalleryFilter>;
  page: number;
  /** Throws when the rows are not what a correct page would give. */
  verify?: (rows: Card[], target: Target) => void;
}

const gallerySpecs: GallerySpec[] = [
  { key: 'all', label: 'gallery page 1', filter: async () => ({}), page: 1 },
  {
    key: 'page50',
    label: 'gallery page 50',
    filter: async () => ({}),
    page: 50,
    verify: (rows) => {
      if (rows.length !== GALLERY_LIMIT) {
        throw new Error(`page 50: ${rows.length} fics`);
      }
    },
  },
  {
    key: 'college',
    label: 'gallery by school',
    filter: async (t) => ({ collegeId: t.data.collegeId }),
    page: 1,
  },
  { key: 'grade', label: 'gallery by grade', filter: async (t) => ({ gradeId: t.data.gradeId }), page: 1 },
  {
    key: 'tag',
    label: `gallery tag '${SEARCHES.tag}'`,
    filter: async (t) => ({ tagIds: await tagIds(t, [SEARCHES.tag]) }),
    page: 1,
  },
  {
    key: 'twoTags',
    label: `gallery tags '${SEARCHES.twoTags.join("' + '")}'`,
    filter: async (t) => ({ tagIds: await tagIds(t, SEARCHES.twoTags) }),
    page: 1,
  },
  {
    key: 'title',
    label: `gallery title '${SEARCHES.title}'`,
    filter: async () => ({ title: SEARCHES.title }),
    page: 1,
    verify: titleVerifier(SEARCHES.title),
  },
];

/**
 * Information, not budgeted: a title search whose words are together in 0.25% of the fics ('La
 * canción de papel'). The matches grow with the fics (17 at 10,000, 1,750 at 1,000,000) and no
 * index gives them newest first, so the trigram index finds them all and they are sorted.
 */
const rareTitleSpec: GallerySpec = {
  key: 'rareTitle',
  label: `gallery title '${SEARCHES.rareTitle}'`,
  filter: async () => ({ title: SEARCHES.rareTitle }),
  page: 1,
  verify: titleVerifier(SEARCHES.rareTitle),
};

/* ---------------------------------------------------------------------------------------------- */

interface Probe {
  key: string;
  label: string;
  /** Indexes the statements it makes the app run are expected to use (checked on the printed plans). */
  indexes?: string[];
  /** One measured call; throws when the answer is not what a correct one would give. */
  run: (target: Target) => Promise<void>;
}

async function inject(target: Target, url: string, headers: Record<string, string> = {}) {
  const res = await target.app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) {
    throw new Error(`${url} at ${target.size}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return res;
}

function expectTags(tags: string[]): void {
  if (tags.length !== 10 || tags[0] !== SEARCHES.tagPrefixFirst) {
    throw new Error(`tags?search=${SEARCHES.tagPrefix}: ${tags.join(', ')}`);
  }
}

const tagsUrl = `/api/v1/stories/tags?search=${encodeURIComponent(SEARCHES.tagPrefix)}`;

const apiProbes: Probe[] = [
  {
    key: 'studentStories',
    label: 'GET student-stories (student, 10 fics)',
    indexes: ['stories_author_date_idx'],
    run: async (t) => {
      const res = await inject(t, '/api/v1/stories/student-stories', t.student);
      const page = res.json<{ stories: Paged<StorySummary> }>().stories;
      // Newest first by the date the list shows.
      const dates = page.docs.map((doc) => doc.date);
      if (
        page.docs.length !== FICS_PER_STUDENT ||
        page.totalDocs !== FICS_PER_STUDENT ||
        dates.some((date, i) => i > 0 && date > dates[i - 1]!)
      ) {
        throw new Error(`student-stories: ${page.docs.length} of ${page.totalDocs}, dates ${dates.join()}`);
      }
    },
  },
  {
    key: 'published',
    label: 'GET stories/:id published (visitor)',
    run: async (t) => {
      const story = (await inject(t, `/api/v1/stories/${t.data.publishedId}`)).json<{ story: Story }>().story;
      if (
        story.publicationStatus !== 'PUBLISHED' ||
        story.tags.length === 0 ||
        story.image.variants.length !== 2
      ) {
        throw new Error(`published fic: ${JSON.stringify(story).slice(0, 200)}`);
      }
    },
  },
  {
    key: 'draft',
    label: 'GET stories/:id draft (author)',
    run: async (t) => {
      const res = await inject(t, `/api/v1/stories/${t.data.draftId}`, t.student);
      const story = res.json<{ story: Story }>().story;
      if (story.publicationStatus !== 'EDITING' || !story.permissions.canEdit) {
        throw new Error(`draft: ${JSON.stringify(story).slice(0, 200)}`);
      }
    },
  },
  {
    key: 'tagsVisitor',
    label: `GET tags?search=${SEARCHES.tagPrefix} (visitor)`,
    run: async (t) => expectTags((await inject(t, tagsUrl)).json<{ tags: string[] }>().tags),
  },
  {
    key: 'tagsStudent',
    label: `GET tags?search=${SEARCHES.tagPrefix} (student)`,
    run: async (t) => expectTags((await inject(t, tagsUrl, t.student)).json<{ tags: string[] }>().tags),
  },
];

/** Checks a review list's page against the list's definition (the same fics in the same order). */
function expectList(target: Target, list: TeacherList, page: Paged<ReviewStoryRow>): void {
  const expected = target.lists[list];
  const ids = page.docs.map((row) => row._id);
  const statuses: readonly string[] = teacherLists[list].statuses;
  const wrong = page.docs.find((row) => !statuses.includes(row.publicationStatus));
  if (page.totalDocs !== expected.total || ids.join() !== expected.ids.join() || wrong) {
    throw new Error(
      `${list} at ${target.size}: ${ids.length} of ${page.totalDocs}, expected ` +
        `${expected.ids.length} of ${expected.total}${ids.join() !== expected.ids.join() ? ' (other fics or order)' : ''}` +
        `${wrong ? `; ${wrong.publicationStatus}` : ''}`,
    );
  }
}

const listProbe = (key: TeacherList, label: string, url: string): Probe => ({
  key,
  label,
  indexes: [
    key === 'publishedList' ? 'stories_grade_published_idx' : 'stories_grade_status_sent_idx',
    'evaluations_story_unique',
  ],
  run: async (t) => {
    const res = await inject(t, `/api/v1/stories/${url}`, t.teacher);
    expectList(t, key, res.json<{ stories: Paged<ReviewStoryRow> }>().stories);
  },
});

/** The teacher's probes (issue 8): their review lists, their rubrics, and a fic with its evaluation. */
const teacherProbes: Probe[] = [
  listProbe('reviewList', 'GET review-stories page 1 (teacher, 5 grades)', 'review-stories'),
  listProbe('reviewList5', 'GET review-stories page 5 (teacher)', 'review-stories?page=5'),
  listProbe(
    'evaluatedList',
    'GET review-stories?status=EVALUATED (teacher)',
    'review-stories?status=EVALUATED',
  ),
  listProbe('publishedList', 'GET published-stories page 1 (teacher)', 'published-stories'),
  {
    key: 'myRubrics',
    label: `GET my-rubrics (teacher, ${SCHOOL_TEACHER_RUBRICS} rubrics)`,
    indexes: ['rubrics_owner_created_idx'],
    run: async (t) => {
      const res = await inject(t, '/api/v1/rubrics/my-rubrics', t.teacher);
      const page = res.json<{ rubrics: Paged<Rubric> }>().rubrics;
      if (
        page.totalDocs !== t.rubricCount ||
        page.docs.length !== Math.min(LIST_LIMIT, t.rubricCount) ||
        page.docs.some((rubric, i) => i > 0 && rubric.createdAt > page.docs[i - 1]!.createdAt)
      ) {
        throw new Error(`my-rubrics at ${t.size}: ${page.docs.length} of ${page.totalDocs}`);
      }
    },
  },
  {
    key: 'evaluatedFic',
    label: 'GET stories/:id evaluated (author)',
    indexes: ['stories_pkey', 'evaluations_story_unique'],
    run: async (t) => {
      const res = await inject(t, `/api/v1/stories/${t.data.evaluatedId}`, t.student);
      const story = res.json<{ story: Story }>().story;
      const [evaluation] = story.evaluation;
      if (
        story.publicationStatus !== 'EVALUATED' ||
        !story.permissions.canViewEvaluation ||
        story.evaluation.length !== 1 ||
        !evaluation?.teacher ||
        evaluation.score > evaluation.maxScore
      ) {
        throw new Error(`evaluated fic: ${JSON.stringify(story).slice(0, 300)}`);
      }
    },
  },
];

const galleryProbe = (spec: GallerySpec): Probe => ({
  key: spec.key,
  label: spec.label,
  run: async (t) => {
    const filter = await spec.filter(t);
    const rows = rowsOf<Card>(await t.database.db.execute(galleryPage(filter, spec.page)));
    if (rows.length === 0 || rows.length > GALLERY_LIMIT) {
      throw new Error(`${spec.label} at ${t.size}: ${rows.length} fics`);
    }
    const dates = rows.map((row) => new Date(row.published_at).getTime());
    if (dates.some((date, i) => i > 0 && date > dates[i - 1]!)) {
      throw new Error(`${spec.label} at ${t.size}: not newest first`);
    }
    spec.verify?.(rows, t);
  },
});

const totalProbes: Probe[] = gallerySpecs
  .filter((spec) => spec.page === 1)
  .map((spec) => ({
    key: `total:${spec.key}`,
    label: `total: ${spec.label.replace('gallery ', '').replace('page 1', 'all published')}`,
    run: async (t) => {
      const [row] = rowsOf<{ n: number }>(await t.database.db.execute(galleryTotal(await spec.filter(t))));
      if (!row || row.n <= 0) {
        throw new Error(`${spec.label} total at ${t.size}: ${row?.n}`);
      }
    },
  }));

/** Budgeted: the fic endpoints, the teacher's lists and the gallery's pages. */
const probes = [...apiProbes, ...teacherProbes, ...gallerySpecs.map(galleryProbe)];
/** Information only: a rare title, and with --totals the gallery's exact totals. */
const infoProbes = [galleryProbe(rareTitleSpec), ...(options.totals ? totalProbes : [])];

/* ---------------------------------------------------------------------------------------------- */

async function timeProbe(target: Target, probe: Probe): Promise<number> {
  const started = performance.now();
  await probe.run(target);
  return performance.now() - started;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/**
 * Times the probes in interleaved rounds: in each round every probe runs once on every size, the
 * sizes back to back (starting with a different size each round), so load on the machine falls on
 * all sizes alike. Keys are `probe:size`.
 */
async function measureRounds(
  targets: Target[],
  selected: Probe[],
  rounds: number,
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  for (let round = 0; round < rounds; round += 1) {
    for (const probe of selected) {
      for (let i = 0; i < targets.length; i += 1) {
        const target = targets[(round + i) % targets.length]!;
        const key = `${probe.key}:${target.size}`;
        times.set(key, [...(times.get(key) ?? []), await timeProbe(target, probe)]);
      }
    }
  }
  return times;
}

interface Row {
  probe: Probe;
  /** Per size, in the targets' order. */
  p50: number[];
  p95: number[];
}

function summarise(targets: Target[], selected: Probe[], times: Map<string, number[]>): Row[] {
  return selected.map((probe) => {
    const values = targets.map((t) => times.get(`${probe.key}:${t.size}`)!);
    return { probe, p50: values.map((v) => quantile(v, 0.5)), p95: values.map((v) => quantile(v, 0.95)) };
  });
}

const ratioOf = (row: Row) => row.p50[row.p50.length - 1]! / row.p50[0]!;

function budgetFailures(
  kind: DatabaseKind,
  title: string,
  sizes: number[],
  rows: Row[],
): { probe: string; message: string }[] {
  const failures: { probe: string; message: string }[] = [];
  const largest = sizes[sizes.length - 1]!;
  for (const row of rows) {
    if (sizes.length > 1 && ratioOf(row) > RATIO_BUDGET) {
      failures.push({
        probe: row.probe.key,
        message: `${title}: ${row.probe.label} ${ratioLabel(sizes)} = ${ratioOf(row).toFixed(2)} > ${RATIO_BUDGET}`,
      });
    }
    const p50 = row.p50[row.p50.length - 1]!;
    if (kind === 'server' && p50 >= SERVER_BUDGET_MS) {
      failures.push({
        probe: row.probe.key,
        message: `${title}: ${row.probe.label} at ${largest.toLocaleString('en')} fics = ${ms(p50)} >= ${SERVER_BUDGET_MS} ms`,
      });
    }
  }
  return failures;
}

/* ---------------------------------------------------------------------------------------------- */

/**
 * The statements one call of the probe makes the app run (the session check of the authentication
 * left out).
 */
const statementsOf = (target: Target, probe: Probe) =>
  capturedStatements(target.database.db, () => probe.run(target));

/** The gallery queries' and the teacher's probes' plans at this size (EXPLAIN ANALYZE), a line per node. */
async function printPlans(target: Target): Promise<void> {
  console.log(`\nGallery plans at ${target.size.toLocaleString('en')} fics (EXPLAIN ANALYZE):`);
  for (const spec of [...gallerySpecs, rareTitleSpec]) {
    const query = galleryPage(await spec.filter(target), spec.page);
    printPlan(spec.label, await target.database.db.execute(sql`explain (analyze, format json) ${query}`));
  }
  console.log(
    `\nThe student's list and the teacher's probes at ${target.size.toLocaleString('en')} fics: the statements the app ran (EXPLAIN ANALYZE):`,
  );
  for (const probe of [...apiProbes.filter((p) => p.indexes), ...teacherProbes]) {
    const statements = await statementsOf(target, probe);
    const used = new Set<string>();
    for (const [i, statement] of statements.entries()) {
      printPlan(
        `${probe.label} ${i + 1}/${statements.length} (${statementLabel(statement.text)})`,
        await explainStatement(target.database.db, statement),
      ).forEach((index) => used.add(index));
    }
    const missing = (probe.indexes ?? []).filter((index) => !used.has(index));
    console.log(
      missing.length === 0
        ? `    uses ${probe.indexes?.join(', ') ?? 'no index checked'}`
        : `    WARNING: does not use ${missing.join(', ')}`,
    );
  }
}

/* ---------------------------------------------------------------------------------------------- */

interface DatabaseResult {
  kind: DatabaseKind;
  title: string;
  sizes: number[];
  loadSeconds: number[];
  rows: Row[];
  info: Row[];
  /** Budgets missed by a measurement that was then repeated. */
  remeasured: string[];
}

/**
 * The embedded databases, when they are loaded while the server loads its own (main): the server's
 * load runs in its backend, this process waiting on it, and PGlite's in this process, so the two
 * cores are both busy and the embedded loads cost no time of their own. Nothing is measured until
 * both are done.
 */
let embeddedLoad: Promise<Target[]> | undefined;

async function runDatabase(kind: DatabaseKind): Promise<DatabaseResult | undefined> {
  const sizes = options.sizes[kind];
  let targets: Target[];
  let title: string;
  if (kind === 'server') {
    try {
      await adminQuery(options.serverUrl, 'select 1');
    } catch (error) {
      if (options.check) {
        throw new Error(`PostgreSQL server at ${options.serverUrl} does not answer: ${String(error)}`);
      }
      console.log(`(PostgreSQL server at ${options.serverUrl} does not answer: skipped)`);
      return undefined;
    }
    targets = await serverTargets(options.serverUrl, sizes);
    if (embeddedLoad) {
      // A quiet machine for the server's probes: the embedded loads end first (a failure of theirs
      // is reported by the embedded run, below).
      await embeddedLoad.catch(() => undefined);
    }
    const [version] = rowsOf<{ server_version: string }>(
      await targets[0]!.database.db.execute(sql`show server_version`),
    );
    title = `PostgreSQL ${version?.server_version ?? ''} (server)`;
  } else {
    targets = await (embeddedLoad ?? embeddedTargets(sizes));
    title = `PGlite (embedded, in memory${embeddedLoad ? ', loaded while the server loaded' : ''})`;
  }
  try {
    console.log(
      `\n${title}: loaded ${targets
        .map(
          (t) =>
            `${t.size.toLocaleString('en')} fics in ${t.loadSeconds.toFixed(1)} s (${Object.entries(
              t.data.seconds,
            )
              .map(([step, s]) => `${step} ${s.toFixed(1)}`)
              .join(', ')})`,
        )
        .join('; ')}`,
    );
    for (const target of targets) {
      for (const probe of [...probes, ...infoProbes]) {
        for (let i = 0; i < (totalProbes.includes(probe) ? 1 : WARMUP); i += 1) {
          await timeProbe(target, probe);
        }
      }
    }
    await printPlans(targets[targets.length - 1]!);
    const times = await measureRounds(targets, probes, options.rounds);
    // A busy moment on a shared machine can push one ratio over; a real regression stays over.
    const remeasured: string[] = [];
    for (let attempt = 1; attempt <= RETRIES; attempt += 1) {
      const failing = budgetFailures(kind, title, sizes, summarise(targets, probes, times));
      if (failing.length === 0) {
        break;
      }
      remeasured.push(...failing.map((f) => `${f.message} (measurement ${attempt})`));
      const again = await measureRounds(
        targets,
        probes.filter((p) => failing.some((f) => f.probe === p.key)),
        options.rounds,
      );
      again.forEach((values, key) => times.set(key, values));
    }
    const info = summarise(targets, infoProbes, await measureRounds(targets, infoProbes, INFO_ROUNDS));
    return {
      kind,
      title,
      sizes,
      loadSeconds: targets.map((t) => t.loadSeconds),
      rows: summarise(targets, probes, times),
      info,
      remeasured,
    };
  } finally {
    for (const target of targets) {
      await target.close();
    }
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const short = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`);
const ratioLabel = (sizes: number[]) => `${short(sizes[sizes.length - 1]!)}/${short(sizes[0]!)}`;

function printTable(header: string[], body: string[][]): void {
  const table = [header, ...body];
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const row of table) {
    console.log(
      `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`,
    );
  }
}

function report(result: DatabaseResult): string[] {
  const { sizes } = result;
  const header = [
    'probe',
    ...sizes.map((s) => `${s.toLocaleString('en')} fics`),
    `ratio ${ratioLabel(sizes)}`,
  ];
  const body = (rows: Row[]) =>
    rows.map((row) => [
      row.probe.label,
      ...row.p50.map((p50, i) => `${ms(p50)} (${row.p95[i]!.toFixed(1)})`),
      sizes.length > 1 ? ratioOf(row).toFixed(2) : '-',
    ]);
  console.log(`\n${result.title}: p50 (p95) over ${options.rounds} interleaved rounds`);
  printTable(header, body(result.rows));
  console.log(`\nInformation, not budgeted: p50 (p95) over ${INFO_ROUNDS} rounds`);
  printTable(header, body(result.info));
  if (result.remeasured.length > 0) {
    console.log(`re-measured after: ${result.remeasured.join('; ')}`);
  }
  return budgetFailures(result.kind, result.title, sizes, result.rows).map((f) => f.message);
}

async function main(): Promise<number> {
  const started = performance.now();
  console.log(
    `Fic tables: ${options.databases
      .map((kind) => `${kind} ${options.sizes[kind].map((s) => s.toLocaleString('en')).join(' and ')} fics`)
      .join('; ')}${options.check ? '; --check' : ''}`,
  );
  if (options.setupSql) {
    console.log(`Before each load: ${options.setupSql}`);
  }
  console.log(`After each load: ${options.vacuum ? 'VACUUM ANALYZE' : 'ANALYZE'}`);
  const failures: string[] = [];
  if (options.databases[0] === 'server' && options.databases.includes('embedded')) {
    embeddedLoad = embeddedTargets(options.sizes.embedded);
    // Handled where it is awaited; this keeps an early failure from ending the process unreported.
    embeddedLoad.catch(() => undefined);
  }
  for (const kind of options.databases) {
    const result = await runDatabase(kind);
    if (result) {
      failures.push(...report(result));
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (failures.length > 0) {
    console.log(
      `\nOVER BUDGET (ratio <= ${RATIO_BUDGET}; on the server < ${SERVER_BUDGET_MS} ms) after ${seconds} s:`,
    );
    failures.forEach((f) => console.log(`  ${f}`));
    return options.check ? 1 : 0;
  }
  console.log(
    `\nWithin budget (every p50 ratio largest/smallest <= ${RATIO_BUDGET}; ` +
      `every p50 on the server < ${SERVER_BUDGET_MS} ms) in ${seconds} s.`,
  );
  return 0;
}

process.exitCode = await main();
