/**
 * What the HTTP benchmarks (gallery.bench.ts, signed-in.bench.ts) share: their command-line settings,
 * one autocannon slice against the compiled server, quantiles, the printed tables and the machine's
 * note. Each benchmark keeps its own probes, data and goals.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';

/** `--name=value` (or `--name` alone: '1'), else the environment variable, else undefined. */
export function setting(name: string, env: string): string | undefined {
  const flag = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (flag) {
    return flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : '1';
  }
  return process.env[env] || undefined;
}

/** What a browser's fetch sends: JSON, compressed as the server compresses it for real clients. */
export const ACCEPT = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

export interface Slice {
  seconds: number;
  latencies: number[];
}

/**
 * One measuring slice: `connections` clients asking `url` for `seconds`, every latency kept. Any
 * answer that is not 2xx, an error or a timeout fails the run (a fast wrong answer measures nothing).
 */
export async function slice(options: {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  label: string;
}): Promise<Slice> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        duration: options.seconds,
        headers: { ...ACCEPT, ...options.headers },
      },
      (error: unknown, done) =>
        error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${options.label}: ${result.non2xx} answers not 2xx (${JSON.stringify(result.statusCodeStats ?? {})}), ` +
        `${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return { seconds: result.duration, latencies };
}

/** The q-quantile of sorted values, interpolated. */
export function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** A Markdown table, the first column left-aligned and the figures right-aligned. */
export function printTable(header: string[], body: string[][]): void {
  const table = [header, ...body];
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const row of table) {
    console.log(
      `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`,
    );
  }
}

/** The machine a figure was measured on, and how busy it was. */
export function machineNote(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1));
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), load average ${load.join(' ')}`;
}

/** One statement on the server as its administrator (creating and dropping the benchmark's database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
