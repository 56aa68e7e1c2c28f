import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { mockApi, renderWithProviders, type Handler } from '../../../test/utils';
import {
  adminColleges,
  adminUser,
  calledUrl,
  roles,
  signedInTeacher,
  studentUser,
  teacherColleges,
  teacherUser,
} from '../users.fixtures';
import { UserDialog, type UserDialogTarget } from './UserDialog';

type Setup = ReturnType<typeof userEvent.setup>;

function renderDialog(
  actor: User,
  target: UserDialogTarget,
  handlers: Record<string, Handler | { status?: number; body?: unknown }> = {},
) {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: actor } },
    'GET /roles': { body: { roles } },
    'GET /colleges': {
      body: { colleges: actor.role.name === 'ADMIN' ? adminColleges : teacherColleges },
    },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const onClose = vi.fn();
  renderWithProviders(<UserDialog target={target} onClose={onClose} />);
  return { fetchMock, onClose, user: userEvent.setup({ delay: null }) };
}

// MUI names a select by its label and its current value ('Rol Docente'): match the label's start.
const select = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });

async function choose(user: Setup, label: string, option: string) {
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** One input event instead of one per key: the form's rules do not depend on typing speed. */
async function fill(user: Setup, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function ready(title: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByLabelText('Email');
  return dialog;
}

const save = (name: string) => screen.getByRole('button', { name });
const callsTo = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && calledUrl(input).pathname.startsWith(`/api/v1${path}`),
  );

// Each test drives several MUI selects; in jsdom that takes seconds on a busy machine.
describe('Add user dialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the person will get an e-mail invitation, and asks an administrator for the role', async () => {
    renderDialog(adminUser, { mode: 'create' });
    const dialog = await ready('Añadir usuario');
    expect(
      within(dialog).getByText(/recibirá un email con una invitación para crear su contraseña/),
    ).toBeVisible();
    expect(select('Rol')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /^Establecimiento/ })).not.toBeInTheDocument();
  });

  it('shows the spec messages and sends nothing while the form is invalid', async () => {
    const { user, fetchMock } = renderDialog(adminUser, { mode: 'create' });
    await ready('Añadir usuario');
    await user.click(save('Crear'));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El Email es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El campo Rol es obligatorio')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Nombre'), 'A');
    await fill(user, screen.getByLabelText('Email'), 'ana@');
    await choose(user, 'Rol', 'Estudiante');
    await user.click(save('Crear'));
    expect(await screen.findByText('El debe tener al menos 2 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Ingresa un email valido')).toBeInTheDocument();
    expect(screen.getByText('El establecimiento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El curso es obligatorio')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/users')).toHaveLength(0);
  });

  it('shows the school and grade for a student, a pair list for a teacher and nothing for an administrator', async () => {
    const { user } = renderDialog(adminUser, { mode: 'create' });
    await ready('Añadir usuario');

    await choose(user, 'Rol', 'Estudiante');
    expect(select('Establecimiento')).toBeInTheDocument();
    expect(select('Curso')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar' })).not.toBeInTheDocument();

    await choose(user, 'Rol', 'Docente');
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeInTheDocument();
    expect(screen.getByText(/Aún no hay cursos en la lista/)).toBeInTheDocument();

    await choose(user, 'Rol', 'Administrador');
    expect(screen.queryByRole('combobox', { name: /^Establecimiento/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar' })).not.toBeInTheDocument();
  });

  it("offers the chosen school's grades only, and clears the grade when the school changes", async () => {
    const { user } = renderDialog(adminUser, { mode: 'create' });
    await ready('Añadir usuario');
    await choose(user, 'Rol', 'Estudiante');
    expect(select('Curso')).toHaveAttribute('aria-disabled', 'true');

    await choose(user, 'Establecimiento', 'Colegio Los Andes');
    await user.click(select('Curso'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Quinto Básico A', 'Sexto Básico B']);
    await user.click(screen.getByRole('option', { name: 'Sexto Básico B' }));
    expect(select('Curso')).toHaveTextContent('Sexto Básico B');

    await choose(user, 'Establecimiento', 'Liceo Bicentenario');
    expect(select('Curso')).not.toHaveTextContent('Sexto Básico B');
  });

  it("builds a teacher's school and grade list, refusing the same pair twice", async () => {
    let sent: unknown;
    const { user, onClose } = renderDialog(
      adminUser,
      { mode: 'create' },
      {
        'POST /users': ({ body }) => {
          sent = body;
          return { status: 201, body: { user: teacherUser } };
        },
      },
    );
    await ready('Añadir usuario');
    await fill(user, screen.getByLabelText('Nombre'), 'Pedro Soto');
    await fill(user, screen.getByLabelText('Email'), 'Pedro@Example.cl ');
    await choose(user, 'Rol', 'Docente');

    // 'Agregar' with nothing chosen names what is missing.
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('El establecimiento es obligatorio')).toBeInTheDocument();

    await choose(user, 'Establecimiento', 'Colegio Los Andes');
    await choose(user, 'Curso', 'Quinto Básico A');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(screen.getByRole('button', { name: 'Colegio Los Andes · Quinto Básico A' })).toBeInTheDocument();

    await choose(user, 'Establecimiento', 'Colegio Los Andes');
    await choose(user, 'Curso', 'Quinto Básico A');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Ya fue agregado a la lista')).toBeInTheDocument();

    await choose(user, 'Curso', 'Sexto Básico B');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await choose(user, 'Establecimiento', 'Liceo Bicentenario');
    await choose(user, 'Curso', 'Primero Medio A');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('button', { name: 'Quitar Colegio Los Andes · Sexto Básico B' }));
    expect(screen.queryByText('Colegio Los Andes · Sexto Básico B')).not.toBeInTheDocument();

    await user.click(save('Crear'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual({
      name: 'Pedro Soto',
      email: 'pedro@example.cl',
      role: 'role-TEACHER',
      collegeId: ['college-andes', 'college-liceo'],
      gradeId: ['grade-5a', 'grade-1m'],
    });
    expect(await screen.findByText('Usuario creado exitosamente')).toBeInTheDocument();
  });

  it('asks for a school and grade when a teacher is saved with an empty list', async () => {
    const { user, fetchMock } = renderDialog(adminUser, { mode: 'create' });
    await ready('Añadir usuario');
    await fill(user, screen.getByLabelText('Nombre'), 'Pedro Soto');
    await fill(user, screen.getByLabelText('Email'), 'pedro@example.cl');
    await choose(user, 'Rol', 'Docente');
    await user.click(save('Crear'));
    expect(await screen.findByText('El establecimiento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El curso es obligatorio')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/users')).toHaveLength(0);
  });

  it('puts the server’s field messages under their fields (a taken e-mail)', async () => {
    const { user, onClose } = renderDialog(
      adminUser,
      { mode: 'create' },
      {
        'POST /users': {
          status: 409,
          body: {
            type: 'CONFLICT',
            message: 'El email ya está registrado',
            errors: { email: 'El email ya está registrado' },
          },
        },
      },
    );
    await ready('Añadir usuario');
    await fill(user, screen.getByLabelText('Nombre'), 'Ana Rojas');
    await fill(user, screen.getByLabelText('Email'), 'ana@example.cl');
    await choose(user, 'Rol', 'Administrador');
    await user.click(save('Crear'));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('El email ya está registrado'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the generic failure when the server fails without field messages', async () => {
    const { user } = renderDialog(
      adminUser,
      { mode: 'create' },
      { 'POST /users': { status: 500, body: { type: 'INTERNAL', message: 'x' } } },
    );
    await ready('Añadir usuario');
    await fill(user, screen.getByLabelText('Nombre'), 'Ana Rojas');
    await fill(user, screen.getByLabelText('Email'), 'ana@example.cl');
    await choose(user, 'Rol', 'Administrador');
    await user.click(save('Crear'));
    expect(await screen.findByText('Algo ha salido mal. Intente de nuevo más tarde.')).toBeInTheDocument();
    expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
  });

  it('lets a teacher create only students of their own schools and grades', async () => {
    let sent: unknown;
    const { user } = renderDialog(
      signedInTeacher,
      { mode: 'create' },
      {
        'POST /users': ({ body }) => {
          sent = body;
          return { status: 201, body: { user: studentUser } };
        },
      },
    );
    await ready('Añadir usuario');
    expect(screen.queryByRole('combobox', { name: /^Rol/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Rol')).toHaveValue('Estudiante');
    expect(screen.getByLabelText('Rol')).toBeDisabled();

    await user.click(select('Establecimiento'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Colegio Los Andes']);
    await user.click(screen.getByRole('option', { name: 'Colegio Los Andes' }));
    await user.click(select('Curso'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Quinto Básico A']);
    await user.click(screen.getByRole('option', { name: 'Quinto Básico A' }));

    await fill(user, screen.getByLabelText('Nombre'), 'Camila Díaz');
    await fill(user, screen.getByLabelText('Email'), 'camila@example.cl');
    // Issue 22.5: the optional birth year, checked as the API checks it.
    const birthYear = screen.getByLabelText('Año de nacimiento (opcional)');
    await fill(user, birthYear, 'dos mil');
    await user.click(save('Crear'));
    expect(
      await screen.findByText('El año de nacimiento debe ser un número de cuatro cifras, como 2014'),
    ).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(birthYear);
    await fill(user, birthYear, '2015');
    await user.click(save('Crear'));
    await waitFor(() =>
      expect(sent).toEqual({
        name: 'Camila Díaz',
        email: 'camila@example.cl',
        role: 'role-STUDENT',
        collegeId: ['college-andes'],
        gradeId: ['grade-5a'],
        birthYear: 2015,
      }),
    );
  });

  it("starts with the school view's school, grade and role ('Agregar alumnos')", async () => {
    let sent: unknown;
    const { user } = renderDialog(
      adminUser,
      {
        mode: 'create',
        preset: { collegeId: 'college-andes', gradeId: 'grade-6b', roleId: 'role-STUDENT' },
      },
      {
        'POST /users': ({ body }) => {
          sent = body;
          return { status: 201, body: { user: studentUser } };
        },
      },
    );
    await ready('Añadir usuario');
    expect(select('Rol')).toHaveTextContent('Estudiante');
    expect(select('Establecimiento')).toHaveTextContent('Colegio Los Andes');
    expect(select('Curso')).toHaveTextContent('Sexto Básico B');
    await fill(user, screen.getByLabelText('Nombre'), 'Tomás Vera');
    await fill(user, screen.getByLabelText('Email'), 'tomas@example.cl');
    await user.click(save('Crear'));
    await waitFor(() =>
      expect(sent).toMatchObject({
        role: 'role-STUDENT',
        collegeId: ['college-andes'],
        gradeId: ['grade-6b'],
      }),
    );
  });
});

describe('Edit user dialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // jsdom has no object URLs; the avatar preview needs one.
    URL.createObjectURL = vi.fn(() => 'blob:avatar-preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function captureForm() {
    const captured: { form?: FormData } = {};
    const handler: Handler = ({ body }) => {
      captured.form = body as FormData;
      return { body: { user: teacherUser } };
    };
    return { captured, handler };
  }

  it("starts from the user's data and sends the multipart edit", async () => {
    const { captured, handler } = captureForm();
    const { user, onClose } = renderDialog(
      adminUser,
      { mode: 'edit', user: teacherUser },
      { 'PATCH /users/user-teacher': handler },
    );
    const dialog = await ready('Editar usuario');
    expect(within(dialog).queryByText(/invitación/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('pedro@example.cl');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Pedro Soto');
    expect(select('Rol')).toHaveTextContent('Docente');
    for (const label of [
      'Colegio Los Andes · Quinto Básico A',
      'Colegio Los Andes · Sexto Básico B',
      'Liceo Bicentenario · Primero Medio A',
    ]) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Quitar Colegio Los Andes · Sexto Básico B' }));
    await user.clear(screen.getByLabelText('Nombre'));
    await fill(user, screen.getByLabelText('Nombre'), 'Pedro Soto Vera');
    await user.click(save('Guardar'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = captured.form!;
    expect(form.get('email')).toBe('pedro@example.cl');
    expect(form.get('name')).toBe('Pedro Soto Vera');
    expect(form.get('role')).toBe('role-TEACHER');
    expect(form.get('collegeId')).toBe('["college-andes","college-liceo"]');
    expect(form.get('gradeId')).toBe('["grade-5a","grade-1m"]');
    expect(form.get('file')).toBeNull();
    expect(await screen.findByText('Usuario actualizado exitosamente')).toBeInTheDocument();
  });

  it('refuses a file that is not an image, or heavier than 1,048,576 bytes, before uploading', async () => {
    const { fetchMock } = renderDialog(adminUser, { mode: 'edit', user: studentUser });
    await ready('Editar usuario');
    // applyAccept off: the browser's picker can still hand over any file.
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const input = screen.getByLabelText('Elegir imagen');

    await user.upload(input, new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByText('El archivo debe ser tipo imagen')).toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(1_048_577)], 'grande.png', { type: 'image/png' }));
    expect(await screen.findByText('El peso del archivo excede el maximo permitido')).toBeInTheDocument();

    await user.click(save('Guardar'));
    expect(callsTo(fetchMock, 'PATCH', '/users/')).toHaveLength(0);
  });

  it('previews the chosen image and sends it as `file`', async () => {
    const { captured, handler } = captureForm();
    const { user, onClose } = renderDialog(
      adminUser,
      { mode: 'edit', user: studentUser },
      { 'PATCH /users/user-student': handler },
    );
    await ready('Editar usuario');
    const image = new File([new Uint8Array(1_048_576)], 'foto.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Elegir imagen'), image);
    expect(await screen.findByRole('img', { name: 'Vista previa del avatar' })).toHaveAttribute(
      'src',
      'blob:avatar-preview',
    );
    await user.click(save('Guardar'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sentFile = captured.form!.get('file') as File;
    expect(sentFile.name).toBe('foto.png');
    expect(captured.form!.get('collegeId')).toBe('["college-andes"]');
    expect(captured.form!.get('gradeId')).toBe('["grade-5a"]');
  });

  it('lets a teacher edit a student without sending a role, which stays fixed', async () => {
    const { captured, handler } = captureForm();
    const { user } = renderDialog(
      signedInTeacher,
      { mode: 'edit', user: studentUser },
      { 'PATCH /users/user-student': handler },
    );
    await ready('Editar usuario');
    expect(screen.getByLabelText('Rol')).toBeDisabled();
    expect(screen.getByLabelText('Rol')).toHaveValue('Estudiante');
    await user.click(save('Guardar'));
    await waitFor(() => expect(captured.form).toBeDefined());
    expect(captured.form!.get('role')).toBeNull();
  });

  it('shows a file message from the server under the avatar', async () => {
    const { user } = renderDialog(
      adminUser,
      { mode: 'edit', user: studentUser },
      {
        'PATCH /users/user-student': {
          status: 400,
          body: {
            type: 'VALIDATION_ERROR',
            message: 'El archivo debe ser tipo imagen',
            errors: { file: 'El archivo debe ser tipo imagen' },
          },
        },
      },
    );
    await ready('Editar usuario');
    await user.upload(
      screen.getByLabelText('Elegir imagen'),
      new File(['no es png'], 'falsa.png', { type: 'image/png' }),
    );
    await user.click(save('Guardar'));
    expect(await screen.findByText('El archivo debe ser tipo imagen')).toBeInTheDocument();
  });
});
