/**
 * Benchmark data for the fic tables: `size` fics generated in SQL (INSERT ... SELECT from
 * generate_series, no row built in JavaScript), so 1,000,000 fics load in under a minute on a
 * server. loadStories fills an empty database; addStories grows it to a larger size (the gallery
 * benchmark measures 10,000, then 100,000, then 1,000,000 published fics in one database). Every
 * id is derived from its row number (md5 of a label made a v4 uuid: random-looking, like
 * gen_random_uuid, but computable), so the fics, their authors and their tags are generated
 * without joins. Fic i's title, status, dates and tags depend on i only, whichever load adds it.
 *
 * At every size: 100 schools of 10 grades each (8 'Básico', 2 'Medio'); `size / 10` students spread
 * over the 1,000 grades in turn, each the author of exactly 10 fics; 2,000 tags; one cover (a tiny
 * PNG with two WebP sizes, `media.variant_of`) shared by every fic, as the cover's rows are not what
 * is measured. Fic i is by student ((i - 1) mod students) + 1, in that student's grade and school.
 *
 * - Status: 70% PUBLISHED (published_at spread over the last 3 years), 10% each EDITING, REVIEWING
 *   and EVALUATED (FicMix.publishedTenths changes the share); 5% anonymous, 5% under a pseudonym.
 * - Titles: one of 20 Spanish openings and one of 20 endings, with accents ('La canción del río',
 *   'El dragón bajo la lluvia'): 400 titles, each opening in 5% of the fics, so a title search
 *   ignoring accents ('cancion') finds 5% of them.
 * - Tags: 40 single words ('Amor', 'Aventura', 'Fantasía', ...) and 1,960 word + phrase tags
 *   ('Amor en Chiloé'); each fic has 1 to 4 (2.5 on average) drawn with a Zipf-like skew (rank r
 *   with probability about log((r+1)/r) / log(2001)): 'Amor' is on about 22% of the fics,
 *   'Misterio' (rank 4) on about 7%, rank 100 on 0.3%, rank 1,000 on 0.03%.
 * - Texts are one short paragraph (about 110 characters): no measured query reads more than one
 *   fic's text, and a real fic's text, longer than 2 kB, is stored out of line (TOAST), which leaves
 *   its row about this narrow. Revisions are not loaded: no measured path reads `story_revisions`.
 * - Indexes: the bulk tables' indexes are built after their rows (loadStories), so the trigram
 *   index on titles starts with an empty GIN pending list; the 2,000 tags are inserted with
 *   tags_search_idx in place, so they wait in its pending list, as tags typed by students would
 *   until a vacuum.
 *
 * - Teachers: one per grade (teacher g teaches grade g) and one per school who also teaches 3 to 5
 *   of its grades (teacher 1,000 + c teaches the first 3 + (c + 1) mod 3 grades of school c), so
 *   the first grades of a school have two teachers; 1,100 at every size, in user_grades as students.
 * - Rubrics: 3 to 6 per grade teacher, 25 per school teacher (about 7,000; a grid of 4 columns and
 *   3 rows each), created over the last year.
 * - Evaluations: one for every EVALUATED and PUBLISHED fic (80% of them), written by a teacher of
 *   its grade (the school teacher for about half the fics of the grades they teach, else the grade
 *   teacher) with that teacher's first rubric, on a small grid (3 columns, 1 row, one level
 *   checked: score 1 or 2 of 2), and a short comment on a third of them.
 *
 * The probes' subjects exist at every size: student 1 (grade 1 of school 1) has fics 1 (forced
 * PUBLISHED), 1 + students (forced EDITING) and 1 + 2 × students (forced EVALUATED) among their 10;
 * teacher 1,001 (school 1's) teaches grades 1 to 5, 5 × size / 1,000 fics, and has 25 rubrics.
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';

export const COLLEGES = 100;
export const GRADES_PER_COLLEGE = 10;
export const FICS_PER_STUDENT = 10;
export const TAG_COUNT = 2000;
/** Rubrics of a school teacher (the probes' teacher): more than a page of 20. */
export const SCHOOL_TEACHER_RUBRICS = 25;

/** The searches and filters the benchmark uses (each verified against the data it finds). */
export const SEARCHES = {
  /** Typed without the accent; the tags starting with it are 'Fantasía' and its 49 phrases. */
  tagPrefix: 'fanta',
  tagPrefixFirst: 'Fantasía',
  /** One tag filter: rank 4, on about 7% of the fics. */
  tag: 'Misterio',
  /** Two tags that must both be on the fic: about 1.5% of the fics. */
  twoTags: ['Amor', 'Misterio'],
  /** Title search ignoring accents: 'La canción ...', 5% of the fics. */
  title: 'cancion',
  /** Words together in 1 title of 400 ('La canción de papel'): 0.25% of the fics. */
  rareTitle: 'cancion de papel',
};

