import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, loginThroughDialog } from './fixtures';
import { apiSession } from './support/setup';
import { newClass, waitForApp } from './support/social';

/**
 * School rubric templates (issue 20.4), at a phone's and a desktop's width: an administrator marks
 * one of their rubrics as a template of a school on its edit page ('Plantilla de colegios'); a teacher
 * of that school finds it in Mis Rúbricas › Plantillas, copies it and edits the copy; the original
 * stays as it was.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface RubricAnswer {
  rubric: { _id: string; title: string; items: Record<string, { value: string }>[] };
}

async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

for (const viewport of viewports) {
  test(`an administrator offers a rubric to a school; its teacher copies and edits it, at ${viewport.width} px`, async ({
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
      school: 'Escuela Plantillas',
      teacher: 'Paula Plantilla Docente',
      students: [],
    });
    const title = `Cuento breve ${viewport.width}`;
    const { rubric: original } = await admin.call<RubricAnswer>('POST', '/rubrics', {
      title,
      description: 'La rúbrica del colegio para cuentos',
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

    // The administrator marks it for the school on its edit page.
    await page.goto('/');
    await waitForApp(page);
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    await page.goto(`/rubricas/${original._id}/actualizar`);
    const section = page.getByRole('region', { name: 'Plantilla de colegios' });
    await expect(section).toBeVisible();
    const schools = section.getByRole('combobox', { name: 'Colegios' });
    await schools.fill(world.school.name);
    await page.getByRole('listbox').getByRole('option', { name: world.school.name, exact: true }).click();
    await expect(page.getByText(`Plantilla disponible para ${world.school.name}`)).toBeVisible();
    await expect(section.getByRole('button', { name: world.school.name })).toBeVisible();
    const marks = await admin.call<{ colleges: { _id: string }[] }>(
      'GET',
      `/rubrics/${original._id}/templates`,
    );
    expect(marks.colleges.map((c) => c._id)).toEqual([world.school.collegeId]);

    // The teacher of that school, in a browser of their own.
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const teacherPage = await context.newPage();
    await teacherPage.goto('/');
    await waitForApp(teacherPage);
    await loginThroughDialog(teacherPage, world.teacher.email, world.teacher.password);
    await teacherPage.goto('/rubricas');
    await teacherPage.getByRole('tab', { name: 'Plantillas' }).click();
    const list = teacherPage.getByRole('list', { name: 'Plantillas de rúbricas' });
    const card = list.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText(`Plantilla de ${world.school.name}`)).toBeVisible();
    await card.getByRole('button', { name: `Ver rúbrica ${title}` }).click();
    await expect(card.getByText('Sin errores')).toBeVisible();
    await settle(teacherPage);
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await teacherPage.screenshot({
      path: testInfo.outputPath(`plantillas-${viewport.width}.png`),
      fullPage: true,
    });
    const { violations } = await new AxeBuilder({ page: teacherPage }).include('main').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    // Copy: the copy opens in the editor; the teacher renames it and changes a cell.
    await card.getByRole('button', { name: `Copiar ${title} a mis rúbricas` }).click();
    await expect(teacherPage.getByText('Rúbrica copiada a Mis Rúbricas exitosamente')).toBeVisible();
    await expect(teacherPage).toHaveURL(/\/rubricas\/[0-9a-f-]{36}\/actualizar$/);
    const copyId = /\/rubricas\/([0-9a-f-]{36})\/actualizar$/.exec(teacherPage.url())![1]!;
    expect(copyId).not.toBe(original._id);
    const titleField = teacherPage.getByRole('textbox', { name: 'Título' });
    await expect(titleField).toHaveValue(title);
    await titleField.fill(`Mi copia ${viewport.width}`);
    await teacherPage.getByRole('textbox', { name: 'Fila 1, Logrado' }).fill('Ninguna falta');
    await teacherPage.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(teacherPage.getByText('Rúbrica actualizada exitosamente')).toBeVisible();
    await expect(teacherPage).toHaveURL(`${server.url}/rubricas`);
    await expect(teacherPage.getByText(`Mi copia ${viewport.width}`).first()).toBeVisible();

    // The original is unchanged, and still offered.
    const after = await admin.call<RubricAnswer>('GET', `/rubrics/${original._id}`);
    expect(after.rubric.title).toBe(title);
    expect(after.rubric.items[0]?.col1?.value).toBe('Sin errores');
    await teacherPage.goto('/rubricas?tab=plantillas');
    await expect(list.getByRole('listitem').filter({ hasText: title })).toBeVisible();
    await context.close();
  });
}
