import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The API's import boundaries (issue 19.2). The first part runs eslint.config.js's boundary rules
 * through ESLint's Node API on snippets placed at real paths: a forbidden import must fail
 * `npm run lint` (and so CI), an allowed one must pass. The second reads every import of the API's
 * source with TypeScript's own scanner and checks the graph of modules has no cycle: each arrow
 * points one way, so a module's entry can be read without the modules above it.
 */
const apiSrc = import.meta.dirname;
const repoRoot = path.resolve(apiSrc, '../../..');
const boundaryRules = new Set(['no-restricted-imports', 'no-restricted-syntax', 'no-restricted-properties']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: repoRoot,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
  });
});

/** The boundary errors ESLint reports for `code` saved as `file` (a path under apps/api/src). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(apiSrc, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const inComments = 'modules/comments/sample.service.ts';

describe('API module boundaries (eslint.config.js)', () => {
  it.each([
    ["import { findStoryRow } from '../stories/story-view';", 'another module’s internals'],
    ["import type { StoryRelation } from '../stories/story-status';", 'a type from them'],
    ["export { recordActivity } from '../tracking/record';", 'a re-export of them'],
    ["export const load = () => import('../mail/templates');", 'a lazy import'],
    ["import { es } from '../../../../web/src/locales/es';", 'the web app’s source'],
  ])('refuses %s (%s)', async (code) => {
    const found = await violations(inComments, `${code}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/public entry|never imports the web/);
  });

  it.each([
    "import { storyVisibleTo } from '../stories';",
    "import { emitEvent } from '../events/index';",
    "import { commentView } from './comment-view';",
    "import { AppError } from '../../lib/errors';",
    "import { comments } from '../../db/schema';",
    "import { commentMessages } from '@fics/contracts';",
  ])('lets a module import %s', async (code) => {
    expect(await violations(inComments, `${code}\n`)).toEqual([]);
  });

  it('lets tests and fixtures use another module’s fixtures, and nothing else of it', async () => {
    const test = 'modules/comments/sample.test.ts';
    expect(await violations(test, "import { createStory } from '../stories/stories.fixtures';\n")).toEqual(
      [],
    );
    expect(await violations(test, "import { findStoryRow } from '../stories/story-view';\n")).toHaveLength(1);
    expect(
      await violations(inComments, "import { createStory } from '../stories/stories.fixtures';\n"),
    ).toHaveLength(1);
  });

  it('refuses module mocks in API tests, whose files share their worker’s modules (isolate: false)', async () => {
    const test = 'modules/web-shell/sample.test.ts';
    for (const call of [
      "vi.mock('../stories/gallery.service')",
      "vi.doMock('./home')",
      'vi.resetModules()',
    ]) {
      const found = await violations(test, `import { vi } from 'vitest';\n${call};\n`);
      expect(found, call).toHaveLength(1);
      expect(found[0]).toMatch(/share their worker's modules/);
    }
    expect(await violations(test, "import { vi } from 'vitest';\nvi.useFakeTimers();\n")).toEqual([]);
  });

  it('keeps lib/, db/ and plugins/ below the modules, and the app on their entries', async () => {
    expect(
      await violations('lib/sample.ts', "import { emitEvent } from '../modules/events';\n"),
    ).toHaveLength(1);
    expect(
      await violations(
        'plugins/sample.ts',
        "import { MailDispatcher } from '../modules/mail/dispatcher.service';\n",
      ),
    ).toHaveLength(1);
    expect(await violations('app.ts', "import { storiesRoutes } from './modules/stories';\n")).toEqual([]);
    expect(
      await violations('app.ts', "import { storiesRoutes } from './modules/stories/stories.routes';\n"),
    ).toHaveLength(1);
  });
});

/** Every .ts file under `dir` that is not a test. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && file.endsWith('.ts') && !/\.(test|fixtures)\.ts$/.test(file) ? [file] : [];
  });
}

/** The module a file belongs to (modules/<name>/…), or null for the app's other code. */
function moduleOf(file: string): string | null {
  const relative = path.relative(path.join(apiSrc, 'modules'), file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
}

/** Module → the modules its (non-test) source imports. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(path.join(apiSrc, 'modules'))) {
    const from = moduleOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName.startsWith('.')) {
        const to = moduleOf(path.resolve(path.dirname(file), fileName));
        if (to && to !== from) {
          edges.add(to);
        }
      }
    }
  }
  return graph;
}

/** A cycle of the graph as a path ['a', 'b', 'a'], or null (depth-first search with colours). */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        return [...trail.slice(trail.indexOf(next)), next];
      }
      const found = state.has(next) ? null : visit(next);
      if (found) {
        return found;
      }
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const found = state.has(node) ? null : visit(node);
    if (found) {
      return found;
    }
  }
  return null;
}

describe('the API module graph', () => {
  it('has no cycle', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeNull();
  });

  it('would see one (the check is not vacuous)', () => {
    const graph = new Map([
      ['stories', new Set(['events'])],
      ['events', new Set<string>()],
      ['comments', new Set(['stories', 'tracking'])],
      ['tracking', new Set(['comments'])],
    ]);
    expect(findCycle(graph)).toEqual(['comments', 'tracking', 'comments']);
  });

  it('names no module from lib/, db/ or plugins/', () => {
    const below = ['lib', 'db', 'plugins'].flatMap((dir) =>
      sourceFiles(path.join(apiSrc, dir)).filter((file) => !file.includes(`${path.sep}seed${path.sep}`)),
    );
    const upward = below.filter((file) =>
      ts
        .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
        .importedFiles.some(({ fileName }) => /(^|\/)modules(\/|$)/.test(fileName)),
    );
    expect(upward.map((file) => path.relative(apiSrc, file))).toEqual([]);
  });
});
