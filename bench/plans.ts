/**
 * Query plans for the benchmarks: the statements a call makes the app run (captured through
 * drizzle's logger), their EXPLAIN (ANALYZE, FORMAT JSON) printed a line per node, and the indexes
 * each plan used, so a benchmark can warn when a query no longer uses the index it is meant to.
 */
import type { Db } from '../apps/api/src/db/client';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Rows Removed by Filter'?: number;
  'Heap Fetches'?: number;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

function planLines(node: PlanNode, depth = 0): string[] {
  const name = [
    node['Subplan Name'] ? `${node['Subplan Name']}: ` : '',
    node['Node Type'],
    node['Index Name'] ? ` using ${node['Index Name']}` : '',
    node['Relation Name'] && !node['Index Name'] ? ` on ${node['Relation Name']}` : '',
  ].join('');
  const loops = node['Actual Loops'] ?? 1;
  const facts = [
    loops > 1 ? `rows ${node['Actual Rows']} per loop x ${loops} loops` : `rows ${node['Actual Rows']}`,
    node['Rows Removed by Filter'] ? `${node['Rows Removed by Filter']} removed by filter` : '',
    node['Actual Total Time'] !== undefined && depth === 0
      ? `${node['Actual Total Time'].toFixed(2)} ms`
      : '',
  ].filter(Boolean);
  return [
    `${'  '.repeat(depth + 2)}${name} (${facts.join(', ')})`,
    ...(node.Plans ?? []).flatMap((child) => planLines(child, depth + 1)),
  ];
}

const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Prints an EXPLAIN (ANALYZE, FORMAT JSON) answer, a line per node; returns the indexes it used. */
export function printPlan(label: string, rows: unknown): string[] {
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(rows);
  const value = row!['QUERY PLAN'];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  console.log(`  ${label}:`);
  planLines(plan[0]!.Plan).forEach((line) => console.log(line));
  return indexesOf(plan[0]!.Plan);
}

/** What drizzle hands each query to (PgDatabase's session, internal but stable across drivers). */
type LoggedDb = { session: { logger: { logQuery: (query: string, params: unknown[]) => void } } };
/** The driver under drizzle: pg.Pool and PGlite both answer query(text, params). */
type RawClient = { query: (text: string, params: unknown[]) => Promise<unknown> };

export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * The statements `run` makes the app run on `db`, read from drizzle's logger (the session check of
 * the authentication left out).
 */
export async function capturedStatements(db: Db, run: () => Promise<unknown>): Promise<Statement[]> {
  const { session } = db as unknown as LoggedDb;
  const logger = session.logger;
  const statements: Statement[] = [];
  session.logger = { logQuery: (text, params) => statements.push({ text, params: [...params] }) };
  try {
    await run();
  } finally {
    session.logger = logger;
  }
  return statements.filter((s) => !/from "sessions"/.test(s.text));
}

/** EXPLAIN (ANALYZE, FORMAT JSON) of a captured statement, with its parameters. */
export async function explainStatement(db: Db, statement: Statement): Promise<unknown> {
  const client = (db as unknown as { $client: RawClient }).$client;
  return client.query(`explain (analyze, format json) ${statement.text}`, statement.params);
}

/** A short name for a captured statement: its first tables. */
export const statementLabel = (text: string) =>
  [...text.matchAll(/(?:from|join) "(\w+)"/g)]
    .map((m) => m[1])
    .filter((name, i, all) => all.indexOf(name) === i)
    .join(', ');
