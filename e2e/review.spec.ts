import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { test, expect, loginThroughDialog, openAccountMenu } from './fixtures';
import { pngImage } from './support/images';
import type { Mailbox } from './support/mailbox';
import {
  activateAccount,
  apiSession,
  chooseOption,
  createSchoolWithGrade,
  createUser,
  testPassword,
  uniqueTag,
  type ApiSession,
  type SchoolSetup,
} from './support/setup';

/**
 * Reviewing fics (spec 001 §2 Fics para Revisión, Fics Publicados, Story review, Story detail, Mis
 * Rúbricas, Rubric editor; §4, §8): a teacher writes a rubric and evaluates a sent fic with it, the
 * student reads the evaluation, edits and resends, the teacher updates the evaluation and publishes,
 * and a visitor reads the published fic without learning who wrote it. Each test makes its own
 * school, grade, teacher and students through the API; what it checks goes through the screens.
 */

interface Account {
  name: string;
  email: string;
  password: string;
}

interface ClassWorld {
  school: SchoolSetup;
  teacher: Account;
  student: Account;
}

interface StoryAnswer {
  story: { _id: string; title: string; writtenBy: { _id: string; name: string } | null };
}

/** A new school and grade with an activated teacher of that grade and an activated student in it. */
async function newClass(
  request: APIRequestContext,
  mailbox: Mailbox,
  admin: ApiSession,
  names: { teacher: string; student: string },
): Promise<ClassWorld> {
  const tag = uniqueTag();
  const school = await createSchoolWithGrade(admin, { name: `Escuela Revisión ${tag}` });
  const teacher = { name: names.teacher, email: `docente-rev-${tag}@fics.test`, password: testPassword(tag) };
  const student = {
    name: names.student,
    email: `estudiante-rev-${tag}@fics.test`,
    password: testPassword(tag),
  };
  await createUser(admin, { name: teacher.name, email: teacher.email, role: 'TEACHER', school });
  await createUser(admin, { name: student.name, email: student.email, role: 'STUDENT', school });
  await activateAccount(request, mailbox, teacher.email, teacher.password);
  await activateAccount(request, mailbox, student.email, student.password);
  return { school, teacher, student };
}

const cover = { name: 'portada.png', mimeType: 'image/png', buffer: pngImage(240, 160) };

/** A fic written by `account` and sent for review (REVIEWING) through the API, anonymous or with a pseudonym. */
async function sendStoryThroughApi(
  request: APIRequestContext,
  account: Account,
  fields: { title: string; text: string; anonymity?: boolean; nickname?: string },
): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await request.post('/api/v1/stories', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      title: fields.title,
      text: fields.text,
      tags: '[]',
      anonymity: String(fields.anonymity ?? false),
      nickname: String(fields.nickname !== undefined),
      ...(fields.nickname !== undefined ? { nicknameValue: fields.nickname } : {}),
      writingTime: '120',
      location: 'Valparaíso',
      file: cover,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { story } = (await res.json()) as { story: { _id: string; publicationStatus: string } };
  expect(story.publicationStatus).toBe('REVIEWING');
  return story._id;
}

/** Opens a new browser window (context) of its own: another person on another computer. */
async function otherBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago' });
  return context.newPage();
}

/** The status banner of an unpublished fic ('FIC EN EDICIÓN · Estado: …'). */
const statusBanner = (page: Page) => page.getByRole('note').filter({ hasText: 'FIC EN EDICIÓN' });

/** A level cell of the evaluation grid, as the form names it ('Ortografía: Logrado (3 puntos)'). */
const cell = (scope: Locator, criterion: string, level: string, points: number) =>
  scope.getByRole('checkbox', {
    name: `${criterion}: ${level} (${points} ${points === 1 ? 'punto' : 'puntos'})`,
    exact: true,
  });

/** Opens /fics/:storyId as a visitor and returns the API's answer the page got for it. */
async function openAsVisitor(page: Page, storyId: string): Promise<StoryAnswer> {
  const answer = page.waitForResponse(
    (res) => res.request().method() === 'GET' && new URL(res.url()).pathname === `/api/v1/stories/${storyId}`,
  );
  await page.goto(`/fics/${storyId}`);
  const res = await answer;
  expect(res.status()).toBe(200);
  return (await res.json()) as StoryAnswer;
}

/** The words of the page a person can read (the body's text), for names that must not be there. */
const pageText = (page: Page) => page.locator('body').innerText();

