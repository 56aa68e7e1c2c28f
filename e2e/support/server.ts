import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  /** http://localhost:<port>, also the server's PUBLIC_URL, so e-mailed links open on it. */
  url: string;
  dataDir: string;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitUntilReady(url: string, server: { exited: boolean; output(): string }, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited) {
      throw new Error(`El servidor terminó antes de estar listo:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${url}/api/v1/ready`);
      if (res.ok) {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`El servidor no estuvo listo en ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Starts the real server (`node --import tsx apps/api/src/server.ts`) on a fresh embedded database
 * in a temporary DATA_DIR, with demo data, mail going to `smtpUrl`, and the built web app.
 */
export async function startServer(options: { smtpUrl: string; logFile: string }): Promise<RunningServer> {
  // E2E_WEB_DIST: a built web app elsewhere (a copy no concurrent `npm run build` replaces mid-run).
  const webDist = process.env.E2E_WEB_DIST
    ? path.resolve(process.env.E2E_WEB_DIST)
    : path.join(repoRoot, 'apps/web/dist');
  const webIndex = path.join(webDist, 'index.html');
  if (!fs.existsSync(webIndex)) {
    throw new Error(`Falta ${webIndex}: ejecuta "npm run build" antes (npm run test:e2e lo hace).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.createWriteStream(options.logFile);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    // Only what the server needs: nothing from the caller's shell (a DATABASE_URL, say) leaks in.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: options.smtpUrl,
      SEED_DEMO: 'true',
      WEB_DIST: webDist,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { exited: false, output: () => output };
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      state.exited = true;
      resolve();
    }),
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      log.write(chunk);
    });
  }

  const stop = async () => {
    if (!state.exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    }
    await new Promise((resolve) => log.end(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, state, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, output: () => output, stop };
}
