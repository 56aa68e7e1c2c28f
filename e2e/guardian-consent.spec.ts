import type { Page } from '@playwright/test';
import { test, expect, loginThroughDialog } from './fixtures';
import {
  activateAccount,
  apiSession,
  createSchoolWithGrade,
  createUser,
  testPassword,
  uniqueTag,
} from './support/setup';
import { publishedStory, waitForApp, type Account } from './support/social';

/**
 * A guardian's consent (issue 22.5, docs/decisions/privacy.md 'Consentimiento'), at a phone's and a
 * desktop's width: a student of 10 publishes a fic that a visitor cannot find; their teacher enters
 * the guardian's e-mail on the student's dialog ('Consentimiento del apoderado'); the guardian opens
 * the e-mailed link, without an account, reads the notice and accepts; the fic is then in the public
 * gallery.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((an) => an.finished.catch(() => undefined))));

for (const viewport of viewports) {
  test(`a teacher asks the guardian, who accepts through the e-mailed link, at ${viewport.width} px`, async ({
    page,
    browser,
    request,
    demo,
    mailbox,
    server,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const tag = uniqueTag();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const school = await createSchoolWithGrade(admin, { name: `Escuela Apoderados ${tag}` });
    const password = testPassword(tag);
    const account = async (
      name: string,
      role: 'TEACHER' | 'STUDENT',
      birthYear?: number,
    ): Promise<Account> => {
      const email = `${role === 'TEACHER' ? 'docente' : 'estudiante'}-consent-${tag}@fics.test`;
      const _id = await createUser(admin, { name, email, role, school, birthYear });
      await activateAccount(request, mailbox, email, password);
      return { _id, name, email, password };
    };
    const teacher = await account('Rosa Consentimiento Docente', 'TEACHER');
    const kid = await account('Tomás Pequeño Vidal', 'STUDENT', new Date().getFullYear() - 10);
    const world = { school, teacher, students: [kid] };
    const title = `El cometa ${tag}`;
    const storyId = await publishedStory(request, world, kid, {
      title,
      text: '<p>En el recreo encontramos una piedra que brillaba.</p>',
    });

    // Without consent: a visitor does not find it.
    expect((await request.get(`/api/v1/stories/${storyId}`)).status()).toBe(404);
    const search = `/?searchTitle=${encodeURIComponent(title)}`;
    await page.goto(search);
    await waitForApp(page);
    await expect(page.getByText('No se encontraron Fics con los criterios establecidos.')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

    // The teacher enters the guardian's e-mail on the student's dialog.
    await loginThroughDialog(page, teacher.email, teacher.password);
    await page.goto('/usuarios');
    const searchbox = page.getByRole('searchbox', { name: 'Buscar por nombre o email' });
    await searchbox.fill(kid.email);
    await searchbox.press('Enter');
    await page.getByRole('button', { name: `Editar a ${kid.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
    const section = dialog.getByRole('region', { name: 'Consentimiento del apoderado' });
    await expect(section.getByText('Falta pedirlo')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Año de nacimiento (opcional)' })).toHaveValue(
      String(new Date().getFullYear() - 10),
    );
    const guardian = `apoderado-${tag}-${viewport.width}@fics.test`;
    await section.getByRole('textbox', { name: 'Email del apoderado' }).fill('no es un email');
    await section.getByRole('button', { name: 'Enviar aviso' }).click();
    await expect(section.getByText('Ingresa un email válido para el apoderado')).toBeVisible();
    await section.getByRole('textbox', { name: 'Email del apoderado' }).fill(guardian);
    await section.getByRole('button', { name: 'Enviar aviso' }).click();
    await expect(page.getByText('Enviamos el aviso al apoderado')).toBeVisible();
    await expect(section.getByText('Esperando respuesta')).toBeVisible();
    await expect(section.getByText(`Apoderado: ${guardian}`)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`consentimiento-dialogo-${viewport.width}.png`) });

    // The guardian reads the mail and opens the link, without an account.
    const mail = await mailbox.waitFor(guardian, { subject: /consentimiento/ });
    expect(mail.text).toContain('Tomás');
    expect(mail.text).not.toContain('Vidal');
    const link = mail.links.find((l) => l.includes('/consentimiento/'));
    expect(link, mail.text).toMatch(new RegExp(`^${server.url}/consentimiento/[A-Za-z0-9_-]{43}$`));
    const guardianContext = await browser.newContext({ viewport });
    const guardianPage = await guardianContext.newPage();
    await guardianPage.goto(link!);
    await expect(
      guardianPage.getByRole('heading', {
        name: 'Consentimiento para mostrar el trabajo de un estudiante en Fics',
      }),
    ).toBeVisible();
    await expect(guardianPage.getByText(`Estudiante: Tomás, de ${school.name}`)).toBeVisible();
    await expect(guardianPage.getByText(/^Qué datos tratamos/)).toBeVisible();
    await guardianPage.screenshot({
      path: testInfo.outputPath(`consentimiento-aviso-${viewport.width}.png`),
      fullPage: true,
    });
    await guardianPage.getByRole('button', { name: 'Acepto', exact: true }).click();
    await expect(guardianPage.getByRole('status')).toHaveText('Gracias. Registramos que aceptas.');
    await expect(guardianPage.getByRole('button', { name: 'Retirar mi consentimiento' })).toBeVisible();
    await expect(guardianPage.getByRole('button', { name: 'Acepto', exact: true })).toHaveCount(0);
    await guardianPage.screenshot({
      path: testInfo.outputPath(`consentimiento-aceptado-${viewport.width}.png`),
    });
    await guardianContext.close();

    // The teacher sees it accepted; a visitor now finds the fic in the public gallery.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: `Editar a ${kid.name}` }).click();
    await expect(
      dialog.getByRole('region', { name: 'Consentimiento del apoderado' }).getByText('Aceptado'),
    ).toBeVisible();
    const visitor = await browser.newContext({ baseURL: server.url, viewport });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(search);
    await waitForApp(visitorPage);
    await expect(visitorPage.getByRole('heading', { name: title })).toBeVisible();
    await visitor.close();
  });
}
