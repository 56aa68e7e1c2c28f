import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, loginThroughDialog, openAccountMenu } from './fixtures';
import { pngImage } from './support/images';
import type { Mailbox } from './support/mailbox';
import {
  activateAccount,
  apiSession,
  createSchoolWithGrade,
  createUser,
  testPassword,
  uniqueTag,
  type ApiSession,
  type SchoolSetup,
} from './support/setup';

/**
 * Writing fics (spec 001 §2 New fic, Own fics, Story detail; §4, §5, §8): the editor at /fics/nuevo,
 * the detail page with its edit mode, /mis-fics. Each test makes its own school, grade and students
 * through the API; what it checks goes through the screens.
 */

interface Account {
  name: string;
  email: string;
  password: string;
}

interface CreatedStory {
  _id: string;
  title: string;
  updatedAt: string;
  publicationStatus: string;
  image: { url: string; width: number; height: number };
}

/** An activated student (or several) of one new school and grade. */
async function newStudents(
  request: APIRequestContext,
  mailbox: Mailbox,
  admin: ApiSession,
  names: string[],
): Promise<{ school: SchoolSetup; students: Account[] }> {
  const tag = uniqueTag();
  const school = await createSchoolWithGrade(admin, { name: `Escuela Fics ${tag}` });
  const students: Account[] = [];
  for (const [index, name] of names.entries()) {
    const account = { name, email: `estudiante-fics-${tag}-${index}@fics.test`, password: testPassword(tag) };
    await createUser(admin, { name, email: account.email, role: 'STUDENT', school });
    await activateAccount(request, mailbox, account.email, account.password);
    students.push(account);
  }
  return { school, students };
}

/** A landscape picture to crop: the square crop of a 600x400 image at zoom 1 is 400 px wide. */
const coverFile = { name: 'portada.png', mimeType: 'image/png', buffer: pngImage(600, 400) };

/** Creates a fic as `account` through the API (POST /stories, multipart with the cover in `file`). */
async function createStoryThroughApi(
  request: APIRequestContext,
  account: Account,
  fields: { title: string; text: string; tags?: string[]; draft?: boolean },
): Promise<CreatedStory> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const draft = fields.draft ?? true;
  const res = await request.post('/api/v1/stories', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      title: fields.title,
      text: fields.text,
      tags: JSON.stringify(fields.tags ?? []),
      anonymity: 'false',
      nickname: 'false',
      writingTime: '60',
      ...(draft ? { draft: 'true', publicationStatus: 'EDITING' } : { location: 'Valparaíso' }),
      file: coverFile,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { story: CreatedStory }).story;
}

/** Opens a new browser window (context) of its own: another person on another computer. */
async function otherBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago' });
  return context.newPage();
}

/** The words typed in the fic editor (Quill's root, a textbox named by 'Tu historia'). */
const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Tu historia' });

/** The fic editor's copies of unsaved work (localStorage 'fics-unsaved:*'), as stored JSON texts. */
const unsavedCopies = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('fics-unsaved:'))
      .map((key) => localStorage.getItem(key) ?? ''),
  );

/** The page is no wider than the window (nothing scrolls sideways). */
async function expectNoHorizontalOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** Chooses the cover file and moves the crop dialog's zoom slider to 1.5x; returns the open dialog. */
async function chooseAndCropCover(page: Page) {
  await page.getByLabel('Elegir portada').setInputFiles(coverFile);
  const crop = page.getByRole('dialog', { name: 'Recortar portada' });
  await expect(crop).toBeVisible();
  await expect(crop.getByRole('group', { name: /^Área de recorte/ })).toBeVisible();
  await expect(crop.locator('img')).toBeVisible();
  const zoom = crop.getByRole('slider', { name: 'Zoom' });
  await expect(zoom).toHaveAttribute('aria-valuenow', '1');
  await zoom.focus();
  for (let step = 0; step < 5; step += 1) {
    await zoom.press('ArrowRight');
  }
  await expect(zoom).toHaveAttribute('aria-valuetext', '1.5x');
  return crop;
}

