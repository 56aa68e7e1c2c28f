import type { Page } from '@playwright/test';
import { test, expect, loginThroughDialog, openAccountMenu, type DemoAccount } from './fixtures';
import type { Mailbox } from './support/mailbox';
import {
  acceptInvitationInPage,
  activateAccount,
  apiSession,
  createSchoolWithGrade,
  createUser,
  invitationLink,
  testPassword,
  uniqueTag,
  xlsxFile,
  type SchoolSetup,
} from './support/setup';

/**
 * A school with one grade and an active teacher of that grade, made through the API: these tests
 * are about the wizard, not about creating schools (schools-users.spec.ts covers that).
 */
async function teacherWithGrade(options: {
  page: Page;
  mailbox: Mailbox;
  admin: DemoAccount;
  tag: string;
}): Promise<{ school: SchoolSetup; teacher: { name: string; email: string; password: string } }> {
  const { page, mailbox, admin, tag } = options;
  const api = await apiSession(page.request, admin.email, admin.password);
  const school = await createSchoolWithGrade(api, {
    name: `Escuela Carga ${tag}`,
    grade: { cicle: 'Medio', level: 'Segundo', name: 'B' },
  });
  const teacher = {
    name: 'Marta Masiva',
    email: `docente-carga-${tag}@fics.test`,
    password: testPassword(tag),
  };
  await createUser(api, { name: teacher.name, email: teacher.email, role: 'TEACHER', school });
  await activateAccount(page.request, mailbox, teacher.email, teacher.password);
  return { school, teacher };
}

/** Opens 'Carga masiva' on /usuarios and checks the teacher's fixed role and preselected school and grade. */
async function openWizard(page: Page, school: SchoolSetup) {
  await page.getByRole('button', { name: 'Carga masiva' }).click();
  const wizard = page.getByRole('dialog', { name: 'Carga masiva' });
  await expect(wizard.getByRole('textbox', { name: 'Rol' })).toHaveValue('Estudiante');
  await expect(wizard.getByText('Como docente solo puedes cargar estudiantes en tus cursos.')).toBeVisible();
  // A teacher with one school and one grade finds them chosen already.
  await expect(wizard.getByRole('combobox', { name: 'Establecimiento' })).toHaveValue(school.name);
  await expect(wizard.getByRole('combobox', { name: 'Curso' })).toHaveText(school.gradeLabel);
  return wizard;
}

