import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as XLSX from '@e965/xlsx';
import type { College, Role } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { requestUrl } from '../../../test/request-url';
import { makeUser, mockApi, renderWithProviders, type Handler } from '../../../test/utils';
import { BulkImportDialog } from './BulkImportDialog';

const roles: Role[] = [
  { _id: '00000000-0000-4000-8000-0000000000a1', name: 'ADMIN', displayName: 'Administrador' },
  { _id: '00000000-0000-4000-8000-0000000000a2', name: 'TEACHER', displayName: 'Docente' },
  { _id: '00000000-0000-4000-8000-0000000000a3', name: 'STUDENT', displayName: 'Estudiante' },
];
const studentRoleId = roles[2]!._id;

// The teacher of makeUser('TEACHER') teaches Quinto Básico A at Colegio Los Andes.
const teacher = makeUser('TEACHER');
const ownCollege: College = {
  _id: teacher.collegeId[0]!._id,
  name: 'Colegio Los Andes',
  region: null,
  zone: null,
  grades: [{ ...teacher.gradeId[0]! }],
};
const otherCollege: College = {
  _id: '00000000-0000-4000-8000-0000000000c2',
  name: 'Liceo Bicentenario',
  region: null,
  zone: null,
  grades: [
    {
      _id: '00000000-0000-4000-8000-0000000000d1',
      level: 'Primero',
      cicle: 'Medio',
      name: 'B',
      collegeId: '00000000-0000-4000-8000-0000000000c2',
    },
  ],
};

interface Setup {
  role?: 'ADMIN' | 'TEACHER';
  colleges?: College[];
  bulk?: Handler | { status?: number; body?: unknown };
}

function renderDialog({ role = 'ADMIN', colleges = [ownCollege, otherCollege], bulk }: Setup = {}) {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' }, 'login');
  const onClose = vi.fn();
  const onFinished = vi.fn();
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: role === 'TEACHER' ? teacher : makeUser('ADMIN') } },
    'GET /roles': { body: { roles } },
    'GET /colleges': { body: { colleges } },
    ...(bulk ? { 'POST /users/bulk': bulk } : {}),
  });
  renderWithProviders(<BulkImportDialog open onClose={onClose} onFinished={onFinished} />);
  return { onClose, onFinished, fetchMock, user: userEvent.setup({ delay: null }) };
}

type User = ReturnType<typeof userEvent.setup>;

const button = (name: string) => screen.getByRole('button', { name });
const activeStep = () => document.querySelector('.MuiStepLabel-label.Mui-active')?.textContent;

