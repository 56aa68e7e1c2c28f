import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // On a loaded machine a test takes several times its time alone. The limit is there to end a
    // test that hangs, not to judge speed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph instead of importing the app
    // afresh for each (about 7 s of the 131 files' 9 s each went to imports: the PostgreSQL run took
    // 254 s instead of about 600). Safe because nothing a file builds outlives it: each builds its
    // own app on its own database (test/helpers.ts), the API's module-level caches are keyed by that
    // app's database (WeakMaps), and no API test mocks a module (vi.mock would leak into the files
    // after it; a failure is made real instead, as web-shell.test.ts does).
    isolate: false,
  },
});
