import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, loginThroughDialog } from './fixtures';
import { apiSession, createSchoolWithGrade, uniqueTag, type ApiSession } from './support/setup';

/*
 * 500 students would push the users other specs look for off the first page of /usuarios. A worker
 * fixture of its own gives this file a different fixture set, so Playwright runs it in a worker of
 * its own, with its own server and database.
 */
const test = base.extend<object, { ownServer: true }>({
  ownServer: [true, { scope: 'worker' }],
});

const STUDENTS = 500;
const firstNames = [
  'Agustín',
  'Amanda',
  'Benjamín',
  'Catalina',
  'Diego',
  'Emilia',
  'Florencia',
  'Gaspar',
  'Isidora',
  'Joaquín',
  'Josefa',
  'Lucas',
  'Martina',
  'Matías',
  'Renata',
  'Sofía',
  'Tomás',
  'Trinidad',
  'Valentina',
  'Vicente',
];
const lastNames = [
  'Araya',
  'Bravo',
  'Castro',
  'Contreras',
  'Díaz',
  'Espinoza',
  'Fuentes',
  'González',
  'Herrera',
  'Jara',
  'López',
  'Morales',
  'Muñoz',
  'Núñez',
  'Olivares',
  'Pizarro',
  'Reyes',
  'Rojas',
  'Sepúlveda',
  'Silva',
  'Soto',
  'Tapia',
  'Valenzuela',
  'Vega',
  'Zúñiga',
];
const accented = 'Ñandú Pérez';

const formatCount = (value: number) => new Intl.NumberFormat('es-CL').format(value);

interface UsersPage {
  docs: { name: string; email: string }[];
  totalDocs: number;
}

/** The API's own answer, to check the screen against (what the list shows is the API's order). */
async function usersPage(admin: ApiSession, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return (await admin.call<{ users: UsersPage }>('GET', `/users?${search}`)).users;
}

let tag = '';
let admin: ApiSession;
let request: APIRequestContext;

test.beforeAll(async ({ playwright, server, demo }) => {
  test.setTimeout(120_000);
  tag = uniqueTag();
  request = await playwright.request.newContext({ baseURL: server.url });
  admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
  const school = await createSchoolWithGrade(admin, { name: `Colegio Paginado ${tag}` });
  // Every e-mail holds 'paginado': searching it lists exactly these 500.
  const users = firstNames.flatMap((first) =>
    lastNames.map((last) => ({
      name: `${first} ${last}`,
      email:
        `paginado.${first}.${last}.${tag}`
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase() + '@fics.test',
    })),
  );
  users[users.length - 1] = { name: accented, email: `paginado.nandu.${tag}@fics.test` };
  expect(users).toHaveLength(STUDENTS);
  const { summary } = await admin.call<{ summary: { usersCreated: number; usersErrors: unknown[] } }>(
    'POST',
    '/users/bulk',
    { role: await admin.roleId('STUDENT'), collegeId: school.collegeId, gradeId: school.gradeId, users },
  );
  expect(summary).toEqual({ usersCreated: STUDENTS, usersErrors: [] });
});

test.afterAll(async () => {
  await request?.dispose();
});

/** The names on the table's rows, in order. */
const rowNames = (page: Page) =>
  page.getByRole('table', { name: 'Usuarios' }).locator('tbody tr td:first-child');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar por nombre o email' });
const pageControls = (page: Page) => page.getByRole('navigation', { name: 'Páginas de usuarios' });

