import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  STAMP_FILE,
  apiTarget,
  buildIfStale,
  checkTarget,
  inputFiles,
  webTarget,
  type Target,
} from './build-state.mjs';

/**
 * A small repository in a temporary directory: a source tree, a config, a lockfile, and a build that
 * writes its output from the sources (and counts its runs), so each case sees whether it ran.
 */
function fixture() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-build-state-'));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  };
  write('app/src/main.ts', 'export const a = 1;\n');
  write('app/src/lib/util.ts', 'export const b = 2;\n');
  write('app/src/main.test.ts', 'test\n');
  write('app/app.config.ts', 'export default {};\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('app/node_modules/dep/index.js', 'installed\n');
  let builds = 0;
  let fail = false;
  const target: Target = {
    name: 'fixture',
    root,
    output: 'app/dist',
    inputs: ['app', 'package-lock.json', 'missing.config.json'],
    env: (env) => ({ FIXTURE_MODE: env.FIXTURE_MODE ?? '' }),
    build: async () => {
      builds += 1;
      const dist = path.join(root, 'app/dist');
      fs.rmSync(dist, { recursive: true, force: true });
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.js'), fs.readFileSync(path.join(root, 'app/src/main.ts')));
      if (fail) {
        throw new Error('the build failed half-way');
      }
      fs.writeFileSync(path.join(dist, 'assets/chunk.js'), 'chunk\n');
    },
  };
  const env = { FIXTURE_MODE: 'a' };
  return {
    root,
    target,
    write,
    env,
    builds: () => builds,
    failNext: (value: boolean) => (fail = value),
    /** Runs the incremental build as `npm start` does; answers whether it built. */
    run: (options: { env?: NodeJS.ProcessEnv; force?: boolean } = {}) =>
      buildIfStale(target, { env, log: () => undefined, ...options }),
  };
}

