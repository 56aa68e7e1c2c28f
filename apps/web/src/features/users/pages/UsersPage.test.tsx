import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@fics/contracts';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { setTokens } from '../../../lib/session';
import { mockApi, renderApp, type Handler } from '../../../test/utils';
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
import { UsersPage } from './UsersPage';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

function stubApi(actor: User, handlers: Handlers = {}) {
  const isAdmin = actor.role.name === 'ADMIN';
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: actor } },
    'GET /roles': { body: { roles } },
    'GET /colleges': { body: { colleges: isAdmin ? adminColleges : teacherColleges } },
    'GET /users': { body: { users: isAdmin ? [adminUser, teacherUser, studentUser] : [studentUser] } },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return fetchMock;
}

/** The page at /usuarios, arriving with `state` as the school view sends it. */
function renderPage(actor: User, options: { state?: unknown; handlers?: Handlers } = {}) {
  const fetchMock = stubApi(actor, options.handlers);
  const router = createMemoryRouter(
    [
      { path: '/usuarios', element: <UsersPage /> },
      { path: '/', element: <p>Inicio</p> },
    ],
    { initialEntries: [{ pathname: '/usuarios', state: options.state }] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router, user: userEvent.setup({ delay: null }) };
}

/** The query strings of the calls to `path`, in order. */
function queriesTo(fetchMock: ReturnType<typeof mockApi>, path: string, method = 'GET') {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => calledUrl(input))
    .filter((url) => url.pathname === `/api/v1${path}`)
    .map((url) => Object.fromEntries(url.searchParams));
}

const select = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function optionsOf(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(select(label));
  const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return names;
}

const filters = () => screen.getByRole('search', { name: 'Filtros de usuarios' });

