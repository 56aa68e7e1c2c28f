// @ts-check
/**
 * Builds only what changed (issue 23 point 3, "start in seconds"): `npm start` and `npm run build`
 * rebuild the web app (Vite, apps/web/dist) or the API (esbuild, apps/api/dist) only when an input
 * of that output changed since its last successful build.
 *
 * Each output directory holds a stamp, `.fics-build.json`, written after its build succeeded: a
 * SHA-256 of every input file's path and content (the sources, the configs, the lockfile, this file's
 * own rules), of the environment that changes the output and of the Node.js version, beside the size
 * of every file the build wrote. An output is up to date only when its stamp's hash is the one the
 * inputs give now and every file it lists is there with its size: a changed, added or removed source
 * file, a changed lockfile or config, a deleted or truncated output file means a build. The stamp is
 * removed before a build starts (both builds also empty their directory), and the hash it records is
 * taken before the build reads the sources: an interrupted or failed build leaves no stamp, and a
 * file edited during a build makes the next check build again. A stale or partial output is never
 * taken as current.
 *
 * Plain JavaScript (type-checked, scripts/tsconfig.json), not TypeScript through tsx: it runs before
 * every `npm start`, and loading tsx alone costs about 0.3 s of CPU, a tenth of the start's budget.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The stamp's name inside each output directory (a dotfile: the static file server never lists it). */
export const STAMP_FILE = '.fics-build.json';

/**
 * @typedef {object} Target
 * @property {string} name What the messages call it.
 * @property {string} root Directory that input and output paths are relative to.
 * @property {string} output The output directory (holds the stamp).
 * @property {string[]} inputs Files and directories (walked recursively) that the build reads.
 * @property {(env: NodeJS.ProcessEnv) => Record<string, string>} env The variables that change the output.
 * @property {() => Promise<void>} build Writes the output; rejects when it fails.
 */

/** @typedef {{ inputs: string, outputs: Record<string, number> }} Stamp */
/** @typedef {{ upToDate: boolean, reason: string, hash: string }} Check */

/** Never inputs: installed packages, build outputs, VCS data. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results']);
/**
 * Test files: only vitest reads them; nothing a build bundles imports one (a bundler follows imports
 * from the entry points), so editing a test does not cost a 10 s web build.
 */
const TEST_FILE = /\.test\.tsx?$/;
/**
 * The bundled copy of vite.config.ts that Vite writes beside it while any build or dev server starts
 * (vite.config.ts.timestamp-<time>-<id>.mjs) and deletes right after: not a source, and seen
 * whenever a check runs during someone else's build.
 */
const VITE_CONFIG_COPY = /\.timestamp-[\w-]+\.mjs$/;

/**
 * Every input file of `target`, relative to its root, sorted (the hash does not depend on the order
 * in which the file system lists a directory).
 * @param {Target} target
 * @returns {string[]}
 */
export function inputFiles(target) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} rel */
  const walk = (rel) => {
    const full = path.join(target.root, rel);
    let stat;
    try {
      stat = fs.statSync(full);
    } catch {
      // A missing input (an optional config) is hashed as missing: its name is not in the list.
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full)) {
        if (!SKIPPED_DIRS.has(entry)) {
          walk(path.join(rel, entry));
        }
      }
    } else if (stat.isFile() && !TEST_FILE.test(rel) && !VITE_CONFIG_COPY.test(rel)) {
      files.push(rel.split(path.sep).join('/'));
    }
  };
  for (const input of target.inputs) {
    walk(input);
  }
  return [...new Set(files)].sort();
}

/**
 * The hash of everything the output depends on: each input file's path and content, the variables
 * that change it, and the Node.js version that runs the build.
 * @param {Target} target
 * @param {NodeJS.ProcessEnv} [env]
 */
