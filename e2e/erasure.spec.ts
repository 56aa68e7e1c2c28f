import type { Browser, Page } from '@playwright/test';
import { test, expect, loginFromHome } from './fixtures';
import { apiSession, uniqueTag } from './support/setup';
import { commentThroughApi, newClass, publishedStory, waitForApp } from './support/social';

/**
 * An erasure from a request (issue 22.4 with 22.3), at a phone's and a desktop's width: a student
 * with published fics and a comment asks from /perfil that their account be erased; an
 * administrator opens 'Suprimir la cuenta' from the request in /solicitudes-datos, keeps one fic as
 * 'Anónimo', deletes the other, removes their comments' texts, reads the record's counts and answers
 * the request with the proposed text. Then the gallery shows the kept fic as 'Anónimo' and not the
 * other, the comment shows 'Usuario eliminado' with the note in place of its text, and the student
 * can no longer log in.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((an) => an.finished.catch(() => undefined))));

async function signedIn(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
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
  await loginFromHome(page, email, password);
  return { page, close: () => context.close() };
}

for (const viewport of viewports) {
  test(`an administrator erases a student's account from their request, at ${viewport.width} px`, async ({
    page,
    request,
    browser,
    demo,
    mailbox,
    server,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const tag = `sup${uniqueTag()}`;
    const world = await newClass(request, mailbox, admin, {
      school: 'Escuela Supresión',
      teacher: 'Olga Docente Supresión',
      students: ['Lucía Lejos Vidal', 'Pedro Pérez Soto'],
    });
    const [leaving, classmate] = world.students as [(typeof world.students)[0], (typeof world.students)[0]];
    const keptTitle = `El faro que queda ${viewport.width}`;
    const goneTitle = `La tormenta que se va ${viewport.width}`;
    const keptId = await publishedStory(request, world, leaving, {
      title: keptTitle,
      text: '<p>Un faro encendido toda la noche.</p>',
      tags: [tag],
    });
    const goneId = await publishedStory(request, world, leaving, {
      title: goneTitle,
      text: '<p>Una tormenta que nadie esperaba.</p>',
      tags: [tag],
    });
    const classmateStory = await publishedStory(request, world, classmate, {
      title: `El puerto de Pedro ${viewport.width}`,
      text: '<p>Barcos y gaviotas.</p>',
    });
    const commentText = `Me encantó tu puerto, Pedro (${tag})`;
    await commentThroughApi(
      await apiSession(request, leaving.email, leaving.password),
      classmateStory,
      `<p>${commentText}</p>`,
    );

    // The student asks for the erasure from /perfil.
    const student = await signedIn(browser, server.url, viewport, leaving.email, leaving.password);
    await student.page.goto('/perfil');
    const rights = student.page.getByRole('region', { name: 'Ejercer mis derechos' });
    await rights.scrollIntoViewIfNeeded();
    await rights.getByRole('radio', { name: /Supresión/ }).check();
    await rights
      .getByRole('textbox', { name: /Cuéntanos qué necesitas/ })
      .fill(`Quiero que borren mi cuenta. "${keptTitle}" puede quedar como anónimo; lo demás, bórrenlo.`);
    await rights.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(rights.getByText(/Recibimos tu solicitud/)).toBeVisible();
    await student.close();

    // The administrator opens 'Suprimir la cuenta' from the request.
    const adminPage = await signedIn(browser, server.url, viewport, demo.ADMIN.email, demo.ADMIN.password);
    const ap = adminPage.page;
    await ap.goto('/solicitudes-datos');
    const item = ap.getByRole('listitem').filter({ hasText: leaving.email });
    await expect(item).toContainText('Supresión');
    await expect(item).toContainText(leaving.name);
    await item.getByRole('button', { name: 'Suprimir la cuenta' }).click();
    const dialog = ap.getByRole('dialog', { name: `Suprimir la cuenta de ${leaving.name}` });
    const kept = dialog.getByRole('radiogroup', { name: keptTitle });
    const gone = dialog.getByRole('radiogroup', { name: goneTitle });
    await expect(kept).toBeVisible();
    await expect(gone.getByRole('radio', { name: 'Eliminar' })).toBeChecked();
    await kept.getByRole('radio', { name: 'Conservar como Anónimo' }).check();
    await dialog.getByRole('checkbox', { name: /Quitar el texto de sus comentarios \(1;/ }).check();
    await settle(ap);
    await ap.screenshot({ path: testInfo.outputPath(`suprimir-desde-solicitud-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'Suprimir cuenta' }).click();

    // The record's counts, without anything of the person.
    await expect(dialog.getByText(/Cuenta suprimida/)).toBeVisible();
    const counts = dialog.getByRole('list', { name: 'Filas eliminadas o anonimizadas por tabla' });
    await expect(counts).toContainText('users: 1');
    await expect(counts).toContainText('stories: 2');
    await expect(counts).toContainText('comments: 1');
    await expect(dialog).not.toContainText(leaving.email);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    // Then 'Responder', with 'Resuelta' and the proposed answer.
    const answer = ap.getByRole('dialog', { name: 'Responder la solicitud' });
    await expect(answer.getByRole('radio', { name: 'Resuelta' })).toBeChecked();
    const text = answer.getByRole('textbox', { name: /Respuesta para la persona/ });
    await expect(text).toHaveValue(/Tu fic publicado quedó en la galería como "Anónimo"/);
    await answer.getByRole('button', { name: 'Enviar respuesta' }).click();
    await expect(ap.getByText('Respuesta enviada')).toBeVisible();
    await expect(answer).toBeHidden();
    await expect(ap.getByRole('listitem').filter({ hasText: leaving.email })).toHaveCount(0);
    await adminPage.close();
    const answered = await mailbox.waitFor(leaving.email, { subject: 'respondimos tu solicitud' });
    expect(answered.text).toContain('Suprimimos tu cuenta de Fics');

    // The gallery: the kept fic as 'Anónimo', not the deleted one.
    await page.goto(`/?tags=${tag}`);
    await waitForApp(page);
    const gallery = page.getByRole('list', { name: 'Fics', exact: true });
    await expect(gallery.getByRole('heading')).toHaveText([keptTitle]);
    await expect(gallery.getByRole('listitem').filter({ hasText: keptTitle })).toContainText('Anónimo');
    await expect(gallery).not.toContainText('Lucía');
    await page.goto(`/fics/${goneId}`);
    await expect(page.getByRole('heading', { name: goneTitle })).toHaveCount(0);
    await page.goto(`/fics/${keptId}`);
    await expect(page.getByRole('heading', { name: keptTitle, level: 1 })).toBeVisible();
    await expect(page.getByText('Por Anónimo')).toBeVisible();

    // The comment: 'Usuario eliminado', and the note instead of its text.
    await page.goto(`/fics/${classmateStory}`);
    const comment = page
      .getByRole('region', { name: /^Comentarios/ })
      .getByRole('article', { name: 'Usuario eliminado' });
    await comment.scrollIntoViewIfNeeded();
    await expect(comment.getByText('Comentario eliminado a pedido de quien lo escribió.')).toBeVisible();
    await expect(comment).not.toContainText(commentText);
    await settle(page);
    await page
      .getByRole('region', { name: /^Comentarios/ })
      .screenshot({ path: testInfo.outputPath(`comentario-eliminado-${viewport.width}.png`) });

    // The student can no longer log in.
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).click();
    const login = page.getByRole('dialog', { name: 'Ingresar' });
    await login.getByLabel('Email').fill(leaving.email);
    await login.getByLabel('Contraseña', { exact: true }).fill(leaving.password);
    await login.getByRole('button', { name: 'Ingresar' }).click();
    await expect(login.getByText('Datos incorrectos')).toBeVisible();
  });
}
