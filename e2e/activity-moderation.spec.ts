import { test, expect, loginFromHome } from './fixtures';
import { apiSession } from './support/setup';
import { commentThroughApi, newClass, publishedStory } from './support/social';

/**
 * Moderation in the activity view (issue 21.7), at a phone's and a desktop's width: A reports B's
 * comment on A's fic and blocks B; the class's teacher reports it too, which hides it. The teacher
 * reads A's activity ('Reportó un comentario', its reason, 'Bloqueó a un usuario: B') and B's ('Un
 * comentario suyo quedó en revisión por reportes', with its text), never who reported.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** 'Nombre I.': how a teacher reads another student's name. */
const publicName = (name: string) => {
  const [first, second] = name.split(' ');
  return `${first} ${second!.charAt(0)}.`;
};

for (const viewport of viewports) {
  test(`the activity view shows reports, blocks and a hidden comment, at ${viewport.width} px`, async ({
    page,
    request,
    demo,
    mailbox,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize(viewport);
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      school: 'Escuela Actividad',
      teacher: 'Irene Actividad Docente',
      students: ['Amparo Reyes Luna', 'Bastián Cortés Vera'],
    });
    const [a, b] = [world.students[0]!, world.students[1]!];
    const title = `La ballena azul ${viewport.width}`;
    const storyId = await publishedStory(request, world, a, {
      title,
      text: '<p>La ballena cantaba de noche.</p>',
    });
    const bText = 'Nadie quiere leer esto, mejor no escribas.';
    const commentId = await commentThroughApi(
      await apiSession(request, b.email, b.password),
      storyId,
      `<p>${bText}</p>`,
    );
    const aSession = await apiSession(request, a.email, a.password);
    await aSession.call(
      'POST',
      '/reports',
      { target: 'COMMENT', targetId: commentId, reason: 'HARASSMENT' },
      201,
    );
    await aSession.call('POST', '/blocks', { userId: b._id }, 201);
    const teacherSession = await apiSession(request, world.teacher.email, world.teacher.password);
    await teacherSession.call(
      'POST',
      '/reports',
      { target: 'COMMENT', targetId: commentId, reason: 'OFFENSIVE' },
      201,
    );

    await loginFromHome(page, world.teacher.email, world.teacher.password);
    await page.goto(`/usuarios/${a._id}`);
    const activity = page.getByRole('list', { name: 'Actividad Reciente' });
    const entries = activity.getByRole('listitem');
    await expect(entries.nth(0)).toContainText(`Bloqueó a un usuario: ${publicName(b.name)}`);
    await expect(entries.nth(1)).toContainText(`Reportó un comentario: ${title}`);
    await expect(entries.nth(1)).toContainText('Motivo: Acoso o bullying');
    await expect(entries.nth(1)).not.toContainText(bText);
    await page.screenshot({
      path: testInfo.outputPath(`actividad-reporta-${viewport.width}.png`),
      fullPage: true,
    });

    await page.goto(`/usuarios/${b._id}`);
    const hidden = page
      .getByRole('list', { name: 'Actividad Reciente' })
      .getByRole('listitem')
      .filter({ hasText: 'Un comentario suyo quedó en revisión por reportes' });
    await expect(hidden).toContainText(title);
    await expect(hidden.getByRole('blockquote', { name: 'Comentario' })).toHaveText(bText);
    await expect(page.getByRole('list', { name: 'Actividad Reciente' })).not.toContainText(a.name);
    await page.screenshot({
      path: testInfo.outputPath(`actividad-oculto-${viewport.width}.png`),
      fullPage: true,
    });
  });
}