test.describe('writing fics', () => {
  test('a student writes a fic with a cropped cover and tags, saves a draft, closes the tab mid-edit and restores the work, edits and sends it; another student cannot open it', async ({
    page,
    request,
    demo,
    mailbox,
    server,
    browser,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const {
      students: [author, classmate],
    } = await newStudents(request, mailbox, admin, ['Martina Mena', 'Camilo Cortés']);
    // An earlier draft of the author's: its tag is suggested to them (their own fics' tags are).
    await createStoryThroughApi(request, author!, {
      title: 'Un cuento anterior',
      text: '<p>Había una vez un bosque.</p>',
      tags: ['bosque encantado'],
    });

    await page.goto('/');
    await loginThroughDialog(page, author!.email, author!.password);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Crear Fic', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/fics/nuevo`);
    await expect(page.getByRole('heading', { name: 'Nueva Fic', level: 1 })).toBeVisible();

    // §5: everything missing, every message at once.
    const title = page.getByRole('textbox', { name: 'Título' });
    const editor = editorOf(page);
    await expect(editor).toBeVisible();
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await expect(page.getByText('El título es requerido')).toBeVisible();
    await expect(page.getByText('Debe escribir algo en tu fic')).toBeVisible();
    await expect(page.getByText('La imagen es requerida')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await title.fill('A');
    await expect(page.getByText('El título debe tener al menos 2 caracteres')).toBeVisible();
    await title.fill('x'.repeat(51));
    await expect(page.getByText('El título debe tener menos 50 caracteres')).toBeVisible();

    const storyTitle = 'El dragón del bosque';
    await title.fill(storyTitle);
    await expect(page.getByText('El título debe tener menos 50 caracteres')).toHaveCount(0);

    // The body, with bold from the toolbar.
    await editor.click();
    await editor.pressSequentially('Había una vez un dragón ');
    const bold = page.getByRole('toolbar', { name: 'Formato del texto' }).getByRole('button', {
      name: 'Negrita',
    });
    await bold.click();
    await editor.pressSequentially('muy valiente');
    await bold.click();
    await editor.pressSequentially(' que vivía en el bosque.');
    await expect(editor.locator('strong')).toHaveText('muy valiente');
    await expect(page.getByText('Debe escribir algo en tu fic')).toHaveCount(0);

    // The cover: chosen, zoomed in the crop dialog, cropped.
    const crop = await chooseAndCropCover(page);
    await crop.getByRole('button', { name: 'Recortar' }).click();
    await expect(crop).toBeHidden();
    await expect(page.getByRole('img', { name: 'Portada de la fic' })).toBeVisible();
    await expect(page.getByText('La imagen es requerida')).toHaveCount(0);
    await expect(page.getByText('Cambiar portada')).toBeVisible();

    // Tags: one typed new, one from the suggestions (the author's earlier fic).
    const tags = page.getByRole('combobox', { name: 'Etiquetas' });
    await tags.fill('dragones');
    await tags.press('Enter');
    await expect(page.getByRole('button', { name: 'dragones', exact: true })).toBeVisible();
    await tags.fill('bosq');
    await page.getByRole('option', { name: 'bosque encantado', exact: true }).click();
    await expect(page.getByRole('button', { name: 'bosque encantado', exact: true })).toBeVisible();
    await expect(tags).toHaveValue('');

    // §4: pseudonym and anonymity exclude each other.
    const anonymity = page.getByLabel('Publicar como anónimo');
    const pseudonym = page.getByLabel('Publicar con seudónimo');
    await pseudonym.check();
    const nickname = page.getByRole('textbox', { name: 'Seudónimo' });
    await expect(nickname).toBeVisible();
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await expect(page.getByText('El seudónimo es requerido')).toBeVisible();
    await anonymity.check();
    await expect(anonymity).toBeChecked();
    await expect(pseudonym).not.toBeChecked();
    await expect(nickname).toBeHidden();
    await pseudonym.check();
    await expect(anonymity).not.toBeChecked();
    await nickname.fill('Pluma Veloz');

    // Save as a draft, after the confirmation.
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    const confirmDraft = page.getByRole('dialog', { name: '¿Guardar como borrador?' });
    await confirmDraft.getByRole('button', { name: 'Guardar borrador' }).click();
    await expect(page.getByText('Borrador guardado exitosamente')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`^${server.url}/fics/[0-9a-f-]{36}$`));
    const storyPath = new URL(page.url()).pathname;
    const storyId = storyPath.split('/').pop()!;

    await expect(page.getByRole('heading', { name: storyTitle, level: 1 })).toBeVisible();
    const banner = page.getByRole('note').filter({ hasText: 'FIC EN EDICIÓN' });
    await expect(banner).toContainText('Borrador');
    await expect(page.getByText(/^\d+ palabras · \d+ min de lectura$/)).toHaveText(
      '12 palabras · 1 min de lectura',
    );
    await expect(page.getByRole('list', { name: 'Etiquetas' }).getByRole('link')).toHaveText([
      'dragones',
      'bosque encantado',
    ]);
    await expect(page.getByText('Por Pluma Veloz')).toBeVisible();
    await expect(page.getByRole('article').locator('strong')).toHaveText('muy valiente');
    // The cover was cropped square at 1.5x: smaller than the picture's 400 px height.
    const authorApi = await apiSession(request, author!.email, author!.password);
    const saved = (await authorApi.call<{ story: CreatedStory }>('GET', `/stories/${storyId}`)).story;
    expect(saved.image.width).toBe(saved.image.height);
    expect(saved.image.width).toBeLessThan(400);
    expect(saved.image.width).toBeGreaterThan(200);
    await expect(page.getByRole('img', { name: storyTitle })).toBeVisible();
    expect(await unsavedCopies(page)).toEqual([]);

    // Edit mode: a new title and more words, copied to the browser's storage as they are typed.
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar fic', level: 1 })).toBeVisible();
    const newTitle = 'El dragón y la luna';
    await title.fill(newTitle);
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially(' Una noche subió hasta la luna.');
    await expect
      .poll(async () =>
        (await unsavedCopies(page)).some(
          (copy) => copy.includes(newTitle) && copy.includes('subió hasta la luna'),
        ),
      )
      .toBe(true);
    await expect(
      page.getByRole('status').filter({ hasText: 'Copia guardada en este navegador' }),
    ).toBeVisible();

    // Leaving through an in-app link asks first; 'Cancelar' stays.
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Mis fics', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Seguro que quieres salir de esta pagina?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Cancelar' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(`${server.url}${storyPath}`);
    await expect(title).toHaveValue(newTitle);

    // So does the browser's back button (apps/web/src/lib/navigation.tsx): the step back is undone
    // at once, and 'Cancelar' leaves the page and the writing as they were.
    await page.evaluate(() => history.back());
    await expect(leave).toBeVisible();
    await expect(page).toHaveURL(`${server.url}${storyPath}`);
    await leave.getByRole('button', { name: 'Cancelar' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(`${server.url}${storyPath}`);
    await expect(title).toHaveValue(newTitle);

    // Closing the tab gets the browser's own warning; staying keeps everything.
    const warning = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const unloadDialog = await warning;
    expect(unloadDialog.type()).toBe('beforeunload');
    await unloadDialog.dismiss();
    await expect(title).toHaveValue(newTitle);

    // The tab closes mid-edit; the same browser opens the fic again and gets the work back.
    const context = page.context();
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await again.goto(storyPath);
    await again.getByRole('button', { name: 'Editar' }).click();
    const offer = again.getByRole('dialog', { name: 'Tienes trabajo sin guardar' });
    await expect(offer).toContainText(`«${newTitle}»`);
    await offer.getByRole('button', { name: 'Recuperar' }).click();
    await expect(offer).toBeHidden();
    await expect(again.getByText('Recuperamos tu trabajo sin guardar')).toBeVisible();
    await expect(again.getByRole('textbox', { name: 'Título' })).toHaveValue(newTitle);
    await expect(editorOf(again)).toContainText('Una noche subió hasta la luna.');
    await expect(editorOf(again).locator('strong')).toHaveText('muy valiente');

    // Saved: the copy is gone and the page shows the fic as it is now.
    await again.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(again.getByText('Fic actualizada exitosamente')).toBeVisible();
    await expect(again.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
    await expect(again.getByRole('article')).toContainText('Una noche subió hasta la luna.');
    await expect.poll(() => unsavedCopies(again)).toEqual([]);

    // Sent, after its warning: no more edit, send or delete.
    const actions = again.getByRole('group', { name: 'Acciones de la fic' });
    await actions.getByRole('button', { name: 'Enviar fic' }).click();
    const send = again.getByRole('dialog', { name: '¿Enviar tu fic a revisión?' });
    await expect(send).toContainText(
      'Una vez enviada, no podrás editarla hasta que tu docente la revise. Asegúrate de que esté lista antes de continuar.',
    );
    await send.getByRole('button', { name: 'Enviar fic' }).click();
    await expect(again.getByText('Fic enviada exitosamente')).toBeVisible();
    await expect(send).toBeHidden();
    await expect(again.getByRole('note').filter({ hasText: 'FIC EN EDICIÓN' })).toContainText('Por revisar');
    await expect(actions).toHaveCount(0);
    for (const name of ['Editar', 'Eliminar', 'Enviar fic']) {
      await expect(again.getByRole('button', { name, exact: true })).toHaveCount(0);
    }

    await (await openAccountMenu(again)).getByRole('menuitem', { name: 'Mis fics', exact: true }).click();
    await expect(again).toHaveURL(`${server.url}/mis-fics`);
    const sentRow = again.getByRole('row').filter({ hasText: newTitle });
    await expect(sentRow).toContainText('Por revisar');
    await expect(again.getByRole('row').filter({ hasText: 'Un cuento anterior' })).toContainText('Borrador');

    // A classmate, and a visitor without a session, find nothing at that address.
    const classmatePage = await otherBrowser(browser, server.url);
    await classmatePage.goto('/');
    await loginThroughDialog(classmatePage, classmate!.email, classmate!.password);
    await classmatePage.goto(storyPath);
    await expect(classmatePage.getByText('La fic solicitada no existe')).toBeVisible();
    await expect(classmatePage.getByText(newTitle)).toHaveCount(0);
    await expect(classmatePage.getByText('Una noche subió')).toHaveCount(0);
    await classmatePage.context().close();

    const visitorPage = await otherBrowser(browser, server.url);
    await visitorPage.goto(storyPath);
    await expect(visitorPage.getByText('La fic solicitada no existe')).toBeVisible();
    await expect(visitorPage.getByRole('main').getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect(visitorPage.getByText(newTitle)).toHaveCount(0);
    await visitorPage.context().close();
  });

  test("a draft is deleted after the spec's warning and leaves /mis-fics", async ({
    page,
    request,
    demo,
    mailbox,
    server,
  }) => {
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const {
      students: [author],
    } = await newStudents(request, mailbox, admin, ['Diego Díaz']);
    const kept = await createStoryThroughApi(request, author!, {
      title: 'La fic que se queda',
      text: '<p>Sigo aquí.</p>',
    });
    const doomed = await createStoryThroughApi(request, author!, {
      title: 'La fic que se va',
      text: '<p>Adiós.</p>',
    });

    await page.goto('/');
    await loginThroughDialog(page, author!.email, author!.password);
    await page.goto('/mis-fics');
    await expect(page.getByRole('heading', { name: 'Mis fics', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: `Ver ${doomed.title}` }).click();
    await expect(page).toHaveURL(`${server.url}/fics/${doomed._id}`);

    // 'Cancelar' keeps it.
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar esta fic?' });
    await expect(
      dialog.getByText('Esta acción no puede ser reversada, asegurese antes de continuar.', { exact: true }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: doomed.title, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Fic eliminada exitosamente')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/mis-fics`);
    await expect(page.getByRole('row').filter({ hasText: kept.title })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: doomed.title })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /fic$/ })).toHaveText('1 fic');

    // Its address finds nothing now.
    await page.goto(`/fics/${doomed._id}`);
    await expect(page.getByText('La fic solicitada no existe')).toBeVisible();
  });

  test('markup in a title and a body, stored or pasted, is shown as text and never runs', async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const {
      students: [author],
    } = await newStudents(request, mailbox, admin, ['Inés Inyección']);
    const title = '<img src=x onerror="window.__xss=1">';
    const story = await createStoryThroughApi(request, author!, {
      title,
      text:
        '<p>Antes &lt;img src=x onerror="window.__xss=2"&gt; después</p>' +
        '<img src=x onerror="window.__xss=3"><script>window.__xss=4</script>' +
        '<p><a href="javascript:window.__xss=5">un enlace</a></p><p onclick="window.__xss=6">Un párrafo</p>',
    });
    const xss = () => page.evaluate(() => (window as Window & { __xss?: unknown }).__xss);

    await page.goto('/');
    await loginThroughDialog(page, author!.email, author!.password);
    await page.goto(`/fics/${story._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const article = page.getByRole('article');
    await expect(article).toContainText('Antes <img src=x onerror="window.__xss=2"> después');
    await expect(article).toContainText('Un párrafo');
    await expect(article.locator('.story-body img, .story-body script, [onerror], [onclick]')).toHaveCount(0);
    const link = article.getByText('un enlace');
    await expect(link).toBeVisible();
    expect(await link.evaluate((element) => element.closest('a')?.getAttribute('href') ?? '')).not.toMatch(
      /^\s*javascript:/i,
    );
    await article.getByText('Un párrafo').click();
    expect(await xss()).toBeUndefined();

    await page.goto('/mis-fics');
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    expect(await xss()).toBeUndefined();

    // The editor loads it as text too, and a paste of markup keeps only the allowed formats.
    await page.goto(`/fics/${story._id}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue(title);
    const editor = editorOf(page);
    await expect(editor).toContainText('Antes <img src=x onerror="window.__xss=2"> después');
    await editor.click();
    await editor.press('Control+End');
    await editor.evaluate((root, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Pegado fuerte');
      root.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, '<p>Pegado <strong>fuerte</strong></p><img src=x onerror="window.__xss=7"><script>window.__xss=8</script>');
    await expect(editor.locator('strong')).toHaveText('fuerte');
    await expect(editor.locator('img, script')).toHaveCount(0);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Fic actualizada exitosamente')).toBeVisible();
    await expect(article.locator('strong')).toHaveText('fuerte');
    await expect(article.locator('.story-body img, .story-body script, [onerror]')).toHaveCount(0);
    expect(await xss()).toBeUndefined();
  });

  test("'Mi ubicación' works under the Permissions-Policy, the send dialog says what will be shown, and the fic keeps the place only to about 1 km (issue 18.5, 18.11)", async ({
    page,
    request,
    demo,
    mailbox,
    server,
  }) => {
    // The map's tiles and the place search are on the internet: none here.
    const origin = new URL(server.url).origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    // What Chromium says of the header (an unknown feature name, a bad value) is a console message.
    const policyWarnings: string[] = [];
    page.on('console', (message) => {
      if (/permissions.policy|feature policy/i.test(message.text())) {
        policyWarnings.push(message.text());
      }
    });
    await page.context().grantPermissions(['geolocation'], { origin });
    // About a metre: what the browser knows, and what must never be kept.
    await page.context().setGeolocation({ latitude: -33.0472123, longitude: -71.6127456 });
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const {
      students: [author],
    } = await newStudents(request, mailbox, admin, ['Ignacia Ibáñez']);

    await page.goto('/');
    await loginThroughDialog(page, author!.email, author!.password);
    const response = await page.goto('/fics/nuevo');
    const policy = response!.headers()['permissions-policy'] ?? '';
    expect(policy).toContain('geolocation=(self)');
    expect(policy).toContain('camera=()');
    // The browser applies it: geolocation for this page, the camera and microphone for nobody.
    expect(
      await page.evaluate(() => {
        const features = (
          document as Document & { featurePolicy?: { allowsFeature: (name: string) => boolean } }
        ).featurePolicy;
        return ['geolocation', 'camera', 'microphone', 'payment'].map((name) =>
          features?.allowsFeature(name),
        );
      }),
    ).toEqual([true, false, false, false]);

    await page.getByRole('textbox', { name: 'Título' }).fill('Desde el cerro');
    const editor = editorOf(page);
    await editor.click();
    await editor.pressSequentially('Se ve todo el puerto.');
    const crop = await chooseAndCropCover(page);
    await crop.getByRole('button', { name: 'Recortar' }).click();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const send = page.getByRole('dialog', { name: 'Enviar fic' });
    const notice = send.getByRole('status').filter({ hasText: 'Qué se mostrará' });
    await expect(notice).toContainText('Tu fic no mostrará el nombre de ningún lugar.');

    await send.getByRole('button', { name: 'Mi ubicación' }).click();
    const place = send.getByRole('textbox', { name: 'Lugar' });
    await expect(place).toHaveValue('-33.05, -71.61');
    await expect(send.getByRole('link', { name: 'Ver en OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-33.05&mlon=-71.61#map=14/-33.05/-71.61',
    );
    await expect(notice).toContainText(
      'El punto del mapa se guarda aproximado (a 1 km, no tu dirección) y solo lo ven tú, tus docentes y los administradores.',
    );
    await place.fill('Cerro Alegre');
    await expect(notice).toContainText('Quienes puedan leer tu fic verán «Cerro Alegre»');
    const sent = page.waitForResponse(
      (res) => res.url().endsWith('/api/v1/stories') && res.request().method() === 'POST',
    );
    await send.getByRole('button', { name: 'Enviar', exact: true }).click();
    // Not even the request carried the browser's metre-fine position.
    expect((await sent).request().postData()).not.toMatch(/0472|6127/);
    await expect(page.getByText('Fic enviada exitosamente')).toBeVisible();
    await expect(page.getByText('Escrita en Cerro Alegre')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver en el mapa (aproximado, a 1 km)' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-33.05&mlon=-71.61#map=14/-33.05/-71.61',
    );
    expect(policyWarnings).toEqual([]);
  });

  test.describe('on a phone (390x844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the new-fic page, the crop and send dialogs and /mis-fics fit the screen, and a fic is sent from it', async ({
      page,
      request,
      demo,
      mailbox,
      server,
    }) => {
      // The map's tiles and the place search are on the internet: none here.
      const origin = new URL(server.url).origin;
      await page.route(
        (url) => url.origin !== origin,
        (route) => route.abort(),
      );
      const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
      const {
        students: [author],
      } = await newStudents(request, mailbox, admin, ['Florencia Fuentes']);
      await createStoryThroughApi(request, author!, {
        title: 'Una fic con un título largo para un teléfono',
        text: '<p>Ya estaba.</p>',
      });

      await page.goto('/');
      await loginThroughDialog(page, author!.email, author!.password);
      await page.goto('/fics/nuevo');
      await expect(page.getByRole('heading', { name: 'Nueva Fic', level: 1 })).toBeVisible();
      const editor = editorOf(page);
      await expect(editor).toBeVisible();
      await expectNoHorizontalOverflow(page);

      await page.getByRole('textbox', { name: 'Título' }).fill('Desde el teléfono');
      await editor.click();
      await editor.pressSequentially('Escrita en el bus camino al colegio.');
      const crop = await chooseAndCropCover(page);
      await expectNoHorizontalOverflow(page);
      const cropBox = await crop.getByRole('button', { name: 'Recortar' }).boundingBox();
      expect(cropBox!.x + cropBox!.width).toBeLessThanOrEqual(390);
      await crop.getByRole('button', { name: 'Recortar' }).click();
      await expect(page.getByRole('img', { name: 'Portada de la fic' })).toBeVisible();

      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      const send = page.getByRole('dialog', { name: 'Enviar fic' });
      await expect(send).toContainText('¿Desde dónde escribes? La ubicación es opcional.');
      await expect(send).toContainText('Una vez enviada, tu docente la revisará');
      await expectNoHorizontalOverflow(page);
      await send.getByRole('textbox', { name: 'Lugar' }).fill('Valparaíso');
      await send.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expect(page.getByText('Fic enviada exitosamente')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`^${server.url}/fics/[0-9a-f-]{36}$`));
      await expect(page.getByRole('heading', { name: 'Desde el teléfono', level: 1 })).toBeVisible();
      await expect(page.getByRole('note').filter({ hasText: 'FIC EN EDICIÓN' })).toContainText('Por revisar');
      await expectNoHorizontalOverflow(page);

      await page.goto('/mis-fics');
      const cards = page.getByRole('list', { name: 'Mis fics' }).getByRole('listitem');
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: 'Desde el teléfono' })).toContainText('Por revisar');
      await expectNoHorizontalOverflow(page);
    });
  });
});

/**
 * Where a form's first error ends up (issue 18.2, components/error-focus.ts): inside the window and
 * above the sticky bar, with focus on its field.
 */
async function expectErrorInView(page: Page, message: string, bar: ReturnType<Page['locator']>) {
  const box = await page.getByText(message, { exact: true }).boundingBox();
  const barBox = await bar.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, message).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.y + box!.height).toBeLessThanOrEqual(barBox!.y);
}