const TAG_WORDS = [
  'Amor',
  'Aventura',
  'Fantasía',
  'Misterio',
  'Amistad',
  'Familia',
  'Terror',
  'Humor',
  'Ciencia ficción',
  'Drama',
  'Animales',
  'Naturaleza',
  'Escuela',
  'Magia',
  'Dragones',
  'Viajes',
  'Historia',
  'Música',
  'Fútbol',
  'Mar',
  'Invierno',
  'Verano',
  'Navidad',
  'Sueños',
  'Poesía',
  'Héroes',
  'Robots',
  'Espacio',
  'Piratas',
  'Bosque',
  'Océano',
  'Montaña',
  'Ciudad',
  'Campo',
  'Abuelos',
  'Mascotas',
  'Superhéroes',
  'Leyendas',
  'Mitología',
  'Detectives',
];
/** At most 14 characters, so a word (at most 15) and a phrase fit the 30-character tag limit. */
const TAG_PHRASES = [
  'de invierno',
  'de verano',
  'del sur',
  'del norte',
  'en la escuela',
  'en el bosque',
  'en la ciudad',
  'en el mar',
  'en el espacio',
  'bajo la lluvia',
  'sin fin',
  'de noche',
  'de día',
  'en Chile',
  'en Valparaíso',
  'en Patagonia',
  'en Chiloé',
  'en el desierto',
  'de mi barrio',
  'de mi abuela',
  'de otro mundo',
  'del futuro',
  'del pasado',
  'para niños',
  'para todos',
  'con mascotas',
  'en la montaña',
  'en el campo',
  'en la isla',
  'en el río',
  'de la selva',
  'del colegio',
  'entre amigos',
  'en familia',
  'en vacaciones',
  'de Atacama',
  'en Temuco',
  'en Arica',
  'en otoño',
  'en primavera',
  'al atardecer',
  'sin palabras',
  'en el tren',
  'en la cocina',
  'de un gato',
  'de un perro',
  'de los Andes',
  'en la lluvia',
  'de medianoche',
];
const TITLE_OPENINGS = [
  'La canción',
  'El viaje',
  'El secreto',
  'La búsqueda',
  'El dragón',
  'La niña',
  'El árbol',
  'La isla',
  'El corazón',
  'La estrella',
  'El último día',
  'La sombra',
  'El guardián',
  'La carta',
  'El pingüino',
  'La ballena',
  'El faro',
  'La máquina',
  'El jardín',
  'La lámpara',
];
const TITLE_ENDINGS = [
  'del río',
  'de la montaña',
  'de mi abuela',
  'en el jardín',
  'bajo la lluvia',
  'del último verano',
  'de Valparaíso',
  'sin nombre',
  'de los sueños',
  'perdida en el mar',
  'de Chiloé',
  'del bosque',
  'en invierno',
  'de la ciudad',
  'que nadie vio',
  'de Atacama',
  'del volcán',
  'a medianoche',
  'del colegio',
  'de papel',
];
const PLACES = [
  'Los Andes',
  'Ñuñoa',
  'Valparaíso',
  'Concepción',
  'Temuco',
  'Chillán',
  'Talca',
  'Rancagua',
  'Curicó',
  'Osorno',
];
const LEVELS = [
  'Primero',
  'Segundo',
  'Tercero',
  'Cuarto',
  'Quinto',
  'Sexto',
  'Séptimo',
  'Octavo',
  'Primero',
  'Segundo',
];
const RUBRIC_TITLES = [
  'Cuento breve',
  'Narración',
  'Poema',
  'Crónica',
  'Texto descriptivo',
  'Leyenda',
  'Carta',
  'Fábula',
];
const EVALUATION_COMMENTS = [
  'Muy buena historia, revisa la ortografía.',
  'Me encantó el final. ¡Sigue así!',
  'Cuida los tiempos verbales y los acentos.',
];
const FIRST_NAMES = ['José', 'María', 'Sofía', 'Matías', 'Agustina', 'Tomás', 'Lucía', 'Joaquín', 'Inés'];
const SURNAMES = ['González', 'Muñoz', 'Díaz', 'Pérez', 'Núñez', 'Ibáñez', 'Cáceres', 'Zúñiga', 'Álvarez'];

