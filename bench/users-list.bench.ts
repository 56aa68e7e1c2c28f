/**
 * User list benchmark: GET /users (page 1, page 50, a search) and GET /users/export on 1,000,
 * 10,000 and 100,000 users, on a PostgreSQL server and on the embedded database (PGlite).
 *
 * Each size gets its own database, loaded in SQL (bench/users-data.ts) and ANALYZEd, and its own
 * app (buildApp: the real routes, validation and JSON serialisation), called with app.inject as
 * an administrator holding a real access token. The list requests run in interleaved rounds
 * (every size in turn, round after round) so a busy moment on the machine hits all sizes alike;
 * p50 and p95 are over the rounds, after a warm-up. The search is for one specific person, the
 * usual use of the search box: 'nandu perez' finds 'Ñandú Pérez Soto', who exists once at every
 * size. The export runs once per size, its download consumed as it streams, with the process's
 * memory sampled against a baseline taken after a forced GC (peak heap and RSS), then once more
 * with a full GC before every chunk read (live heap: what the export keeps alive).
 *
 *   node --import tsx bench/users-list.bench.ts [--check] [--sizes=1000,10000,100000]
 *        [--databases=server,embedded] [--rounds=40] [--vacuum] [--setup-sql='ALTER INDEX ...']
 *
 * Or with environment variables: BENCH_CHECK=1, BENCH_SIZES, BENCH_DATABASES, BENCH_ROUNDS,
 * BENCH_VACUUM=1 (VACUUM ANALYZE after the load, as autovacuum would leave a server),
 * BENCH_SETUP_SQL (run before the load, to try an index change without a migration).
 * BENCH_DATABASE_URL is the server (default postgres://postgres@127.0.0.1:5432/postgres): a
 * scratch database per size is created there and dropped at the end. A server that does not
 * answer is skipped, or with --check a failure.
 *
 * Budgets (the issue's), reported always and enforced with --check (exit code 1): on each
 * database the largest size's p50 over the smallest's at most 1.5 for page 1, page 50 and the
 * search; page 1 on the server under 50 ms at p50 at the largest size (100,000). A probe over
 * budget is measured again, up to twice, before it counts: one busy moment on a shared machine
 * should not fail CI, a real regression stays over budget every time.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Paged, User } from '@fics/contracts';
import { buildApp } from '../apps/api/src/app';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { createSession } from '../apps/api/src/modules/credentials';
import { testConfig } from '../apps/api/src/test/config';
import { loadUsers, SEARCHED } from './users-data';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type DatabaseKind = 'server' | 'embedded';

const RATIO_BUDGET = 1.5;
const SERVER_PAGE1_BUDGET_MS = 50;
const WARMUP = 8;
/** Further measurements of a probe over budget before it counts as a failure. */
const RETRIES = 2;
/** Exports are parsed back and their rows counted up to this size (parsing 100,000 rows takes long). */
const VERIFY_EXPORT_UP_TO = 10_000;

function setting(name: string, env: string): string | undefined {
  const flag = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (flag) {
    return flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : '1';
  }
  return process.env[env] || undefined;
}

const options = {
  check: ['1', 'true', 'yes'].includes(setting('check', 'BENCH_CHECK') ?? ''),
  sizes: (setting('sizes', 'BENCH_SIZES') ?? '1000,10000,100000')
    .split(',')
    .map((s) => Number(s.replace(/_/g, '')))
    .sort((a, b) => a - b),
  databases: (setting('databases', 'BENCH_DATABASES') ?? 'server,embedded').split(',') as DatabaseKind[],
  rounds: Number(setting('rounds', 'BENCH_ROUNDS') ?? 40),
  /** SQL run on each migrated database before the load: to try an index change without a migration. */
  setupSql: setting('setup-sql', 'BENCH_SETUP_SQL'),
  /** VACUUM ANALYZE instead of ANALYZE after the load (what autovacuum leaves on a server). */
  vacuum: ['1', 'true', 'yes'].includes(setting('vacuum', 'BENCH_VACUUM') ?? ''),
  serverUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
};

const config = testConfig();

interface Target {
  size: number;
  app: FastifyInstance;
  headers: { authorization: string };
  loadSeconds: number;
  close: () => Promise<void>;
}

