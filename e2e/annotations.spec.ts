import type { Page } from '@playwright/test';
import { test, expect, loginThroughDialog } from './fixtures';
import { apiSession } from './support/setup';
import { evaluateThroughApi, newClass, sentStory, waitForApp } from './support/social';

/**
 * Notes on passages (issue 20.1–2) at a phone's and a desktop's width: a teacher selects a passage
 * on the review page and notes it; the student sees it on their fic, replies and marks it
 * 'Resuelta'; the student inserts text before the passage and resends, and the note follows its
 * passage; the passage deleted, the note is listed under 'Notas sin ubicación'; 'Cambios' shows the
 * diff. Screenshots of both pages with notes.
 */

const passage = 'la niebla cubría el camino';
const firstText = `<p>La niña salió de la casa al <strong>amanecer</strong>.</p><p>El bosque estaba en silencio y ${passage}.</p>`;
const noteText = 'Aquí cambia el tiempo verbal: ¿pasado o presente?';

/** Selects the first occurrence of `exact` in the fic's text, as a reader's drag would. */
async function selectInStory(page: Page, exact: string) {
  await page.evaluate((wanted) => {
    const root = document.querySelector('.story-body')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push(node as Text);
    }
    const text = nodes.map((n) => n.data).join('');
    const start = text.indexOf(wanted);
    const end = start + wanted.length;
    const range = document.createRange();
    let count = 0;
    for (const node of nodes) {
      if (start >= count && start < count + node.data.length) {
        range.setStart(node, start - count);
      }
      if (end > count && end <= count + node.data.length) {
        range.setEnd(node, end - count);
      }
      count += node.data.length;
    }
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  }, exact);
}

const highlight = (page: Page) => page.locator('.story-body mark[data-note-id]');

/** Opens the (only) note from its footnote: the margin card at desktop, a sheet at phone width. */
async function openNote(page: Page, phone: boolean) {
  await page.getByRole('button', { name: /^Nota 1:/ }).click();
  return phone
    ? page.getByRole('dialog', { name: 'Nota 1' })
    : page.getByRole('complementary', { name: 'Notas' }).locator('[data-note-card]').first();
}