/** A tiny cover (4 × 3 PNG) and its two WebP sizes: every fic shares it. */
const COVER = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4UWEDRww4OQBiHhHRBf8L7wAAAABJRU5ErkJggg==',
  webp2: 'UklGRjgAAABXRUJQVlA4ICwAAADQAQCdASoCAAIAAUAmJaACdLoB+AADsAD+yL//zYFc1z7/f/maMJSR4aAAAA==',
  webp4: 'UklGRjgAAABXRUJQVlA4ICwAAADQAQCdASoEAAMAAUAmJaACdLoB+AADsAD+yL//zYFc1z7/f/maMJSR4aAAAA==',
};

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const array = (values: string[]) => sql.raw(`array[${values.map(literal).join(',')}]`);
const n = (value: number) => sql.raw(String(value));
/**
 * The uuid of row `number` of a kind: md5('<kind>:<number>') with the version and variant of a
 * random (v4) uuid, which the API's id validation requires.
 */
const idOf = (kind: string, number: SQL) =>
  sql`overlay(overlay(md5(${sql.raw(literal(`${kind}:`))} || ${number}) placing '4' from 13) placing '8' from 17)::uuid`;
/** A deterministic number in [0, mod) for row expression `x` (salt varies it per column). */
const hash = (x: SQL, salt: number, mod: number) =>
  sql`((hashint4((${x}) * 16 + ${n(salt)})::int8 + 2147483648) % ${n(mod)})`;
/** A deterministic pick from an array for row expression `x`. */
const pick = (values: string[], x: SQL, salt: number) =>
  sql`(${array(values)})[1 + ${hash(x, salt, values.length)}]`;

/** The name of tag rank r (1 = the most used): the 40 words first, then word + phrase. */
export function tagName(rank: number): string {
  if (rank <= TAG_WORDS.length) {
    return TAG_WORDS[rank - 1]!;
  }
  const k = rank - TAG_WORDS.length - 1;
  return `${TAG_WORDS[k % TAG_WORDS.length]!} ${TAG_PHRASES[Math.floor(k / TAG_WORDS.length)]!}`;
}

export interface StoryData {
  /** Seconds each load step took. */
  seconds: Record<string, number>;
  /** Student 1: a published fic, a draft and 8 more. */
  studentId: string;
  publishedId: string;
  draftId: string;
  /** Student 1's fic under review with an evaluation (fic 1 + 2 × students). */
  evaluatedId: string;
  /** Student 1's school and grade (the filters' subjects). */
  collegeId: string;
  gradeId: string;
  /** Teacher 1,001: school 1's teacher, of grades 1 to 5 (grade 1 included), with 25 rubrics. */
  teacherId: string;
}

type Executor = Pick<Db, 'execute'>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables loaded in bulk: their keys and indexes are built after their rows. */
const BULK_TABLES = ['users', 'user_grades', 'stories', 'story_tags', 'evaluations'];

/**
 * Drops the primary keys, unique constraints and indexes of BULK_TABLES, and the foreign keys that
 * point at them; returns the statements that put them back as they were (keys, then indexes, then
 * foreign keys, validated again), read from the catalog: whatever the migrations and --setup-sql
 * made.
 */
