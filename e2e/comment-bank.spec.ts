import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, loginThroughDialog } from './fixtures';
import { apiSession, chooseOption } from './support/setup';
import { newClass, sentStory, waitForApp } from './support/social';

/**
 * 'Mis comentarios' (issue 20.4), at a phone's and a desktop's width: a teacher writes an evaluation
 * comment on one fic and saves it, then on another fic opens 'Mis comentarios' and picks it (two
 * clicks); the comment lands in the field, the evaluation is sent with it, and its use is counted.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const rubricTitle = 'Rúbrica breve';
const savedText = 'Buen ritmo; cuida las tildes en los diálogos.';

/** The evaluation's general comment and the 'Mis comentarios' buttons in its frame. */
function commentField(drawer: Locator) {
  const field = drawer.getByRole('textbox', { name: 'Comentario', exact: true });
  // The inner locator is matched inside each frame: built from the page, not from the drawer.
  const frame = drawer
    .locator('.MuiFormControl-root')
    .filter({ has: drawer.page().getByRole('textbox', { name: 'Comentario', exact: true }) });
  return { field, frame };
}

async function openDrawer(page: Page, storyId: string) {
  await page.goto(`/fics/${storyId}/revision`);
  await page.getByRole('button', { name: 'Evaluar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Evaluación' });
  await expect(drawer.getByText('Elige una de tus rúbricas para evaluar esta fic.')).toBeVisible();
  await chooseOption(drawer, 'Rúbrica', rubricTitle);
  return drawer;
}

for (const viewport of viewports) {
  test(`a teacher saves an evaluation comment and reuses it on another fic in two clicks, at ${viewport.width} px`, async ({
    page,
    request,
    demo,
    mailbox,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      school: 'Escuela Comentarios',
      teacher: 'Clara Banco Docente',
      students: ['Pía Tilde Rojas'],
    });
    const student = world.students[0]!;
    const first = await sentStory(request, student, {
      title: `El puerto ${viewport.width}`,
      text: '<p>Uno.</p>',
    });
    const second = await sentStory(request, student, {
      title: `La isla ${viewport.width}`,
      text: '<p>Dos.</p>',
    });
    const teacher = await apiSession(request, world.teacher.email, world.teacher.password);
    await teacher.call('POST', '/rubrics', {
      title: rubricTitle,
      description: 'Una fila',
      columns: [
        { key: '0', name: 'Criterio', pointValue: 0 },
        { key: '1', name: 'Logrado', pointValue: 3 },
        { key: '2', name: 'Por lograr', pointValue: 1 },
      ],
      items: [
        {
          col0: { value: 'Ortografía', checked: false },
          col1: { value: 'Sin errores', checked: false },
          col2: { value: 'Muchos errores', checked: false },
        },
      ],
    });

    await page.goto('/');
    await waitForApp(page);
    await loginThroughDialog(page, world.teacher.email, world.teacher.password);

    // First fic: the comment written and saved to 'Mis comentarios'.
    let drawer = await openDrawer(page, first);
    let comment = commentField(drawer);
    const save = comment.frame.getByRole('button', { name: 'Guardar en Mis comentarios: Comentario' });
    await expect(save).toBeDisabled();
    await comment.field.fill(savedText);
    await save.click();
    await expect(page.getByText('Comentario guardado en Mis comentarios')).toBeVisible();
    // The keyboard focus stays on the button that saved (it fell to <body> while the button was
    // disabled during the save).
    await expect(save).toBeFocused();
    // Closed with its own button, as a pointer user does.
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await expect(drawer).toBeHidden();

    // Second fic: open, pick. The text is in the field.
    drawer = await openDrawer(page, second);
    comment = commentField(drawer);
    await expect(comment.field).toHaveValue('');
    await comment.frame.getByRole('button', { name: 'Mis comentarios: Comentario', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Mis comentarios' });
    const item = picker.getByRole('button', { name: new RegExp(savedText.slice(0, 20)) });
    await expect(item).toBeVisible();
    // Searching narrows as one types, accents and case ignored.
    await picker.getByRole('searchbox', { name: 'Buscar en Mis comentarios' }).fill('DIALOGOS');
    await expect(item).toBeVisible();
    await picker.getByRole('searchbox', { name: 'Buscar en Mis comentarios' }).fill('');
    await expect(item).toBeVisible();
    const box = (await picker.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    await page.screenshot({ path: testInfo.outputPath(`mis-comentarios-${viewport.width}.png`) });
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    await item.click();
    await expect(picker).toBeHidden();
    await expect(comment.field).toHaveValue(savedText);

    // Sent with it; the use is counted, so the comment rises next time.
    await drawer.getByRole('checkbox', { name: 'Ortografía: Logrado (3 puntos)' }).click();
    await drawer.getByRole('button', { name: 'Enviar evaluación' }).click();
    await expect(page.getByText('Evaluación enviada exitosamente')).toBeVisible();
    const { story } = await teacher.call<{ story: { evaluation: { comment: string }[] } }>(
      'GET',
      `/stories/${second}`,
    );
    expect(story.evaluation[0]?.comment).toBe(savedText);
    const bank = await teacher.call<{ comments: { docs: { text: string; useCount: number }[] } }>(
      'GET',
      '/me/saved-comments',
    );
    expect(bank.comments.docs).toEqual([expect.objectContaining({ text: savedText, useCount: 1 })]);
  });
}
