import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@fics/contracts';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { setTokens } from '../../../lib/session';
import { mockApi, renderApp, type Handler, stubPhoneWidth } from '../../../test/utils';
import {
  adminColleges,
  adminUser,
  calledUrl,
  manyStudents,
  roles,
  serveUsers,
  signedInTeacher,
  studentUser,
  teacherColleges,
  teacherUser,
} from '../users.fixtures';
import { UsersPage } from './UsersPage';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

/**
 * The API for `actor`. GET /users answers pages of `users` (by default: everyone for an
 * administrator, the one student for a teacher) with its filters and search, unless `handlers`
 * says otherwise. Returns the fetch mock, which sees every call.
 */
function stubApi(actor: User, handlers: Handlers = {}, users?: User[]) {
  const isAdmin = actor.role.name === 'ADMIN';
  const list = users ?? (isAdmin ? [adminUser, teacherUser, studentUser] : [studentUser]);
  const others = mockApi({
    'GET /auth/me': { body: { user: actor } },
    'GET /roles': { body: { roles } },
    'GET /colleges': { body: { colleges: isAdmin ? adminColleges : teacherColleges } },
    ...handlers,
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = calledUrl(input);
    if ((init.method ?? 'GET') === 'GET' && url.pathname === '/api/v1/users' && !handlers['GET /users']) {
      return new Response(JSON.stringify(serveUsers(list, url)), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return others(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return fetchMock;
}

/** The page at `path` (/usuarios and maybe a query string), arriving with `state` as the school view sends it. */
function renderPage(
  actor: User,
  options: { path?: string; state?: unknown; handlers?: Handlers; users?: User[] } = {},
) {
  const fetchMock = stubApi(actor, options.handlers, options.users);
  const [pathname, search = ''] = (options.path ?? '/usuarios').split('?');
  const router = createMemoryRouter(
    [
      { path: '/usuarios', element: <UsersPage /> },
      { path: '/', element: <p>Inicio</p> },
    ],
    { initialEntries: [{ pathname, search: search ? `?${search}` : '', state: options.state }] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router, user: userEvent.setup({ delay: null }) };
}

/** The query strings of the calls to `path`, in order. */
function queriesTo(fetchMock: ReturnType<typeof stubApi>, path: string, method = 'GET') {
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
const searchBox = () => screen.getByRole('searchbox', { name: 'Buscar por nombre o email' });

/** The first page at the default size, as the list asks for it when nothing else is set. */
const firstPage = { page: '1', limit: '50' };

/** The query string of the page's URL, as an object. */
const urlQuery = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

/*
 * Pages of 50 rows make role queries over the whole document slow in jsdom: the helpers below read
 * the few landmarks with `hidden: true` (no style checks) and the rows straight from the table.
 */

/** The names on the table's rows, in order. */
const rowNames = () =>
  Array.from(
    screen.getByRole('table', { name: 'Usuarios', hidden: true }).querySelectorAll('tbody tr'),
    (row) => row.querySelector('td')?.textContent,
  );

const pageControls = () => screen.getByRole('navigation', { name: 'Páginas de usuarios', hidden: true });
const total = () => screen.getByText(/^\d+ usuarios?$/);

// Each test drives several MUI selects; in jsdom that takes seconds (tens on a busy machine).
describe('UsersPage', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists everyone for an administrator and filters by role, school and grade with Buscar', async () => {
    const { fetchMock, router, user } = renderPage(adminUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuarios' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Pedro Soto/ })).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/users')).toEqual([firstPage]);
    expect(screen.getByRole('status')).toHaveTextContent('3 usuarios');
    // An untouched list keeps a clean address.
    expect(router.state.location.search).toBe('');

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
        ...firstPage,
      }),
    );
    expect(urlQuery(router)).toEqual({
      roleId: 'role-TEACHER',
      collegeId: 'college-andes',
      gradeId: 'grade-6b',
    });

    // Changing the school clears the grade.
    await choose(user, 'Establecimiento', 'Liceo Bicentenario');
    expect(select('Curso')).toHaveTextContent('Todos');

    await user.click(within(filters()).getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByRole('row', { name: /Pedro Soto/ });
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

  it('opens filtered by the school, grade and role the school view sends, moved into the URL', async () => {
    const { fetchMock, router } = renderPage(adminUser, {
      state: { collegeId: 'college-andes', gradeId: 'grade-5a', roleId: 'role-STUDENT' },
    });
    await screen.findByRole('row', { name: /Camila Díaz/ });
    expect(queriesTo(fetchMock, '/users')).toEqual([
      { roleId: 'role-STUDENT', collegeId: 'college-andes', gradeId: 'grade-5a', ...firstPage },
    ]);
    // The history entry now holds the filters in its address, not in its state.
    expect(urlQuery(router)).toEqual({
      roleId: 'role-STUDENT',
      collegeId: 'college-andes',
      gradeId: 'grade-5a',
    });
    expect(router.state.location.state).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
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
    // A reload of this history entry keeps the filters (in its address) but does not open the
    // dialog again (its state is gone).
    await waitFor(() =>
      expect(urlQuery(router)).toEqual({
        collegeId: 'college-andes',
        gradeId: 'grade-5a',
        roleId: 'role-STUDENT',
      }),
    );
    expect(router.state.location.state).toBeNull();
  });

  it('ignores navigation state it does not understand', async () => {
    const { fetchMock } = renderPage(adminUser, { state: { collegeId: 42, openCreate: 'yes' } });
    await screen.findByRole('row', { name: /Pedro Soto/ });
    expect(queriesTo(fetchMock, '/users')).toEqual([firstPage]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("downloads 'Usuarios.xlsx' from the export with the applied filters and search, not the page", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:usuarios');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { fetchMock, user } = renderPage(adminUser, {
      path: '/usuarios?page=2',
      users: manyStudents(60),
      handlers: { 'GET /users/export': { body: {} } },
    });
    await screen.findByText('Estudiante 051');
    await choose(user, 'Rol', 'Estudiante');
    await choose(user, 'Establecimiento', 'Colegio Los Andes');
    await user.type(searchBox(), ' estudiante ');
    await user.click(within(filters()).getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(queriesTo(fetchMock, '/users').at(-1)).toEqual({
        roleId: 'role-STUDENT',
        collegeId: 'college-andes',
        search: 'estudiante',
        ...firstPage,
      }),
    );
    await screen.findByText('Estudiante 001');

    await user.click(screen.getByRole('button', { name: 'Descargar data' }));
    await waitFor(() => expect(saved).toEqual(['Usuarios.xlsx']));
    expect(queriesTo(fetchMock, '/users/export')).toEqual([
      { roleId: 'role-STUDENT', collegeId: 'college-andes', search: 'estudiante' },
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

    // A teacher deletes an account of their grade; an administrator erases it (issue 22.4).
    it('asks for confirmation, deletes, toasts and reloads the list', async () => {
      const { fetchMock, user } = renderPage(signedInTeacher, {
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
      const { user } = renderPage(signedInTeacher, {
        handlers: { 'DELETE /users/user-student': deleteHandler },
      });
      await screen.findByRole('row', { name: /Camila Díaz/ });
      await user.click(screen.getByRole('button', { name: 'Eliminar a Camila Díaz' }));
      const confirm = await screen.findByRole('dialog', { name: '¿Eliminar a Camila Díaz?' });
      await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(deleted).toEqual([]);
    });

    it("opens an administrator's erasure dialog instead (issue 22.4)", async () => {
      const { user } = renderPage(adminUser, {
        handlers: {
          'DELETE /users/user-student': deleteHandler,
          'GET /users/user-student/erasure-options': { body: { stories: [], comments: 0 } },
        },
      });
      await screen.findByRole('row', { name: /Camila Díaz/ });
      await user.click(screen.getByRole('button', { name: 'Eliminar a Camila Díaz' }));
      const dialog = await screen.findByRole('dialog', { name: 'Suprimir la cuenta de Camila Díaz' });
      expect(await within(dialog).findByText('No tiene fics publicados.')).toBeInTheDocument();
      expect(deleted).toEqual([]);
    });

    it("toasts 'Ha ocurrido un problema' when the delete fails", async () => {
      const { user } = renderPage(signedInTeacher, {
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

// Pages of 50 rows of MUI in jsdom: seconds per page on a busy machine.
describe('UsersPage paging, search and URL', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one page at a time with its range and moves between pages; the page is in the URL', async () => {
    const { fetchMock, router, user } = renderPage(adminUser, { users: manyStudents(120) });
    await screen.findByText('Estudiante 001');
    expect(rowNames()).toHaveLength(50);
    expect(rowNames()[49]).toBe('Estudiante 050');
    expect(total()).toHaveTextContent('120 usuarios');
    const pages = pageControls();
    expect(pages).toHaveTextContent('1–50 de 120');
    expect(within(pages).getByRole('button', { name: 'Página anterior' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Página siguiente' }));
    await screen.findByText('Estudiante 051');
    expect(rowNames()[0]).toBe('Estudiante 051');
    expect(pages).toHaveTextContent('51–100 de 120');
    expect(urlQuery(router)).toEqual({ page: '2' });
    expect(queriesTo(fetchMock, '/users').at(-1)).toEqual({ page: '2', limit: '50' });

    await user.click(within(pages).getByRole('button', { name: 'Última página' }));
    await screen.findByText('Estudiante 120');
    expect(rowNames()).toHaveLength(20);
    expect(pages).toHaveTextContent('101–120 de 120');
    expect(within(pages).getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    // Back goes to the page seen before.
    await act(() => router.navigate(-1));
    await screen.findByText('Estudiante 051');
    expect(pages).toHaveTextContent('51–100 de 120');

    // A bigger page starts again from the first.
    await user.click(within(pages).getByRole('combobox', { name: /Filas por página/ }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await screen.findByText('Estudiante 100');
    expect(rowNames()[0]).toBe('Estudiante 001');
    expect(urlQuery(router)).toEqual({ limit: '100' });
    expect(pages).toHaveTextContent('1–100 de 120');
  });

  it('searches as one types, once typing pauses, and starts again on page 1', async () => {
    const students = [{ ...studentUser, _id: 'nandu', name: 'Ñandú Pérez' }, ...manyStudents(120)];
    const { fetchMock, router, user } = renderPage(adminUser, { path: '/usuarios?page=3', users: students });
    await screen.findByText('Estudiante 120');
    const asked = queriesTo(fetchMock, '/users').length;

    await user.type(searchBox(), 'nandu perez');
    // Nothing is asked while typing: one request once the typing pauses.
    expect(queriesTo(fetchMock, '/users')).toHaveLength(asked);
    await screen.findByText('Ñandú Pérez');
    expect(queriesTo(fetchMock, '/users').slice(asked)).toEqual([{ search: 'nandu perez', ...firstPage }]);
    expect(urlQuery(router)).toEqual({ search: 'nandu perez' });
    expect(total()).toHaveTextContent('1 usuario');
    expect(pageControls()).toHaveTextContent('1–1 de 1');

    // Back brings the previous page and an empty search box.
    await act(() => router.navigate(-1));
    await screen.findByText('Estudiante 120');
    expect(searchBox()).toHaveValue('');
  });

  it("says 'No se encontraron usuarios' when nothing matches and offers to clear the filters", async () => {
    const { router, user } = renderPage(adminUser);
    await screen.findByRole('row', { name: /Pedro Soto/ });
    await user.type(searchBox(), 'zzz');
    expect(await screen.findByText('No se encontraron usuarios')).toBeInTheDocument();
    expect(total()).toHaveTextContent('0 usuarios');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await screen.findByRole('row', { name: /Pedro Soto/ });
    expect(searchBox()).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('restores filters, search, page and page size from the URL on load', async () => {
    const { fetchMock, user } = renderPage(adminUser, {
      path: '/usuarios?roleId=role-STUDENT&collegeId=college-andes&gradeId=grade-5a&search=estudiante&page=2&limit=100',
      users: manyStudents(150),
    });
    await screen.findByText('Estudiante 101');
    // Asked once, straight for what the URL says.
    expect(queriesTo(fetchMock, '/users')).toEqual([
      {
        roleId: 'role-STUDENT',
        collegeId: 'college-andes',
        gradeId: 'grade-5a',
        search: 'estudiante',
        page: '2',
        limit: '100',
      },
    ]);
    expect(searchBox()).toHaveValue('estudiante');
    expect(select('Rol')).toHaveTextContent('Estudiante');
    expect(select('Establecimiento')).toHaveTextContent('Colegio Los Andes');
    expect(select('Curso')).toHaveTextContent('Quinto Básico A');
    expect(pageControls()).toHaveTextContent('101–150 de 150');
    expect(await optionsOf(user, 'Rol')).toContain('Estudiante');
  });

  it('ignores URL values it cannot use: bad numbers, unknown ids, a page past the end', async () => {
    const { fetchMock, router } = renderPage(adminUser, {
      path: '/usuarios?page=abc&limit=7&roleId=%3Cscript%3E&collegeId=college-gone&other=kept',
      users: manyStudents(120),
    });
    await screen.findByText('Estudiante 001');
    expect(queriesTo(fetchMock, '/users')).toEqual([firstPage]);
    // The unknown school is dropped from the address (with the page, back to the first); what is
    // not the list's stays.
    await waitFor(() => expect(urlQuery(router)).toEqual({ limit: '7', other: 'kept' }));
    expect(select('Establecimiento')).toHaveTextContent('Todos');

    await act(() => router.navigate('/usuarios?page=9'));
    // Page 9 of 3 answers no rows: the list moves to the last page instead.
    await screen.findByText('Estudiante 120');
    expect(urlQuery(router)).toEqual({ page: '3' });
    expect(pageControls()).toHaveTextContent('101–120 de 120');
  });

  it("on a phone shows cards and appends the next page with 'Ver más'", async () => {
    stubPhoneWidth();
    const { fetchMock, user } = renderPage(adminUser, { users: manyStudents(60) });
    const list = await screen.findByRole('list', { name: 'Usuarios' });
    await within(list).findByText('Estudiante 001');
    const cards = () => within(list).getAllByRole('listitem', { hidden: true });
    expect(cards()).toHaveLength(50);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Mostrando 50 de 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await within(list).findByText('Estudiante 060');
    expect(cards()).toHaveLength(60);
    // The first cards stay: the next page is added under them.
    expect(within(cards()[0]!).getByText('Estudiante 001')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 60 de 60')).toBeInTheDocument();
    // Everything is on screen: no more 'Ver más'.
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    expect(queriesTo(fetchMock, '/users')).toEqual([firstPage, { page: '2', limit: '50' }]);

    // A search starts the cards again from its first page.
    await user.type(searchBox(), '007');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(list).getByText('Estudiante 007')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 de 1')).toBeInTheDocument();
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
