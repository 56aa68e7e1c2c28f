import { test, expect, loginFromHome } from './fixtures';
import { apiSession } from './support/setup';
import { commentThroughApi, commentsSection, newClass, publishedStory } from './support/social';

/**
 * Blocking (issue 21.4), at a phone's and a desktop's width: student A blocks student B from B's
 * comment on A's fic; B's comments vanish for A; B, on A's fic, is told why they cannot comment; A
 * sees B under 'Usuarios bloqueados' on /perfil and unblocks them, and B's comment is back.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test(`a student blocks another from a comment, and unblocks them from /perfil, at ${viewport.width} px`, async ({
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
      school: 'Escuela Bloqueos',
      teacher: 'Rosa Bloqueo Docente',
      students: ['Amanda Ríos Pardo', 'Benjamín Soto Lagos'],
    });
    const [a, b] = [world.students[0]!, world.students[1]!];
    const title = `El faro dormido ${viewport.width}`;
    const storyId = await publishedStory(request, world, a, {
      title,
      text: '<p>El faro se durmió y los barcos se quedaron quietos.</p>',
    });
    const bSession = await apiSession(request, b.email, b.password);
    const bText = 'Tu fic es aburrida, nadie la va a leer.';
    await commentThroughApi(bSession, storyId, `<p>${bText}</p>`);

    // A blocks B from B's comment on A's fic; the dialog says what it does.
    await loginFromHome(page, a.email, a.password);
    await page.goto(`/fics/${storyId}`);
    const section = commentsSection(page);
    const bComment = section.getByRole('article', { name: b.name });
    await expect(bComment).toContainText(bText);
    await bComment.getByRole('button', { name: `Bloquear a ${b.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `¿Bloquear a ${b.name}?` });
    await expect(dialog).toContainText('Ya no verán los comentarios ni las respuestas del otro');
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((an) => an.finished.catch(() => undefined))),
    );
    await page.screenshot({ path: testInfo.outputPath(`bloquear-dialogo-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(
      page.getByText('Usuario bloqueado. Ya no verán sus comentarios entre ustedes'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('article', { name: b.name })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(commentsSection(page).getByText('No hay comentarios')).toBeVisible();

    // B, on A's fic, cannot comment and is told why.
    const bContext = await browser.newContext({ baseURL: server.url, viewport });
    const bPage = await bContext.newPage();
    await loginFromHome(bPage, b.email, b.password);
    await bPage.goto(`/fics/${storyId}`);
    const bSection = commentsSection(bPage);
    await expect(bSection.getByRole('article', { name: b.name })).toContainText(bText);
    await bSection.getByRole('button', { name: 'Escribe un comentario...' }).click();
    const editor = bSection.getByRole('textbox', { name: 'Tu comentario' });
    await editor.click();
    await editor.pressSequentially('¿Por qué no puedo?');
    await bSection.getByRole('button', { name: 'Comentar' }).click();
    await expect(
      bPage.getByText('No puedes comentar aquí: hay un bloqueo entre tú y esta persona').first(),
    ).toBeVisible();
    await bContext.close();

    // A's /perfil lists B; 'Desbloquear' lifts it.
    await page.goto('/perfil');
    const blocked = page.getByRole('region', { name: 'Usuarios bloqueados' });
    const row = blocked.getByRole('listitem').filter({ hasText: b.name });
    await expect(row).toBeVisible();
    await blocked.scrollIntoViewIfNeeded();
    await blocked.screenshot({ path: testInfo.outputPath(`usuarios-bloqueados-${viewport.width}.png`) });
    const box = (await blocked.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await row.getByRole('button', { name: `Desbloquear a ${b.name}` }).click();
    await expect(page.getByText('Usuario desbloqueado')).toBeVisible();
    await expect(blocked.getByText('No has bloqueado a nadie')).toBeVisible();
    await blocked.screenshot({
      path: testInfo.outputPath(`usuarios-bloqueados-vacio-${viewport.width}.png`),
    });

    // B's comment is back for A.
    await page.goto(`/fics/${storyId}`);
    await expect(commentsSection(page).getByRole('article', { name: b.name })).toContainText(bText);
  });
}
