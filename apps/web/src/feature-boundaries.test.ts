import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import boundaries of eslint.config.js, run through ESLint's Node API on snippets placed at
 * real paths of the web app: a forbidden import must fail `npm run lint` (and so CI), an allowed one
 * must pass. Only the two boundary rules run, without type information, so this takes seconds.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const boundaryRules = new Set(['no-restricted-imports', 'no-restricted-syntax']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: repoRoot,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
  });
});

/** The boundary errors ESLint reports for `code` saved as `file` (a path under apps/web/src). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const inColleges = 'features/colleges/components/Sample.tsx';

describe('feature boundaries (eslint.config.js)', () => {
  it.each([
    ["import { useSession } from '../../auth/api';", 'another feature’s api.ts'],
    ["import { LoginDialog } from '../../auth/components/LoginDialog';", 'another feature’s component'],
    ["import type { UserFilters } from '../../users/api';", 'a type from another feature’s internals'],
    ["import { useSession } from '../../../features/auth/api';", 'the same through features/'],
    ["export { useBulkImport } from '../../bulk-import/api';", 'a re-export of another feature’s internals'],
    ["export const load = () => import('../../bulk-import/components/BulkImportDialog');", 'a lazy import'],
    ["import { AppProviders } from '../../../app/providers';", 'the app shell'],
  ])('refuses %s (%s)', async (code) => {
    const found = await violations(inColleges, `${code}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/public entry|app shell/);
  });

  it.each([
    "import { useSession } from '../../auth';",
    "import { useSession } from '../../auth/index';",
    "export const load = () => import('../../bulk-import');",
    "import { useCollege } from '../api';",
    "import { GradeCard } from './GradeCards';",
    "import { useColleges, useRoles } from '../../../lib/resources';",
    "import { FormError } from '../../../components/FormError';",
    "import { collegeMessages } from '@fics/contracts';",
  ])('lets a feature import %s', async (code) => {
    expect(await violations(inColleges, `${code}\n`)).toEqual([]);
  });

  it('lets a feature’s tests render through the app shell, but not reach into another feature', async () => {
    const test = 'features/colleges/pages/Sample.test.tsx';
    expect(await violations(test, "import { AppProviders } from '../../../app/providers';\n")).toEqual([]);
    expect(await violations(test, "import { useSession } from '../../auth/api';\n")).toHaveLength(1);
  });

  it('keeps shared code (lib/, components/) free of features and of the app shell', async () => {
    expect(
      await violations('lib/resources/sample.ts', "import { useSession } from '../../features/auth';\n"),
    ).toHaveLength(1);
    expect(
      await violations('components/Sample.tsx', "export const load = () => import('../app/router');\n"),
    ).toHaveLength(1);
    expect(await violations('lib/sample.ts', "import { queryKeys } from './query-keys';\n")).toEqual([]);
  });

  it('lets the app shell import a feature’s public entry or its pages, not the rest', async () => {
    const file = 'app/layout/Sample.tsx';
    expect(await violations(file, "import { useSession } from '../../features/auth';\n")).toEqual([]);
    expect(
      await violations(file, "import { HomePage } from '../../features/home/pages/HomePage';\n"),
    ).toEqual([]);
    expect(await violations(file, "import { useSession } from '../../features/auth/api';\n")).toHaveLength(1);
  });
});
