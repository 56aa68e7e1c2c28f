import fs from 'node:fs';
import path from 'node:path';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nAlias } from './vite.config';

const testFiles = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that mock a module (vi.mock, vi.doMock, vi.resetModules), found by reading them:
 * they run in a project of their own with each file in a fresh module graph
 * (vitest.mocks.config.ts, 'web (isolated)'), because in the 'web' project a worker's files share theirs and
 * a mock would leak into the files after it, or come too late.
 */
export const webFilesWithModuleMocks = fs
  .readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
  .filter((file) =>
    /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules)\(/.test(
      fs.readFileSync(path.join(import.meta.dirname, file), 'utf8'),
    ),
  )
  .sort();

/** The web project's settings, shared with vitest.mocks.config.ts. */
export const webProject = defineProject({
  plugins: [react()],
  resolve: { alias: [i18nAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: [testFiles],
    exclude: webFilesWithModuleMocks,
    // A worker runs its files one after another in one module graph and one jsdom instead of
    // setting both up for each (85 files: 330 s instead of 494 s on two cores). Each file still
    // gets the setup file (cleanup, localStorage) and renders through fresh providers.
    isolate: false,
    // On a loaded machine a test takes several times its time alone. The limit ends a test that hangs.
    testTimeout: 60_000,
  },
});

export default webProject;