async function choose(user: User, field: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Admin: role Estudiante at Liceo Bicentenario, Primero Medio B. */
async function pickStudentsAtLiceo(user: User) {
  await choose(user, /^Rol/, 'Estudiante');
  await choose(user, /^Establecimiento/, 'Liceo Bicentenario');
  await choose(user, /^Curso/, 'Primero Medio B');
}

async function typeEmails(user: User, text: string) {
  await user.click(button('Lista de correos'));
  await user.type(screen.getByLabelText('Correos'), text);
}

function xlsxFile(rows: Array<Array<string | null>>, name = 'alumnos.xlsx'): File {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Hoja1');
  return new File([XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], name);
}

const bulkCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => requestUrl(url).endsWith('/users/bulk') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

// Multi-step flows through MUI menus: slower than the default 5 s on a busy CI machine.
describe('BulkImportDialog', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the first of three steps and asks for a role and a file before going on', async () => {
    const { user, fetchMock } = renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Carga masiva' })).toBeInTheDocument();
    for (const step of ['Selección de datos', 'Información', 'Resumen']) {
      expect(screen.getByText(step)).toBeInTheDocument();
    }
    await screen.findByRole('combobox', { name: /^Rol/ });
    expect(activeStep()).toBe('Selección de datos');
    expect(button('Regresar')).toBeDisabled();

    await user.click(button('Siguiente'));
    expect(screen.getByText('El campo Rol es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('Debe cargar un archivo')).toBeInTheDocument();
    expect(activeStep()).toBe('Selección de datos');

    // A student import needs a school and a grade; an administrator import does not.
    await choose(user, /^Rol/, 'Estudiante');
    expect(screen.getByText('El establecimiento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El curso es obligatorio')).toBeInTheDocument();
    await choose(user, /^Rol/, 'Administrador');
    expect(screen.queryByRole('combobox', { name: /^Establecimiento/ })).not.toBeInTheDocument();
    expect(bulkCalls(fetchMock)).toHaveLength(0);
  });

  it('builds the list from typed and pasted e-mails, flags invalid ones and names users after the local part', async () => {
    const { user } = renderDialog();
    await screen.findByRole('combobox', { name: /^Rol/ });
    await choose(user, /^Rol/, 'Administrador');
    await typeEmails(user, 'ana.perez@colegio.cl beto@colegio.cl,malo@{Enter}');
    await user.paste('Cata <cata@colegio.cl>; "dani@colegio.cl" y beto@colegio.cl');

    const chips = screen.getByLabelText('Correos').parentElement!.parentElement!;
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual([
      'ana.perez@colegio.cl',
      'beto@colegio.cl',
      'Correo no válido: malo@',
      'cata@colegio.cl',
      'dani@colegio.cl',
    ]);
    expect(screen.getByText('Hay errores en los correos listados')).toBeInTheDocument();
    await user.click(button('Siguiente'));
    expect(activeStep()).toBe('Selección de datos');

    await user.click(screen.getByTitle('Quitar malo@'));
    expect(screen.queryByText('Hay errores en los correos listados')).not.toBeInTheDocument();
    await user.click(button('Siguiente'));

    expect(activeStep()).toBe('Información');
    expect(screen.getByLabelText('Nombre, fila 1')).toHaveValue('ana.perez');
    expect(screen.getByLabelText('Email, fila 1')).toHaveValue('ana.perez@colegio.cl');
    expect(screen.getByLabelText('Nombre, fila 4')).toHaveValue('dani');
    expect(screen.getByText('4 usuarios')).toBeInTheDocument();
  });

  it('edits rows with per-row validation, and keeps edits when going back and forth', async () => {
    const { user } = renderDialog();
    await screen.findByRole('combobox', { name: /^Rol/ });
    await choose(user, /^Rol/, 'Administrador');
    await typeEmails(user, 'a@colegio.cl bruno@colegio.cl{Enter}');
    await user.click(button('Siguiente'));

    // 'a' is too short a name: the row says so and the import cannot be sent.
    expect(screen.getByText('El nombre debe tener al menos 2 caracteres')).toBeInTheDocument();
    expect(screen.getByText('1 fila con errores', { exact: false })).toBeInTheDocument();
    expect(button('Cargar usuarios')).toBeDisabled();

    const name = screen.getByLabelText('Nombre, fila 1');
    await user.clear(name);
    await user.type(name, 'Ana Rojas');
    const email = screen.getByLabelText('Email, fila 2');
    await user.clear(email);
    await user.type(email, 'bruno@');
    expect(screen.getByText('Ingresa un email valido')).toBeInTheDocument();
    expect(button('Cargar usuarios')).toBeDisabled();

    await user.click(button('Quitar fila 2'));
    expect(screen.queryByLabelText('Email, fila 2')).not.toBeInTheDocument();
    expect(button('Cargar usuarios')).toBeEnabled();

    await user.click(button('Regresar'));
    expect(activeStep()).toBe('Selección de datos');
    expect(screen.getByRole('button', { name: 'a@colegio.cl' })).toBeInTheDocument();
    await user.click(button('Siguiente'));
    expect(screen.getByLabelText('Nombre, fila 1')).toHaveValue('Ana Rojas');
    expect(screen.getByText('1 usuario')).toBeInTheDocument();
  });

  it('reads an uploaded spreadsheet and sends its rows with the chosen role, school and grade', async () => {
    const { user, fetchMock } = renderDialog({
      bulk: { body: { summary: { usersCreated: 2, usersErrors: [] } } },
    });
    await screen.findByRole('combobox', { name: /^Rol/ });
    await pickStudentsAtLiceo(user);
    const file = xlsxFile([
      ['Nombre', 'Correo'],
      ['Ana Pérez', 'ana@colegio.cl'],
      [null, null],
      ['Beto Soto', 'beto@colegio.cl'],
    ]);
    await user.upload(screen.getByLabelText('Seleccionar archivo'), file);
    expect(await screen.findByText('alumnos.xlsx: 2 usuarios encontrados')).toBeInTheDocument();
    await user.click(button('Siguiente'));
    expect(screen.getByLabelText('Nombre, fila 2')).toHaveValue('Beto Soto');

    await user.click(button('Cargar usuarios'));
    expect(await screen.findByText('Todos los usuarios fueron creados.')).toBeInTheDocument();
    expect(screen.getByText('Operación realizada exitosamente')).toBeInTheDocument();
    expect(bulkCalls(fetchMock)).toEqual([
      {
        role: studentRoleId,
        collegeId: otherCollege._id,
        gradeId: otherCollege.grades[0]!._id,
        users: [
          { name: 'Ana Pérez', email: 'ana@colegio.cl' },
          { name: 'Beto Soto', email: 'beto@colegio.cl' },
        ],
        isExcel: true,
      },
    ]);
  });

  it('explains a spreadsheet without the expected columns', async () => {
    const { user } = renderDialog();
    await screen.findByRole('combobox', { name: /^Rol/ });
    await user.upload(
      screen.getByLabelText('Seleccionar archivo'),
      xlsxFile([
        ['alumno', 'telefono'],
        ['Ana', '123'],
      ]),
    );
    expect(
      await screen.findByText('El archivo debe tener una fila de encabezado con las columnas name y email'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/usuarios encontrados/)).not.toBeInTheDocument();
  });

  it('fixes the role to Estudiante for a teacher and uses their own school and grade', async () => {
    const { user, fetchMock } = renderDialog({
      role: 'TEACHER',
      colleges: [ownCollege],
      bulk: { body: { summary: { usersCreated: 1, usersErrors: [] } } },
    });
    const role = await screen.findByRole('textbox', { name: 'Rol' });
    expect(role).toHaveValue('Estudiante');
    expect(role).toHaveAttribute('readonly');
    expect(
      screen.getByText('Como docente solo puedes cargar estudiantes en tus cursos.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Establecimiento/ })).toHaveValue('Colegio Los Andes');
    expect(screen.getByRole('combobox', { name: /^Curso/ })).toHaveTextContent('Quinto Básico A');

    // The only school offered is the teacher's own.
    await user.click(screen.getByRole('combobox', { name: /^Establecimiento/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Colegio Los Andes']);
    await user.keyboard('{Escape}');

    await typeEmails(user, 'ana@colegio.cl{Enter}');
    await user.click(button('Siguiente'));
    await user.click(button('Cargar usuarios'));
    expect(await screen.findByText('Usuarios creados')).toBeInTheDocument();
    expect(bulkCalls(fetchMock)).toEqual([
      {
        role: studentRoleId,
        collegeId: ownCollege._id,
        gradeId: ownCollege.grades[0]!._id,
        users: [{ name: 'ana', email: 'ana@colegio.cl' }],
        isExcel: false,
        items: ['ana@colegio.cl'],
      },
    ]);
  });

  it('shows how many users were created and each refused row with its message; Finalizar starts over', async () => {
    const { user, onFinished } = renderDialog({
      bulk: {
        body: {
          summary: {
            usersCreated: 1,
            usersErrors: [
              { email: 'beto@colegio.cl', name: 'beto', message: 'El email ya está registrado' },
              { email: 'ana@colegio.cl', name: 'ana', message: 'El email está repetido en la lista' },
            ],
          },
        },
      },
    });
    await screen.findByRole('combobox', { name: /^Rol/ });
    await choose(user, /^Rol/, 'Docente');
    await choose(user, /^Establecimiento/, 'Colegio Los Andes');
    await choose(user, /^Curso/, 'Quinto Básico A');
    await typeEmails(user, 'ana@colegio.cl beto@colegio.cl cata@colegio.cl{Enter}');
    await user.click(button('Siguiente'));
    await user.click(button('Cargar usuarios'));

    const errors = await screen.findByRole('list', { name: 'Filas con errores' });
    const items = within(errors).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('beto@colegio.cl');
    expect(items[0]).toHaveTextContent('El email ya está registrado');
    expect(items[1]).toHaveTextContent('El email está repetido en la lista');
    expect(screen.getByText('Usuarios creados').previousSibling).toHaveTextContent('1');
    expect(screen.getByText('Usuarios con errores').previousSibling).toHaveTextContent('2');
    expect(
      screen.getByText('Cada usuario creado recibirá un correo para crear su contraseña.'),
    ).toBeInTheDocument();
    expect(activeStep()).toBe('Resumen');
    expect(screen.queryByRole('button', { name: 'Regresar' })).not.toBeInTheDocument();

    await user.click(button('Finalizar'));
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(activeStep()).toBe('Selección de datos');
    expect(screen.getByRole('combobox', { name: /^Rol/ })).not.toHaveTextContent('Docente');
  });

  it('shows a progress indicator while the server works', async () => {
    let release: () => void = () => undefined;
    const { user } = renderDialog();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(requestUrl(input), 'http://localhost').pathname;
        if (path.endsWith('/users/bulk')) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return Response.json({ summary: { usersCreated: 1, usersErrors: [] } });
        }
        if (path.endsWith('/roles')) {
          return Response.json({ roles });
        }
        if (path.endsWith('/auth/me')) {
          return Response.json({ user: makeUser('ADMIN') });
        }
        return Response.json({ colleges: [] });
      }),
    );
    await screen.findByRole('combobox', { name: /^Rol/ });
    await choose(user, /^Rol/, 'Administrador');
    await typeEmails(user, 'ana@colegio.cl{Enter}');
    await user.click(button('Siguiente'));
    await user.click(button('Cargar usuarios'));
    expect(
      await screen.findByText('Cargando usuarios, esto puede tardar unos segundos...'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar carga masiva' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
  });

  it('on a server failure toasts, says so inline and lets the user go back', async () => {
    const { user } = renderDialog({
      bulk: {
        status: 500,
        body: { type: 'INTERNAL', message: 'Algo ha salido mal, intente de nuevo más tarde' },
      },
    });
    await screen.findByRole('combobox', { name: /^Rol/ });
    await choose(user, /^Rol/, 'Administrador');
    await typeEmails(user, 'ana@colegio.cl{Enter}');
    await user.click(button('Siguiente'));
    await user.click(button('Cargar usuarios'));

    expect(await screen.findByText('Algo ha salido mal. Intente de nuevo más tarde.')).toBeInTheDocument();
    expect(screen.getByText('Ha ocurrido un problema')).toBeInTheDocument();
    expect(button('Reintentar')).toBeEnabled();
    await user.click(button('Regresar'));
    expect(activeStep()).toBe('Información');
    expect(screen.getByLabelText('Email, fila 1')).toHaveValue('ana@colegio.cl');
  });

  it("puts the server's school or grade message back under its field in the first step", async () => {
    const { user } = renderDialog({
      bulk: {
        status: 400,
        body: {
          type: 'VALIDATION_ERROR',
          message: 'Los datos enviados no son válidos',
          errors: { gradeId: 'El curso no pertenece al establecimiento seleccionado' },
        },
      },
    });
    await screen.findByRole('combobox', { name: /^Rol/ });
    await pickStudentsAtLiceo(user);
    await typeEmails(user, 'ana@colegio.cl{Enter}');
    await user.click(button('Siguiente'));
    await user.click(button('Cargar usuarios'));

    expect(
      await screen.findByText('El curso no pertenece al establecimiento seleccionado'),
    ).toBeInTheDocument();
    await waitFor(() => expect(activeStep()).toBe('Selección de datos'));
    expect(screen.getByText('Ha ocurrido un problema')).toBeInTheDocument();
  });
});