async function dropKeysAndIndexes(tx: Executor): Promise<string[]> {
  const tables = sql.raw(BULK_TABLES.map((t) => `${literal(t)}::regclass`).join(', '));
  type Constraint = { table: string; name: string; definition: string };
  const foreignKeys = rowsOf<Constraint>(
    await tx.execute(sql`
      select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and confrelid in (${tables}) order by 1, 2`),
  );
  const keys = rowsOf<Constraint>(
    await tx.execute(sql`
      select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype in ('p', 'u') and conrelid in (${tables}) order by 1, 2`),
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
      from pg_index
      where indrelid in (${tables}) and not exists (select 1 from pg_constraint where conindid = indexrelid)
      order by 1`),
  );
  const drop = (c: Constraint) => `alter table ${c.table} drop constraint ${quoted(c.name)}`;
  const add = (c: Constraint) => `alter table ${c.table} add constraint ${quoted(c.name)} ${c.definition}`;
  for (const statement of [
    ...foreignKeys.map(drop),
    ...keys.map(drop),
    ...indexes.map((index) => `drop index ${index.name}`),
  ]) {
    await tx.execute(sql.raw(statement));
  }
  return [...keys.map(add), ...indexes.map((index) => index.definition), ...foreignKeys.map(add)];
}

/** What a load puts in besides the fics' count. */
export interface FicMix {
  /**
   * Out of every 10 fics, how many are PUBLISHED (default 7); the others are EDITING, REVIEWING
   * and EVALUATED in turn (default: one of each).
   */
  publishedTenths?: number;
  /** Evaluations of the EVALUATED and PUBLISHED fics (default true; the gallery reads none). */
  evaluations?: boolean;
}

/**
 * Loads `size` fics (at least 10,000, a multiple of 10) and their world into an empty, migrated
 * database.
 *
 * One transaction. The bulk tables' keys and indexes are dropped first and built again after the
 * rows (a sorted build instead of 3,500,000 random inserts into ten B-trees and a GIN index), and
 * the foreign keys are not checked row by row (session_replication_role = replica) but validated
 * once when they are put back; the users go in before that, so their count trigger runs. Without a
 * superuser the tables are loaded as they are, several times slower. Either way they end up exactly
 * as the migrations define them.
 */
export async function loadStories(db: Db, size: number, mix: FicMix = {}): Promise<StoryData> {
  if (size < 10_000 || size % FICS_PER_STUDENT !== 0) {
    throw new Error(`size must be at least 10,000 and a multiple of ${FICS_PER_STUDENT}`);
  }
  const seconds = await loadFics(db, 0, size, mix);
  const students = size / FICS_PER_STUDENT;
  const [ids] = rowsOf<Omit<StoryData, 'seconds'>>(
    await db.execute(sql`select
      ${idOf('student', sql`1`)} as "studentId", ${idOf('fic', sql`1`)} as "publishedId",
      ${idOf('fic', n(1 + students))} as "draftId", ${idOf('fic', n(1 + 2 * students))} as "evaluatedId",
      ${idOf('college', sql`1`)} as "collegeId", ${idOf('grade', sql`1`)} as "gradeId",
      ${idOf('teacher', n(GRADES + 1))} as "teacherId"`),
  );
  return { seconds, ...ids! };
}

/**
 * Grows a database that loadStories (or an earlier addStories) filled with `from` fics to `size`
 * fics, in the same way: fics from + 1 to size, by (size - from) / 10 new students spread over
 * the 1,000 grades in turn, 10 fics each, with their tags (and evaluations), the keys and indexes
 * dropped and built again over all the rows. The schools, teachers, rubrics and tags are the
 * first load's. Returns the seconds each step took. `mix` should be the first load's.
 */
export async function addStories(db: Db, from: number, size: number, mix: FicMix = {}) {
  if (from < 10_000 || size <= from || (size - from) % FICS_PER_STUDENT !== 0) {
    throw new Error('addStories grows a loaded database by a positive multiple of 10 fics');
  }
  return loadFics(db, from, size, mix);
}

/** Fics from + 1 to size (and, when from is 0, everything they need). */
async function loadFics(db: Db, from: number, size: number, mix: FicMix): Promise<Record<string, number>> {
  if (TAG_WORDS.length * (TAG_PHRASES.length + 1) !== TAG_COUNT) {
    throw new Error(
      `the tag lists make ${TAG_WORDS.length * (TAG_PHRASES.length + 1)} tags, not ${TAG_COUNT}`,
    );
  }
  const tooLong = [...Array(TAG_COUNT).keys()].map((r) => tagName(r + 1)).filter((t) => t.length > 30);
  if (tooLong.length > 0) {
    throw new Error(`tags over 30 characters: ${tooLong.join(', ')}`);
  }
  const publishedTenths = mix.publishedTenths ?? 7;
  if (!Number.isInteger(publishedTenths) || publishedTenths < 1 || publishedTenths > 9) {
    throw new Error('publishedTenths must be 1 to 9');
  }
  const range: FicRange = { from, size, publishedTenths };
  const seconds: Record<string, number> = {};
  let since = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    seconds[name] = (now - since) / 1000;
    since = now;
  };
  await db.transaction(async (tx) => {
    const [{ superuser }] = rowsOf<{ superuser: boolean }>(
      await tx.execute(sql`select current_setting('is_superuser') = 'on' as superuser`),
    ) as [{ superuser: boolean }];
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    const restore = superuser ? await dropKeysAndIndexes(tx) : [];
    if (from === 0) {
      await insertSchools(tx);
    }
    await insertStudents(tx, range);
    if (from === 0) {
      await insertTeachers(tx);
    }
    if (superuser) {
      await tx.execute(sql`set local session_replication_role = replica`);
    }
    await insertGradesOfStudents(tx, range);
    if (from === 0) {
      await insertGradesOfTeachers(tx);
      await insertRubrics(tx);
    }
    lap(from === 0 ? 'schools and users' : 'students');
    if (from === 0) {
      await insertCoverAndTags(tx);
    }
    await insertFics(tx, range);
    lap('fics');
    await insertFicTags(tx, range);
    lap('tags of fics');
    if (mix.evaluations ?? true) {
      await insertEvaluations(tx, range);
      lap('evaluations');
    }
    await tx.execute(sql`set local session_replication_role = origin`);
    for (const statement of restore) {
      await tx.execute(sql.raw(statement));
    }
    lap('keys and indexes');
    // The gallery's counters (migration 0008) are kept by triggers, which the replica role skipped.
    if (await galleryIsDerived(tx)) {
      await tx.execute(sql`select fics_gallery_rebuild()`);
      lap('gallery counts');
    }
  });
  return seconds;
}

/**
 * The fics of one load: from + 1 to size. Their (size - from) / 10 students are numbered from / 10
 * + 1 to size / 10; fic i is by student from / 10 + ((i - from - 1) mod students) + 1 (at from 0:
 * student ((i - 1) mod students) + 1).
 */
interface FicRange {
  from: number;
  size: number;
  publishedTenths: number;
}
const studentsOf = (range: FicRange) => ({
  first: range.from / FICS_PER_STUDENT + 1,
  count: (range.size - range.from) / FICS_PER_STUDENT,
});

const GRADES = COLLEGES * GRADES_PER_COLLEGE;

async function insertSchools(tx: Executor): Promise<void> {
  await tx.execute(sql`
    insert into colleges (id, name)
    select ${idOf('college', sql`c`)}, 'Colegio ' || ${pick(PLACES, sql`c`, 1)} || ' N.º ' || c
    from generate_series(1, ${n(COLLEGES)}) as t(c)`);
  await tx.execute(sql`
    insert into grades (id, college_id, level, cicle, name)
    select ${idOf('grade', sql`g`)}, ${idOf('college', sql`(g - 1) / ${n(GRADES_PER_COLLEGE)} + 1`)},
      (${array(LEVELS)})[(g - 1) % 10 + 1], case when (g - 1) % 10 < 8 then 'Básico' else 'Medio' end, 'A'
    from generate_series(1, ${n(GRADES)}) as t(g)`);
}

/** Student s is in grade ((s - 1) mod 1,000) + 1. */
async function insertStudents(tx: Executor, range: FicRange): Promise<void> {
  const s = sql`s`;
  const students = studentsOf(range);
  await tx.execute(sql`
    insert into users (id, name, email, role_id)
    select ${idOf('student', s)},
      ${pick(FIRST_NAMES, s, 1)} || ' ' || ${pick(SURNAMES, s, 2)} || ' ' || ${pick(SURNAMES, s, 3)},
      'estudiante.' || s || '@bench.fics.cl',
      (select id from roles where name = 'STUDENT')
    from generate_series(${n(students.first)}, ${n(students.first + students.count - 1)}) as t(s)`);
}

/** Grade teachers 1..1,000 (teacher g of grade g), then school teachers 1,001..1,100. */
const TEACHERS = GRADES + COLLEGES;
/** How many grades school c's teacher teaches (the first ones of the school): 3, 4 or 5. */
const schoolTeacherGrades = (c: SQL) => sql`(3 + (${c} + 1) % 3)`;
/** How many rubrics teacher t has. */
const rubricsOf = (t: SQL) =>
  sql`(case when ${t} > ${n(GRADES)} then ${n(SCHOOL_TEACHER_RUBRICS)} else 3 + ${t} % 4 end)`;
/** Rubric j of teacher t (j < 100). */
const rubricId = (t: SQL, j: SQL) => idOf('rubric', sql`(${t}) * 100 + ${j}`);

async function insertTeachers(tx: Executor): Promise<void> {
  const t = sql`t`;
  await tx.execute(sql`
    insert into users (id, name, email, role_id)
    select ${idOf('teacher', t)},
      ${pick(FIRST_NAMES, t, 4)} || ' ' || ${pick(SURNAMES, t, 5)} || ' ' || ${pick(SURNAMES, t, 6)},
      'docente.' || t || '@bench.fics.cl',
      (select id from roles where name = 'TEACHER')
    from generate_series(1, ${n(TEACHERS)}) as t(t)`);
}

async function insertGradesOfTeachers(tx: Executor): Promise<void> {
  await tx.execute(sql`
    insert into user_grades (user_id, grade_id)
    select ${idOf('teacher', sql`g`)}, ${idOf('grade', sql`g`)} from generate_series(1, ${n(GRADES)}) as t(g)
    union all
    select ${idOf('teacher', sql`${n(GRADES)} + c`)}, ${idOf('grade', sql`(c - 1) * ${n(GRADES_PER_COLLEGE)} + k`)}
    from generate_series(1, ${n(COLLEGES)}) as t(c)
    cross join lateral generate_series(1, ${schoolTeacherGrades(sql`c`)}) as u(k)`);
}

/** A rubric's grid: the criterion and 3 levels (1, 2 and 3 points), 3 rows, nothing checked. */
const RUBRIC_GRID = {
  columns: [
    { key: '0', name: 'Criterio', pointValue: 0 },
    { key: '1', name: 'Inicial', pointValue: 1 },
    { key: '2', name: 'En desarrollo', pointValue: 2 },
    { key: '3', name: 'Logrado', pointValue: 3 },
  ],
  items: [
    ['Ortografía', 'Muchos errores', 'Algunos errores', 'Sin errores'],
    ['Coherencia', 'Ideas sueltas', 'Ideas con orden', 'Historia clara de principio a fin'],
    ['Creatividad', 'Repite un modelo', 'Algún elemento propio', 'Personajes y mundo originales'],
  ].map((row) => Object.fromEntries(row.map((value, k) => [`col${k}`, { value, checked: false }]))),
};

async function insertRubrics(tx: Executor): Promise<void> {
  const t = sql`t`;
  await tx.execute(sql`
    insert into rubrics (id, owner_id, title, description, columns, items, created_at, updated_at)
    select ${rubricId(t, sql`j`)}, ${idOf('teacher', t)}, ${pick(RUBRIC_TITLES, sql`${t} * 100 + j`, 1)} || ' ' || j,
      'Pauta para evaluar fics de mis cursos', ${JSON.stringify(RUBRIC_GRID.columns)}::jsonb,
      ${JSON.stringify(RUBRIC_GRID.items)}::jsonb, at, at
    from generate_series(1, ${n(TEACHERS)}) as t(t)
    cross join lateral generate_series(1, ${rubricsOf(t)}) as r(j)
    cross join lateral (select now() - make_interval(secs => ${hash(sql`${t} * 100 + j`, 2, 365 * 86400)}) as at) d`);
}

async function insertGradesOfStudents(tx: Executor, range: FicRange): Promise<void> {
  const students = studentsOf(range);
  await tx.execute(sql`
    insert into user_grades (user_id, grade_id)
    select ${idOf('student', sql`s`)}, ${idOf('grade', sql`(s - 1) % ${n(GRADES)} + 1`)}
    from generate_series(${n(students.first)}, ${n(students.first + students.count - 1)}) as t(s)`);
}

const coverId = idOf('cover', sql`1`);

/**
 * Whether the schema has the gallery's derived data (migration 0008: story_tags.published_at and
 * the gallery_counts kept by triggers, rebuilt by fics_gallery_rebuild()).
 */
async function galleryIsDerived(tx: Executor): Promise<boolean> {
  const [row] = rowsOf<{ derived: boolean }>(
    await tx.execute(sql`select exists (select 1 from pg_proc where proname = 'fics_gallery_rebuild')
      and exists (select 1 from information_schema.columns
        where table_schema = current_schema() and table_name = 'story_tags' and column_name = 'published_at')
      as derived`),
  );
  return row?.derived ?? false;
}

async function insertCoverAndTags(tx: Executor): Promise<void> {
  await tx.execute(sql`
    insert into media (id, owner_id, content_type, width, height, bytes, variant_of) values
      (${coverId}, null, 'image/png', 4, 3, decode(${COVER.png}, 'base64'), null),
      (${idOf('cover', sql`2`)}, null, 'image/webp', 2, 2, decode(${COVER.webp2}, 'base64'), ${coverId}),
      (${idOf('cover', sql`3`)}, null, 'image/webp', 4, 3, decode(${COVER.webp4}, 'base64'), ${coverId})`);
  const words = array(TAG_WORDS);
  const count = n(TAG_WORDS.length);
  await tx.execute(sql`
    insert into tags (id, name)
    select ${idOf('tag', sql`r`)},
      case when r <= ${count} then (${words})[r]
        else (${words})[(r - ${count} - 1) % ${count} + 1] || ' ' ||
          (${array(TAG_PHRASES)})[(r - ${count} - 1) / ${count} + 1] end
    from generate_series(1, ${n(TAG_COUNT)}) as t(r)`);
}

/**
 * The ids of rows first..first + count - 1 of a kind, as an array indexed from 1 (indexing it costs
 * less than an md5 a row).
 */
const idsOf = (kind: string, count: number, first = 1) =>
  sql`(select array_agg(${idOf(kind, sql`k`)} order by k) from generate_series(${n(first)}, ${n(first + count - 1)}) as t(k))`;

/**
 * The statuses a hash of the fic picks from: `publishedTenths` PUBLISHED, then EDITING, REVIEWING
 * and EVALUATED in turn up to 10 (7: one of each).
 */
const statusPicks = (publishedTenths: number) =>
  array([
    ...Array<string>(publishedTenths).fill('PUBLISHED'),
    ...[...Array(10 - publishedTenths).keys()].map((k) => ['EDITING', 'REVIEWING', 'EVALUATED'][k % 3]!),
  ]);

/**
 * The fics of the range as `s` in a FROM clause: the whole table on the first load, else the rows
 * whose ids are those of fics from + 1 to size (a hash semi-join: the keys are dropped meanwhile).
 */
const ficsOf = (range: FicRange) =>
  range.from === 0
    ? sql`stories s`
    : sql`(select * from stories where id in (
        select ${idOf('fic', sql`i`)} from generate_series(${n(range.from + 1)}, ${n(range.size)}) as t(i))) s`;

/**
 * Fic i: by student s = first + ((i - from - 1) mod students) (see FicRange), in s's grade g and its
 * school. On the first load, fics 1, 1 + students and 1 + 2 × students (all student 1's) are
 * PUBLISHED, EDITING and EVALUATED whatever the hash says.
 */
async function insertFics(tx: Executor, range: FicRange): Promise<void> {
  const students = studentsOf(range);
  const i = sql`i`;
  const threeYears = 3 * 365 * 86400;
  await tx.execute(sql`
    insert into stories (id, author_id, college_id, grade_id, title, text, status, anonymity,
      nickname_value, location, writing_time, word_count, cover_id, rounds, likes_count,
      comments_count, created_at, updated_at, sent_at, published_at)
    select ${idOf('fic', i)}, ids.students[s - ${n(students.first - 1)}], ids.colleges[(g - 1) / ${n(GRADES_PER_COLLEGE)} + 1],
      ids.grades[g], title,
      '<p>Había una vez, en ' || location || ', alguien que escribía cuentos junto a la ventana ' ||
        'mientras caía la lluvia.</p>',
      status, anonymity, case when pseudonym then 'Seudónimo ' || ${hash(i, 7, 100)} end, location,
      ${hash(i, 8, 7200)}, 16, ${coverId},
      case when status = 'EDITING' then 0 else 1 + ${hash(i, 9, 3)} end,
      case when status = 'PUBLISHED' then ${hash(i, 10, 50)} else 0 end,
      case when status = 'PUBLISHED' then ${hash(i, 11, 10)} else 0 end,
      created_at, coalesce(published_at, created_at + interval '1 hour'),
      case when status = 'EDITING' then null else created_at + interval '1 hour' end,
      published_at
    from (
      select i, s, g, title, location, status, anonymity, pseudonym,
        case when status = 'PUBLISHED' then at end as published_at,
        at - make_interval(days => 1 + ${hash(i, 12, 20)}::int) as created_at
      from (
        select i, s, (s - 1) % ${n(GRADES)} + 1 as g,
          ${pick(TITLE_OPENINGS, i, 1)} || ' ' || ${pick(TITLE_ENDINGS, i, 2)} as title,
          ${pick(PLACES, i, 3)} as location,
          case when ${range.from === 0 ? sql`i = 1` : sql`false`} then 'PUBLISHED'
            when ${range.from === 0 ? sql`i = 1 + ${n(students.count)}` : sql`false`} then 'EDITING'
            when ${range.from === 0 ? sql`i = 1 + ${n(2 * students.count)}` : sql`false`} then 'EVALUATED'
            else (${statusPicks(range.publishedTenths)})[1 + ${hash(i, 4, 10)}] end as status,
          ${hash(i, 5, 100)} < 5 as anonymity,
          ${hash(i, 5, 100)} between 5 and 9 as pseudonym,
          now() - make_interval(secs => ${hash(i, 6, threeYears)}) as at
        from (
          select i, ${n(students.first)} + (i - ${n(range.from)} - 1) % ${n(students.count)} as s
          from generate_series(${n(range.from + 1)}, ${n(range.size)}) as t(i)
        ) numbered
      ) picked
    ) dated
    cross join (
      select ${idsOf('student', students.count, students.first)} as students, ${idsOf('grade', GRADES)} as grades,
        ${idsOf('college', COLLEGES)} as colleges
    ) ids`);
}

/**
 * 1 to 4 tags a fic, drawn from a hash of its id: draw j has rank floor(2001^u) for u uniform in
 * [0, 1), the Zipf-like skew; a tag drawn twice for one fic counts once, at its first position.
 */
async function insertFicTags(tx: Executor, range: FicRange): Promise<void> {
  const draw = (j: SQL, salt: number, mod: number) =>
    sql`((hashint8(uuid_hash(s.id)::int8 * 8 + ${j} * 2 + ${n(salt)})::int8 + 2147483648) % ${n(mod)})`;
  // The fic's publication date, copied as migration 0008's trigger would (set here, in the same
  // pass, so fics_gallery_rebuild has no row to update afterwards).
  const published = await galleryIsDerived(tx);
  await tx.execute(sql`
    insert into story_tags (story_id, tag_id, position${published ? sql`, published_at` : sql``})
    select s.id, ids.tags[rank], position${published ? sql`, s.published_at` : sql``}
    from ${ficsOf(range)}
    cross join lateral (
      select rank, min(j) - 1 as position
      from (
        select j,
          least(${n(TAG_COUNT)}, floor(exp(ln(${n(TAG_COUNT + 1)}) * ${draw(sql`j`, 1, 1_000_000)} / 1e6))::int) as rank
        from generate_series(1, 1 + ${draw(sql`0`, 0, 4)}::int) as p(j)
      ) draws
      group by rank
    ) tagged
    cross join (select ${idsOf('tag', TAG_COUNT)} as tags) ids`);
}

/**
 * An evaluation's grid, kept small (800,000 of them at 1,000,000 fics; the measured paths read one
 * at a time): the criterion and 2 levels (1 and 2 points), 1 row, one level checked. Its 2 ways
 * (score 1 or 2 of 2) as jsonb, picked by a hash of the fic.
 */
const EVALUATION_COLUMNS = [
  { key: '0', name: 'Criterio', pointValue: 0 },
  { key: '1', name: 'En desarrollo', pointValue: 1 },
  { key: '2', name: 'Logrado', pointValue: 2 },
];
const EVALUATION_ROW = ['Ortografía', 'Con errores', 'Sin errores'];
const EVALUATION_GRIDS = [1, 2].map((level) => ({
  items: [Object.fromEntries(EVALUATION_ROW.map((value, k) => [`col${k}`, { value, checked: k === level }]))],
  score: level,
}));
const EVALUATION_MAX_SCORE = 2;

/**
 * Evaluations of the EVALUATED and PUBLISHED fics: by the school teacher for about half the fics of
 * the grades they teach, else by the grade teacher, with the evaluator's first rubric. The teachers
 * and rubrics of each grade come from a 1,000-row table, computed once (`offset 0` keeps the planner
 * from pulling it up into the join, which made it compute 5 md5 per evaluation: 19 s instead of 8
 * at 1,000,000 fics). The id is the fic's, hashed (gen_random_uuid costs more on PGlite).
 */
async function insertEvaluations(tx: Executor, range: FicRange): Promise<void> {
  const g = sql`g`;
  const c = sql`((g - 1) / ${n(GRADES_PER_COLLEGE)} + 1)`;
  const school = sql`${n(GRADES)} + ${c}`;
  const items = sql.raw(
    `array[${EVALUATION_GRIDS.map((grid) => `${literal(JSON.stringify(grid.items))}::jsonb`).join(', ')}]`,
  );
  const scores = sql.raw(`array[${EVALUATION_GRIDS.map((grid) => grid.score).join(', ')}]`);
  const draw = (salt: number, mod: number) =>
    sql`((hashint8(uuid_hash(s.id)::int8 * 8 + ${n(salt)})::int8 + 2147483648) % ${n(mod)})`;
  await tx.execute(sql`
    insert into evaluations (id, story_id, teacher_id, rubric_id, columns, items, comment, score, max_score,
      round, created_at, updated_at)
    select ${idOf('evaluation', sql`s.id::text`)}, s.id,
      case when by_school then t.school_teacher else t.grade_teacher end,
      case when by_school then t.school_rubric else t.grade_rubric end,
      ${JSON.stringify(EVALUATION_COLUMNS)}::jsonb, (${items})[1 + grid], comment,
      (${scores})[1 + grid], ${n(EVALUATION_MAX_SCORE)}, s.rounds, s.sent_at + interval '30 minutes',
      s.sent_at + interval '30 minutes'
    from ${ficsOf(range)}
    join (
      select ${idOf('grade', g)} as grade_id,
        ${idOf('teacher', g)} as grade_teacher, ${rubricId(g, sql`1`)} as grade_rubric,
        case when (g - 1) % ${n(GRADES_PER_COLLEGE)} < ${schoolTeacherGrades(c)}
          then ${idOf('teacher', school)} end as school_teacher,
        ${rubricId(school, sql`1`)} as school_rubric
      from generate_series(1, ${n(GRADES)}) as t(g)
      offset 0
    ) t on t.grade_id = s.grade_id
    cross join lateral (
      select t.school_teacher is not null and ${draw(1, 2)} = 0 as by_school, ${draw(2, EVALUATION_GRIDS.length)} as grid,
        case when ${draw(3, 3)} = 0 then (${array(EVALUATION_COMMENTS)})[1 + ${draw(4, EVALUATION_COMMENTS.length)}]
          else '' end as comment
    ) d
    where s.status in ('EVALUATED', 'PUBLISHED')`);
}
