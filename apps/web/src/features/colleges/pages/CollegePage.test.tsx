import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { mockApi, renderApp, type Handler } from '../../../test/utils';
import {
  collegeDetail,
  collegeId,
  gradeWithoutTeachers,
  gradeWithTeachers,
  roles,
  studentRoleId,
  teacherRoleId,
} from '../test/fixtures';
import { CollegePage } from './CollegePage';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

const routes: RouteObject[] = [
  { path: '/escuelas/:collegeId', element: <CollegePage /> },
  { path: '/escuelas', element: <p>Lista de escuelas</p> },
  { path: '/usuarios', element: <p>Lista de usuarios</p> },
];

function renderPage(handlers: Handlers, id = collegeId) {
  const fetchMock = mockApi({
    'GET /roles': { body: { roles } },
    [`GET /colleges/${collegeId}`]: { body: { college: collegeDetail } },
    ...handlers,
  });
  const { router } = renderApp(`/escuelas/${id}`, routes);
  return { fetchMock, router, user: userEvent.setup({ delay: null }) };
}

const card = (label: string) => screen.findByRole('listitem', { name: label }, { timeout: 5000 });
/** The number shown under a count's label ('Docentes', 'Estudiantes', 'Fics') in a card. */
const count = (inCard: HTMLElement, label: string) =>
  within(inCard).getByText(label).nextElementSibling?.textContent;

describe('CollegePage (/escuelas/:collegeId)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows 8 card placeholders while the school loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderApp(`/escuelas/${collegeId}`, routes);
    const loading = screen.getByRole('status', { name: 'Cargando...' });
    expect(within(loading).getAllByTestId('grade-skeleton')).toHaveLength(8);
  });

  it("shows the school's name and a card per grade with its title and counts", async () => {
    renderPage({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Colegio Los Andes' })).toBeInTheDocument();
    expect(screen.getByText('Región: Región de Valparaíso · Comuna: Viña del Mar')).toBeInTheDocument();

    const cards = within(screen.getByRole('list', { name: 'Cursos' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Crear nueva sección');
    expect(cards).toHaveLength(3);

    const first = await card('Primero Medio A');
    expect(count(first, 'Docentes')).toBe('2');
    expect(count(first, 'Estudiantes')).toBe('27');
    expect(count(first, 'Fics')).toBe('14');
    expect(within(first).getByRole('button', { name: 'Editar curso Primero Medio A' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Eliminar curso Primero Medio A' })).toBeInTheDocument();

    const second = await card('Quinto Básico B');
    expect(count(second, 'Docentes')).toBe('0');
    expect(count(second, 'Estudiantes')).toBe('3');
    expect(count(second, 'Fics')).toBe('0');
  });

  it("opens the grade create dialog from 'Crear nueva sección' and the edit dialog from a card", async () => {
    const { user } = renderPage({});
    await user.click(await screen.findByRole('button', { name: 'Crear nueva sección' }));
    const create = await screen.findByRole('dialog', { name: 'Nuevo curso' });
    await user.click(within(create).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(await card('Quinto Básico B')).getByRole('button', { name: 'Editar curso Quinto Básico B' }),
    );
    const edit = await screen.findByRole('dialog', { name: 'Editar curso' });
    expect(within(edit).getByRole('textbox', { name: /Nombre/ })).toHaveValue('B');
  });

  it("lists a grade's teachers in its detail; 'Editar' opens the user list filtered to its teachers", async () => {
    const { router, user } = renderPage({});
    await user.click(await screen.findByRole('button', { name: 'Ver detalle de Primero Medio A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Primero Medio A' });
    const teachers = within(dialog).getByRole('list', { name: 'Docentes' });
    expect(within(teachers).getByText('Marta Pérez')).toBeInTheDocument();
    expect(within(teachers).getByText('jorge@colegio.cl')).toBeInTheDocument();
    expect(within(dialog).getByTestId('students-count')).toHaveTextContent('27');

    const edit = within(dialog).getByRole('button', { name: 'Editar a Jorge Soto' });
    await waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
    expect(router.state.location.state).toEqual({
      collegeId,
      gradeId: gradeWithTeachers._id,
      roleId: teacherRoleId,
    });
  });

  it("goes to the grade's students with 'Ver listado'", async () => {
    const { router, user } = renderPage({});
    await user.click(await screen.findByRole('button', { name: 'Ver detalle de Quinto Básico B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quinto Básico B' });
    expect(within(dialog).getByText('No hay docentes asociados a este curso')).toBeInTheDocument();
    expect(within(dialog).getByTestId('students-count')).toHaveTextContent('3');

    const list = within(dialog).getByRole('button', { name: 'Ver listado' });
    await waitFor(() => expect(list).toBeEnabled());
    await user.click(list);
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
    expect(router.state.location.state).toEqual({
      collegeId,
      gradeId: gradeWithoutTeachers._id,
      roleId: studentRoleId,
    });
  });

  it("asks the user list to open its create dialog with 'Agregar alumnos'", async () => {
    const { router, user } = renderPage({});
    await user.click(await screen.findByRole('button', { name: 'Ver detalle de Primero Medio A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Primero Medio A' });
    const add = within(dialog).getByRole('button', { name: 'Agregar alumnos' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
    expect(router.state.location.state).toEqual({
      collegeId,
      gradeId: gradeWithTeachers._id,
      roleId: studentRoleId,
      openCreate: true,
    });
  });

  it("shows the server's message when a grade still in use cannot be deleted", async () => {
    const inUse = 'No se puede eliminar el curso porque tiene usuarios o fics asociados';
    const { user } = renderPage({
      [`DELETE /colleges/${collegeId}/grades/${gradeWithTeachers._id}`]: {
        status: 409,
        body: { type: 'CONFLICT', message: inUse },
      },
    });
    await user.click(
      within(await card('Primero Medio A')).getByRole('button', { name: 'Eliminar curso Primero Medio A' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Estás seguro?' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(inUse);
    expect(screen.getByRole('listitem', { name: 'Primero Medio A' })).toBeInTheDocument();
    expect(screen.queryByText('Grado eliminado exitosamente')).not.toBeInTheDocument();
  });

  it("deletes an unused grade and toasts 'Grado eliminado exitosamente'", async () => {
    let college = collegeDetail;
    renderPage({
      [`GET /colleges/${collegeId}`]: () => ({ body: { college } }),
      [`DELETE /colleges/${collegeId}/grades/${gradeWithoutTeachers._id}`]: () => {
        college = { ...collegeDetail, grades: [gradeWithTeachers] };
        return { body: { message: 'Grado eliminado exitosamente' } };
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(
      within(await card('Quinto Básico B')).getByRole('button', { name: 'Eliminar curso Quinto Básico B' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Estás seguro?' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    expect(await screen.findByText('Grado eliminado exitosamente')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Quinto Básico B' })).not.toBeInTheDocument(),
    );
  });

  it('says the school does not exist on a 404, with a way back to the list', async () => {
    const missing = 'c0000000-0000-4000-8000-0000000000ff';
    const { router, user } = renderPage(
      {
        [`GET /colleges/${missing}`]: {
          status: 404,
          body: { type: 'NOT_FOUND', message: 'El establecimiento no existe' },
        },
      },
      missing,
    );
    expect(await screen.findByText('Esta escuela no existe o fue eliminada.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Volver a escuelas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/escuelas'));
  });
});
