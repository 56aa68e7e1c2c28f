import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../config';

const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');

export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `node --import tsx apps/api/src/server.ts` as production would, with only the given environment. */
export function runServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'development', ...env },
  });
  let output = '';
  const keep = (chunk: string) => {
    output += chunk;
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits for pino's "Server listening at http://..." line and returns that address. */
export async function listeningAddress(server: RunningServer, timeoutMs = 90_000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
    if (match) {
      return new URL(match[1]!);
    }
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited early:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start in time:\n${server.output()}`);
}
