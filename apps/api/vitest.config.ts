import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // In CI this suite runs side by side with the other database's (.ci/run), two workers each on
    // two cores: a test takes about twice its time alone. The limit is there to end a test that
    // hangs, not to judge speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