test.describe('the user list, 500 students at a time', () => {
  test('an administrator pages through and searches the list; a reload and the back button keep page and search', async ({
    page,
    demo,
    server,
  }) => {
    await page.goto('/');
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    await page.goto('/usuarios');

    // Everyone, 50 a page, in the API's order.
    const everyone = await usersPage(admin, { page: 1 });
    expect(everyone.totalDocs).toBeGreaterThan(STUDENTS);
    const total = formatCount(everyone.totalDocs);
    await expect(pageControls(page)).toContainText(`1–50 de ${total}`);
    await expect(page.getByText(`${total} usuarios`, { exact: true })).toBeVisible();
    await expect(rowNames(page)).toHaveText(everyone.docs.map((user) => user.name));

    await pageControls(page).getByRole('button', { name: 'Página siguiente' }).click();
    await expect(page).toHaveURL(`${server.url}/usuarios?page=2`);
    await expect(pageControls(page)).toContainText(`51–100 de ${total}`);
    const second = await usersPage(admin, { page: 2 });
    await expect(rowNames(page)).toHaveText(second.docs.map((user) => user.name));

    const lastPage = Math.ceil(everyone.totalDocs / 50);
    await pageControls(page).getByRole('button', { name: 'Última página' }).click();
    await expect(page).toHaveURL(`${server.url}/usuarios?page=${lastPage}`);
    await expect(pageControls(page)).toContainText(
      `${formatCount((lastPage - 1) * 50 + 1)}–${total} de ${total}`,
    );
    await expect(pageControls(page).getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    // A search that matches the 500 starts again on its first page.
    await searchBox(page).fill('PAGINADO');
    await expect(page).toHaveURL(`${server.url}/usuarios?search=PAGINADO`);
    await expect(pageControls(page)).toContainText('1–50 de 500');
    await pageControls(page).getByRole('button', { name: 'Página siguiente' }).click();
    await pageControls(page).getByRole('button', { name: 'Página siguiente' }).click();
    await expect(page).toHaveURL(`${server.url}/usuarios?search=PAGINADO&page=3`);
    await expect(pageControls(page)).toContainText('101–150 de 500');
    const third = (await usersPage(admin, { search: 'paginado', page: 3 })).docs.map((user) => user.name);
    await expect(rowNames(page)).toHaveText(third);

    // A reload keeps the search and the page.
    await page.reload();
    await expect(searchBox(page)).toHaveValue('PAGINADO');
    await expect(pageControls(page)).toContainText('101–150 de 500');
    await expect(rowNames(page)).toHaveText(third);

    // The export takes the search, not the page.
    const [exportRequest] = await Promise.all([
      page.waitForRequest((req) => new URL(req.url()).pathname === '/api/v1/users/export'),
      page.getByRole('button', { name: 'Descargar data' }).click(),
    ]);
    expect(Object.fromEntries(new URL(exportRequest.url()).searchParams)).toEqual({ search: 'PAGINADO' });

    // Accents and case do not matter: 'nandu perez' finds 'Ñandú Pérez'.
    await searchBox(page).fill('nandu perez');
    await expect(page).toHaveURL(`${server.url}/usuarios?search=nandu+perez`);
    await expect(rowNames(page)).toHaveText([accented]);
    await expect(page.getByText('1 usuario', { exact: true })).toBeVisible();

    // Back returns to the previous search, on the page it was on.
    await page.goBack();
    await expect(page).toHaveURL(`${server.url}/usuarios?search=PAGINADO&page=3`);
    await expect(searchBox(page)).toHaveValue('PAGINADO');
    await expect(rowNames(page)).toHaveText(third);

    // A search that matches nothing says so.
    await searchBox(page).fill(`nadie ${tag}`);
    await expect(page.getByText('No se encontraron usuarios')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page).toHaveURL(`${server.url}/usuarios`);
    await expect(pageControls(page)).toContainText(`1–50 de ${total}`);
  });

  test("on a phone the list grows by 50 with 'Ver más', and a search starts it again", async ({
    page,
    demo,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    await page.goto('/usuarios?search=paginado');

    const cards = page.getByRole('list', { name: 'Usuarios' }).getByRole('listitem');
    await expect(page.getByText('Mostrando 50 de 500')).toBeVisible();
    await expect(cards).toHaveCount(50);
    await expect(page.getByRole('table')).toHaveCount(0);
    const first = (await usersPage(admin, { search: 'paginado', page: 1 })).docs[0]!.name;
    const fiftyFirst = (await usersPage(admin, { search: 'paginado', page: 2 })).docs[0]!.name;

    await page.getByRole('button', { name: 'Ver más' }).click();
    await expect(page.getByText('Mostrando 100 de 500')).toBeVisible();
    await expect(cards).toHaveCount(100);
    await expect(cards.first()).toContainText(first);
    await expect(cards.nth(50)).toContainText(fiftyFirst);

    await searchBox(page).fill('ñandu PEREZ');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(accented);
    await expect(page.getByText('Mostrando 1 de 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ver más' })).toHaveCount(0);
  });
});
