/**
 * The home page as a cheap phone sees it (issue 9 point 8): Lighthouse's mobile run (a Moto G
 * Power's screen, 4x slower CPU, slow 4G, simulated) against `/` of a fresh compiled server
 * (compiled-server.ts: apps/api/dist/server.js in a new DATA_DIR, so the demo content seeds itself
 * and the home shows its 12 cards, as after `npm start`) — three
 * times, with the median of each figure checked against the goals:
 *
 *   performance score ≥ 95, largest contentful paint < 2 s, cumulative layout shift < 0.05,
 *   initial JavaScript ≤ 170 kB (the entry and the app it starts, first-visit.ts, as transferred).
 *
 * Builds nothing: run `npm run build` first. Drives Debian's Chromium (/usr/bin/chromium, or
 * CHROME_PATH). Exits 1 when a median misses its goal.
 *
 *   npm run lighthouse -w @fics/bench        (or: node --import tsx bench/lighthouse.ts [--runs=5])
 *
 * LIGHTHOUSE_SAVE=<folder> also writes each run's report (run-N.json) and trace (trace-N.json) there,
 * to see which requests and tasks a figure is made of.
 *
 * Lighthouse is not one of the project's dependencies: with its Sentry, OpenTelemetry, Puppeteer and
 * trace packages it was about 12,000 of the 97,000 files every `npm install` unpacked (issue 23 point
 * 3: a fresh clone starts in under a minute), for a report that bench/phone.bench.ts has replaced in
 * CI. The first run of this script installs the pinned version below into its own folder,
 * node_modules/.cache/fics-lighthouse (outside the workspace's lockfile; `rm -rf` it to reinstall).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firstVisitFiles } from './first-visit';
import {
  freePort,
  median,
  missingBuild,
  startCompiledServer,
  stop,
  waitFor,
  webDist,
} from './compiled-server';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const runs = Number(/^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 3);

const goals = { score: 95, lcpMs: 2000, cls: 0.05, initialJsKb: 170 };

interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  siMs: number;
  initialJsKb: number;
  totalJsKb: number;
}

interface Audit {
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

/** The part of Lighthouse's Node API (`lighthouse(url, flags)`) this script uses. */
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<
  | {
      lhr: {
        runtimeError?: { code: string; message: string };
        audits: Record<string, unknown>;
        categories: Record<string, { score: number | null } | undefined>;
      };
      artifacts: unknown;
    }
  | undefined
>;

/** The version the issue 9 figures in the README were measured with. */
const LIGHTHOUSE_PACKAGE = 'lighthouse@12.8.2';

/** Lighthouse from its own folder, installed there from the npm registry on the first run. */
async function loadLighthouse(): Promise<Lighthouse> {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const folder = path.join(repoRoot, 'node_modules/.cache/fics-lighthouse');
  const entry = path.join(folder, 'node_modules/lighthouse/core/index.js');
  if (!fs.existsSync(entry)) {
    console.log(
      `Installing ${LIGHTHOUSE_PACKAGE} into ${path.relative(repoRoot, folder)} (first run only)...`,
    );
    fs.mkdirSync(folder, { recursive: true });
    // third-party-web held at 0.27.0, as architecture.md §2 says: later versions need Node 22.
    fs.writeFileSync(
      path.join(folder, 'package.json'),
      `${JSON.stringify({ private: true, overrides: { 'third-party-web': '0.27.0' } }, null, 2)}\n`,
    );
    execFileSync(
      'npm',
      ['install', '--prefix', folder, '--no-audit', '--no-fund', '--save-exact', LIGHTHOUSE_PACKAGE],
      { stdio: 'inherit' },
    );
  }
  return ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
}

