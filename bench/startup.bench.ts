/**
 * Start time of the server as `npm start` runs it now (compiled JavaScript, apps/api/dist/server.js)
 * beside how it ran before (the TypeScript sources through tsx), in the same run (issue 11 point 11).
 *
 * Both start on one embedded database migrated beforehand (no demo data), so what is measured is
 * the process: from spawn until GET /api/v1/ready answers 200. The two kinds alternate, 5 starts
 * each (`--runs=N`), and the medians and their ratio are printed. Builds the API first when
 * apps/api/dist is missing.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(repoRoot, 'apps/api/dist/server.js');
const sources = path.join(repoRoot, 'apps/api/src/server.ts');
const runs = Number(/^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 5);

const kinds = {
  'tsx (before)': ['--import', 'tsx', sources],
  'compiled (npm start)': ['--enable-source-maps', compiled],
} as const;
type Kind = keyof typeof kinds;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server, answers milliseconds until /ready says 200, then stops it. */
async function startOnce(kind: Kind, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...kinds[kind]], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`el servidor (${kind}) terminó antes de estar listo:\n${stderr}`);
      }
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/ready`);
        if (res.status === 200) {
          return performance.now() - started;
        }
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > 120_000) {
        throw new Error(`el servidor (${kind}) no estuvo listo en 120 s:\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  if (!fs.existsSync(compiled)) {
    execFileSync('npm', ['run', 'build', '-w', '@fics/api'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-startup-'));
  try {
    // The first start migrates the new database; it is not counted.
    const first = await startOnce('compiled (npm start)', dataDir);
    console.log(`first start (migrations of a new embedded database): ${(first / 1000).toFixed(2)} s`);
    const times: Record<Kind, number[]> = { 'tsx (before)': [], 'compiled (npm start)': [] };
    for (let i = 0; i < runs; i += 1) {
      for (const kind of Object.keys(kinds) as Kind[]) {
        times[kind].push(await startOnce(kind, dataDir));
      }
    }
    const baseline = median(times['tsx (before)']);
    console.log(`\nstart until /api/v1/ready, ${runs} starts each, alternating (${os.cpus().length} cores)`);
    console.log('| how | median | fastest | slowest | of tsx |');
    console.log('|---|---|---|---|---|');
    for (const kind of Object.keys(kinds) as Kind[]) {
      const values = times[kind];
      const m = median(values);
      console.log(
        `| ${kind} | ${(m / 1000).toFixed(2)} s | ${(Math.min(...values) / 1000).toFixed(2)} s | ${(Math.max(...values) / 1000).toFixed(2)} s | ${((m / baseline) * 100).toFixed(0)}% |`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
