import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { test, expect, loginFromHome, openAccountMenu } from './fixtures';
import { apiSession } from './support/setup';
import { commentThroughApi, commentsSection, newClass, publishedStory, type Account } from './support/social';

/**
 * Reports and the moderation queue (issue 21.1-3, 21.7), at a phone's and a desktop's width: three
 * students report a classmate's comment (two through the API, the third through 'Reportar'), it
 * vanishes for another classmate and shows 'En revisión' to its writer; the teacher opens 'Reportes',
 * sees it in context and removes it with a note; the reporter's bell tells the outcome, without names.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function signedInPage(
  browser: Browser,
  baseURL: string,
  viewport: (typeof viewports)[number],
  account: Account,
) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await loginFromHome(page, account.email, account.password);
  return { page, close: () => context.close() };
}

const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((an) => an.finished.catch(() => undefined))));

async function seriousViolations(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

for (const viewport of viewports) {
  test(`three reports hide a comment until the teacher removes it from 'Reportes', at ${viewport.width} px`, async ({
    page,
    browser,
    request,
    demo,
    mailbox,
    server,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      school: 'Escuela Reportes',
      teacher: 'Inés Reporte Docente',
      students: [
        'Amanda Faro Ríos',
        'Carlos Burla Soto',
        'Diana Uno Lagos',
        'Elena Dos Pino',
        'Felipe Tres Mar',
      ],
    });
    const [author, writer, r1, r2, r3] = world.students as [Account, Account, Account, Account, Account];
    const title = `La ballena azul ${viewport.width}`;
    const storyId = await publishedStory(request, world, author, {
      title,
      text: '<p>Una ballena azul cantaba bajo el muelle cada noche.</p>',
    });
    const writerSession = await apiSession(request, writer.email, writer.password);
    const words = 'Tu fic es horrible y tú también';
    const commentId = await commentThroughApi(writerSession, storyId, `<p>${words}</p>`);

    // Two classmates report it through the API…
    for (const reporter of [r1, r2]) {
      const session = await apiSession(request, reporter.email, reporter.password);
      await session.call(
        'POST',
        '/reports',
        { target: 'COMMENT', targetId: commentId, reason: 'HARASSMENT' },
        201,
      );
    }

    // …and the third through 'Reportar' on the fic's page.
    await loginFromHome(page, r3.email, r3.password);
    await page.goto(`/fics/${storyId}`);
    const section = commentsSection(page);
    const comment = section.getByRole('article', { name: writer.name });
    await expect(comment).toContainText(words);
    await comment.getByRole('button', { name: `Reportar el comentario de ${writer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reportar comentario' });
    await expect(dialog.getByRole('radio')).toHaveCount(7);
    await dialog.getByRole('radio', { name: 'Otro' }).check();
    await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(dialog.getByText('Cuéntanos qué pasa', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Detalle/ }).fill('Le dice cosas feas a mi compañera');
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath(`reportar-dialogo-${viewport.width}.png`) });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(page.getByText('Gracias por avisarnos. Lo revisaremos pronto')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Hidden now: gone for the reporter too once the page reads again.
    await page.reload();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(commentsSection(page).getByText(words)).toHaveCount(0);

    // A classmate (the fic's author) no longer sees it; its writer sees it 'En revisión'.
    const classmate = await signedInPage(browser, server.url, viewport, author);
    await classmate.page.goto(`/fics/${storyId}`);
    await expect(commentsSection(classmate.page).getByText('No hay comentarios')).toBeVisible();
    await classmate.close();
    const writerPage = await signedInPage(browser, server.url, viewport, writer);
    await writerPage.page.goto(`/fics/${storyId}`);
    const own = commentsSection(writerPage.page).getByRole('article', { name: writer.name });
    await expect(own).toContainText(words);
    await expect(own.getByText('En revisión')).toBeVisible();
    await writerPage.close();

    // The teacher opens 'Reportes' from the menu and sees the case in context.
    const teacher = await signedInPage(browser, server.url, viewport, world.teacher);
    const menu = await openAccountMenu(teacher.page);
    await menu.getByRole('menuitem', { name: 'Reportes' }).click();
    await expect(teacher.page).toHaveURL(`${server.url}/reportes`);
    await expect(teacher.page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
    const card = teacher.page.getByRole('article').filter({ hasText: words });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/fics/${storyId}#comentarios`,
    );
    await expect(card).toContainText('Lo reportaron 3 personas');
    await expect(card).toContainText('Acoso o bullying (2)');
    await expect(card).toContainText('Otro (1)');
    await expect(card).toContainText('Le dice cosas feas a mi compañera');
    await expect(card).toContainText(`Escrito por ${writer.name}`);
    // No reporter's name anywhere on the case.
    for (const reporter of [r1, r2, r3]) {
      await expect(card).not.toContainText(reporter.name);
    }
    await settle(teacher.page);
    await teacher.page.screenshot({
      path: testInfo.outputPath(`reportes-${viewport.width}.png`),
      fullPage: true,
    });
    expect(await seriousViolations(teacher.page, 'main')).toEqual([]);
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

    await card.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = teacher.page.getByRole('dialog', { name: '¿Eliminar este contenido?' });
    await confirm.getByRole('textbox', { name: 'Nota (opcional)' }).fill('No se insulta a los compañeros');
    await settle(teacher.page);
    await teacher.page.screenshot({ path: testInfo.outputPath(`reportes-eliminar-${viewport.width}.png`) });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(
      teacher.page.getByText('Se eliminó el contenido y se avisó a quien lo escribió'),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    // Out of the pending list; under 'Eliminado' with who and when.
    await expect(teacher.page.getByText('No hay reportes')).toBeVisible();
    await teacher.page.goto('/reportes?status=REMOVED');
    const decided = teacher.page.getByRole('article').filter({ hasText: words });
    await expect(decided).toContainText(`Eliminado por ${world.teacher.name} el`);
    await expect(decided).toContainText('Nota: No se insulta a los compañeros');
    await expect(decided.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await teacher.close();

    // The reporter's bell tells the outcome, without names (the poll brings it in).
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notificaciones: 1 sin leer/ });
    await expect(bell).toBeVisible({ timeout: 10_000 });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect(panel).toContainText(`Revisamos el comentario`);
    await expect(panel).toContainText('que reportaste: fue eliminado');
    await expect(panel).not.toContainText(writer.name);
  });
}