async function prepare(database: Database, size: number, drop: () => Promise<void>): Promise<Target> {
  if (options.setupSql) {
    await database.db.execute(sql.raw(options.setupSql));
  }
  const started = performance.now();
  const { adminId } = await loadUsers(database.db, size);
  await database.db.execute(options.vacuum ? sql`vacuum analyze` : sql`analyze`);
  const loadSeconds = (performance.now() - started) / 1000;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const { accessToken } = await createSession({
    db: app.db,
    jwtSecret: config.jwtSecret,
    userId: adminId,
    role: 'ADMIN',
  });
  return {
    size,
    app,
    headers: { authorization: `Bearer ${accessToken}` },
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
  const prefix = `fics_bench_${process.pid}`;
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

interface Probe {
  key: 'page1' | 'page50' | 'search';
  label: string;
  url: string;
  /** Throws when the answer is not what a correct list would give. */
  verify: (users: Paged<User>, size: number) => void;
}

const probes: Probe[] = [
  {
    key: 'page1',
    label: 'page 1',
    url: '/api/v1/users?page=1',
    verify: (users, size) => {
      if (users.docs.length !== 50 || users.totalDocs !== size) {
        throw new Error(`page 1: ${users.docs.length} users of ${users.totalDocs}, expected 50 of ${size}`);
      }
    },
  },
  {
    // At 1,000 users the default 50 a page ends at page 20; 20 a page makes page 50 the last full
    // page at 1,000 (users 981 to 1,000) and a real page 50 at every size.
    key: 'page50',
    label: 'page 50',
    url: '/api/v1/users?page=50&limit=20',
    verify: (users) => {
      if (users.docs.length !== 20 || users.page !== 50) {
        throw new Error(`page 50: ${users.docs.length} users on page ${users.page}, expected 20 on page 50`);
      }
    },
  },
  {
    key: 'search',
    label: `search '${SEARCHED.query}'`,
    url: `/api/v1/users?search=${encodeURIComponent(SEARCHED.query)}`,
    verify: (users) => {
      if (users.docs.length !== 1 || users.docs[0]!.name !== SEARCHED.name) {
        throw new Error(
          `search: ${users.docs.map((u) => u.name).join(', ') || 'nobody'}, expected ${SEARCHED.name}`,
        );
      }
    },
  },
];

async function timeProbe(target: Target, probe: Probe): Promise<number> {
  const started = performance.now();
  const res = await target.app.inject({ method: 'GET', url: probe.url, headers: target.headers });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) {
    throw new Error(`${probe.url} at ${target.size}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  probe.verify(res.json<{ users: Paged<User> }>().users, target.size);
  return ms;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

interface ExportResult {
  ms: number;
  bytes: number;
  /** Increases over the baseline, in bytes: sampled every 2 ms and at every chunk, garbage included. */
  heapPeak: number;
  rssPeak: number;
  /** The largest live heap (after a forced GC at every chunk of a second download) over the baseline. */
  liveHeapPeak: number;
  rows?: number;
}

async function measureExport(target: Target): Promise<ExportResult> {
  const timed = await downloadExport(target, false);
  const live = await downloadExport(target, true);
  return { ...timed, liveHeapPeak: live.heapPeak };
}

/**
 * Downloads the export, consuming it as it streams, and samples memory. With `live`, every chunk
 * is preceded by a full GC, so the peak is what the export keeps alive (slower: not timed).
 */
async function downloadExport(
  target: Target,
  live: boolean,
): Promise<{ ms: number; bytes: number; heapPeak: number; rssPeak: number }> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  gc();
  const base = process.memoryUsage();
  let heapPeak = base.heapUsed;
  let rssPeak = base.rss;
  const sample = () => {
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  };
  const sampler = live ? undefined : setInterval(sample, 2);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await target.app.inject({
      method: 'GET',
      url: '/api/v1/users/export',
      headers: target.headers,
      payloadAsStream: true,
    });
    if (res.statusCode !== 200) {
      throw new Error(`export at ${target.size}: HTTP ${res.statusCode}`);
    }
    for await (const chunk of res.stream()) {
      bytes += (chunk as Buffer).length;
      if (live) {
        gc();
      }
      sample();
    }
  } finally {
    if (sampler) {
      clearInterval(sampler);
    }
  }
  const ms = performance.now() - started;
  sample();
  return { ms, bytes, heapPeak: heapPeak - base.heapUsed, rssPeak: rssPeak - base.rss };
}

/** Downloads the export again (not measured) and counts its rows: every user, once. */
async function verifyExport(target: Target): Promise<number> {
  const res = await target.app.inject({
    method: 'GET',
    url: '/api/v1/users/export',
    headers: target.headers,
  });
  const book = XLSX.read(res.rawPayload, { type: 'buffer' });
  const emails = new Set<string>();
  let rows = 0;
  for (const name of ['Administradores', 'Docentes', 'Estudiantes']) {
    const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, { header: 1 }).slice(1);
    rows += sheet.length;
    sheet.forEach((r) => emails.add(r[1]!));
  }
  if (rows !== target.size || emails.size !== target.size) {
    throw new Error(`export at ${target.size}: ${rows} rows, ${emails.size} distinct e-mails`);
  }
  return rows;
}

interface Latency {
  size: number;
  p50: Record<Probe['key'], number>;
  p95: Record<Probe['key'], number>;
}

interface DatabaseResult {
  kind: DatabaseKind;
  title: string;
  /** Budgets missed by a measurement that was then repeated. */
  remeasured: string[];
  rows: (Latency & { loadSeconds: number; exported: ExportResult })[];
}

/**
 * Times the probes in interleaved rounds: in each round every probe runs once on every size,
 * the sizes back to back (starting with a different size each round), so load on the machine
 * falls on all sizes alike. Keys are `probe:size`.
 */
async function measureRounds(targets: Target[], selected: Probe[]): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  for (let round = 0; round < options.rounds; round += 1) {
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

function latencies(targets: Target[], times: Map<string, number[]>): Latency[] {
  return targets.map((target) => {
    const stat = (q: number) =>
      Object.fromEntries(
        probes.map((p) => [p.key, quantile(times.get(`${p.key}:${target.size}`)!, q)]),
      ) as Record<Probe['key'], number>;
    return { size: target.size, p50: stat(0.5), p95: stat(0.95) };
  });
}

/** The issue's budgets: p50 ratios largest/smallest size <= 1.5; page 1 on the server < 50 ms at the largest. */
function budgetFailures(
  kind: DatabaseKind,
  title: string,
  rows: Latency[],
): { probe: Probe['key']; message: string }[] {
  const failures: { probe: Probe['key']; message: string }[] = [];
  const small = rows[0]!;
  const large = rows[rows.length - 1]!;
  if (small !== large) {
    const label = `${large.size / 1000}k/${small.size / 1000}k`;
    for (const probe of probes) {
      const ratio = large.p50[probe.key] / small.p50[probe.key];
      if (ratio > RATIO_BUDGET) {
        failures.push({
          probe: probe.key,
          message: `${title}: ${probe.label} ${label} = ${ratio.toFixed(2)} > ${RATIO_BUDGET}`,
        });
      }
    }
  }
  if (kind === 'server' && large.p50.page1 >= SERVER_PAGE1_BUDGET_MS) {
    failures.push({
      probe: 'page1',
      message: `${title}: page 1 at ${large.size.toLocaleString('en')} users = ${ms(large.p50.page1)} >= ${SERVER_PAGE1_BUDGET_MS} ms`,
    });
  }
  return failures;
}

async function runDatabase(kind: DatabaseKind): Promise<DatabaseResult | undefined> {
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
    targets = await serverTargets(options.serverUrl, options.sizes);
    const version = await targets[0]!.app.db.execute(sql`show server_version`);
    const rows = (version as { rows: { server_version: string }[] }).rows;
    title = `PostgreSQL ${rows[0]?.server_version ?? ''} (server)`;
  } else {
    targets = await embeddedTargets(options.sizes);
    title = 'PGlite (embedded, in memory)';
  }
  try {
    console.log(
      `\n${title}: loaded ${targets.map((t) => `${t.size.toLocaleString('en')} in ${t.loadSeconds.toFixed(1)} s`).join(', ')}`,
    );
    for (const target of targets) {
      for (const probe of probes) {
        for (let i = 0; i < WARMUP; i += 1) {
          await timeProbe(target, probe);
        }
      }
    }
    const times = await measureRounds(targets, probes);
    // A busy moment on a shared machine can push one ratio over; a real regression stays over.
    const remeasured: string[] = [];
    for (let attempt = 1; attempt <= RETRIES; attempt += 1) {
      const failing = budgetFailures(kind, title, latencies(targets, times));
      if (failing.length === 0) {
        break;
      }
      remeasured.push(...failing.map((f) => `${f.message} (measurement ${attempt})`));
      const again = await measureRounds(
        targets,
        probes.filter((p) => failing.some((f) => f.probe === p.key)),
      );
      again.forEach((values, key) => times.set(key, values));
    }
    // One unmeasured export first, so the first measured one does not pay for warming up.
    await measureExport(targets[0]!);
    const result: DatabaseResult = { kind, title, remeasured, rows: [] };
    const latency = latencies(targets, times);
    for (const [index, target] of targets.entries()) {
      const exported = await measureExport(target);
      if (target.size <= VERIFY_EXPORT_UP_TO) {
        exported.rows = await verifyExport(target);
      }
      result.rows.push({ ...latency[index]!, loadSeconds: target.loadSeconds, exported });
    }
    return result;
  } finally {
    for (const target of targets) {
      await target.close();
    }
  }
}

const MB = 1024 * 1024;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(result: DatabaseResult): string[] {
  console.log(
    `\n${result.title}: GET /users p50 (p95) over ${options.rounds} interleaved rounds; GET /users/export`,
  );
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const table: string[][] = [
    ['users', 'page 1', 'page 50', 'search', 'export', 'heap peak +', 'live heap +', 'RSS peak +', '.xlsx'],
    ...result.rows.map((row) => {
      const cell = (key: Probe['key']) => `${ms(row.p50[key])} (${row.p95[key].toFixed(1)})`;
      return [
        row.size.toLocaleString('en'),
        cell('page1'),
        cell('page50'),
        cell('search'),
        `${(row.exported.ms / 1000).toFixed(2)} s`,
        mb(row.exported.heapPeak),
        mb(row.exported.liveHeapPeak),
        mb(row.exported.rssPeak),
        `${(row.exported.bytes / MB).toFixed(2)} MB`,
      ];
    }),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const row of table) {
    console.log(`| ${row.map((cell, i) => cell.padStart(widths[i]!)).join(' | ')} |`);
  }
  const verified = result.rows.filter((r) => r.exported.rows !== undefined);
  if (verified.length > 0) {
    console.log(
      `(exports read back with SheetJS: ${verified.map((r) => `${r.exported.rows!.toLocaleString('en')} rows`).join(', ')}, every user once)`,
    );
  }
  const small = result.rows[0]!;
  const large = result.rows[result.rows.length - 1]!;
  if (small !== large) {
    const label = `${large.size / 1000}k/${small.size / 1000}k`;
    console.log(
      `ratios ${label} (p50): ` +
        probes.map((p) => `${p.label} ${(large.p50[p.key] / small.p50[p.key]).toFixed(2)}`).join(', ') +
        ` | export time per user ${(large.exported.ms / large.size / (small.exported.ms / small.size)).toFixed(2)}` +
        ` | export live heap ${(large.exported.liveHeapPeak / Math.max(small.exported.liveHeapPeak, 1)).toFixed(2)}`,
    );
  }
  if (result.remeasured.length > 0) {
    console.log(`re-measured after: ${result.remeasured.join('; ')}`);
  }
  return budgetFailures(result.kind, result.title, result.rows).map((f) => f.message);
}

async function main(): Promise<number> {
  console.log(
    `User list and export: ${options.sizes.map((s) => s.toLocaleString('en')).join(', ')} users; ` +
      `databases: ${options.databases.join(', ')}${options.check ? '; --check' : ''}`,
  );
  if (options.setupSql) {
    console.log(`Before each load: ${options.setupSql}`);
  }
  console.log(`After each load: ${options.vacuum ? 'VACUUM ANALYZE' : 'ANALYZE'}`);
  console.log(
    `Search: '${SEARCHED.query}', a specific person ('${SEARCHED.name}') who exists once at every size.`,
  );
  const failures: string[] = [];
  for (const kind of options.databases) {
    const result = await runDatabase(kind);
    if (result) {
      failures.push(...report(result));
    }
  }
  if (failures.length > 0) {
    console.log(
      `\nOVER BUDGET (ratio <= ${RATIO_BUDGET}; page 1 on the server < ${SERVER_PAGE1_BUDGET_MS} ms):`,
    );
    failures.forEach((f) => console.log(`  ${f}`));
    return options.check ? 1 : 0;
  }
  console.log(
    `\nWithin budget (ratios 100k/1k <= ${RATIO_BUDGET}; page 1 on the server < ${SERVER_PAGE1_BUDGET_MS} ms).`,
  );
  return 0;
}

process.exitCode = await main();
