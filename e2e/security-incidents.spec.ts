import type { Page } from '@playwright/test';
import { test, expect, loginThroughDialog, openAccountMenu } from './fixtures';
import { uniqueTag } from './support/setup';
import { waitForApp } from './support/social';

/**
 * The register of security incidents (issue 22.6; Ley 21.719 arts. 14 quinquies and sexies), at a
 * phone's and a desktop's width: an administrator opens 'Incidentes de seguridad' from the menu,
 * records an incident involving children's data, sees the warning that the people were not told,
 * then records that they and the Agencia were told and closes it.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A moment `hoursAgo` before now as a datetime-local input takes it, in Santiago (the context's zone). */
function localInput(hoursAgo: number): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(Date.now() - hoursAgo * 3600_000));
  return parts.replace(' ', 'T');
}

const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((an) => an.finished.catch(() => undefined))));

const warning = 'Hay datos de niños, niñas o adolescentes y aún no se avisó a las personas afectadas';

for (const viewport of viewports) {
  test(`an administrator records an incident with children's data, tells the people and the Agency and closes it, at ${viewport.width} px`, async ({
    browser,
    demo,
    server,
  }, testInfo) => {
    test.slow();
    const context = await browser.newContext({
      baseURL: server.url,
      viewport,
      locale: 'es-CL',
      timezoneId: 'America/Santiago',
    });
    const page = await context.newPage();
    await page.goto('/');
    await waitForApp(page);
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Incidentes de seguridad' }).click();
    await expect(page).toHaveURL(/\/incidentes-seguridad$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Incidentes de seguridad' })).toBeVisible();

    // Record it: a class list seen through a public link, children's data, nobody told yet.
    const tag = uniqueTag();
    const description = `Una planilla con los nombres de 5° básico A quedó visible con un enlace público (${tag}).`;
    await page.getByRole('button', { name: 'Registrar incidente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar un incidente de seguridad' });
    await dialog.getByLabel(/Cuándo ocurrió/).fill(localInput(30));
    await dialog.getByLabel(/Cuándo se detectó/).fill(localInput(26));
    await dialog.getByRole('combobox', { name: /Tipo de incidente/ }).click();
    await page.getByRole('option', { name: 'Acceso o divulgación no autorizada' }).click();
    await dialog.getByRole('textbox', { name: /Qué pasó/ }).fill(description);
    await dialog.getByRole('checkbox', { name: /Identificación/ }).check();
    await dialog.getByRole('checkbox', { name: /Contacto/ }).check();
    await dialog.getByRole('checkbox', { name: 'Hay datos de niños, niñas o adolescentes' }).check();
    await expect(dialog.getByText(warning)).toBeVisible();
    await dialog.getByRole('spinbutton', { name: /Número de personas afectadas/ }).fill('32');
    await dialog.getByRole('textbox', { name: /Quiénes/ }).fill('Estudiantes de 5° básico A');
    await dialog
      .getByRole('textbox', { name: /Medidas adoptadas/ })
      .fill('Se quitó el enlace público y se revisaron los accesos.');
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`registrar-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Incidente registrado')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('listitem').filter({ hasText: tag });
    await expect(card.getByRole('alert')).toContainText(warning);
    await expect(card).toContainText('Datos de niños, niñas o adolescentes');
    await expect(card).toContainText('Personas afectadas: 32 (Estudiantes de 5° básico A)');
    await expect(card).toContainText('Aviso a las personas afectadas: Aún no');
    await expect(card).toContainText('Registrado por');
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`advertencia-${viewport.width}.png`) });

    // The people and the Agency were told; then it is closed.
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar el incidente' });
    await edit.getByRole('checkbox', { name: 'Se avisó a las personas afectadas' }).check();
    await expect(edit.getByText(warning)).toBeHidden();
    await edit.getByLabel(/Cuándo se les avisó/).fill(localInput(20));
    await edit
      .getByRole('textbox', { name: /Cómo se les avisó/ })
      .fill('Email a cada apoderado y aviso en la plataforma');
    await edit.getByRole('checkbox', { name: /Se avisó a la Agencia/ }).check();
    await edit.getByLabel(/Cuándo se avisó a la Agencia/).fill(localInput(10));
    await edit.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Cerrado' }).click();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`editar-${viewport.width}.png`) });
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Incidente actualizado')).toBeVisible();
    await expect(edit).toBeHidden();

    // It left the open ones; under 'Cerrado' it shows both notices and no warning.
    await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveCount(0);
    await page.goto('/incidentes-seguridad?estado=CLOSED');
    const closed = page.getByRole('listitem').filter({ hasText: tag });
    await expect(closed).toContainText('Cerrado');
    await expect(closed).toContainText(/Aviso a las personas afectadas: Sí, el \d{2}-\d{2}-\d{4}/);
    await expect(closed).toContainText('(Email a cada apoderado y aviso en la plataforma)');
    await expect(closed).toContainText(/Aviso a la Agencia: Sí, el \d{2}-\d{2}-\d{4}/);
    await expect(closed.getByRole('alert')).toHaveCount(0);
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`cerrado-${viewport.width}.png`), fullPage: true });
    await context.close();
  });
}
