import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, loginFromHome, loginThroughDialog, openAccountMenu } from './fixtures';
import {
  acceptInvitationInPage,
  activateAccount,
  addGrade,
  apiSession,
  chooseOption,
  createSchoolWithGrade,
  createUser,
  invitationLink,
  testPassword,
  uniqueTag,
} from './support/setup';
import { waitForApp } from './support/social';

/**
 * Registration and change requests (issue 10; spec 000 §2 Registration request form, Profile,
 * Change requests, Account-creation requests, Approve and Reject flows; §4; §5): a visitor asks
 * for an account naming a school and grade that do not exist and the administrator approves it
 * through the wizard that creates them; a student asks to change grade and the administrator
 * rejects it with a comment. Setup a test does not exercise goes through the API.
 */

/**
 * A unique tag made of letters only: names typed in the request forms (people, schools, grades)
 * accept letters and single spaces, no digits.
 */
function letterTag(): string {
  const letters = uniqueTag().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

/** Opens a new browser window (context) of its own: another person on another computer. */
async function otherBrowser(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago' });
  return context.newPage();
}

/** The value (dd) right after the label (dt) `label` in a description list inside `scope`. */
const described = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A request's date as the screens show it ('MMM dd, yyyy' in Spanish). */
const shownDate = /^\S+ \d{2}, \d{4}$/;

test.describe('registration and change requests', () => {
  test('a visitor asks for an account in a school and grade not listed; the administrator creates them in the wizard and approves; the new user accepts the invitation and logs in', async ({
    page,
    demo,
    mailbox,
    server,
  }) => {
    test.slow();
    const tag = letterTag();
    const person = {
      name: `Valentina Rojas ${tag}`,
      email: `solicitante-${tag.toLowerCase()}@fics.test`,
    };
    const school = `Liceo Los Aromos ${tag}`;
    const grade = { cicle: 'Medio', level: 'Tercero', name: 'B', label: 'Tercero Medio B' };
    const comment = 'Soy estudiante nueva y quiero publicar mis cuentos.';

    // The visitor: 'Ingresar', then '¿Te gustaría formar parte?' turns the dialog into the form.
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).click();
    await page
      .getByRole('dialog', { name: 'Ingresar' })
      .getByRole('button', { name: '¿Te gustaría formar parte?' })
      .click();
    const form = page.getByRole('dialog', { name: 'Solicitud de registro' });
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: 'Email' }).fill(person.email);
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(person.name);
    await chooseOption(form, 'Rol', 'Estudiante');
    // 'Otro' school: its name is typed, and the grade must be typed too.
    await chooseOption(form, 'Establecimiento', 'Otro');
    await form.getByRole('textbox', { name: 'Nombre del establecimiento' }).fill(school);
    const gradeSelect = form.getByRole('combobox', { name: 'Curso' });
    await expect(gradeSelect).toHaveText('Otro');
    await expect(gradeSelect).toHaveAttribute('aria-disabled', 'true');
    await expect(form.getByText('Escribe el curso: el establecimiento no está en la lista')).toBeVisible();
    await chooseOption(form, 'Ciclo', grade.cicle);
    await chooseOption(form, 'Nivel', grade.level);
    await form.getByRole('textbox', { name: 'Nombre del curso' }).fill(grade.name);
    await form.getByRole('textbox', { name: 'Comentario' }).fill(comment);
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Tu solicitud fue enviada. Nuestro equipo la revisará y te llegará un email con el resultado.',
    );
    await form.getByRole('button', { name: 'Cerrar' }).click();
    await expect(form).toBeHidden();

    // The administrator: a dot on 'Solicitudes de creación de cuentas' in the account menu.
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    const menu = await openAccountMenu(page);
    const registerEntry = menu.getByRole('menuitem', { name: /^Solicitudes de creación de cuentas/ });
    await expect(registerEntry.getByText('Hay solicitudes pendientes')).toBeAttached();
    await registerEntry.click();
    await expect(page).toHaveURL(`${server.url}/registros`);
    await expect(
      page.getByRole('heading', { name: 'Solicitudes de creación de cuentas', level: 2 }),
    ).toBeVisible();
    const pending = page.getByRole('table', { name: 'Solicitudes de creación de cuentas' });
    const row = pending.getByRole('row').filter({ hasText: person.name });
    await expect(row).toContainText(comment);

    // Its detail: the school and the grade are not registered.
    await row.getByRole('button', { name: `Ver detalle de la solicitud de ${person.name}` }).click();
    const details = pending.getByRole('row').filter({ hasText: person.email });
    await expect(described(details, 'Establecimiento')).toHaveText(school);
    await expect(described(details, 'Curso')).toHaveText(grade.label);
    await expect(details.getByText('Este establecimiento no está registrado')).toBeVisible();
    await expect(details.getByText('Este curso no está registrado')).toBeVisible();

    // 'Aprobar Solicitud': first the notice, then the wizard.
    await row.getByRole('button', { name: `Aprobar Solicitud de ${person.name}` }).click();
    const notice = page.getByRole('dialog', { name: 'Aviso' });
    await expect(notice).toContainText(
      'El establecimiento y el curso de esta solicitud no están registrados. A continuación podrás crearlos y luego atender la solicitud.',
    );
    await notice.getByRole('button', { name: 'Continuar' }).click();
    const wizard = page.getByRole('dialog', { name: `Atender solicitud de ${person.name}` });
    await expect(wizard).toBeVisible();
    await expect(notice).toBeHidden();
    const summary = wizard.getByRole('region', { name: 'Resumen de la solicitud' });
    await expect(described(summary, 'Email')).toHaveText(person.email);
    await expect(described(summary, 'Rol solicitado')).toHaveText('Estudiante');

    // Step 1, 'Crear Establecimiento': the name typed in the request.
    await expect(wizard.getByRole('heading', { name: 'Crear Establecimiento', level: 3 })).toBeVisible();
    await expect(wizard.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(school);
    await wizard.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText('Escuela creada exitosamente')).toBeVisible();

    // Step 2, 'Crear Curso': cycle, level and name typed in the request.
    await expect(wizard.getByRole('heading', { name: 'Crear Curso', level: 3 })).toBeVisible();
    await expect(wizard.getByRole('combobox', { name: 'Ciclo' })).toHaveText(grade.cicle);
    await expect(wizard.getByRole('combobox', { name: 'Nivel' })).toHaveText(grade.level);
    await expect(wizard.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(grade.name);
    await wizard.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText('Curso añadido exitosamente')).toBeVisible();

    // Step 3, 'Atender Solicitud': the account, with the school and grade just created.
    await expect(wizard.getByRole('heading', { name: 'Atender Solicitud', level: 3 })).toBeVisible();
    const approve = wizard.getByRole('form', { name: 'Aprobar Solicitud' });
    await expect(approve.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(person.name);
    await expect(approve.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
    await expect(approve.getByRole('combobox', { name: 'Rol' })).toHaveText('Estudiante');
    await expect(approve.getByRole('combobox', { name: 'Establecimiento' })).toHaveText(school);
    await expect(approve.getByRole('combobox', { name: 'Curso' })).toHaveText(grade.label);
    await approve.getByRole('button', { name: 'Aprobar Solicitud' }).click();
    await expect(page.getByText('Solicitud aprobada exitosamente')).toBeVisible();
    await expect(wizard).toBeHidden();

    // The request leaves the pending list for the history.
    await expect(page.getByRole('button', { name: `Aprobar Solicitud de ${person.name}` })).toHaveCount(0);
    const history = page.getByRole('table', { name: 'Historial de solicitudes' });
    const handled = history.getByRole('row').filter({ hasText: person.name });
    await expect(handled.getByRole('cell')).toHaveText([person.name, 'Aprobado', demo.ADMIN.name]);
    await handled.getByRole('button', { name: `Ver solicitud de ${person.name}` }).click();
    const detail = page.getByRole('dialog', { name: 'Detalle de la solicitud' });
    await expect(described(detail, 'Estado')).toHaveText('Aprobado');
    await expect(described(detail, 'Establecimiento asignado')).toHaveText(school);
    await expect(described(detail, 'Curso asignado')).toHaveText(grade.label);
    await expect(described(detail, 'Atendida por')).toHaveText(demo.ADMIN.name);
    await detail.getByRole('button', { name: 'Cerrar' }).click();
    await expect(detail).toBeHidden();

    // The approval is the invitation: the new student creates a password and logs in.
    const link = await invitationLink(mailbox, person.email);
    expect(link).toMatch(new RegExp(`^${server.url}/password-recovery/[A-Za-z0-9_-]{20,}$`));
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();

    const password = testPassword(tag);
    await acceptInvitationInPage(page, link, person.email, password);
    await page.getByRole('link', { name: 'Volver al home' }).click();
    await waitForApp(page);
    await loginThroughDialog(page, person.email, password);
    const studentMenu = await openAccountMenu(page);
    await expect(studentMenu.getByText(person.name, { exact: true })).toBeVisible();
    await expect(studentMenu.getByText('Estudiante', { exact: true })).toBeVisible();
    await expect(studentMenu.getByText(school, { exact: true })).toBeVisible();
    await expect(studentMenu.getByText(grade.label, { exact: true })).toBeVisible();
    await expect(studentMenu.getByRole('menuitem', { name: 'Crear Fic', exact: true })).toBeVisible();
    await expect(studentMenu.getByRole('menuitem', { name: 'Mis fics', exact: true })).toBeVisible();
    await expect(studentMenu.getByRole('menuitem', { name: 'Usuarios', exact: true })).toHaveCount(0);
  });

  test('a student asks to change grade from the profile; the administrator rejects it with a comment; the student reads the answer and gets the e-mail', async ({
    page,
    browser,
    request,
    demo,
    mailbox,
    server,
  }) => {
    test.slow();
    const tag = letterTag();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const first = await createSchoolWithGrade(admin, {
      name: `Escuela Las Camelias ${tag}`,
      grade: { cicle: 'Básico', level: 'Sexto', name: 'A' },
    });
    const second = await addGrade(admin, first, { cicle: 'Básico', level: 'Sexto', name: 'B' });
    const student = {
      name: `Martina Fuentes ${tag}`,
      email: `estudiante-cambio-${tag.toLowerCase()}@fics.test`,
      password: testPassword(tag),
    };
    await createUser(admin, { name: student.name, email: student.email, role: 'STUDENT', school: first });
    await activateAccount(request, mailbox, student.email, student.password);
    const explanation = 'Me cambiaron de sala al Sexto B desde marzo.';
    const adminComment = 'El cambio de curso lo pide el apoderado en secretaría.';

    // The student: /perfil shows the school and grade, 'Solicitar modificación' and an empty history.
    await loginFromHome(page, student.email, student.password);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Perfil', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/perfil`);
    const historySection = page.getByRole('region', { name: 'Historial de solicitudes' });
    await expect(historySection.getByText('Nada que mostrar...')).toBeVisible();
    const ask = page.getByRole('button', { name: 'Solicitar modificación' });
    await ask.click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar modificación' });
    await chooseOption(dialog, 'Establecimiento', first.name);
    await chooseOption(dialog, 'Curso', second.gradeLabel);
    await dialog.getByRole('textbox', { name: 'Explicación' }).fill(explanation);
    await expect(dialog.getByText(`${explanation.length}/100 (mínimo 20)`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Solicitud de cambio enviada exitosamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The pending request in the history; a second one waits until it is answered.
    const rows = historySection.getByRole('row', { name: /^Ver la solicitud del / });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('cell')).toHaveText([shownDate, student.name, 'Pendiente por revisión', '']);
    await expect(ask).toBeDisabled();
    await expect(
      page.getByText(
        'Tienes una solicitud pendiente por revisión: podrás enviar otra cuando un administrador la atienda.',
      ),
    ).toBeVisible();

    // The administrator, in another browser: the dot on 'Solicitudes de cambio', then /cambios.
    const adminPage = await otherBrowser(browser, server.url);
    await loginFromHome(adminPage, demo.ADMIN.email, demo.ADMIN.password);
    const menu = await openAccountMenu(adminPage);
    const changeEntry = menu.getByRole('menuitem', { name: /^Solicitudes de cambio/ });
    await expect(changeEntry.getByText('Hay solicitudes pendientes')).toBeAttached();
    await changeEntry.click();
    await expect(adminPage).toHaveURL(`${server.url}/cambios`);
    await expect(adminPage.getByRole('heading', { name: 'Solicitudes de Cambios', level: 2 })).toBeVisible();
    const pending = adminPage.getByRole('table', { name: 'Solicitudes de Cambios' });
    const row = pending.getByRole('row').filter({ hasText: student.name });
    await expect(row).toContainText(explanation);
    await row.getByRole('button', { name: `Ver detalle de la solicitud de ${student.name}` }).click();
    const details = pending.getByRole('row').filter({ hasText: 'Establecimiento actual' });
    await expect(described(details, 'Establecimiento actual')).toHaveText(first.name);
    await expect(described(details, 'Curso actual')).toHaveText(first.gradeLabel);
    await expect(described(details, 'Establecimiento solicitado')).toHaveText(first.name);
    await expect(described(details, 'Curso solicitado')).toHaveText(second.gradeLabel);

    // 'Rechazar Solicitud', with a comment.
    await row.getByRole('button', { name: `Rechazar Solicitud de ${student.name}` }).click();
    const reject = adminPage.getByRole('dialog', {
      name: `Seguro que quiere rechazar la solicitud de ${student.name}?`,
    });
    await expect(
      reject.getByText('Esta acción no puede ser reversada, asegurese antes de continuar.'),
    ).toBeVisible();
    await reject.getByRole('textbox', { name: 'Comentarios (opcional)' }).fill(adminComment);
    await reject.getByRole('button', { name: 'Aceptar' }).click();
    await expect(adminPage.getByText('Solicitud rechazada exitosamente')).toBeVisible();
    await expect(reject).toBeHidden();
    await expect(
      adminPage.getByRole('button', { name: `Rechazar Solicitud de ${student.name}` }),
    ).toHaveCount(0);
    const handled = adminPage
      .getByRole('table', { name: 'Historial de solicitudes' })
      .getByRole('row')
      .filter({ hasText: student.name });
    await expect(handled.getByRole('cell')).toHaveText([student.name, 'Negada', demo.ADMIN.name]);
    await adminPage.context().close();

    // The student reloads the profile: the answer, and a new request may be sent.
    await page.reload();
    await expect(rows.getByRole('cell')).toHaveText([shownDate, student.name, 'Negada', demo.ADMIN.name]);
    await expect(ask).toBeEnabled();
    await rows.click();
    const detail = page.getByRole('dialog', { name: 'Detalle de la solicitud' });
    await expect(detail.getByRole('definition')).toHaveText([
      shownDate,
      first.name,
      second.gradeLabel,
      explanation,
      'Negada',
      demo.ADMIN.name,
      shownDate,
      'Negada',
      adminComment,
    ]);
    await expect(detail.getByRole('heading', { name: 'Respuesta del administrador' })).toBeVisible();
    await detail.getByRole('button', { name: 'Cerrar' }).click();
    await expect(detail).toBeHidden();

    // The rejection reached the student by e-mail, with the comment.
    const mail = await mailbox.waitFor(student.email, { subject: 'tu solicitud de cambio no fue aprobada' });
    expect(mail.text).toContain(`Comentario del equipo: ${adminComment}`);
    expect(mail.text).toContain(`Hola ${student.name}:`);
  });
});
