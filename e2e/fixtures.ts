import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startMailbox, type Mailbox } from './support/mailbox';
import { startServer, type RunningServer } from './support/server';
import { waitForApp } from './support/social';

export type RoleName = 'ADMIN' | 'TEACHER' | 'STUDENT';

/** One entry of `<DATA_DIR>/demo-accounts.json`, written by the server's demo seed. */
export interface DemoAccount {
  role: RoleName;
  name: string;
  email: string;
  password: string;
}

export interface WorkerFixtures {
  mailbox: Mailbox;
  server: RunningServer;
  /** The demo accounts the server created on its fresh database, by role. */
  demo: Record<RoleName, DemoAccount>;
}

function readDemoAccounts(dataDir: string): Record<RoleName, DemoAccount> {
  const file = path.join(dataDir, 'demo-accounts.json');
  const { accounts } = JSON.parse(fs.readFileSync(file, 'utf8')) as { accounts: DemoAccount[] };
  const byRole = (role: RoleName) => {
    const account = accounts.find((a) => a.role === role);
    if (!account) {
      throw new Error(`${file} no tiene una cuenta ${role}`);
    }
    return account;
  };
  return { ADMIN: byRole('ADMIN'), TEACHER: byRole('TEACHER'), STUDENT: byRole('STUDENT') };
}

/**
 * Each Playwright worker gets its own capturing SMTP server and its own real Fics server on a fresh
 * database with demo data; every test's `page` opens on that server (`baseURL`).
 */
export const test = base.extend<object, WorkerFixtures>({
  mailbox: [
    // Playwright reads a fixture's dependencies from this destructuring: it must be an object pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mailbox }, use, workerInfo) => {
      const server = await startServer({
        smtpUrl: mailbox.url,
        logFile: path.join(workerInfo.project.outputDir, `server-${workerInfo.workerIndex}.log`),
      });
      await use(server);
      await server.stop();
    },
    // Start-up migrates and seeds a fresh embedded database: allow for a slow machine.
    { scope: 'worker', timeout: 240_000 },
  ],
  demo: [async ({ server }, use) => use(readDemoAccounts(server.dataDir)), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect };

/** Logs in through the header's 'Ingresar' dialog and waits for the account menu button. */
export async function loginThroughDialog(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();
}

/** Opens the home page, waits for the app to take it over, and logs in through the header's dialog. */
export async function loginFromHome(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await waitForApp(page);
  await loginThroughDialog(page, email, password);
}

/** Opens the account menu and returns it. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}
