import type { Browser, Page } from '@playwright/test';
import { test, expect, loginThroughDialog, openAccountMenu } from './fixtures';
import { uniqueTag } from './support/setup';
import { waitForApp } from './support/social';

/**
 * Requests under Ley 21.719 (issue 22.3), at a phone's and a desktop's width: a parent without an
 * account files one under the privacy policy of /terminos-condiciones, confirms it from the e-mail's
 * link, and an administrator answers it from 'Solicitudes de datos' (the answer e-mailed with the
 * notice of art. 11); a student files one from /perfil and sees it in 'Mis solicitudes'.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function signedIn(
  browser: Browser,
  baseURL: string,
  viewport: (typeof viewports)[number],
  email: string,
  password: string,
) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
  });
  const page = await context.newPage();
  await page.goto('/');
  await waitForApp(page);
  await loginThroughDialog(page, email, password);
  return { page, close: () => context.close() };
}

const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((an) => an.finished.catch(() => undefined))));

for (const viewport of viewports) {
  test(`a parent files a request on /terminos-condiciones, confirms it by e-mail and an administrator answers it, at ${viewport.width} px`, async ({
    page,
    browser,
    demo,
    mailbox,
    server,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const email = `apoderada-${uniqueTag()}@fics.test`;
    const detail = `Quiero que borren los datos de mi hija Emilia, Quinto Básico A (${viewport.width})`;

    await page.goto('/terminos-condiciones?tab=privacidad');
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: 'Cómo ejercer tus derechos' })).toBeVisible();
    const form = page.getByRole('region', { name: 'Ejercer tus derechos sin cuenta' });
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('radio', { name: /Supresión/ }).check();
    await form.getByRole('textbox', { name: /Cuéntanos qué necesitas/ }).fill(detail);
    await form.getByRole('textbox', { name: /Tu email/ }).fill(email);
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(form.getByText('Revisa tu correo para confirmar')).toBeVisible();
    await settle(page);
    await form.screenshot({ path: testInfo.outputPath(`publico-enviada-${viewport.width}.png`) });

    // The link in the e-mail confirms it (with a click on the page it opens).
    const mail = await mailbox.waitFor(email, { subject: 'confirma tu solicitud' });
    const link = mail.links.find((l) => l.includes('confirmar='));
    expect(link, mail.text).toBeDefined();
    await page.goto(link!);
    const confirm = page.getByRole('region', { name: 'Confirmar tu solicitud' });
    await confirm.getByRole('button', { name: 'Confirmar solicitud' }).click();
    await expect(confirm.getByText(/Confirmamos tu solicitud/)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`confirmada-${viewport.width}.png`) });
    // The link works once.
    await page.goto(link!);
    await page.getByRole('button', { name: 'Confirmar solicitud' }).click();
    await expect(page.getByText(/El enlace no es válido, ya se usó o venció/)).toBeVisible();

    // The administrator: 'Solicitudes de datos' in the menu, the request with its due date, 'Responder'.
    const admin = await signedIn(browser, server.url, viewport, demo.ADMIN.email, demo.ADMIN.password);
    const menu = await openAccountMenu(admin.page);
    await menu.getByRole('menuitem', { name: 'Solicitudes de datos' }).click();
    await expect(admin.page).toHaveURL(/\/solicitudes-datos$/);
    const item = admin.page.getByRole('listitem').filter({ hasText: email });
    await expect(item).toContainText('Supresión');
    await expect(item).toContainText('Sin cuenta (apoderada/o)');
    await expect(item).toContainText(/Plazo: \d{2}-\d{2}-\d{4}/);
    await settle(admin.page);
    await admin.page.screenshot({ path: testInfo.outputPath(`cola-${viewport.width}.png`), fullPage: true });
    await item.getByRole('button', { name: 'Responder' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Responder la solicitud' });
    await dialog.getByRole('radio', { name: 'Resuelta' }).check();
    const answer = 'Borramos los datos de Emilia de la plataforma; te enviamos el detalle por este medio.';
    await dialog.getByRole('textbox', { name: /Respuesta para la persona/ }).fill(answer);
    await settle(admin.page);
    await admin.page.screenshot({ path: testInfo.outputPath(`responder-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(admin.page.getByText('Respuesta enviada')).toBeVisible();
    await expect(dialog).toBeHidden();
    // It left the open ones; under 'Respondida' it shows with its answer.
    await expect(admin.page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
    await admin.page.goto('/solicitudes-datos?estado=DONE');
    await expect(admin.page.getByRole('listitem').filter({ hasText: email })).toContainText(answer);
    await admin.close();

    const answered = await mailbox.waitFor(email, { subject: 'respondimos tu solicitud' });
    expect(answered.text).toContain(answer);
    expect(answered.text).toContain('Agencia de Protección de Datos Personales dentro de 30 días hábiles');
  });

  test(`a student files a request from /perfil and sees it with its due date, at ${viewport.width} px`, async ({
    browser,
    demo,
    server,
  }, testInfo) => {
    const student = await signedIn(browser, server.url, viewport, demo.STUDENT.email, demo.STUDENT.password);
    const { page } = student;
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Ejercer mis derechos' });
    await section.scrollIntoViewIfNeeded();
    await expect(
      section.getByText('Recibir tus datos y tus fics en un archivo que puedas llevar a otro lugar.'),
    ).toBeVisible();
    await expect(section.getByRole('textbox', { name: /Tu email/ })).toHaveCount(0);
    await section.getByRole('radio', { name: /Acceso/ }).check();
    const detail = `Quiero una copia de todo lo que guardan de mí (${viewport.width} px)`;
    await section.getByRole('textbox', { name: /Cuéntanos qué necesitas/ }).fill(detail);
    await section.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(section.getByText(/Recibimos tu solicitud/)).toBeVisible();
    const mine = section.getByRole('list', { name: 'Mis solicitudes sobre datos personales' });
    const item = mine.getByRole('listitem').filter({ hasText: detail });
    await expect(item).toContainText('Pendiente');
    await expect(item).toContainText(/Plazo: \d{2}-\d{2}-\d{4}/);
    await settle(page);
    await section.screenshot({ path: testInfo.outputPath(`perfil-derechos-${viewport.width}.png`) });
    await student.close();
  });
}
