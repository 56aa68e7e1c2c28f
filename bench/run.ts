/**
 * Runs every `bench/*.bench.ts` (or those whose name contains one of the arguments:
 * `npm run bench -- bulk`). Each benchmark is a standalone script that prints its own results;
 * it runs in a process of its own so one benchmark's heap and timers do not skew the next.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

interface Outcome {
  file: string;
  seconds: number;
  code: number | null;
}

function runOne(file: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, file)], {
      cwd: path.resolve(benchDir, '..'),
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ file, seconds: (performance.now() - started) / 1000, code }));
  });
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  const files = fs
    .readdirSync(benchDir)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
    .sort();
  if (files.length === 0) {
    console.log(
      filters.length === 0
        ? 'No benchmarks found (bench/*.bench.ts).'
        : `No benchmark matches: ${filters.join(', ')}.`,
    );
    return 0;
  }
  const outcomes: Outcome[] = [];
  for (const file of files) {
    console.log(`\n=== ${file} ===`);
    outcomes.push(await runOne(file));
  }
  console.log('\nSummary');
  for (const { file, seconds, code } of outcomes) {
    console.log(`  ${code === 0 ? 'ok  ' : 'FAIL'}  ${file}  ${seconds.toFixed(1)} s`);
  }
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}

process.exitCode = await main();
