import type { Page } from '@playwright/test';
import { test, expect, loginFromHome, loginThroughDialog } from './fixtures';
import { apiSession, uniqueTag } from './support/setup';
import {
  commentThroughApi,
  commentsSection,
  likeButton,
  newClass,
  publishedStory,
  waitForApp,
} from './support/social';

/**
 * The public gallery and a fic's social side (issue 9; spec 000 §2 Home, spec 001 §2 Story detail,
 * Comments and replies, User activity tracking; §4, §6, §8): a visitor filters the gallery and is
 * asked to log in to like; a student likes and comments; a teacher of the grade deletes a student's
 * comment; the administrator reads a student's activity. Each test makes its own school, grade,
 * people and published fics through the API; what it checks goes through the screens.
 */

/** The gallery's card list ('Fics') and the titles of its cards, in order. */
const cards = (page: Page) => page.getByRole('list', { name: 'Fics', exact: true }).getByRole('heading');

test.describe('gallery, likes, comments and activity', () => {
  test('a visitor filters the gallery by tag and by school, opens a fic, and is asked to log in to like it', async ({
    page,
    request,
    demo,
    mailbox,
    server,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const tag = `mar${uniqueTag()}`;
    const north = await newClass(request, mailbox, admin, {
      school: 'Escuela del Norte',
      teacher: 'Olga Norte Docente',
      students: ['Bruno Salinas Vera'],
    });
    const south = await newClass(request, mailbox, admin, {
      school: 'Escuela del Sur',
      teacher: 'Iván Sur Docente',
      students: ['Carla Moya Pinto'],
    });
    const northTitle = 'La ballena del puerto';
    const southTitle = 'Niebla sobre el muelle';
    const northId = await publishedStory(request, north, north.students[0]!, {
      title: northTitle,
      text: '<p>Una ballena entró al puerto y nadie quiso asustarla.</p>',
      tags: [tag, 'aventura'],
    });
    await publishedStory(request, south, south.students[0]!, {
      title: southTitle,
      text: '<p>La niebla llegó con el último barco.</p>',
      tags: [tag],
    });

    // The home shows the gallery (the demo's fics and these); the header's toggle opens the panel.
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: 'Fics publicados', level: 1 })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Filtrar fics', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: 'Filtrar fics' });
    await expect(panel).toBeVisible();

    // A tag: typed, added with Enter, searched.
    const tags = panel.getByRole('combobox', { name: 'Etiquetas' });
    await tags.fill(tag);
    await tags.press('Enter');
    await expect(panel.getByRole('button', { name: tag, exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Buscar' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`[?&]tags=${tag}(&|$)`));
    const chips = page.getByRole('list', { name: 'Filtros activos' });
    await expect(chips.getByRole('button', { name: `Etiqueta: ${tag}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText('2 fics encontrados');
    // Newest first.
    await expect(cards(page)).toHaveText([southTitle, northTitle]);
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Filtrar fics (1 filtro activo)' }),
    ).toBeVisible();

    // The chip reopens the panel, which keeps the tag; a school narrows it to that school's fic.
    await chips.getByRole('button', { name: `Etiqueta: ${tag}` }).click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: tag, exact: true })).toBeVisible();
    const school = panel.getByRole('combobox', { name: 'Escuela' });
    await school.fill(north.school.name);
    await page.getByRole('listbox').getByRole('option', { name: north.school.name, exact: true }).click();
    await expect(school).toHaveValue(north.school.name);
    await panel.getByRole('button', { name: 'Buscar' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`[?&]collegeId=${north.school.collegeId}(&|$)`));
    await expect(chips.getByRole('button')).toHaveText([`Etiqueta: ${tag}`, `Escuela: ${north.school.name}`]);
    await expect(page.getByRole('status').filter({ hasText: 'encontrado' })).toHaveText('1 fic encontrado');
    await expect(cards(page)).toHaveText([northTitle]);
    // To a visitor, a student author is named by first name and initial.
    await expect(page.getByRole('list', { name: 'Fics', exact: true })).toContainText('Bruno S.');

    // The fic opens from its card; liking asks the visitor to log in and changes nothing.
    const likeCalls: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === `/api/v1/stories/${northId}`) {
        likeCalls.push(req.url());
      }
    });
    await page.getByRole('link', { name: northTitle }).click();
    await expect(page).toHaveURL(`${server.url}/fics/${northId}`);
    await expect(page.getByRole('heading', { name: northTitle, level: 1 })).toBeVisible();
    const like = likeButton(page);
    await expect(like).toHaveAccessibleName('0 me gusta');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(page.getByText('Debes iniciar sesión para realizar esta acción')).toBeVisible();
    const login = page.getByRole('dialog', { name: 'Ingresar' });
    await expect(login).toBeVisible();
    await expect(login.getByLabel('Email')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();
    await expect(like).toHaveAccessibleName('0 me gusta');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(likeCalls).toEqual([]);
    const visitorView = await request.get(`/api/v1/stories/${northId}`);
    expect(((await visitorView.json()) as { story: { likesCount: number } }).story.likesCount).toBe(0);
  });

  test('a student likes a published fic (kept after reloading) and writes a comment and a reply', async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      teacher: 'Rosa Campos Docente',
      students: ['Pía Fuenzalida Rojas', 'Matías Herrera Soto'],
    });
    const [author, reader] = world.students as [(typeof world.students)[0], (typeof world.students)[0]];
    const title = 'El jardín de los relojes';
    const storyId = await publishedStory(request, world, author, {
      title,
      text: '<p>En el jardín, cada flor marcaba una hora distinta.</p>',
      tags: ['misterio'],
    });

    await loginFromHome(page, reader.email, reader.password);
    await page.goto(`/fics/${storyId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

    // The like: the count goes up and the button stays pressed, after a reload too.
    const like = likeButton(page);
    await expect(like).toHaveAccessibleName('0 me gusta');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAccessibleName('1 me gusta');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(like).toHaveAccessibleName('1 me gusta');
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    // A comment: the quiet field opens the editor; it appears at the top with the spec's message.
    const section = commentsSection(page);
    await expect(section).toHaveAccessibleName('Comentarios (0)');
    await expect(section.getByText('No hay comentarios')).toBeVisible();
    await section.getByRole('button', { name: 'Escribe un comentario...' }).click();
    const editor = section.getByRole('textbox', { name: 'Tu comentario' });
    await expect(editor).toBeVisible();
    await editor.click();
    const commentText = 'Me encantó el final, ¡qué buena idea la de los relojes!';
    await editor.pressSequentially(commentText);
    await section.getByRole('button', { name: 'Comentar' }).click();
    await expect(page.getByText('Comentario enviado exitosamente')).toBeVisible();
    await expect(editor).toBeHidden();
    const comment = section.getByRole('article', { name: reader.name });
    await expect(comment).toContainText(commentText);
    await expect(comment).toContainText('Estudiante');
    await expect(section).toHaveAccessibleName('Comentarios (1)');
    await expect(section.getByText('No hay comentarios')).toHaveCount(0);
    await expect(
      page.getByRole('group', { name: 'Reacciones y compartir' }).getByRole('link', { name: '1 comentario' }),
    ).toBeVisible();

    // A reply under it.
    const actions = comment.getByRole('group', { name: `Acciones del comentario de ${reader.name}` });
    await actions.getByRole('button', { name: 'Responder' }).click();
    const replyForm = comment.getByRole('form', { name: 'Tu respuesta' });
    const replyEditor = replyForm.getByRole('textbox', { name: 'Tu respuesta' });
    await expect(replyEditor).toBeVisible();
    await replyEditor.click();
    const replyText = 'Y el reloj de arena también.';
    await replyEditor.pressSequentially(replyText);
    await replyForm.getByRole('button', { name: 'Responder' }).click();
    await expect(page.getByText('Respuesta enviada exitosamente')).toBeVisible();
    await expect(replyForm).toBeHidden();
    const replies = comment.getByRole('region', { name: `Respuestas al comentario de ${reader.name}` });
    await expect(replies.getByRole('article', { name: reader.name })).toContainText(replyText);
    await expect(comment.getByRole('button', { name: 'Ocultar respuestas' })).toBeVisible();

    // After a reload both are still there, newest comment first, the reply behind 'Ver respuesta (1)'.
    await page.reload();
    await expect(section).toHaveAccessibleName('Comentarios (1)');
    await expect(comment).toContainText(commentText);
    await comment.getByRole('button', { name: 'Ver respuesta (1)' }).click();
    await expect(replies.getByRole('article', { name: reader.name })).toContainText(replyText);
  });

  test("a teacher of the student's grade deletes the student's comment", async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      teacher: 'Héctor Lagos Docente',
      students: ['Javiera Muñoz Tapia', 'Tomás Reyes Olivares'],
    });
    const [author, commenter] = world.students as [(typeof world.students)[0], (typeof world.students)[0]];
    const title = 'La bicicleta voladora';
    const storyId = await publishedStory(request, world, author, {
      title,
      text: '<p>Pedaleó tan fuerte que la calle quedó abajo.</p>',
    });
    const commenterApi = await apiSession(request, commenter.email, commenter.password);
    const commentText = 'Esto no tiene nada que ver con la fic.';
    await commentThroughApi(commenterApi, storyId, `<p>${commentText}</p>`);

    await loginFromHome(page, world.teacher.email, world.teacher.password);
    await page.goto(`/fics/${storyId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const section = commentsSection(page);
    await expect(section).toHaveAccessibleName('Comentarios (1)');
    const comment = section.getByRole('article', { name: commenter.name });
    await expect(comment).toContainText(commentText);
    const actions = comment.getByRole('group', { name: `Acciones del comentario de ${commenter.name}` });
    // A teacher of the student's grade may edit and delete it (docs/decisions/social.md).
    await expect(actions.getByRole('button', { name: 'Editar' })).toBeVisible();
    await actions.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar este comentario?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Comentario eliminado exitosamente')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(comment).toHaveCount(0);
    await expect(section.getByText('No hay comentarios')).toBeVisible();
    await expect(section).toHaveAccessibleName('Comentarios (0)');
    await expect(
      page
        .getByRole('group', { name: 'Reacciones y compartir' })
        .getByRole('link', { name: '0 comentarios' }),
    ).toBeVisible();

    // The server agrees: the fic has no comments left.
    const left = await commenterApi.call<{ comments: { totalDocs: number } }>(
      'GET',
      `/comments?storyId=${storyId}`,
    );
    expect(left.comments.totalDocs).toBe(0);
  });

  test("the administrator opens a student's activity from /usuarios: login, like and comment, then the comment deleted", async ({
    page,
    request,
    demo,
    mailbox,
    server,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      teacher: 'Marta Fuentes Docente',
      students: ['Gaspar Núñez Bravo', 'Isidora Castro Vega'],
    });
    const [author, student] = world.students as [(typeof world.students)[0], (typeof world.students)[0]];
    const title = 'El tren de las nubes';
    const storyId = await publishedStory(request, world, author, {
      title,
      text: '<p>El tren salía a las siete y nunca tocaba el suelo.</p>',
    });
    // The student's day: a login, a like, a comment (recorded by the server as they happen).
    const studentApi = await apiSession(request, student.email, student.password);
    await studentApi.call('POST', `/stories/${storyId}`);
    const commentText = 'Yo también quiero viajar en ese tren.';
    const commentId = await commentThroughApi(studentApi, storyId, `<p>${commentText}</p>`);

    await loginFromHome(page, demo.ADMIN.email, demo.ADMIN.password);
    await page.goto('/usuarios');
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Buscar por nombre o email' });
    await search.fill(student.email);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: student.email });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: author.email })).toHaveCount(0);
    await row.getByRole('link', { name: `Ver actividad de ${student.name}` }).click();
    await expect(page).toHaveURL(`${server.url}/usuarios/${student._id}`);

    await expect(page.getByRole('heading', { name: student.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Actividad Reciente', level: 2 })).toBeVisible();
    const activity = page.getByRole('list', { name: 'Actividad Reciente' });
    const entries = activity.getByRole('listitem');
    // Newest first: the comment (with its text), the like, the login.
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText(`Comentó una fic: ${title}`);
    await expect(entries.nth(0).getByRole('blockquote', { name: 'Comentario' })).toHaveText(commentText);
    await expect(entries.nth(1)).toContainText(`Le gustó una fic: ${title}`);
    await expect(entries.nth(2)).toContainText('Inició sesión');
    await expect(entries.nth(0).getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/fics/${storyId}`,
    );

    // Once the student deletes the comment, its line says so (issue 18.7).
    await studentApi.call('DELETE', `/comments/${commentId}`);
    await page.reload();
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText(`Eliminó un comentario: ${title}`);
    await expect(entries.nth(1)).toContainText(`Comentó una fic (comentario eliminado): ${title}`);
    await expect(entries.nth(1).getByRole('blockquote')).toHaveCount(0);
  });

  test("the author of an anonymous fic who comments on it is 'Autor/a' to a visitor and to a classmate", async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const world = await newClass(request, mailbox, admin, {
      teacher: 'Rosa Pinto Docente',
      students: ['Eulalia Torres Rivas', 'Matías Soto Lagos'],
    });
    const [author, classmate] = world.students as [(typeof world.students)[0], (typeof world.students)[0]];
    const title = 'El secreto del volcán';
    const storyId = await publishedStory(request, world, author, {
      title,
      text: '<p>El volcán guardaba un secreto que solo sabían las nubes.</p>',
      anonymity: true,
    });
    const authorApi = await apiSession(request, author.email, author.password);
    const commentText = '¡Gracias por leer! Pronto viene la segunda parte.';
    await commentThroughApi(authorApi, storyId, `<p>${commentText}</p>`);

    const expectAuthorHidden = async () => {
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const section = commentsSection(page);
      const comment = section.getByRole('article', { name: 'Autor/a' });
      await expect(comment).toContainText(commentText);
      await expect(comment.getByText('Autor/a', { exact: true })).toBeVisible();
      await expect(comment.locator('img')).toHaveCount(0);
      // Neither the full name nor the visitors' 'Eulalia T.' anywhere on the page.
      await expect(page.getByText(/Eulalia/)).toHaveCount(0);
    };
    await page.goto(`/fics/${storyId}`);
    await waitForApp(page);
    await expectAuthorHidden();

    await loginThroughDialog(page, classmate.email, classmate.password);
    await page.goto(`/fics/${storyId}`);
    await expectAuthorHidden();
  });
});
