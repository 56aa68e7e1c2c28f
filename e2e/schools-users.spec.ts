import { test, expect, loginThroughDialog, openAccountMenu } from './fixtures';
import {
  acceptInvitationInPage,
  activateAccount,
  apiSession,
  chooseOption,
  createSchoolWithGrade,
  createUser,
  downloadWorkbook,
  invitationLink,
  sheetRows,
  testPassword,
  uniqueTag,
} from './support/setup';

test.describe('schools, grades and users', () => {
  test('an administrator creates a school, a grade and a teacher for them; the teacher accepts the invitation and logs in', async ({
    page,
    demo,
    mailbox,
    server,
  }) => {
    const tag = uniqueTag();
    // The list shows 10 schools a page, sorted by name: an early name stays on the first page.
    const school = `Academia Los Cerezos ${tag}`;
    const teacher = { name: 'Tomás Tapia', email: `docente-${tag}@fics.test` };

    await page.goto('/');
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Escuelas', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/escuelas`);
    await expect(page.getByRole('heading', { name: 'Escuelas', level: 1 })).toBeVisible();

    // The school: a region from the list, then one of its communes (typed without accents).
    await page.getByRole('button', { name: 'Añadir' }).click();
    const schoolDialog = page.getByRole('dialog', { name: 'Nueva escuela' });
    await schoolDialog.getByRole('textbox', { name: 'Nombre' }).fill(school);
    await expect(schoolDialog.getByRole('combobox', { name: 'Comuna' })).toBeDisabled();
    await expect(schoolDialog.getByText('Primero elige una región')).toBeVisible();
    await schoolDialog.getByRole('combobox', { name: 'Región' }).fill('metropolitana');
    await page.getByRole('option', { name: 'Metropolitana de Santiago', exact: true }).click();
    await schoolDialog.getByRole('combobox', { name: 'Comuna' }).fill('nunoa');
    await page.getByRole('option', { name: 'Ñuñoa', exact: true }).click();
    await schoolDialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText('Escuela creada exitosamente')).toBeVisible();
    await expect(schoolDialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: school });
    await expect(row.getByRole('cell')).toHaveText([school, 'Metropolitana de Santiago', 'Ñuñoa', '']);
    await row.getByRole('link', { name: `Ver ${school}` }).click();
    await expect(page.getByRole('heading', { name: school, level: 1 })).toBeVisible();
    await expect(page.getByText('Región: Metropolitana de Santiago · Comuna: Ñuñoa')).toBeVisible();

    // The grade: cycle, then a level of that cycle, then its name.
    await page.getByRole('button', { name: 'Crear nueva sección' }).click();
    const gradeDialog = page.getByRole('dialog', { name: 'Nuevo curso' });
    await expect(gradeDialog.getByRole('combobox', { name: 'Nivel' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await chooseOption(gradeDialog, 'Ciclo', 'Básico');
    await chooseOption(gradeDialog, 'Nivel', 'Sexto');
    await gradeDialog.getByRole('textbox', { name: 'Nombre' }).fill('C');
    await gradeDialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText('Curso añadido exitosamente')).toBeVisible();
    await expect(gradeDialog).toBeHidden();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Ver detalle de Sexto Básico C' }) });
    await expect(card.getByRole('definition')).toHaveText(['0', '0', '0']);

    // The teacher, from the user list, assigned to that school and grade.
    const schoolUrl = page.url();
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/usuarios`);
    await page.getByRole('button', { name: 'Añadir' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Añadir usuario' });
    await userDialog.getByRole('textbox', { name: 'Nombre' }).fill(teacher.name);
    await userDialog.getByRole('textbox', { name: 'Email' }).fill(teacher.email);
    await chooseOption(userDialog, 'Rol', 'Docente');
    await chooseOption(userDialog, 'Establecimiento', school);
    await chooseOption(userDialog, 'Curso', 'Sexto Básico C');
    await userDialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(
      userDialog.getByRole('button', { name: `Quitar ${school} · Sexto Básico C`, exact: true }),
    ).toBeVisible();
    await userDialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText('Usuario creado exitosamente')).toBeVisible();
    await expect(userDialog).toBeHidden();
    // The list is sorted by name and other tests add users: find the new one by its e-mail.
    const search = page.getByRole('searchbox', { name: 'Buscar por nombre o email' });
    await search.fill(teacher.email);
    await search.press('Enter');
    const teacherRow = page.getByRole('row').filter({ hasText: teacher.email });
    await expect(teacherRow.getByRole('cell')).toHaveText([
      teacher.name,
      teacher.email,
      school,
      'Sexto Básico C',
      'Docente',
      '',
    ]);

    // The school view now counts the teacher and lists them in the grade's detail.
    await page.goto(schoolUrl);
    await expect(page.getByRole('heading', { name: school, level: 1 })).toBeVisible();
    await expect(card.getByRole('definition')).toHaveText(['1', '0', '0']);
    await page.getByRole('button', { name: 'Ver detalle de Sexto Básico C' }).click();
    const detail = page.getByRole('dialog', { name: 'Sexto Básico C' });
    await expect(detail.getByRole('list', { name: 'Docentes' })).toContainText(teacher.name);
    await expect(detail.getByTestId('students-count')).toHaveText('0');
    await detail.getByRole('button', { name: 'Cerrar' }).click();

    // The invitation: the teacher creates a password from the e-mailed link, then logs in.
    const link = await invitationLink(mailbox, teacher.email);
    expect(link).toMatch(new RegExp(`^${server.url}/password-recovery/[A-Za-z0-9_-]{20,}$`));
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ingresar' })).toBeVisible();

    const password = testPassword(tag);
    await acceptInvitationInPage(page, link, teacher.email, password);
    await page.getByRole('link', { name: 'Volver al home' }).click();
    await loginThroughDialog(page, teacher.email, password);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(teacher.name, { exact: true })).toBeVisible();
    await expect(menu.getByText('Docente', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Usuarios', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Escuelas', exact: true })).toHaveCount(0);
  });

  test("'Descargar data' on /usuarios: the administrator gets every user by role, a teacher only their students", async ({
    page,
    request,
    demo,
    mailbox,
  }) => {
    const tag = uniqueTag();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    const school = await createSchoolWithGrade(admin, { name: `Escuela Exporta ${tag}` });
    const teacher = { name: 'Elena Exporta', email: `docente-export-${tag}@fics.test` };
    const student = { name: 'Pablo Planilla', email: `estudiante-export-${tag}@fics.test` };
    await createUser(admin, { ...teacher, role: 'TEACHER', school });
    await createUser(admin, { ...student, role: 'STUDENT', school });
    const password = testPassword(tag);
    await activateAccount(request, mailbox, teacher.email, password);

    await page.goto('/');
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    await page.goto('/usuarios');
    // The list is sorted by name and other tests add users: the new student may be past page 1.
    await expect(page.getByText(/^\d+ usuarios$/)).toBeVisible();
    const all = await downloadWorkbook(page, page.getByRole('button', { name: 'Descargar data' }));
    expect(all.filename).toBe('Usuarios.xlsx');
    expect(all.workbook.SheetNames).toEqual(['Administradores', 'Docentes', 'Estudiantes']);
    const header = ['NOMBRE', 'EMAIL', 'ESTABLECIMIENTOS', 'CURSOS'];
    const admins = sheetRows(all.workbook, 'Administradores');
    expect(admins[0]).toEqual(header);
    expect(admins).toContainEqual([demo.ADMIN.name, demo.ADMIN.email, '', '']);
    const teachers = sheetRows(all.workbook, 'Docentes');
    expect(teachers).toContainEqual([teacher.name, teacher.email, school.name, school.gradeLabel]);
    expect(teachers.map((r) => r[1])).toContain(demo.TEACHER.email);
    const students = sheetRows(all.workbook, 'Estudiantes');
    expect(students).toContainEqual([student.name, student.email, school.name, school.gradeLabel]);
    expect(students.map((r) => r[1])).toContain(demo.STUDENT.email);
    // No one appears on a sheet that is not their role's.
    expect(admins.map((r) => r[1])).not.toContain(teacher.email);
    expect(teachers.map((r) => r[1])).not.toContain(student.email);

    // The teacher's export holds their own students only: not the demo school's.
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
    await loginThroughDialog(page, teacher.email, password);
    await page.goto('/usuarios');
    await expect(page.getByRole('row').filter({ hasText: student.email })).toBeVisible();
    const own = await downloadWorkbook(page, page.getByRole('button', { name: 'Descargar data' }));
    expect(own.workbook.SheetNames).toEqual(['Administradores', 'Docentes', 'Estudiantes']);
    expect(sheetRows(own.workbook, 'Administradores')).toEqual([header]);
    expect(sheetRows(own.workbook, 'Docentes')).toEqual([header]);
    expect(sheetRows(own.workbook, 'Estudiantes')).toEqual([
      header,
      [student.name, student.email, school.name, school.gradeLabel],
    ]);
  });

  test("'Descargar data' on /escuelas gives the sheet 'Establecimientos' with NOMBRE, REGION and COMUNA", async ({
    page,
    request,
    demo,
  }) => {
    const tag = uniqueTag();
    const admin = await apiSession(request, demo.ADMIN.email, demo.ADMIN.password);
    // Early names, so the unplaced school shows on the list's first page (10 a page, by name).
    const school = await createSchoolWithGrade(admin, {
      name: `Academia Planilla ${tag}`,
      region: 'Valparaíso',
      zone: 'Viña del Mar',
    });
    const unplaced = await createSchoolWithGrade(admin, {
      name: `Academia Sin Lugar ${tag}`,
      region: null,
      zone: null,
    });

    await page.goto('/');
    await loginThroughDialog(page, demo.ADMIN.email, demo.ADMIN.password);
    await page.goto('/escuelas');
    // Unset region and commune read 'Sin especificar' on screen and stay empty in the file.
    await expect(page.getByRole('row').filter({ hasText: unplaced.name }).getByRole('cell')).toHaveText([
      unplaced.name,
      'Sin especificar',
      'Sin especificar',
      '',
    ]);
    const { filename, workbook } = await downloadWorkbook(
      page,
      page.getByRole('button', { name: 'Descargar data' }),
    );
    expect(filename).toBe('Establecimientos.xlsx');
    expect(workbook.SheetNames).toEqual(['Establecimientos']);
    const rows = sheetRows(workbook, 'Establecimientos');
    expect(rows[0]).toEqual(['NOMBRE', 'REGION', 'COMUNA']);
    expect(rows).toContainEqual([school.name, 'Valparaíso', 'Viña del Mar']);
    expect(rows).toContainEqual([unplaced.name, '', '']);
    expect(rows.map((r) => r[0])).toContain('Colegio Demo Los Aromos');
  });

  test('pages outside the role send to /: a teacher on /escuelas, a student on /usuarios', async ({
    page,
    demo,
    server,
  }) => {
    await page.goto('/');
    await loginThroughDialog(page, demo.TEACHER.email, demo.TEACHER.password);
    await page.goto('/escuelas');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Escuelas' })).toHaveCount(0);
    await page.goto('/escuelas/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(`${server.url}/`);
    // The teacher's own page still opens.
    await page.goto('/usuarios');
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();

    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
    await loginThroughDialog(page, demo.STUDENT.email, demo.STUDENT.password);
    await page.goto('/usuarios');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menú de la cuenta' })).toBeVisible();
  });
});
