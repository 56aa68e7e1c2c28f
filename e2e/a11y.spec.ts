import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, loginThroughDialog } from './fixtures';
import { apiSession } from './support/setup';
import {
  commentThroughApi,
  commentsSection,
  likeButton,
  newClass,
  publishedStory,
  waitForApp,
} from './support/social';

/**
 * Issue 9: axe finds no serious or critical violation on the home page (with its cards), a published
 * fic (with its comments loaded) and the login dialog. Every rule axe runs by default is checked;
 * the test lists each serious or critical violation with its rule, help text and elements.
 */

/** Waits for the transitions under way (a dialog fading in) to end; endless ones (skeletons) aside. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function seriousViolations(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const { violations } = results;
  // Every finding, minor ones included, with the report (test-results, or the HTML reporter).
  await test.info().attach('axe-violations.json', {
    body: JSON.stringify(violations, null, 2),
    contentType: 'application/json',
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
}

test.describe('accessibility (axe)', () => {
  test('the home page with its cards', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    const list = page.getByRole('list', { name: 'Fics', exact: true });
    await expect(list.getByRole('heading').first()).toBeVisible();
    // The demo's 24 published fics fill the first page (12) and leave 'Ver más'.
    await expect(list.getByRole('listitem')).toHaveCount(12);
    await expect(page.getByRole('button', { name: 'Ver más' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the home page with the filter panel open and a filter in use', async ({ page }) => {
    await page.goto('/?tags=misterio');
    await waitForApp(page);
    await expect(page.getByRole('list', { name: 'Filtros activos' })).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Filtrar fics/ })
      .click();
    await expect(page.getByRole('region', { name: 'Filtrar fics' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Escuela' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a published fic with its comments loaded, as a visitor and signed in with the comment editor open', async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      teacher: 'Ana Axe Docente',
      students: ['Lucas Pizarro Díaz'],
    });
    const student = world.students[0]!;
    const title = 'La cometa de papel';
    const storyId = await publishedStory(request, world, student, {
      title,
      text: '<p>La cometa subió hasta tocar una nube.</p><p>Y volvió con lluvia.</p>',
      tags: ['viento'],
    });
    const studentApi = await apiSession(request, student.email, student.password);
    await commentThroughApi(studentApi, storyId, '<p>Mi primera <strong>fic</strong> publicada.</p>');

    await page.goto(`/fics/${storyId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(likeButton(page)).toBeVisible();
    const section = commentsSection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('article', { name: 'Lucas P.' })).toContainText(
      'Mi primera fic publicada.',
    );
    await expect(section.getByText('No hay más comentarios')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Signed in, with the comment editor open (Quill and its toolbar) and the fic liked.
    await loginThroughDialog(page, student.email, student.password);
    await likeButton(page).click();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'true');
    await section.getByRole('button', { name: 'Escribe un comentario...' }).click();
    await expect(section.getByRole('toolbar', { name: 'Formato del texto' })).toBeVisible();
    await expect(section.getByRole('textbox', { name: 'Tu comentario' })).toBeVisible();
    await expect(section.getByRole('article', { name: student.name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the login dialog, open', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ingresar' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
