import { test, expect, loginThroughDialog, openAccountMenu } from './fixtures';
import {
  activateAccount,
  addGrade,
  apiSession,
  createSchoolWithGrade,
  createUser,
  testPassword,
  uniqueTag,
} from './support/setup';

test.describe('profile', () => {
  test("a student edits their name within its limits and sets a phone number where it said 'Sin número asociado'", async ({
    page,
    request,
    demo,
    mailbox,
    server,
  }) => {
    const tag = uniqueTag();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const school = await createSchoolWithGrade(admin, { name: `Escuela Perfil ${tag}` });
    const student = { name: 'Valentina Vidal', email: `estudiante-perfil-${tag}@fics.test` };
    const password = testPassword(tag);
    await createUser(admin, { ...student, role: 'STUDENT', school });
    await activateAccount(request, mailbox, student.email, password);

    await page.goto('/');
    await loginThroughDialog(page, student.email, password);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Perfil', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/perfil`);
    await expect(page.getByRole('heading', { name: 'Sobre tí', level: 1 })).toBeVisible();
    const personal = page.getByRole('region', { name: 'Información personal' });
    await expect(personal.getByText(student.name, { exact: true })).toBeVisible();
    const placement = page.getByRole('region', { name: 'Establecimiento y curso' });
    await expect(placement.getByRole('definition')).toHaveText([school.name, school.gradeLabel]);

    // Cancelar leaves the name as it was.
    await personal.getByRole('button', { name: 'Editar nombre' }).click();
    const nameField = personal.getByRole('textbox', { name: 'Nombre' });
    await nameField.fill('Otro Nombre');
    await personal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(nameField).toHaveCount(0);
    await expect(personal.getByText(student.name, { exact: true })).toBeVisible();

    // Under 2 characters 'Guardar cambios' is disabled; 40 is the most the field takes.
    await personal.getByRole('button', { name: 'Editar nombre' }).click();
    const save = personal.getByRole('button', { name: 'Guardar cambios' });
    await nameField.fill('V');
    await expect(personal.getByText('1/40')).toBeVisible();
    await expect(save).toBeDisabled();
    const longest = 'Valentina Antonia Vidal Soto de la Fuent';
    expect(longest).toHaveLength(40);
    await nameField.fill(longest);
    await nameField.press('End');
    await nameField.pressSequentially('e');
    await expect(nameField).toHaveValue(longest);
    await expect(personal.getByText('40/40')).toBeVisible();
    await expect(save).toBeEnabled();

    const newName = 'Valentina Vidal Soto';
    await nameField.fill(`  ${newName}  `);
    await save.click();
    await expect(page.getByText('Nombre actualizado exitosamente')).toBeVisible();
    await expect(nameField).toHaveCount(0);
    await expect(personal.getByText(newName, { exact: true })).toBeVisible();
    // The header's account menu takes the new name at once.
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(newName, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // The phone: none yet, then a Chilean mobile number (Chile is the default country).
    const phone = page.getByRole('region', { name: 'Número de teléfono' });
    await expect(phone.getByText('Sin número asociado')).toBeVisible();
    await phone.getByRole('button', { name: 'Editar número de teléfono' }).click();
    const dialog = page.getByRole('dialog', { name: 'Número de teléfono' });
    await expect(dialog.getByRole('combobox', { name: 'País' })).toHaveValue('CL');
    const number = dialog.getByRole('textbox', { name: 'Número de teléfono' });
    await number.pressSequentially('1234');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Ingresa un número de teléfono válido')).toBeVisible();
    // Right length, but no Chilean number starts 91: the server's full rules refuse it under the field.
    await number.fill('');
    await number.pressSequentially('912345678');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Ingresa un número de teléfono válido')).toBeVisible();
    await expect(dialog).toBeVisible();
    await number.fill('');
    await number.pressSequentially('987654321');
    await expect(number).toHaveValue('9 8765 4321');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Número de teléfono actualizado con éxito!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(phone.getByText('+56 9 **** 4321')).toBeVisible();
    await expect(phone.getByText('Sin número asociado')).toHaveCount(0);

    // Both changes were saved.
    await page.reload();
    await expect(personal.getByText(newName, { exact: true })).toBeVisible();
    await expect(phone.getByText('+56 9 **** 4321')).toBeVisible();
  });

  test('a teacher sees their schools in an expandable list with their grades, and has no phone', async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    const tag = uniqueTag();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    // Names sort the list: 'Academia' before 'Liceo'.
    const first = await createSchoolWithGrade(admin, {
      name: `Academia Perfil ${tag}`,
      grade: { cicle: 'Básico', level: 'Tercero', name: 'A' },
    });
    const firstOther = await addGrade(admin, first, { cicle: 'Medio', level: 'Cuarto', name: 'B' });
    const second = await createSchoolWithGrade(admin, {
      name: `Liceo Perfil ${tag}`,
      grade: { cicle: 'Básico', level: 'Octavo', name: 'C' },
    });
    const teacher = { name: 'Rodrigo Ríos', email: `docente-perfil-${tag}@fics.test` };
    const password = testPassword(tag);
    await createUser(admin, { ...teacher, role: 'TEACHER', school: [first, firstOther, second] });
    await activateAccount(request, mailbox, teacher.email, password);

    await page.goto('/');
    await loginThroughDialog(page, teacher.email, password);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Perfil', exact: true }).click();
    const schools = page.getByRole('region', { name: 'Establecimientos asignados' });
    const firstSummary = schools.getByRole('button', { name: new RegExp(`^${first.name}`) });
    const secondSummary = schools.getByRole('button', { name: new RegExp(`^${second.name}`) });
    await expect(firstSummary).toContainText('2 cursos');
    await expect(secondSummary).toContainText('1 curso');
    await expect(firstSummary).toHaveAttribute('aria-expanded', 'false');

    await firstSummary.click();
    await expect(firstSummary).toHaveAttribute('aria-expanded', 'true');
    const firstGrades = schools.getByRole('region', { name: new RegExp(`^${first.name}`) });
    await expect(firstGrades.getByRole('listitem')).toHaveText([first.gradeLabel, firstOther.gradeLabel]);
    await secondSummary.click();
    const secondGrades = schools.getByRole('region', { name: new RegExp(`^${second.name}`) });
    await expect(secondGrades.getByRole('listitem')).toHaveText([second.gradeLabel]);
    await firstSummary.click();
    await expect(firstSummary).toHaveAttribute('aria-expanded', 'false');
    await expect(firstGrades.getByRole('listitem')).toHaveCount(0);

    // Phone and placement are the students' only.
    await expect(page.getByRole('region', { name: 'Número de teléfono' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Establecimiento y curso' })).toHaveCount(0);
  });
});
