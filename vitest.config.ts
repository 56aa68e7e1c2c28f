import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The web app's tests in two projects: those that mock a module run each file in a fresh module
    // graph (apps/web/vitest.config.ts explains).
    projects: [
      'packages/contracts',
      'apps/api',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.mocks.config.ts',
      'scripts',
    ],
    // Vitest 4 runs (not watches) with one worker fewer than the cores: one worker on a two-core
    // machine such as CI's, which leaves a core idle whenever a test waits on its database or
    // server. Every test file has its own database (a copy of the template), app and ports, so
    // files run side by side safely: a worker per core.
    maxWorkers: '100%',
  },
});
