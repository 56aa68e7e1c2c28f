import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (apt-get install -y chromium), or CHROME_PATH; Playwright never downloads a browser here. */
const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Each worker runs its own server (fresh database, demo data) and browser. One worker leaves about
  // a third of two cores idle (it waits on the page, the server and the browser in turn); two on a
  // quiet 2-core machine ran the 85 tests in 9.0 minutes against 12.6 (a measure taken while the
  // machine was busy with other work had said the opposite).
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // On a loaded machine a long test takes longer than alone. The limit ends a hang; the
  // expectations keep their own 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/summary-reporter.ts']],
  use: {
    ...devices['Desktop Chrome'],
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    // A click or a fill that cannot happen (its element gone for good) fails in 30 s, not at the
    // test's limit (a held click once waited 6 minutes); the expectations keep their 10 s.
    actionTimeout: 30_000,
    // A trace records every test's screenshots and DOM as it runs: comment-moderation, moderation and
    // activity-moderation took 220 s with it and 149 s without. CI keeps only its log, so it records
    // none; a local run keeps the failures' traces.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