export function inputsHash(target, env = process.env) {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\0env ${JSON.stringify(target.env(env))}\0`);
  for (const file of inputFiles(target)) {
    const content = fs.readFileSync(path.join(target.root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** @param {Target} target */
const stampPath = (target) => path.join(target.root, target.output, STAMP_FILE);

/**
 * The files under `dir` (relative paths) with their sizes, the stamp left out.
 * @param {string} dir
 * @returns {Record<string, number>}
 */
function listOutputs(dir) {
  /** @type {Record<string, number>} */
  const outputs = {};
  /** @param {string} rel */
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        walk(child);
      } else if (entry.isFile() && child !== STAMP_FILE) {
        outputs[child] = fs.statSync(path.join(dir, child)).size;
      }
    }
  };
  walk('');
  return outputs;
}

/**
 * Whether `target`'s output is there, complete and built from the inputs as they are now.
 * @param {Target} target
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Check}
 */
export function checkTarget(target, env = process.env) {
  const hash = inputsHash(target, env);
  /** @type {Stamp} */
  let stamp;
  try {
    /** @type {unknown} */
    const parsed = JSON.parse(fs.readFileSync(stampPath(target), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) {
      throw new Error('not a stamp');
    }
    stamp = /** @type {Stamp} */ (parsed);
  } catch {
    return { upToDate: false, reason: 'no hay una compilación terminada', hash };
  }
  if (stamp.inputs !== hash) {
    return { upToDate: false, reason: 'cambiaron sus fuentes o su configuración', hash };
  }
  const outputs = Object.entries(stamp.outputs ?? {});
  if (outputs.length === 0) {
    return { upToDate: false, reason: 'la compilación anterior no dejó archivos', hash };
  }
  const outputDir = path.join(target.root, target.output);
  for (const [file, size] of outputs) {
    let stat;
    try {
      stat = fs.statSync(path.join(outputDir, file));
    } catch {
      return { upToDate: false, reason: `falta ${target.output}/${file}`, hash };
    }
    if (!stat.isFile() || stat.size !== size) {
      return { upToDate: false, reason: `${target.output}/${file} cambió`, hash };
    }
  }
  return { upToDate: true, reason: 'al día', hash };
}

/**
 * Builds `target` unless it is up to date (or `force`). Answers whether it built.
 * @param {Target} target
 * @param {{ force?: boolean, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} [options]
 */
export async function buildIfStale(target, { force = false, env = process.env, log = console.log } = {}) {
  const check = checkTarget(target, env);
  if (check.upToDate && !force) {
    log(`${target.name}: al día, no se compila (${target.output})`);
    return false;
  }
  log(`${target.name}: se compila (${force ? 'forzado' : check.reason})`);
  // No stamp while the output is being replaced: a build that fails or is stopped leaves none.
  fs.rmSync(stampPath(target), { force: true });
  await target.build();
  const outputDir = path.join(target.root, target.output);
  const outputs = listOutputs(outputDir);
  if (Object.keys(outputs).length === 0) {
    throw new Error(`${target.name}: la compilación no escribió nada en ${target.output}`);
  }
  /** @type {Stamp} */
  const stamp = { inputs: check.hash, outputs };
  const temporary = `${stampPath(target)}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(stamp, null, 1)}\n`);
  fs.renameSync(temporary, stampPath(target));
  return true;
}

/**
 * Runs `npm run build -w <workspace>` from the repository root; rejects when it fails.
 * @param {string} workspace
 * @returns {Promise<void>}
 */
function npmBuild(workspace) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm run build -w ${workspace} falló (${signal ?? code})`)),
    );
  });
}

/** What both builds read besides their own sources: the shared package, the lockfile, the base config. */
const sharedInputs = [
  'packages/contracts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  // These rules: a change to what counts as an input rebuilds.
  'scripts/build-state.mjs',
];

/** @type {Target} */
export const webTarget = {
  name: 'aplicación web',
  root: repoRoot,
  output: 'apps/web/dist',
  // The whole package: index.html, public/, src/, vite.config.ts, package.json, a .env Vite reads.
  inputs: ['apps/web', ...sharedInputs],
  // Vite inlines NODE_ENV and every VITE_ variable into the bundle.
  env: (env) =>
    Object.fromEntries(
      Object.entries(env)
        .filter(([key]) => key === 'NODE_ENV' || key.startsWith('VITE_'))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => [key, value ?? '']),
    ),
  build: () => npmBuild('@fics/web'),
};

/** @type {Target} */
export const apiTarget = {
  name: 'API',
  root: repoRoot,
  output: 'apps/api/dist',
  // build.ts bundles src/ with the contracts and most npm dependencies (build.ts lists the others), and
  // copies the migrations and the common-passwords list.
  inputs: [
    'apps/api/src',
    'apps/api/build.ts',
    'apps/api/package.json',
    'apps/api/tsconfig.json',
    ...sharedInputs,
  ],
  // esbuild's output depends on the sources and build.ts alone.
  env: () => ({}),
  build: () => npmBuild('@fics/api'),
};

/** Both outputs, in the order `npm run build` has always built them. */
export const targets = [webTarget, apiTarget];

/**
 * Builds whatever is stale (everything with `force`), one after the other.
 * @param {{ force?: boolean }} [options]
 */
export async function buildAll({ force = false } = {}) {
  for (const target of targets) {
    await buildIfStale(target, { force });
  }
}