// Each test drives several MUI selects; in jsdom that takes seconds on a busy machine.
describe('UsersPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists everyone for an administrator and filters by role, school and grade with Buscar', async () => {
    const { fetchMock, user } = renderPage(adminUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuarios' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Pedro Soto/ })).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/users')).toEqual([{}]);

    expect(await optionsOf(user, 'Rol')).toEqual(['Todos', 'Administrador', 'Docente', 'Estudiante']);
    expect(await optionsOf(user, 'Establecimiento')).toEqual([
      'Todos',
      'Colegio Los Andes',
      'Liceo Bicentenario',
    ]);
    await choose(user, 'Rol', 'Docente');
    await choose(user, 'Establecimiento', 'Colegio Los Andes');
    expect(await optionsOf(user, 'Curso')).toEqual(['Todos', 'Quinto Básico A', 'Sexto Básico B']);
    await choose(user, 'Curso', 'Sexto Básico B');
    // Nothing is asked before Buscar.
    expect(queriesTo(fetchMock, '/users')).toHaveLength(1);

    await user.click(within(filters()).getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(queriesTo(fetchMock, '/users').at(-1)).toEqual({
        roleId: 'role-TEACHER',
        collegeId: 'college-andes',
        gradeId: 'grade-6b',
      }),
    );

    // Changing the school clears the grade.
    await choose(user, 'Establecimiento', 'Liceo Bicentenario');
    expect(select('Curso')).toHaveTextContent('Todos');

    await user.click(within(filters()).getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(queriesTo(fetchMock, '/users').at(-1)).toEqual({}));
    expect(select('Rol')).toHaveTextContent('Todos');
    expect(select('Establecimiento')).toHaveTextContent('Todos');
  });

  it('gives a teacher no role filter and only their own schools and grades', async () => {
    const { user } = renderPage(signedInTeacher);
    expect(await screen.findByRole('row', { name: /Camila Díaz/ })).toBeInTheDocument();
    expect(within(filters()).queryByRole('combobox', { name: /^Rol/ })).not.toBeInTheDocument();
    await waitFor(async () =>
      expect(await optionsOf(user, 'Establecimiento')).toEqual(['Todos', 'Colegio Los Andes']),
    );
    await choose(user, 'Establecimiento', 'Colegio Los Andes');
    expect(await optionsOf(user, 'Curso')).toEqual(['Todos', 'Quinto Básico A']);
  });

  it('opens filtered by the school, grade and role the school view sends', async () => {
    const { fetchMock } = renderPage(adminUser, {
      state: { collegeId: 'college-andes', gradeId: 'grade-5a', roleId: 'role-STUDENT' },
    });
    await screen.findByRole('row', { name: /Camila Díaz/ });
    expect(queriesTo(fetchMock, '/users')).toEqual([
      { roleId: 'role-STUDENT', collegeId: 'college-andes', gradeId: 'grade-5a' },
    ]);
    await waitFor(() => expect(select('Establecimiento')).toHaveTextContent('Colegio Los Andes'));
    expect(select('Curso')).toHaveTextContent('Quinto Básico A');
    expect(select('Rol')).toHaveTextContent('Estudiante');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the add dialog prefilled when asked to ('Agregar alumnos'), once", async () => {
    const { router } = renderPage(adminUser, {
      state: { collegeId: 'college-andes', gradeId: 'grade-5a', roleId: 'role-STUDENT', openCreate: true },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Añadir usuario' });
    await within(dialog).findByLabelText('Email');
    expect(within(dialog).getByRole('combobox', { name: /^Rol/ })).toHaveTextContent('Estudiante');
    expect(within(dialog).getByRole('combobox', { name: /^Establecimiento/ })).toHaveTextContent(
      'Colegio Los Andes',
    );
    expect(within(dialog).getByRole('combobox', { name: /^Curso/ })).toHaveTextContent('Quinto Básico A');
    // A reload of this history entry keeps the filters but does not open the dialog again.
    await waitFor(() =>
      expect(router.state.location.state).toEqual({
        collegeId: 'college-andes',
        gradeId: 'grade-5a',
        roleId: 'role-STUDENT',
      }),
    );
  });

  it('ignores navigation state it does not understand', async () => {
    const { fetchMock } = renderPage(adminUser, { state: { collegeId: 42, openCreate: 'yes' } });
    await screen.findByRole('row', { name: /Pedro Soto/ });
    expect(queriesTo(fetchMock, '/users')).toEqual([{}]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("downloads 'Usuarios.xlsx' from the export with the applied filters", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:usuarios');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { fetchMock, user } = renderPage(adminUser, { handlers: { 'GET /users/export': { body: {} } } });
    await screen.findByRole('row', { name: /Pedro Soto/ });
    await choose(user, 'Rol', 'Estudiante');
    await choose(user, 'Establecimiento', 'Colegio Los Andes');
    await user.click(within(filters()).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(queriesTo(fetchMock, '/users')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Descargar data' }));
    await waitFor(() => expect(saved).toEqual(['Usuarios.xlsx']));
    expect(queriesTo(fetchMock, '/users/export')).toEqual([
      { roleId: 'role-STUDENT', collegeId: 'college-andes' },
    ]);
  });

  it("toasts 'Ha ocurrido un problema' when the export fails", async () => {
    const { user } = renderPage(adminUser, {
      handlers: { 'GET /users/export': { status: 500, body: { type: 'INTERNAL', message: 'x' } } },
    });
    await screen.findByRole('row', { name: /Pedro Soto/ });
    await user.click(screen.getByRole('button', { name: 'Descargar data' }));
    expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
  });

  describe('delete', () => {
    let deleted: string[];
    beforeEach(() => {
      deleted = [];
    });
    const deleteHandler: Handler = ({ path }) => {
      deleted.push(path);
      return { body: { message: 'Usuario eliminado exitosamente' } };
    };

    it('asks for confirmation, deletes, toasts and reloads the list', async () => {
      const { fetchMock, user } = renderPage(adminUser, {
        handlers: { 'DELETE /users/user-student': deleteHandler },
      });
      await screen.findByRole('row', { name: /Camila Díaz/ });
      await user.click(screen.getByRole('button', { name: 'Eliminar a Camila Díaz' }));
      const confirm = await screen.findByRole('dialog', { name: '¿Eliminar a Camila Díaz?' });
      expect(confirm).toHaveTextContent('Esta acción no puede ser reversada, asegurese antes de continuar.');
      expect(deleted).toEqual([]);

      await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
      expect(await screen.findByText('Usuario eliminado exitosamente')).toBeInTheDocument();
      expect(deleted).toEqual(['/users/user-student']);
      await waitFor(() => expect(queriesTo(fetchMock, '/users')).toHaveLength(2));
    });

    it('deletes nothing when cancelled', async () => {
      const { user } = renderPage(adminUser, { handlers: { 'DELETE /users/user-student': deleteHandler } });
      await screen.findByRole('row', { name: /Camila Díaz/ });
      await user.click(screen.getByRole('button', { name: 'Eliminar a Camila Díaz' }));
      const confirm = await screen.findByRole('dialog', { name: '¿Eliminar a Camila Díaz?' });
      await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deleted).toEqual([]);
    });

    it("toasts 'Ha ocurrido un problema' when the delete fails", async () => {
      const { user } = renderPage(adminUser, {
        handlers: {
          'DELETE /users/user-student': { status: 500, body: { type: 'INTERNAL', message: 'x' } },
        },
      });
      await screen.findByRole('row', { name: /Camila Díaz/ });
      await user.click(screen.getByRole('button', { name: 'Eliminar a Camila Díaz' }));
      const confirm = await screen.findByRole('dialog', { name: '¿Eliminar a Camila Díaz?' });
      await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
      expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
    });
  });

  it('reloads the list after a user is created', async () => {
    const { fetchMock, user } = renderPage(adminUser, {
      handlers: { 'POST /users': { status: 201, body: { user: studentUser } } },
    });
    await screen.findByRole('row', { name: /Pedro Soto/ });
    await user.click(screen.getByRole('button', { name: 'Añadir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir usuario' });
    await user.click(await within(dialog).findByLabelText('Nombre'));
    await user.paste('Ana Rojas');
    await user.click(within(dialog).getByLabelText('Email'));
    await user.paste('ana.rojas@example.cl');
    await choose(user, 'Rol', 'Administrador');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Usuario creado exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(queriesTo(fetchMock, '/users')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Añadir usuario' })).not.toBeInTheDocument(),
    );
  });

  it("opens the bulk import wizard from 'Carga masiva'", async () => {
    const { user } = renderPage(adminUser);
    await screen.findByRole('row', { name: /Pedro Soto/ });
    await user.click(screen.getByRole('button', { name: 'Carga masiva' }));
    expect(await screen.findByRole('dialog', { name: 'Carga masiva' })).toBeInTheDocument();
  });

  it('shows the load failure text when the list cannot be loaded', async () => {
    renderPage(adminUser, {
      handlers: { 'GET /users': { status: 500, body: { type: 'INTERNAL', message: 'x' } } },
    });
    expect(
      await screen.findByText('Ha ocurrido un problema, por favor intenta de nuevo más tarde.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
  });
});

describe('/usuarios route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is open to teachers', async () => {
    stubApi(signedInTeacher);
    renderApp('/usuarios');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuarios' })).toBeInTheDocument();
  });

  it('sends a student home', async () => {
    stubApi({ ...studentUser, _id: 'me-student' });
    const { router } = renderApp('/usuarios');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