test.describe('bulk import', () => {
  test('a teacher imports students from an .xlsx file: bad rows are flagged and fixed, the summary counts and explains, the students are listed and one logs in', async ({
    page,
    demo,
    mailbox,
    server,
  }) => {
    const tag = uniqueTag();
    const { school, teacher } = await teacherWithGrade({ page, mailbox, admin: demo.ADMIN, tag });
    const students = [
      { name: 'Ana Araya', email: `ana.araya-${tag}@fics.test` },
      { name: 'Bruno Bravo', email: `bruno.bravo-${tag}@fics.test` },
      { name: 'Carla Castro', email: `carla.castro-${tag}@fics.test` },
    ];
    const fixed = { name: 'Diego Díaz', email: `diego.diaz-${tag}@fics.test` };
    const file = xlsxFile(`estudiantes-${tag}.xlsx`, [
      ['name', 'email'],
      ...students.map((s) => [s.name, s.email]),
      // A bad row: a one-letter name and no e-mail address.
      ['D', 'diego.diaz'],
      // The same e-mail twice in the file.
      ['Ana Repetida', students[0]!.email.toUpperCase()],
      // Already registered: only the server can tell.
      ['Sofía Otra Vez', demo.STUDENT.email],
    ]);

    await page.goto('/');
    await loginThroughDialog(page, teacher.email, teacher.password);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
    const wizard = await openWizard(page, school);

    // Step 1: the file is required, then read in the browser.
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText('Debe cargar un archivo')).toBeVisible();
    await wizard.locator('input[type="file"]').setInputFiles(file);
    await expect(wizard.getByText(`${file.name}: 6 usuarios encontrados`)).toBeVisible();
    await expect(wizard.getByText('Debe cargar un archivo')).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: the bad row and the repeated e-mail block the import until they are dealt with.
    await expect(wizard.getByText('6 usuarios · 2 filas con errores')).toBeVisible();
    const upload = wizard.getByRole('button', { name: 'Cargar usuarios' });
    await expect(upload).toBeDisabled();
    const badRow = wizard.getByRole('listitem', { name: 'Fila 4' });
    await expect(badRow.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();
    await expect(badRow.getByText('Ingresa un email valido')).toBeVisible();
    const repeatedRow = wizard.getByRole('listitem', { name: 'Fila 5' });
    await expect(repeatedRow.getByText('El email está repetido en la lista')).toBeVisible();

    await wizard.getByRole('switch', { name: 'Mostrar solo filas con errores' }).check();
    await expect(wizard.getByRole('listitem', { name: /^Fila \d+$/ })).toHaveCount(2);
    await badRow.getByRole('textbox', { name: 'Nombre, fila 4' }).fill(fixed.name);
    await badRow.getByRole('textbox', { name: 'Email, fila 4' }).fill(fixed.email);
    await expect(badRow.getByText('Ingresa un email valido')).toHaveCount(0);
    await repeatedRow.getByRole('button', { name: 'Quitar fila 5' }).click();
    await expect(wizard.getByText('5 usuarios', { exact: true })).toBeVisible();
    await wizard.getByRole('switch', { name: 'Mostrar solo filas con errores' }).uncheck();
    await expect(wizard.getByRole('listitem', { name: /^Fila \d+$/ })).toHaveCount(5);

    // Step 3: four created, the registered e-mail refused with its message.
    await upload.click();
    await expect(wizard.getByText('Usuarios creados').locator('xpath=..')).toHaveText(
      /^\s*4\s*Usuarios creados$/,
    );
    await expect(wizard.getByText('Usuarios con errores').locator('xpath=..')).toHaveText(
      /^\s*1\s*Usuarios con errores$/,
    );
    await expect(page.getByText('Operación realizada exitosamente')).toBeVisible();
    const failures = wizard.getByRole('list', { name: 'Filas con errores' }).getByRole('listitem');
    await expect(failures).toHaveCount(1);
    await expect(failures.first()).toContainText(demo.STUDENT.email);
    await expect(failures.first()).toContainText('Sofía Otra Vez');
    await expect(failures.first()).toContainText('El email ya está registrado');

    // 'Finalizar' starts the wizard over; the list behind it now has the students.
    await wizard.getByRole('button', { name: 'Finalizar' }).click();
    await expect(wizard.getByRole('button', { name: 'Seleccionar archivo' })).toBeVisible();
    await expect(wizard.getByText(`${file.name}: 6 usuarios encontrados`)).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Cerrar carga masiva' }).click();
    await expect(wizard).toBeHidden();
    for (const student of [...students, fixed]) {
      await expect(page.getByRole('row').filter({ hasText: student.email }).getByRole('cell')).toHaveText([
        student.name,
        student.email,
        school.name,
        school.gradeLabel,
        'Estudiante',
        '',
      ]);
    }
    await expect(page.getByRole('row').filter({ hasText: demo.STUDENT.email })).toHaveCount(0);

    // One of them creates a password from the invitation and logs in: their menu names school and grade.
    const student = students[1]!;
    const link = await invitationLink(mailbox, student.email);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();
    const password = testPassword(`${tag}e`);
    await acceptInvitationInPage(page, link, student.email, password);
    await page.getByRole('link', { name: 'Volver al home' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await loginThroughDialog(page, student.email, password);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(student.name, { exact: true })).toBeVisible();
    await expect(menu.getByText('Estudiante', { exact: true })).toBeVisible();
    await expect(menu.getByText(school.name)).toBeVisible();
    await expect(menu.getByText(school.gradeLabel)).toBeVisible();
  });

  test('a teacher imports students from a typed and pasted e-mail list; an invalid address blocks it until removed', async ({
    page,
    demo,
    mailbox,
  }) => {
    const tag = uniqueTag();
    const { school, teacher } = await teacherWithGrade({ page, mailbox, admin: demo.ADMIN, tag });
    const typed = [`eva.${tag}@fics.test`, `felipe.${tag}@fics.test`, `gabriela.${tag}@fics.test`];
    const pasted = [`hugo.${tag}@fics.test`, `ines.${tag}@fics.test`];
    const invalid = `ivan.${tag}-fics.test`;

    await page.goto('/');
    await loginThroughDialog(page, teacher.email, teacher.password);
    await page.goto('/usuarios');
    const wizard = await openWizard(page, school);
    await wizard.getByRole('button', { name: 'Lista de correos' }).click();
    await expect(wizard.getByRole('button', { name: 'Lista de correos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Typed: a comma, a space and Enter each close an address; an invalid one is flagged at once.
    const input = wizard.getByRole('textbox', { name: 'Correos' });
    await input.pressSequentially(`${typed[0]},${typed[1]} ${invalid}`);
    await input.press('Enter');
    await input.pressSequentially(typed[2]!);
    await input.press('Enter');
    const invalidChip = wizard.getByRole('button', { name: `Correo no válido: ${invalid}` });
    await expect(invalidChip).toBeVisible();
    await expect(wizard.getByText('Hay errores en los correos listados')).toBeVisible();

    // Pasted text: every e-mail-like string in it is added.
    await input.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, `Hugo Herrera <${pasted[0]}>; ${pasted[1]}.`);
    for (const email of [...typed, ...pasted]) {
      await expect(wizard.getByRole('button', { name: email, exact: true })).toBeVisible();
    }
    await expect(wizard.getByText('6 correos')).toBeVisible();

    // The invalid address keeps the wizard on step 1 until it is removed.
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText('Hay errores en los correos listados')).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Cargar usuarios' })).toHaveCount(0);
    await invalidChip.getByRole('img', { name: `Quitar ${invalid}` }).click();
    await expect(invalidChip).toHaveCount(0);
    await expect(wizard.getByText('Hay errores en los correos listados')).toHaveCount(0);
    await expect(wizard.getByText('5 correos')).toBeVisible();
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: each name is the part of the address before the at sign.
    const emails = [...typed, ...pasted];
    await expect(wizard.getByText('5 usuarios', { exact: true })).toBeVisible();
    for (const [index, email] of emails.entries()) {
      await expect(wizard.getByRole('textbox', { name: `Nombre, fila ${index + 1}` })).toHaveValue(
        email.slice(0, email.indexOf('@')),
      );
      await expect(wizard.getByRole('textbox', { name: `Email, fila ${index + 1}` })).toHaveValue(email);
    }
    await wizard.getByRole('button', { name: 'Cargar usuarios' }).click();
    await expect(wizard.getByText('Usuarios creados').locator('xpath=..')).toHaveText(
      /^\s*5\s*Usuarios creados$/,
    );
    await expect(wizard.getByText('Todos los usuarios fueron creados.')).toBeVisible();
    await wizard.getByRole('button', { name: 'Finalizar' }).click();
    await expect(wizard.getByRole('button', { name: 'Siguiente' })).toBeVisible();
    await wizard.getByRole('button', { name: 'Cerrar carga masiva' }).click();
    await expect(wizard).toBeHidden();

    for (const email of emails) {
      await expect(page.getByRole('row').filter({ hasText: email }).getByRole('cell')).toHaveText([
        email.slice(0, email.indexOf('@')),
        email,
        school.name,
        school.gradeLabel,
        'Estudiante',
        '',
      ]);
    }
    // Each of them was invited.
    for (const email of emails) {
      await invitationLink(mailbox, email);
    }
  });
});

test.describe('the first error of the bulk import', () => {
  test("'Siguiente' with an invalid address in a long list brings 'Hay errores en los correos listados' into the dialog and focus to the list, at 1280x800 and 390x844", async ({
    page,
    demo,
    mailbox,
  }) => {
    const tag = uniqueTag();
    const { school, teacher } = await teacherWithGrade({ page, mailbox, admin: demo.ADMIN, tag });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await loginThroughDialog(page, teacher.email, teacher.password);
    await page.goto('/usuarios');

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const wizard = await openWizard(page, school);
      await wizard.getByRole('button', { name: 'Lista de correos' }).click();
      const input = wizard.getByRole('textbox', { name: 'Correos' });
      // Fifty-nine addresses pasted and an invalid one typed: the list is taller than the dialog shows.
      const addresses = Array.from({ length: 59 }, (_, index) => `alumno.${index}.${tag}@fics.test`);
      await input.evaluate((element, text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, addresses.join(' '));
      await input.pressSequentially(`mal.${tag}-fics.test`);
      await input.press('Enter');
      await expect(wizard.getByText('60 correos')).toBeVisible();
      // The dialog's content from its top, focus on its first field, as a teacher would see it.
      const content = wizard.locator('.MuiDialogContent-root');
      await content.evaluate((element) => element.scrollTo(0, 0));
      await wizard.getByRole('button', { name: 'Lista de correos' }).focus();

      await wizard.getByRole('button', { name: 'Siguiente' }).click();
      const message = wizard.getByText('Hay errores en los correos listados', { exact: true });
      await expect(message).toBeVisible();
      // Focus on the list, which names the message to a screen reader.
      await expect(input).toBeFocused();
      const described = await input.evaluate((element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
      expect(described).toContain('Hay errores en los correos listados');
      // Inside the visible part of the dialog's content and of the window.
      const box = (await message.boundingBox())!;
      const contentBox = (await content.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(contentBox.y);
      expect(box.y + box.height).toBeLessThanOrEqual(contentBox.y + contentBox.height);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

      await wizard.getByRole('button', { name: 'Cerrar carga masiva' }).click();
      await expect(wizard).toBeHidden();
    }
  });
});