async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  const phone = viewport.width < 900;

  test(`a teacher notes a passage, the student answers and corrects, the note follows it, at ${viewport.width} px`, async ({
    page,
    browser,
    baseURL,
    request,
    demo,
    mailbox,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      school: `Escuela Notas ${viewport.width}`,
      teacher: 'Marta Notas Docente',
      students: ['Julián Niebla Soto'],
    });
    const student = world.students[0]!;
    const storyId = await sentStory(request, student, {
      title: `La niebla ${viewport.width}`,
      text: firstText,
    });

    // The teacher selects the passage on the review page and writes a note.
    await page.goto('/');
    await waitForApp(page);
    await loginThroughDialog(page, world.teacher.email, world.teacher.password);
    await page.goto(`/fics/${storyId}/revision`);
    await expect(page.locator('.story-body')).toContainText(passage);
    // The notes' part of the page has loaded (it comes lazily).
    await expect(
      phone
        ? page.getByRole('button', { name: 'Notas (0)' })
        : page.getByRole('complementary', { name: 'Notas' }),
    ).toBeVisible();
    await selectInStory(page, passage);
    await page.getByRole('button', { name: 'Anotar' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva nota' });
    await expect(form.locator('blockquote')).toHaveText(passage);
    await form.getByRole('textbox', { name: 'Nota' }).fill(noteText);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form).toBeHidden();
    await expect(highlight(page)).toHaveText(passage);
    if (!phone) {
      await expect(page.getByRole('complementary', { name: 'Notas' })).toContainText(noteText);
    }
    await settle(page);
    await page.screenshot({
      path: testInfo.outputPath(`revision-notes-${viewport.width}.png`),
      fullPage: true,
    });

    // The student opens their fic: the note is there; they reply and mark it 'Resuelta'.
    const studentContext = await browser.newContext({ baseURL, viewport, locale: 'es-CL' });
    const studentPage = await studentContext.newPage();
    await studentPage.goto('/');
    await waitForApp(studentPage);
    await loginThroughDialog(studentPage, student.email, student.password);
    await studentPage.goto(`/fics/${storyId}`);
    await expect(highlight(studentPage)).toHaveText(passage);
    const thread = await openNote(studentPage, phone);
    await expect(thread).toContainText(noteText);
    await thread.getByRole('textbox', { name: 'Respuesta' }).fill('Lo dejo en pasado.');
    await thread.getByRole('button', { name: 'Responder' }).click();
    await expect(thread).toContainText('Lo dejo en pasado.');
    await thread.getByRole('button', { name: 'Marcar como resuelta' }).click();
    await expect(thread.getByText('Resuelta', { exact: true })).toBeVisible();
    if (phone) {
      await thread.getByRole('button', { name: 'Cerrar' }).click();
      await expect(thread).toBeHidden();
    }
    await settle(studentPage);
    await studentPage.screenshot({
      path: testInfo.outputPath(`fic-notes-${viewport.width}.png`),
      fullPage: true,
    });

    // Evaluated; the student inserts a paragraph before the passage and resends.
    const teacher = await apiSession(request, world.teacher.email, world.teacher.password);
    await evaluateThroughApi(teacher, storyId, 'Revisa los tiempos verbales.');
    // Correcting, the student has the notes beside the editor (a sheet at phone width).
    await studentPage.reload();
    await studentPage.getByRole('button', { name: 'Editar', exact: true }).click();
    if (phone) {
      await studentPage.getByRole('button', { name: 'Notas (1)' }).click();
    }
    const editorNotes = phone
      ? studentPage.getByRole('dialog', { name: 'Notas (1)' })
      : studentPage.getByRole('complementary', { name: 'Notas (1)' });
    await expect(editorNotes.locator('blockquote')).toHaveText(passage);
    await expect(editorNotes).toContainText(noteText);
    await settle(studentPage);
    await studentPage.screenshot({ path: testInfo.outputPath(`editor-notes-${viewport.width}.png`) });

    const author = await apiSession(request, student.email, student.password);
    const corrected = `<p>Era invierno en el sur.</p>${firstText}`;
    await author.call('PATCH', `/stories/${storyId}`, { text: corrected });
    await author.call('PATCH', `/stories/${storyId}`, { draft: false, publicationStatus: 'REVIEWING' });
    await studentContext.close();

    // The teacher sees the note on the same passage, moved.
    await page.reload();
    await expect(page.locator('.story-body')).toContainText('Era invierno en el sur.');
    await expect(highlight(page)).toHaveText(passage);
    const { annotations } = await teacher.call<{ annotations: { position: { start: number } }[] }>(
      'GET',
      `/stories/${storyId}/annotations`,
    );
    expect(annotations[0]!.position.start).toBe(
      'Era invierno en el sur.La niña salió de la casa al amanecer.El bosque estaba en silencio y '.length,
    );

    // The evaluator's correction deletes the passage: the note is kept under 'Notas sin ubicación'.
    await teacher.call('PATCH', `/stories/${storyId}`, {
      text: '<p>Era invierno en el sur.</p><p>La niña salió de la casa al <strong>amanecer</strong>.</p><p>El bosque estaba en silencio.</p>',
    });
    await page.reload();
    await expect(page.locator('.story-body')).toContainText('El bosque estaba en silencio.');
    await expect(highlight(page)).toHaveCount(0);
    let orphans;
    if (phone) {
      await page.getByRole('button', { name: 'Notas (1)' }).click();
      orphans = page
        .getByRole('dialog', { name: 'Notas (1)' })
        .getByRole('region', { name: 'Notas sin ubicación' });
    } else {
      orphans = page
        .getByRole('complementary', { name: 'Notas' })
        .getByRole('region', { name: 'Notas sin ubicación' });
    }
    await expect(orphans.locator('blockquote')).toHaveText(passage);
    await expect(orphans).toContainText(noteText);
    await expect(orphans).toContainText('Lo dejo en pasado.');
    await settle(page);
    await page.screenshot({
      path: testInfo.outputPath(`revision-orphan-${viewport.width}.png`),
      fullPage: !phone,
    });
    if (phone) {
      await page.getByRole('dialog', { name: 'Notas (1)' }).getByRole('button', { name: 'Cerrar' }).click();
      await expect(page.getByRole('dialog', { name: 'Notas (1)' })).toBeHidden();
    }

    // 'Cambios' shows what changed between the two rounds.
    await page.getByRole('button', { name: 'Cambios' }).click();
    const changes = page.getByRole('dialog', { name: 'Cambios entre rondas' });
    await expect(changes.locator('ins').filter({ hasText: 'invierno' })).toHaveCount(1);
  });
}
