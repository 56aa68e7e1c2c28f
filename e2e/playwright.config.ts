import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (apt-get install -y chromium), or CHROME_PATH; Playwright never downloads a browser here. */
const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Each worker runs its own server (fresh database, demo data) and browser, which between them keep
  // both cores busy: in CI one worker (two took longer on two cores, 21 to over 36 minutes against
  // 17, and long tests reached their limits).
  workers: process.env.CI ? 1 : 2,
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