test.describe('reviewing fics', () => {
  test('a teacher writes a rubric and evaluates an anonymous fic; the student reads the evaluation, edits and resends; the teacher updates it and publishes; a visitor reads it without the author', async ({
    page,
    request,
    demo,
    mailbox,
    server,
    browser,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const { teacher, student } = await newClass(request, mailbox, admin, {
      teacher: 'Elena Varas Docente',
      student: 'Renata Quiroga Ibáñez',
    });
    const firstTitle = 'El faro de la caleta';
    const storyId = await sendStoryThroughApi(request, student, {
      title: firstTitle,
      text: '<p>Cada noche el faro se encendía solo, y nadie sabía por qué.</p>',
      anonymity: true,
    });

    // The teacher's menu has the review entries.
    await page.goto('/');
    await loginThroughDialog(page, teacher.email, teacher.password);
    let menu = await openAccountMenu(page);
    for (const entry of ['Corregir fic', 'Fics publicados', 'Mis rúbricas']) {
      await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: 'Mis rúbricas', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/rubricas`);
    await expect(page.getByRole('heading', { name: 'Mis Rúbricas', level: 1 })).toBeVisible();
    await expect(page.getByText('No tienes rúbricas creadas')).toBeVisible();

    // §9: a new rubric starts from the default grid; its cells are filled and a second row added.
    await page.getByRole('main').getByRole('link', { name: 'Añadir' }).click();
    await expect(page).toHaveURL(`${server.url}/rubricas/nuevo`);
    await expect(page.getByRole('heading', { name: 'Nueva rúbrica', level: 1 })).toBeVisible();
    const rubricTitle = 'Cuento breve';
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(rubricTitle);
    await page
      .getByRole('textbox', { name: 'Descripción', exact: true })
      .fill('Para los cuentos de la unidad 2');
    for (const [n, name, points] of [
      [2, 'Logrado', '3'],
      [3, 'Medianamente logrado', '2'],
      [4, 'Por lograr', '1'],
    ] as const) {
      await expect(page.getByRole('textbox', { name: `Nombre de la columna ${n}` })).toHaveValue(name);
      await expect(page.getByRole('spinbutton', { name: `Puntaje de ${name}` })).toHaveValue(points);
    }
    const rows = [
      ['Ortografía', 'Sin faltas', 'Pocas faltas', 'Muchas faltas'],
      ['Creatividad', 'Idea original', 'Idea conocida', 'Sin idea propia'],
    ];
    await page.getByRole('button', { name: 'Añadir fila' }).click();
    for (const [index, texts] of rows.entries()) {
      for (const [column, level] of ['Criterio', 'Logrado', 'Medianamente logrado', 'Por lograr'].entries()) {
        await page
          .getByRole('textbox', { name: `Fila ${index + 1}, ${level}`, exact: true })
          .fill(texts[column]!);
      }
    }
    await page.getByRole('button', { name: 'Crear rúbrica' }).click();
    await expect(page.getByText('Rúbrica creada exitosamente')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/rubricas`);

    // Mis Rúbricas lists it; its row opens to a preview of the grid.
    const rubricRow = page.getByRole('row').filter({ hasText: rubricTitle });
    await expect(rubricRow).toContainText('Para los cuentos de la unidad 2');
    await page.getByRole('button', { name: `Ver rúbrica ${rubricTitle}` }).click();
    const preview = page.getByRole('table', { name: `Rúbrica: ${rubricTitle}` });
    await expect(preview).toBeVisible();
    await expect(page.getByText('2 criterios · puntaje máximo 6')).toBeVisible();
    await expect(preview.getByRole('rowheader')).toHaveText(['Ortografía', 'Creatividad']);
    await expect(preview).toContainText('Idea conocida');
    await expect(preview.getByRole('checkbox')).toHaveCount(0);

    // Fics para Revisión: the sent fic, its author hidden from a teacher who has not evaluated it.
    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Corregir fic', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/fics/revision`);
    await expect(page.getByRole('heading', { name: 'Fics para Revisión', level: 1 })).toBeVisible();
    const reviewRow = page.getByRole('row').filter({ hasText: firstTitle });
    await expect(reviewRow).toContainText('Anónimo');
    await expect(reviewRow).toContainText('Por revisar');
    await expect(reviewRow).not.toContainText(student.name);
    await reviewRow.getByRole('link', { name: `Corregir fic: ${firstTitle}` }).click();
    await expect(page).toHaveURL(`${server.url}/fics/${storyId}/revision`);
    await expect(page.getByRole('heading', { name: firstTitle, level: 1 })).toBeVisible();
    await expect(statusBanner(page)).toContainText('Por revisar');
    await expect(page.getByText('Por Anónimo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mostrar autor' })).toHaveCount(0);

    // The drawer: the rubric copied in, one check per row, the live score, a comment.
    await page.getByRole('button', { name: 'Evaluar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Evaluación' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Elige una de tus rúbricas para evaluar esta fic.')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Enviar evaluación' })).toBeDisabled();
    await chooseOption(drawer, 'Rúbrica', rubricTitle);
    const score = drawer.getByText(/^Puntaje: \d+ \/ \d+$/);
    await expect(score).toHaveText('Puntaje: 0 / 6');
    await cell(drawer, 'Ortografía', 'Logrado', 3).click();
    await expect(cell(drawer, 'Ortografía', 'Logrado', 3)).toBeChecked();
    await expect(score).toHaveText('Puntaje: 3 / 6');
    // Another level of the same row replaces the first.
    await cell(drawer, 'Ortografía', 'Medianamente logrado', 2).click();
    await expect(cell(drawer, 'Ortografía', 'Medianamente logrado', 2)).toBeChecked();
    await expect(cell(drawer, 'Ortografía', 'Logrado', 3)).not.toBeChecked();
    await expect(score).toHaveText('Puntaje: 2 / 6');
    // Issue 18.6: a criterion without a level is named, and nothing is sent unless the teacher says so.
    const evaluationPosts: string[] = [];
    const countPosts = (req: { method: () => string; url: () => string }) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v1/evaluations') {
        evaluationPosts.push(req.url());
      }
    };
    page.on('request', countPosts);
    await drawer.getByRole('button', { name: 'Enviar evaluación' }).click();
    const missing = page.getByRole('dialog', { name: 'Faltan criterios por evaluar' });
    await expect(missing).toContainText(
      'Falta evaluar: Creatividad. Esos criterios quedarán sin puntaje. ¿Enviar la evaluación así?',
    );
    await missing.getByRole('button', { name: 'Cancelar' }).click();
    await expect(missing).toBeHidden();
    await expect(drawer.getByRole('status').filter({ hasText: 'Falta evaluar' })).toHaveText(
      'Falta evaluar: Creatividad',
    );
    expect(evaluationPosts).toEqual([]);
    page.off('request', countPosts);
    // The server holds the same rule: without the confirmation, the API names the criterion.
    const refused = await page.evaluate(async (id) => {
      const token = localStorage.getItem('token');
      const res = await fetch('/api/v1/evaluations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          storyId: id,
          columns: [
            { key: '0', name: 'Criterio', pointValue: 0 },
            { key: '1', name: 'Logrado', pointValue: 3 },
          ],
          items: [
            { col0: { value: 'Ortografía', checked: false }, col1: { value: 'Sin faltas', checked: true } },
            {
              col0: { value: 'Creatividad', checked: false },
              col1: { value: 'Idea original', checked: false },
            },
          ],
        }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    }, storyId);
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: { items: 'Falta evaluar: Creatividad' } }) as unknown,
    });
    await cell(drawer, 'Creatividad', 'Logrado', 3).click();
    await expect(drawer.getByText(/Falta evaluar/)).toHaveCount(0);
    await expect(score).toHaveText('Puntaje: 5 / 6');
    await expect(cell(drawer, 'Ortografía', 'Medianamente logrado', 2)).toBeChecked();
    const firstComment = 'Muy buena idea; revisa las tildes.';
    await drawer.getByRole('textbox', { name: 'Comentario', exact: true }).fill(firstComment);
    // Issue 20.5: a comment on one criterion, under its row; 301 characters are refused on the row.
    const criterionComment = drawer.getByRole('textbox', { name: 'Comentario sobre «Creatividad»' });
    await criterionComment.fill('x'.repeat(301));
    await expect(criterionComment).toHaveAttribute('aria-invalid', 'true');
    await expect(
      drawer.getByText('El comentario del criterio debe tener máximo 300 caracteres'),
    ).toBeVisible();
    const creativityComment = 'El faro como personaje es una gran idea.';
    await criterionComment.fill(creativityComment);
    await expect(drawer.getByText(`${creativityComment.length}/300`)).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: 'Comentario sobre «Ortografía»' })).toHaveValue('');
    await page.screenshot({ path: test.info().outputPath('evaluation-grid-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // At phone width the grid stacks each criterion's levels, its comment field under them.
    await expect(drawer.getByRole('list', { name: 'Rúbrica: ' + rubricTitle })).toBeVisible();
    await expect(criterionComment).toBeVisible();
    await criterionComment.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('evaluation-grid-390.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await drawer.getByRole('button', { name: 'Enviar evaluación' }).click();
    await expect(page.getByText('Evaluación enviada exitosamente')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(statusBanner(page)).toContainText('Evaluada con correcciones');
    // Its evaluator may now reveal the real author; it stays hidden until asked.
    await expect(page.getByText(`Autor real: ${student.name}`)).toHaveCount(0);
    await page.getByRole('button', { name: 'Mostrar autor' }).click();
    await expect(page.getByText(`Autor real: ${student.name}`)).toBeVisible();

    // The student, on another computer: the evaluation to read, then an edit and the fic sent again.
    const studentPage = await otherBrowser(browser, server.url);
    await studentPage.goto('/');
    await loginThroughDialog(studentPage, student.email, student.password);
    menu = await openAccountMenu(studentPage);
    await expect(menu.getByRole('menuitem', { name: 'Mis fics', exact: true })).toBeVisible();
    for (const entry of ['Corregir fic', 'Fics publicados', 'Mis rúbricas']) {
      await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
    }
    await studentPage.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await studentPage.goto(`/fics/${storyId}`);
    await expect(statusBanner(studentPage)).toContainText('Evaluada con correcciones');
    const studentActions = studentPage.getByRole('group', { name: 'Acciones de la fic' });
    await studentActions.getByRole('button', { name: 'Ver evaluación' }).click();
    const reading = studentPage.getByRole('dialog', { name: 'Evaluación' });
    await expect(reading.getByText('Puntaje: 5 / 6', { exact: true })).toBeVisible();
    await expect(reading.getByText(firstComment, { exact: true })).toBeVisible();
    await expect(reading).toContainText(`Evaluada por ${teacher.name}`);
    const readGrid = reading.getByRole('table', { name: 'Rúbrica de la evaluación' });
    await expect(readGrid.getByRole('rowheader')).toHaveText(['Ortografía', 'Creatividad']);
    await expect(readGrid.getByRole('cell', { name: 'Pocas faltas (marcada)' })).toBeVisible();
    await expect(readGrid.getByRole('cell', { name: 'Idea original (marcada)' })).toBeVisible();
    await expect(readGrid.getByRole('cell', { name: 'Sin faltas', exact: true })).toBeVisible();
    // The criterion's comment, in the row under its levels; the other criterion has none.
    await expect(readGrid).toContainText(`Comentario del docente sobre «Creatividad»: ${creativityComment}`);
    await expect(readGrid.getByText('Comentario del docente sobre «Ortografía»')).toHaveCount(0);
    await studentPage.screenshot({ path: test.info().outputPath('evaluation-view-1280.png') });
    await studentPage.setViewportSize({ width: 390, height: 844 });
    const stacked = reading.getByRole('list', { name: 'Rúbrica de la evaluación' });
    await expect(stacked).toContainText(`Comentario del docente sobre «Creatividad»: ${creativityComment}`);
    await stacked.getByText(creativityComment).scrollIntoViewIfNeeded();
    await studentPage.screenshot({ path: test.info().outputPath('evaluation-view-390.png') });
    await studentPage.setViewportSize({ width: 1280, height: 720 });
    await expect(reading.getByRole('checkbox')).toHaveCount(0);
    await expect(reading.getByRole('textbox')).toHaveCount(0);
    await expect(reading.getByRole('button', { name: /evaluación/ })).toHaveCount(0);
    await reading.getByRole('button', { name: 'Cerrar' }).click();
    await expect(reading).toBeHidden();

    const newTitle = 'El faro de la caleta sur';
    await studentActions.getByRole('button', { name: 'Editar' }).click();
    await expect(studentPage.getByRole('heading', { name: 'Editar fic', level: 1 })).toBeVisible();
    await studentPage.getByRole('textbox', { name: 'Título' }).fill(newTitle);
    const editor = studentPage.getByRole('textbox', { name: 'Tu historia' });
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially(' Esa noche, por fin, lo supe.');
    await studentPage.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(studentPage.getByText('Fic actualizada exitosamente')).toBeVisible();
    await expect(studentPage.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
    await expect(studentPage.getByRole('article')).toContainText('Esa noche, por fin, lo supe.');
    await expect(statusBanner(studentPage)).toContainText('Evaluada con correcciones');
    await studentActions.getByRole('button', { name: 'Enviar fic' }).click();
    const send = studentPage.getByRole('dialog', { name: '¿Enviar tu fic a revisión?' });
    await send.getByRole('button', { name: 'Enviar fic' }).click();
    await expect(studentPage.getByText('Fic enviada exitosamente')).toBeVisible();
    await expect(send).toBeHidden();
    await expect(statusBanner(studentPage)).toContainText('Por revisar');
    await expect(studentActions.getByRole('button', { name: 'Enviar fic' })).toHaveCount(0);

    // The teacher again: the drawer holds the evaluation as it was; a change, an update, then publish.
    await page.goto(`/fics/${storyId}/revision`);
    await expect(page.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
    await expect(statusBanner(page)).toContainText('Por revisar');
    await page.getByRole('button', { name: 'Evaluar' }).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('combobox', { name: 'Rúbrica' })).toHaveText(rubricTitle);
    await expect(score).toHaveText('Puntaje: 5 / 6');
    await expect(cell(drawer, 'Ortografía', 'Medianamente logrado', 2)).toBeChecked();
    await expect(cell(drawer, 'Creatividad', 'Logrado', 3)).toBeChecked();
    await expect(cell(drawer, 'Ortografía', 'Logrado', 3)).not.toBeChecked();
    const comment = drawer.getByRole('textbox', { name: 'Comentario', exact: true });
    await expect(comment).toHaveValue(firstComment);
    await cell(drawer, 'Ortografía', 'Logrado', 3).click();
    await expect(cell(drawer, 'Ortografía', 'Medianamente logrado', 2)).not.toBeChecked();
    await expect(score).toHaveText('Puntaje: 6 / 6');
    const secondComment = 'Corregiste las tildes. ¡Excelente!';
    await comment.fill(secondComment);
    await drawer.getByRole('button', { name: 'Actualizar evaluación' }).click();
    await expect(page.getByText('Evaluación actualizada exitosamente')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(statusBanner(page)).toContainText('Evaluada con correcciones');

    const actions = page.getByRole('group', { name: 'Acciones de la fic' });
    await actions.getByRole('button', { name: 'Publicar' }).click();
    const publish = page.getByRole('dialog', { name: '¿Publicar esta fic?' });
    await expect(publish).toContainText('Su autor recibirá un aviso.');
    await publish.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByText('Fic publicada exitosamente')).toBeVisible();
    await expect(publish).toBeHidden();
    await expect(statusBanner(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publicar' })).toHaveCount(0);

    // Published: the evaluation is locked; its grid and comment stay, nothing changes them.
    await page.getByRole('button', { name: 'Ver evaluación' }).click();
    await expect(drawer).toBeVisible();
    await expect(
      drawer.getByText('Esta fic ya fue publicada: su evaluación no se puede cambiar'),
    ).toBeVisible();
    await expect(score).toHaveText('Puntaje: 6 / 6');
    const lockedCells = drawer.getByRole('checkbox');
    await expect(lockedCells).toHaveCount(6);
    for (const locked of await lockedCells.all()) {
      await expect(locked).toBeDisabled();
    }
    await expect(cell(drawer, 'Ortografía', 'Logrado', 3)).toBeChecked();
    await expect(comment).toHaveValue(secondComment);
    await expect(comment).toBeDisabled();
    await expect(drawer.getByRole('combobox', { name: 'Rúbrica' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: /^(Actualizar|Enviar) evaluación$/ })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Publicar' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await expect(drawer).toBeHidden();

    // The author got the publication e-mail, with the fic's link.
    const mail = await mailbox.waitFor(student.email, { subject: 'tu fic fue publicada' });
    expect(mail.text).toContain(`«${newTitle}»`);
    expect(mail.links).toContain(`${server.url}/fics/${storyId}`);

    // A visitor without a session reads it, and nothing says who wrote it.
    const visitor = await otherBrowser(browser, server.url);
    const answer = await openAsVisitor(visitor, storyId);
    expect(answer.story.writtenBy).toBeNull();
    await expect(visitor.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
    await expect(visitor.getByRole('article')).toContainText('Esa noche, por fin, lo supe.');
    await expect(visitor.getByText('Por Anónimo')).toBeVisible();
    await expect(visitor.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect(statusBanner(visitor)).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: /evaluación|Mostrar autor/ })).toHaveCount(0);
    const visible = await pageText(visitor);
    for (const part of student.name.split(' ')) {
      expect(visible).not.toContain(part);
    }
    await visitor.context().close();

    // Fics Publicados lists it for the teacher; no longer in Fics para Revisión.
    menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Fics publicados', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/fics/publicadas`);
    await expect(page.getByRole('heading', { name: 'Fics Publicados', level: 1 })).toBeVisible();
    const publishedRow = page.getByRole('row').filter({ hasText: newTitle });
    await expect(publishedRow).toContainText(student.name);
    await expect(publishedRow).toContainText('Anónima');
    await publishedRow.getByRole('link', { name: `Ver ${newTitle}` }).click();
    await expect(page).toHaveURL(`${server.url}/fics/${storyId}`);
    await expect(page.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
    await page.goto('/fics/revision');
    await expect(page.getByRole('heading', { name: 'Fics para Revisión', level: 1 })).toBeVisible();
    // Its grade has no other fic in review.
    await expect(page.getByText('Nada que mostrar...')).toBeVisible();

    await studentPage.context().close();
  });

  test('a fic published under a pseudonym shows the pseudonym to a visitor and to the teacher who did not evaluate it, never the real name', async ({
    page,
    request,
    demo,
    mailbox,
    server,
    browser,
  }) => {
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const { school, teacher, student } = await newClass(request, mailbox, admin, {
      teacher: 'Marcos Ruiz Docente',
      student: 'Tomasa Echeverría Lagos',
    });
    // A second teacher of the grade evaluates and publishes it (setup through the API).
    const tag = uniqueTag();
    const evaluator = {
      name: 'Julia Paz Docente',
      email: `docente-eval-${tag}@fics.test`,
      password: testPassword(tag),
    };
    await createUser(admin, { ...evaluator, role: 'TEACHER', school });
    await activateAccount(request, mailbox, evaluator.email, evaluator.password);
    const title = 'La biblioteca que respiraba';
    const storyId = await sendStoryThroughApi(request, student, {
      title,
      text: '<p>Los libros suspiraban cuando nadie los leía.</p>',
      nickname: 'Pluma Azul',
    });
    const evaluatorApi = await apiSession(request, evaluator.email, evaluator.password);
    const columns = [
      { key: '0', name: 'Criterio', pointValue: 0 },
      { key: '1', name: 'Logrado', pointValue: 3 },
      { key: '2', name: 'Por lograr', pointValue: 1 },
    ];
    await evaluatorApi.call('POST', '/evaluations', {
      storyId,
      columns,
      items: [
        {
          col0: { value: 'Ambiente', checked: false },
          col1: { value: 'Se siente', checked: true },
          col2: { value: 'No se siente', checked: false },
        },
      ],
      comment: 'Un lugar inolvidable.',
    });
    await evaluatorApi.call('PATCH', `/stories/${storyId}`, { publicationStatus: 'PUBLISHED' });

    // A visitor: the pseudonym, and the API's answer carries no author.
    const visitor = await otherBrowser(browser, server.url);
    const answer = await openAsVisitor(visitor, storyId);
    expect(answer.story.writtenBy).toBeNull();
    await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(visitor.getByText('Por Pluma Azul')).toBeVisible();
    const visible = await pageText(visitor);
    for (const part of student.name.split(' ')) {
      expect(visible).not.toContain(part);
    }
    await visitor.context().close();

    // The other teacher of the grade finds it among the published fics under its pseudonym only.
    await page.goto('/');
    await loginThroughDialog(page, teacher.email, teacher.password);
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Fics publicados', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/fics/publicadas`);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Seudónimo: Pluma Azul');
    await expect(row).toContainText(school.name);
    await expect(row).not.toContainText(student.name);
    // Only its evaluator may delete it: here the button stays, greyed.
    await expect(row.getByRole('button', { name: `Eliminar ${title}` })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await row.getByRole('link', { name: `Ver ${title}` }).click();
    await expect(page).toHaveURL(`${server.url}/fics/${storyId}`);
    await expect(page.getByText('Por Pluma Azul')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mostrar autor' })).toHaveCount(0);
    expect(await pageText(page)).not.toContain(student.name);
  });
});
