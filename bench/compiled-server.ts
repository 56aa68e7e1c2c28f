/**
 * The compiled server as `npm start` runs it (apps/api/dist/server.js, part of `npm run build`), on a
 * free loopback port in a new DATA_DIR, so the demo content seeds itself and the home shows its 12
 * cards. Shared by the browser benchmarks (lighthouse.ts, phone.bench.ts).
 *
 * WEB_DIST (a web build elsewhere, e.g. `npx vite build --outDir /tmp/x`) and FICS_SERVER (another
 * compiled server.js) are passed through, to measure a build without touching the work tree's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = path.resolve(process.env.WEB_DIST || path.join(repoRoot, 'apps/web/dist'));
const serverFile = path.resolve(process.env.FICS_SERVER || path.join(repoRoot, 'apps/api/dist/server.js'));

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  child: ChildProcess,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${what}: the process ended (code ${child.exitCode})`);
    }
    if (await check().catch(() => false)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Why the benchmark cannot run (no build, no server), or null. */
export function missingBuild(): string | null {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    return `No web build at ${webDist}: run \`npm run build\` first.`;
  }
  if (!fs.existsSync(serverFile)) {
    return `No compiled server at ${serverFile}: run \`npm run build\` first.`;
  }
  return null;
}

export interface CompiledServer {
  url: string;
  /** The home's HTML as first answered (the demo's cards painted in it). */
  home: string;
  output: () => string;
  close: () => Promise<void>;
}

export async function startCompiledServer(): Promise<CompiledServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-bench-server-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', serverFile], {
    cwd: path.dirname(serverFile),
    // As `npm start` on a new machine: embedded database in a new DATA_DIR, demo content seeded.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  }
  const close = async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => (await fetch(`${url}/api/v1/ready`)).ok, 'server', server, 180_000);
    const home = await (await fetch(`${url}/`)).text();
    return { url, home, output: () => output, close };
  } catch (error) {
    console.error(output.slice(-4000));
    await close();
    throw error;
  }
}