test.describe('the first error of the fic form', () => {
  test("'Guardar borrador' with a 200,000-character text shows the length message above the action bar and focuses the editor, at 1280x800 and 390x844", async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const {
      students: [author],
    } = await newStudents(request, mailbox, admin, ['Laura Larga']);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await loginThroughDialog(page, author!.email, author!.password);
    await page.goto('/fics/nuevo');
    const title = page.getByRole('textbox', { name: 'Título' });
    await title.fill('Una fic demasiado larga');
    const editor = editorOf(page);
    await expect(editor).toBeVisible();
    // A pasted text of 200,000 characters, in paragraphs.
    const paragraph = 'Había una vez un dragón que cuidaba el bosque y contaba cuentos. '.repeat(20);
    const text = Array.from({ length: Math.ceil(200_000 / paragraph.length) }, () => paragraph)
      .join('\n')
      .slice(0, 200_000);
    await editor.click();
    await editor.evaluate((element, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
    await expect
      .poll(() => editor.evaluate((element) => element.textContent?.length ?? 0))
      .toBeGreaterThan(199_000);

    const message = 'Tu fic no debe superar los 100.000 caracteres';
    const saveDraft = page.getByRole('button', { name: 'Guardar borrador' });
    // The sticky action bar: the Paper around 'Guardar borrador'.
    const bar = saveDraft.locator('xpath=ancestor::div[contains(@class, "MuiPaper-root")][1]');
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      // From the top of the page, with focus elsewhere.
      await title.focus();
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveDraft.click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(editor).toBeFocused();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectErrorInView(page, message, bar);
    }

    // The first error in the page's order: with the title empty too, the title (under the header).
    await title.fill('');
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await saveDraft.click();
    await expect(title).toBeFocused();
    const titleBox = await title.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(titleBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await expectErrorInView(page, 'El título es requerido', bar);
  });
});

test.describe('unsaved writing and logging out (issue 18.1)', () => {
  /** 'Log out' from the account menu; returns the question asked when the editor has unsaved work. */
  async function logOut(page: Page) {
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
    return page.getByRole('dialog', { name: '¿Cerrar sesión sin guardar tu fic?' });
  }

  async function writeNewFic(page: Page, title: string, text: string) {
    await page.goto('/fics/nuevo');
    await page.getByRole('textbox', { name: 'Título' }).fill(title);
    const editor = editorOf(page);
    await editor.click();
    await editor.pressSequentially(text);
    await expect(page.getByText(/^Copia guardada en este navegador a las/)).toBeVisible();
  }

  async function expectLoggedOut(page: Page) {
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();
  }

  test('before logging out the editor asks: keep writing, save the draft (only when valid), or discard; a copy left in the browser survives the logout and is offered only to its writer', async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const {
      students: [author, classmate],
    } = await newStudents(request, mailbox, admin, ['Rocío Rivas', 'Tomás Toro']);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await loginThroughDialog(page, author!.email, author!.password);

    // Words and reading time, live under the editor (issue 18.4).
    await writeNewFic(page, 'Antes de salir', 'Había una vez un faro en la isla.');
    await expect(page.getByText('8 palabras · 1 min de lectura')).toBeVisible();

    // 'Seguir escribiendo': nothing happens, the work is on screen.
    let question = await logOut(page);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Seguir escribiendo' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/fics\/nuevo$/);
    await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue('Antes de salir');

    // 'Guardar borrador' without a cover: the form says why and the student stays.
    question = await logOut(page);
    await question.getByRole('button', { name: 'Guardar borrador' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByText('La imagen es requerida')).toBeVisible();
    await expect(page).toHaveURL(/\/fics\/nuevo$/);
    await expect(page.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();

    // With a cover: saved as a draft, then logged out; the draft is in 'Mis fics'.
    const crop = await chooseAndCropCover(page);
    await crop.getByRole('button', { name: 'Recortar' }).click();
    await expect(crop).toBeHidden();
    question = await logOut(page);
    await question.getByRole('button', { name: 'Guardar borrador' }).click();
    await expect(page.getByText('Borrador guardado exitosamente')).toBeVisible();
    await expectLoggedOut(page);
    expect(await unsavedCopies(page)).toEqual([]);
    await loginThroughDialog(page, author!.email, author!.password);
    await page.goto('/mis-fics');
    await expect(page.getByRole('row').filter({ hasText: 'Antes de salir' })).toContainText('Borrador');

    // 'Descartar': the copy goes, and nothing is offered after logging in again.
    await writeNewFic(page, 'Para tirar', 'Esto no sirve.');
    question = await logOut(page);
    await question.getByRole('button', { name: 'Descartar' }).click();
    await expectLoggedOut(page);
    expect(await unsavedCopies(page)).toEqual([]);
    await loginThroughDialog(page, author!.email, author!.password);
    await page.goto('/fics/nuevo');
    await expect(editorOf(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Tienes trabajo sin guardar' })).toHaveCount(0);

    // Left in the browser (the leave dialog's 'Salir'), then a logout with no editor open: kept.
    await writeNewFic(page, 'Se queda aquí', 'Una historia a medias.');
    await page.getByRole('banner').getByRole('link', { name: 'Fics' }).click();
    await page
      .getByRole('dialog', { name: 'Seguro que quieres salir de esta pagina?' })
      .getByRole('button', { name: 'Salir' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await logOut(page);
    await expectLoggedOut(page);
    expect(await unsavedCopies(page)).toHaveLength(1);

    // A classmate on the same computer is not offered it.
    await loginThroughDialog(page, classmate!.email, classmate!.password);
    await page.goto('/fics/nuevo');
    await expect(editorOf(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Tienes trabajo sin guardar' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue('');
    await logOut(page);
    await expectLoggedOut(page);

    // Its writer is.
    await loginThroughDialog(page, author!.email, author!.password);
    await page.goto('/fics/nuevo');
    const offer = page.getByRole('dialog', { name: 'Tienes trabajo sin guardar' });
    await expect(offer).toContainText('«Se queda aquí»');
    await offer.getByRole('button', { name: 'Recuperar' }).click();
    await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue('Se queda aquí');
    await expect(editorOf(page)).toContainText('Una historia a medias.');
  });

  test('a session ended elsewhere while writing keeps the work: the save asks to log in again and the same student is taken back to it', async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    test.slow();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const {
      students: [author],
    } = await newStudents(request, mailbox, admin, ['Violeta Vera']);
    await page.goto('/');
    await loginThroughDialog(page, author!.email, author!.password);
    await writeNewFic(page, 'La sesión se cerró', 'Escribía cuando todo se apagó.');
    const crop = await chooseAndCropCover(page);
    await crop.getByRole('button', { name: 'Recortar' }).click();
    await expect(crop).toBeHidden();

    // The bell asks for notifications every 3 s, and an ask after the sessions end finds it first and
    // asks to log in again the same way (it failed this test once, mid-click, in a quiet run). Held
    // here (the asks stay pending), so that it is the save that finds the session ended.
    const bellPoll = /\/api\/v1\/notifications(\?|$)/;
    await page.route(bellPoll, () => undefined);

    // Every session of the student ends (another device's 'Cerrar sesión en todos los dispositivos').
    const elsewhere = await apiSession(request, author!.email, author!.password);
    await elsewhere.call('POST', '/auth/logout-all');

    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page
      .getByRole('dialog', { name: '¿Guardar como borrador?' })
      .getByRole('button', { name: 'Guardar borrador' })
      .click();
    const login = page.getByRole('dialog', { name: 'Ingresar' });
    await expect(login).toContainText('Lo que escribiste quedó guardado en este navegador');
    await expect(page).toHaveURL(/\/$/);
    expect((await unsavedCopies(page)).join()).toContain('La sesión se cerró');

    await login.getByLabel('Email').fill(author!.email);
    await login.getByLabel('Contraseña', { exact: true }).fill(author!.password);
    await login.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/fics\/nuevo$/);
    await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue('La sesión se cerró');
    await expect(editorOf(page)).toContainText('Escribía cuando todo se apagó.');
    await expect(page.getByText('Recuperamos tu trabajo sin guardar')).toBeVisible();
    await page.unroute(bellPoll);
  });
});
