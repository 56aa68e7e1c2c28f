import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, loginThroughDialog } from './fixtures';
import { apiSession } from './support/setup';
import { evaluateThroughApi, newClass, sentStory, waitForApp } from './support/social';

/**
 * 'Cambios' (issue 20.3), at a phone's and a desktop's width: a student's fic is sent, evaluated,
 * corrected and sent again; the teacher opens 'Cambios' on the review page, the author on their
 * fic's page, and both see the words the student added and removed between the two rounds.
 */

const storyText = '<p>La marea trajo una botella verde con un mapa adentro.</p><p>Nadie la abrió.</p>';

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A new class whose student's fic was sent, evaluated, corrected and sent again (two rounds). */
async function ficSentTwice(
  request: APIRequestContext,
  mailbox: Parameters<typeof newClass>[1],
  demo: { ADMIN: { email: string; password: string } },
  names: { school: string; teacher: string; student: string; title: string },
) {
  const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
  const world = await newClass(request, mailbox, admin, {
    school: names.school,
    teacher: names.teacher,
    students: [names.student],
  });
  const student = world.students[0]!;
  const storyId = await sentStory(request, student, { title: names.title, text: storyText });

  // Evaluated, corrected (one word removed, two added, a sentence rewritten) and sent again.
  const teacher = await apiSession(request, world.teacher.email, world.teacher.password);
  await evaluateThroughApi(teacher, storyId, 'Cuéntanos quién la encontró.');
  const author = await apiSession(request, student.email, student.password);
  await author.call('PATCH', `/stories/${storyId}`, {
    text: '<p>La marea trajo una botella con un mapa antiguo adentro.</p><p>Un pescador la abrió.</p>',
  });
  await author.call('PATCH', `/stories/${storyId}`, { draft: false, publicationStatus: 'REVIEWING' });
  return { world, student, storyId };
}

/** Opens 'Cambios' on the page shown and checks the two rounds' changes, the layout and axe. */
async function seeChanges(page: Page, viewport: { width: number }, screenshot: string) {
  await page.getByRole('button', { name: 'Cambios' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambios entre rondas' });
  await expect(dialog.getByRole('combobox', { name: 'Ronda anterior' })).toContainText('Ronda 1');
  await expect(dialog.getByRole('combobox', { name: 'Ronda posterior' })).toContainText('Ronda 2');

  const added = dialog.locator('ins');
  const removed = dialog.locator('del');
  await expect(added.filter({ hasText: 'antiguo' })).toHaveCount(1);
  await expect(added.filter({ hasText: 'pescador' })).toHaveCount(1);
  await expect(removed.filter({ hasText: 'verde' })).toHaveCount(1);
  await expect(removed.filter({ hasText: 'Nadie' })).toHaveCount(1);
  // Screen readers hear what each change is.
  await expect(added.first()).toContainText('Agregado:');
  await expect(removed.first()).toContainText('Eliminado:');
  await expect(dialog.getByText('Leyenda:')).toBeVisible();

  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: screenshot });
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
}

for (const viewport of viewports) {
  test(`the teacher sees what changed between two rounds of a fic, at ${viewport.width} px`, async ({
    page,
    request,
    demo,
    mailbox,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const { world, storyId } = await ficSentTwice(request, mailbox, demo, {
      school: 'Escuela Rondas',
      teacher: 'Marta Rondas Docente',
      student: 'Julián Marea Soto',
      title: `La botella ${viewport.width}`,
    });

    await page.goto('/');
    await waitForApp(page);
    await loginThroughDialog(page, world.teacher.email, world.teacher.password);
    await page.goto(`/fics/${storyId}/revision`);
    await seeChanges(page, viewport, testInfo.outputPath(`cambios-${viewport.width}.png`));
  });

  test(`the author sees what changed between their two rounds from their fic's page, at ${viewport.width} px`, async ({
    page,
    request,
    demo,
    mailbox,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const { student, storyId } = await ficSentTwice(request, mailbox, demo, {
      school: 'Escuela Mareas',
      teacher: 'Rosa Mareas Docente',
      student: 'Inés Orilla Vega',
      title: `El mapa ${viewport.width}`,
    });

    await page.goto('/');
    await waitForApp(page);
    await loginThroughDialog(page, student.email, student.password);
    // Their fic's page (under review again), where 'Cambios' is among the fic's actions.
    await page.goto(`/fics/${storyId}`);
    await seeChanges(page, viewport, testInfo.outputPath(`cambios-autor-${viewport.width}.png`));
  });
}