describe('incremental build (scripts/build-state.mjs)', () => {
  let f: ReturnType<typeof fixture>;
  beforeEach(async () => {
    f = fixture();
    // The first build of a fresh clone: no stamp.
    expect(checkTarget(f.target, f.env)).toMatchObject({
      upToDate: false,
      reason: 'no hay una compilación terminada',
    });
    expect(await f.run()).toBe(true);
    expect(f.builds()).toBe(1);
  });
  afterEach(() => {
    fs.rmSync(f.root, { recursive: true, force: true });
  });

  it('skips the build when nothing changed, however often it is asked', async () => {
    expect(checkTarget(f.target, f.env).upToDate).toBe(true);
    expect(await f.run()).toBe(false);
    expect(await f.run()).toBe(false);
    expect(f.builds()).toBe(1);
    // Touching a file without changing it is not a change (content, not time).
    const file = path.join(f.root, 'app/src/main.ts');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(await f.run()).toBe(false);
  });

  it('rebuilds after a source file changes, and then is up to date again', async () => {
    f.write('app/src/lib/util.ts', 'export const b = 3;\n');
    expect(checkTarget(f.target, f.env)).toMatchObject({
      upToDate: false,
      reason: 'cambiaron sus fuentes o su configuración',
    });
    expect(await f.run()).toBe(true);
    expect(f.builds()).toBe(2);
    expect(await f.run()).toBe(false);
  });

  it('rebuilds after a source file is added, removed or renamed', async () => {
    f.write('app/src/new.ts', 'export {};\n');
    expect(await f.run()).toBe(true);
    fs.rmSync(path.join(f.root, 'app/src/new.ts'));
    expect(await f.run()).toBe(true);
    fs.renameSync(path.join(f.root, 'app/src/lib/util.ts'), path.join(f.root, 'app/src/lib/util2.ts'));
    expect(await f.run()).toBe(true);
    expect(f.builds()).toBe(4);
  });

  it('rebuilds after the lockfile, a config or an optional config that appears changes', async () => {
    f.write('package-lock.json', '{"lockfileVersion":3,"packages":{}}\n');
    expect(await f.run()).toBe(true);
    f.write('app/app.config.ts', 'export default { minify: false };\n');
    expect(await f.run()).toBe(true);
    f.write('missing.config.json', '{}\n');
    expect(await f.run()).toBe(true);
    expect(f.builds()).toBe(4);
  });

  it('rebuilds when a variable that changes the output changes, not for any other variable', async () => {
    expect(await f.run({ env: { ...f.env, UNRELATED: 'x' } })).toBe(false);
    expect(await f.run({ env: { FIXTURE_MODE: 'b' } })).toBe(true);
    expect(f.builds()).toBe(2);
  });

  it('rebuilds when the output directory is deleted, or one of its files is deleted or changed', async () => {
    fs.rmSync(path.join(f.root, 'app/dist'), { recursive: true });
    expect(checkTarget(f.target, f.env).upToDate).toBe(false);
    expect(await f.run()).toBe(true);
    fs.rmSync(path.join(f.root, 'app/dist/assets/chunk.js'));
    expect(checkTarget(f.target, f.env)).toMatchObject({
      upToDate: false,
      reason: 'falta app/dist/assets/chunk.js',
    });
    expect(await f.run()).toBe(true);
    fs.writeFileSync(path.join(f.root, 'app/dist/index.js'), '');
    expect(checkTarget(f.target, f.env)).toMatchObject({
      upToDate: false,
      reason: 'app/dist/index.js cambió',
    });
    expect(await f.run()).toBe(true);
    expect(f.builds()).toBe(4);
    expect(fs.readFileSync(path.join(f.root, 'app/dist/index.js'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('never takes a failed (partial) build as current: the next run builds again', async () => {
    f.write('app/src/main.ts', 'export const a = 2;\n');
    f.failNext(true);
    await expect(f.run()).rejects.toThrow('half-way');
    expect(fs.existsSync(path.join(f.root, 'app/dist', STAMP_FILE))).toBe(false);
    // Even with the sources put back as they were when the last good build ran.
    f.write('app/src/main.ts', 'export const a = 1;\n');
    expect(checkTarget(f.target, f.env).upToDate).toBe(false);
    f.failNext(false);
    expect(await f.run()).toBe(true);
    expect(await f.run()).toBe(false);
  });

  it('does not rebuild for test files, installed packages or its own output', async () => {
    f.write('app/src/main.test.ts', 'another test\n');
    f.write('app/node_modules/dep/index.js', 'reinstalled\n');
    f.write('app/app.config.ts.timestamp-1764236100000-3f2a9c1d.mjs', 'export default {};\n');
    expect(await f.run()).toBe(false);
    expect(inputFiles(f.target)).toEqual([
      'app/app.config.ts',
      'app/src/lib/util.ts',
      'app/src/main.ts',
      'package-lock.json',
    ]);
  });

  it('builds when forced', async () => {
    expect(await f.run({ force: true })).toBe(true);
    expect(f.builds()).toBe(2);
  });
});

describe("the repository's two builds", () => {
  it('hash the sources, configs and lockfile each build reads, and nothing it writes', () => {
    const web = inputFiles(webTarget);
    expect(web).toEqual(
      expect.arrayContaining([
        'apps/web/index.html',
        'apps/web/vite.config.ts',
        'apps/web/package.json',
        'apps/web/src/main.tsx',
        'packages/contracts/src/index.ts',
        'packages/contracts/package.json',
        'package.json',
        'package-lock.json',
        'tsconfig.base.json',
        'scripts/build-state.mjs',
      ]),
    );
    const api = inputFiles(apiTarget);
    expect(api).toEqual(
      expect.arrayContaining([
        'apps/api/build.ts',
        'apps/api/package.json',
        'apps/api/src/server.ts',
        'apps/api/src/db/migrations/meta/_journal.json',
        'apps/api/src/lib/common-passwords.txt',
        'packages/contracts/src/index.ts',
        'package-lock.json',
      ]),
    );
    for (const file of [...web, ...api]) {
      expect(file).not.toMatch(/(^|\/)(node_modules|dist)\/|\.test\.tsx?$/);
    }
    // The API's build does not read the web app, nor the web's the API.
    expect(api.some((file) => file.startsWith('apps/web/'))).toBe(false);
    expect(web.some((file) => file.startsWith('apps/api/'))).toBe(false);
  });

  it("takes NODE_ENV and Vite's VITE_ variables into the web app's hash only", () => {
    const env = { NODE_ENV: 'production', VITE_X: '1', DATABASE_URL: 'postgres://x', PORT: '1' };
    expect(webTarget.env(env)).toEqual({ NODE_ENV: 'production', VITE_X: '1' });
    expect(apiTarget.env(env)).toEqual({});
  });
});
