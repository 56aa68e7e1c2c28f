import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';
import type { Mailbox } from './mailbox';

/**
 * Helpers shared by the specs of schools, users, bulk import and profile. Setup a test needs but does
 * not exercise (a school to import into, a teacher to log in as) goes through the API; what a test
 * checks goes through the screens.
 */

let counter = 0;

/** A short tag that makes names and e-mails unique across tests, workers and runs. */
export function uniqueTag(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/** A password the server accepts (8 to 64 characters, not a common one). */
export const testPassword = (tag: string) => `Clave-e2e-${tag}`;

export type RoleName = 'ADMIN' | 'TEACHER' | 'STUDENT';

export interface ApiSession {
  /** Calls /api/v1<path> with the session's bearer token and checks the status. */
  call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    data?: unknown,
    status?: number,
  ): Promise<T>;
  roleId(name: RoleName): Promise<string>;
}

/** Logs in through the API (no browser) and returns a way to call it as that user. */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<ApiSession> {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  let roles: { _id: string; name: RoleName }[] | null = null;
  const call = async <T>(method: string, path: string, data?: unknown, status?: number): Promise<T> => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers, data });
    const body = await res.text();
    if (status === undefined) {
      expect(res.ok(), `${method} ${path}: ${res.status()} ${body}`).toBe(true);
    } else {
      expect(res.status(), `${method} ${path}: ${body}`).toBe(status);
    }
    return (body ? JSON.parse(body) : undefined) as T;
  };
  return {
    call,
    async roleId(name) {
      roles ??= (await call<{ roles: { _id: string; name: RoleName }[] }>('GET', '/roles')).roles;
      const role = roles.find((r) => r.name === name);
      if (!role) {
        throw new Error(`No existe el rol ${name}`);
      }
      return role._id;
    },
  };
}

export interface SchoolSetup {
  collegeId: string;
  gradeId: string;
  name: string;
  /** How the screens show the grade: level, cycle and name ('Sexto Básico C'). */
  gradeLabel: string;
}

/** Creates a school (with region and commune) and one grade in it. */
export async function createSchoolWithGrade(
  admin: ApiSession,
  options: {
    name: string;
    region?: string | null;
    zone?: string | null;
    grade?: { cicle: string; level: string; name: string };
  },
): Promise<SchoolSetup> {
  const grade = options.grade ?? { cicle: 'Básico', level: 'Sexto', name: 'C' };
  const { college } = await admin.call<{ college: { _id: string } }>('POST', '/colleges', {
    name: options.name,
    region: options.region === undefined ? 'Valparaíso' : options.region,
    zone: options.zone === undefined ? 'Viña del Mar' : options.zone,
  });
  const created = await admin.call<{ grade: { _id: string } }>(
    'POST',
    `/colleges/${college._id}/grades`,
    grade,
  );
  return {
    collegeId: college._id,
    gradeId: created.grade._id,
    name: options.name,
    gradeLabel: `${grade.level} ${grade.cicle} ${grade.name}`,
  };
}

/** Adds another grade to a school made by createSchoolWithGrade. */
export async function addGrade(
  admin: ApiSession,
  school: SchoolSetup,
  grade: { cicle: string; level: string; name: string },
): Promise<SchoolSetup> {
  const created = await admin.call<{ grade: { _id: string } }>(
    'POST',
    `/colleges/${school.collegeId}/grades`,
    grade,
  );
  return { ...school, gradeId: created.grade._id, gradeLabel: `${grade.level} ${grade.cicle} ${grade.name}` };
}

/**
 * Creates an account (the server e-mails it an invitation) and returns its id. `school` is one
 * school and grade, or for a teacher several (grades of one school given as several entries).
 */
export async function createUser(
  admin: ApiSession,
  options: {
    name: string;
    email: string;
    role: RoleName;
    school?: SchoolSetup | SchoolSetup[];
    /** A student's; 16 by default, who needs no guardian's consent (issue 22.5). Null: unknown. */
    birthYear?: number | null;
  },
): Promise<string> {
  const memberships = options.school === undefined ? [] : [options.school].flat();
  const birthYear =
    options.role !== 'STUDENT'
      ? undefined
      : options.birthYear === undefined
        ? new Date().getFullYear() - 16
        : options.birthYear;
  const { user } = await admin.call<{ user: { _id: string } }>(
    'POST',
    '/users',
    {
      name: options.name,
      email: options.email,
      role: await admin.roleId(options.role),
      collegeId: [...new Set(memberships.map((m) => m.collegeId))],
      gradeId: memberships.map((m) => m.gradeId),
      ...(birthYear === undefined ? {} : { birthYear }),
    },
    201,
  );
  return user._id;
}

/** The invitation link ('Fics: activa tu cuenta') the server e-mailed to `email`. */
export async function invitationLink(mailbox: Mailbox, email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, { subject: 'activa tu cuenta' });
  const link = mail.links.find((l) => l.includes('/password-recovery/'));
  expect(link, mail.text).toBeDefined();
  return link!;
}

/** Sets an invited account's password through the API, with the token of its invitation e-mail. */
export async function activateAccount(
  request: APIRequestContext,
  mailbox: Mailbox,
  email: string,
  password: string,
): Promise<void> {
  const link = await invitationLink(mailbox, email);
  const token = decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
  const res = await request.patch('/api/v1/auth/setPassword', {
    data: { token, password, confirmationPassword: password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the invitation link in the page and creates the password as the invited person would. */
export async function acceptInvitationInPage(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(password);
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
  // As a user sees it before sending: the strength estimate (its dictionaries load on this page).
  await expect(page.getByRole('meter', { name: 'Seguridad de la contraseña' })).toBeVisible();
  await page.getByRole('button', { name: 'Crear contraseña' }).click();
  await expect(
    page.getByText('Cambio de contraseña exitoso, ya puede ingresar a la plataforma'),
  ).toBeVisible();
}

/** Picks `option` in the MUI select or autocomplete labelled `label` inside `scope`. */
export async function chooseOption(scope: Page | Locator, label: string, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Clicks `trigger`, waits for the file the page hands to the browser, and parses it as a workbook. */
export async function downloadWorkbook(
  page: Page,
  trigger: Locator,
): Promise<{ filename: string; workbook: XLSX.WorkBook }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { filename: download.suggestedFilename(), workbook: await readWorkbook(download) };
}

async function readWorkbook(download: Download): Promise<XLSX.WorkBook> {
  const file = await download.path();
  return XLSX.read(fs.readFileSync(file), { type: 'buffer' });
}

/** A sheet's rows as arrays of cell texts (the header row first). */
export function sheetRows(workbook: XLSX.WorkBook, sheetName: string): string[][] {
  const sheet = workbook.Sheets[sheetName];
  expect(sheet, `la hoja ${sheetName} no existe`).toBeDefined();
  return XLSX.utils.sheet_to_json<string[]>(sheet!, { header: 1, raw: false, defval: '' });
}

/** An .xlsx file with one sheet of these rows (the first being the header), as Playwright upload data. */
export function xlsxFile(name: string, rows: (string | number)[][]) {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Estudiantes');
  const buffer = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  };
}
