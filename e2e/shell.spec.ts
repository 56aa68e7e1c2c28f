import { test, expect, loginThroughDialog } from './fixtures';

test.describe('shell and routes', () => {
  test("an unknown path shows the not-found page and 'Regresar' goes home", async ({ page, server }) => {
    await page.goto('/esta/ruta/no-existe');
    await expect(page.getByText('Ups, esta pagina no existe...')).toBeVisible();
    await page.getByRole('link', { name: 'Regresar' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByText('Ups, esta pagina no existe...')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();
  });

  test('/index.html redirects to /', async ({ page, server }) => {
    await page.goto('/index.html');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();
  });

  test('a deep link loads on its own: an invalid recovery link says so', async ({ page }) => {
    await page.goto('/password-recovery/este-token-no-existe-0123456789');
    await expect(
      page.getByText('Parece que el token expiró, para continuar vuelva a solicitar cambio de contraseña.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Volver al home' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();
  });

  test('a page the visitor may not open sends them to /', async ({ page, server, demo }) => {
    await page.goto('/usuarios');
    await expect(page).toHaveURL(`${server.url}/`);

    await loginThroughDialog(page, demo.STUDENT.email, demo.STUDENT.password);
    await page.goto('/escuelas');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();
  });

  test('the logo returns home', async ({ page, server }) => {
    await page.goto('/esta/ruta/no-existe');
    await page.getByRole('banner').getByRole('link', { name: 'Fics' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
  });
});
