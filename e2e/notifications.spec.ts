import AxeBuilder from '@axe-core/playwright';
import { test, expect, loginThroughDialog } from './fixtures';
import { apiSession } from './support/setup';
import { evaluateThroughApi, newClass, sentStory, waitForApp } from './support/social';

/**
 * In-app notifications (issue 19.4), at a phone's and a desktop's width: a student is signed in while
 * their teacher evaluates and publishes their fic; the bell counts both without a reload (the poll),
 * the panel and /notificaciones list them, and 'Marcar todas como leídas' clears the badge.
 */

const storyText = '<p>La marea trajo una botella con un mapa adentro.</p>';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the student's bell counts an evaluation and a publication without reloading, at ${viewport.width} px`, async ({
    page,
    request,
    demo,
    mailbox,
    server,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      school: 'Escuela Avisos',
      teacher: 'Marta Avisos Docente',
      students: ['Julián Campana Soto'],
    });
    const student = world.students[0]!;
    const title = `La botella ${viewport.width}`;
    const storyId = await sentStory(request, student, { title: title, text: storyText });

    await page.goto('/');
    await waitForApp(page);
    await loginThroughDialog(page, student.email, student.password);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();

    // The teacher evaluates and publishes (elsewhere); the student's page is not reloaded.
    const teacher = await apiSession(request, world.teacher.email, world.teacher.password);
    await evaluateThroughApi(teacher, storyId, 'Muy buen comienzo.');
    await expect(banner.getByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeVisible({
      timeout: 5_000,
    });
    await teacher.call('PATCH', `/stories/${storyId}`, { publicationStatus: 'PUBLISHED' });
    const bell = banner.getByRole('button', { name: 'Notificaciones: 2 sin leer' });
    await expect(bell).toBeVisible({ timeout: 5_000 });
    await expect(bell).toContainText('2');

    // The panel: newest first, each a link to where it happened.
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    const latest = panel.getByRole('list', { name: 'Últimas notificaciones' }).getByRole('link');
    await expect(latest).toHaveCount(2);
    await expect(latest.nth(0)).toContainText(`Tu fic «${title}» fue publicada`);
    await expect(latest.nth(0)).toHaveAttribute('href', `/fics/${storyId}`);
    await expect(latest.nth(1)).toContainText(`Tu fic «${title}» fue evaluada: 3 puntos`);
    await expect(latest.nth(1)).toHaveAttribute('href', `/fics/${storyId}/revision`);
    // The panel fits the screen.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: testInfo.outputPath(`bell-panel-${viewport.width}.png`) });
    // axe on the open panel (the route sweep in a11y.spec.ts covers the page).
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    // 'Ver todas': the page lists them.
    await panel.getByRole('link', { name: 'Ver todas' }).click();
    await expect(page).toHaveURL(`${server.url}/notificaciones`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Tus notificaciones' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('2 notificaciones, 2 sin leer')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`page-${viewport.width}.png`), fullPage: true });

    // 'Marcar todas como leídas' clears the badge.
    await page.getByRole('main').getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect(banner.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
    await expect(page.getByText('2 notificaciones, 0 sin leer')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('button', { name: 'Marcar todas como leídas' }),
    ).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // Opening one leads to the fic.
    await list.getByRole('link').first().click();
    await expect(page).toHaveURL(`${server.url}/fics/${storyId}`);
  });
}

/**
 * Notes on passages (issue 20): a teacher notes a passage of a signed-in student's fic; the student's
 * bell counts it and its link opens the fic's page, where notes show. The student answers; the
 * teacher's notification of the answer opens the review page.
 */
test('a note reaches the author, and the author’s answer its writer, each linked to their page', async ({
  page,
  browser,
  request,
  demo,
  mailbox,
  server,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
  const world = await newClass(request, mailbox, admin, {
    school: 'Escuela Notas',
    teacher: 'Marta Notas Docente',
    students: ['Julián Margen Soto'],
  });
  const student = world.students[0]!;
  const title = 'La botella anotada';
  const storyId = await sentStory(request, student, { title, text: storyText });

  await page.goto('/');
  await waitForApp(page);
  await loginThroughDialog(page, student.email, student.password);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();

  // The plain text is 'La marea trajo una botella con un mapa adentro.': 'una botella' at 15.
  const teacher = await apiSession(request, world.teacher.email, world.teacher.password);
  const { annotation } = await teacher.call<{ annotation: { _id: string } }>(
    'POST',
    `/stories/${storyId}/annotations`,
    {
      quote: { exact: 'una botella', prefix: 'La marea trajo ', suffix: ' con un mapa adentro.' },
      position: { start: 15, end: 26 },
      text: '¿De qué color era?',
    },
  );
  const bell = banner.getByRole('button', { name: 'Notificaciones: 1 sin leer' });
  await expect(bell).toBeVisible({ timeout: 5_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notificaciones' });
  const latest = panel.getByRole('list', { name: 'Últimas notificaciones' }).getByRole('link');
  await expect(latest.first()).toContainText(`Marta Notas Docente dejó una nota en tu fic «${title}»`);
  await expect(latest.first()).toHaveAttribute('href', `/fics/${storyId}`);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: testInfo.outputPath('note-bell-author-390.png') });
  await latest.first().click();
  await expect(page).toHaveURL(`${server.url}/fics/${storyId}`);

  // The author answers (through the API: the notes' screens have their own tests).
  const author = await apiSession(request, student.email, student.password);
  await author.call('POST', `/annotations/${annotation._id}/replies`, { text: 'Verde' });
  const teacherContext = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
  const teacherPage = await teacherContext.newPage();
  await teacherPage.goto('/');
  await waitForApp(teacherPage);
  await loginThroughDialog(teacherPage, world.teacher.email, world.teacher.password);
  await teacherPage.goto('/notificaciones');
  const told = teacherPage
    .getByRole('list', { name: 'Tus notificaciones' })
    .getByRole('link', { name: new RegExp(`Julián Margen Soto respondió tu nota en «${title}»`) });
  await expect(told).toHaveAttribute('href', `/fics/${storyId}/revision`);
  await teacherPage.screenshot({
    path: testInfo.outputPath('note-answered-teacher-1280.png'),
    fullPage: true,
  });
  await told.click();
  await expect(teacherPage).toHaveURL(`${server.url}/fics/${storyId}/revision`);
  await teacherContext.close();
});
