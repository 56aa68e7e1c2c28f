/**
 * What the HTTP benchmarks (gallery.bench.ts, signed-in.bench.ts) share: their command-line settings,
 * one autocannon slice against the compiled server, quantiles, the printed tables and the machine's
 * note, and the compiled server they measure. Each benchmark keeps its own probes, data and goals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, repoRoot } from './compiled-server';

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

export interface HttpServer {
  origin: string;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/**
 * The compiled server (apps/api/dist/server.js, as `npm start` runs it) in production mode on
 * loopback, the request limits off, with `env` added (its database, secret, mail, data folder); ready
 * once GET /health answers. Killed when the benchmark exits, whatever happens.
 */
export async function startServer(options: {
  env: Record<string, string>;
  /** A fixed port; a free one otherwise. */
  port?: number;
  /** Node's own flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
}): Promise<HttpServer> {
  const port = options.port || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--enable-source-maps', 'dist/server.js'],
    {
      cwd: path.join(repoRoot, 'apps/api'),
      env: {
        ...process.env,
        ...options.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_USER_PER_MINUTE: '0',
        RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server stopped (exit ${child.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) {
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer on ${origin} within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, stop };
}