async function main(): Promise<number> {
  const missing = missingBuild();
  if (missing) {
    console.error(missing);
    return 1;
  }
  if (!fs.existsSync(chromePath)) {
    console.error(`No browser at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH.`);
    return 1;
  }
  // The scripts a first visit loads: the entry, what index.html links and the app it starts.
  const initialScripts = new Set(
    firstVisitFiles(webDist)
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/${file}`),
  );

  const lighthouse = await loadLighthouse();
  const started = Date.now();
  const server = await startCompiledServer();
  const { url, home } = server;
  const cards = (home.match(/<article class="fx-card">/g) ?? []).length;
  console.log(
    `Server ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${url}; the home paints ${cards} cards.`,
  );

  const debugPort = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-lighthouse-chrome-'));
  let chrome: ChildProcess | undefined;
  try {
    chrome = spawn(
      chromePath,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-default-browser-check',
        `--user-data-dir=${profile}`,
        `--remote-debugging-port=${debugPort}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).ok,
      'chromium',
      chrome,
      30_000,
    );

    const figures: RunFigures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const result = await lighthouse(`${url}/`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) {
        throw new Error('Lighthouse returned nothing');
      }
      const { lhr } = result;
      if (process.env.LIGHTHOUSE_SAVE) {
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `run-${run}.json`), JSON.stringify(lhr));
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        fs.writeFileSync(
          path.join(process.env.LIGHTHOUSE_SAVE, `trace-${run}.json`),
          JSON.stringify(trace ?? null),
        );
      }
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const audit = (id: string) => lhr.audits[id] as Audit;
      const value = (id: string) => audit(id).numericValue ?? Number.NaN;
      const scripts = (audit('network-requests').details?.items ?? []).filter(
        (item) => item.resourceType === 'Script',
      );
      const kb = (items: Record<string, unknown>[]) =>
        items.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0) / 1024;
      const initial = scripts.filter((item) => initialScripts.has(new URL(String(item.url)).pathname));
      const one: RunFigures = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        cls: value('cumulative-layout-shift'),
        tbtMs: value('total-blocking-time'),
        siMs: value('speed-index'),
        initialJsKb: kb(initial),
        totalJsKb: kb(scripts),
      };
      figures.push(one);
      console.log(
        `run ${run}: performance ${one.score}, FCP ${(one.fcpMs / 1000).toFixed(2)} s, LCP ${(one.lcpMs / 1000).toFixed(2)} s, ` +
          `CLS ${one.cls.toFixed(3)}, TBT ${Math.round(one.tbtMs)} ms, SI ${(one.siMs / 1000).toFixed(2)} s, ` +
          `JS ${one.initialJsKb.toFixed(1)} kB initial (${initial.length} files) / ${one.totalJsKb.toFixed(1)} kB in all`,
      );
    }

    const m = (key: keyof RunFigures) => median(figures.map((f) => f[key]));
    const spread = (key: keyof RunFigures) => {
      const values = figures.map((f) => f[key]);
      return Math.max(...values) - Math.min(...values);
    };
    console.log(
      `median of ${runs}: performance ${m('score')} (spread ${spread('score')}), FCP ${(m('fcpMs') / 1000).toFixed(2)} s, ` +
        `LCP ${(m('lcpMs') / 1000).toFixed(2)} s (spread ${(spread('lcpMs') / 1000).toFixed(2)}), CLS ${m('cls').toFixed(3)}, ` +
        `TBT ${Math.round(m('tbtMs'))} ms (spread ${Math.round(spread('tbtMs'))}), SI ${(m('siMs') / 1000).toFixed(2)} s, ` +
        `JS ${m('initialJsKb').toFixed(1)} kB initial / ${m('totalJsKb').toFixed(1)} kB in all`,
    );

    const misses = [
      m('score') < goals.score && `performance ${m('score')} < ${goals.score}`,
      m('lcpMs') >= goals.lcpMs && `LCP ${m('lcpMs').toFixed(0)} ms ≥ ${goals.lcpMs} ms`,
      m('cls') >= goals.cls && `CLS ${m('cls').toFixed(3)} ≥ ${goals.cls}`,
      m('initialJsKb') > goals.initialJsKb &&
        `initial JS ${m('initialJsKb').toFixed(1)} kB > ${goals.initialJsKb} kB`,
      cards !== 12 && `the home painted ${cards} cards, not the demo's 12`,
    ].filter((miss): miss is string => typeof miss === 'string');
    if (misses.length > 0) {
      console.log(`FAIL: ${misses.join('; ')}`);
      return 1;
    }
    console.log(
      `Goals met: performance ≥ ${goals.score}, LCP < ${goals.lcpMs / 1000} s, CLS < ${goals.cls}, initial JS ≤ ${goals.initialJsKb} kB.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(server.output().slice(-4000));
    return 1;
  } finally {
    if (chrome) {
      await stop(chrome);
    }
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

process.exitCode = await main();
