import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/utils';
import { adminUser, studentUser, teacherUser } from '../users.fixtures';
import { UsersTable } from './UsersTable';

const users = [adminUser, teacherUser, studentUser];
const noop = () => undefined;

// The first render of MUI's table in jsdom takes seconds on a busy machine.
describe('UsersTable', { timeout: 30_000 }, () => {
  it('shows name, e-mail, school chips, grade chips and the role display name', () => {
    renderWithProviders(
      <UsersTable users={users} isLoading={false} isError={false} onEdit={noop} onDelete={noop} />,
    );
    const table = screen.getByRole('table', { name: 'Usuarios' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nombre', 'Email', 'Establecimientos', 'Cursos', 'Rol', 'Acciones']);
    const teacherRow = within(table).getByRole('row', { name: /Pedro Soto/ });
    expect(within(teacherRow).getByText('pedro@example.cl')).toBeInTheDocument();
    expect(within(teacherRow).getByText('Colegio Los Andes')).toBeInTheDocument();
    expect(within(teacherRow).getByText('Liceo Bicentenario')).toBeInTheDocument();
    expect(within(teacherRow).getByText('Quinto Básico A')).toBeInTheDocument();
    expect(within(teacherRow).getByText('Primero Medio A')).toBeInTheDocument();
    expect(within(teacherRow).getByText('Docente')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Camila Díaz/ })).toHaveTextContent('Estudiante');
    expect(within(table).getByRole('row', { name: /Ana María Rojas/ })).toHaveTextContent('Administrador');
  });

  it('hands the row to the edit and delete actions', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(
      <UsersTable users={users} isLoading={false} isError={false} onEdit={onEdit} onDelete={onDelete} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Editar a Pedro Soto' }));
    expect(onEdit).toHaveBeenCalledWith(teacherUser);
    await user.click(screen.getByRole('button', { name: 'Eliminar a Camila Díaz' }));
    expect(onDelete).toHaveBeenCalledWith(studentUser);
  });

  it('offers the view action on student rows only, leading to /usuarios/{id}', () => {
    renderWithProviders(
      <UsersTable users={users} isLoading={false} isError={false} onEdit={noop} onDelete={noop} />,
    );
    expect(screen.getByRole('link', { name: 'Ver actividad de Camila Díaz' })).toHaveAttribute(
      'href',
      '/usuarios/user-student',
    );
    expect(screen.getAllByRole('link', { name: /Ver actividad/ })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Ver actividad de Pedro Soto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver actividad de Ana María Rojas' })).not.toBeInTheDocument();
  });

  it('offers the view action on student cards only on phones too', () => {
    renderWithProviders(
      <UsersTable users={users} isLoading={false} isError={false} onEdit={noop} onDelete={noop} compact />,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: /Ver actividad/ })).toEqual([
      screen.getByRole('link', { name: 'Ver actividad de Camila Díaz' }),
    ]);
    expect(screen.getByRole('link', { name: 'Ver actividad de Camila Díaz' })).toHaveAttribute(
      'href',
      '/usuarios/user-student',
    );
  });

  it("shows 'Sin resultados' for an empty list and the load failure text on error", () => {
    const { unmount } = renderWithProviders(
      <UsersTable users={[]} isLoading={false} isError={false} onEdit={noop} onDelete={noop} />,
    );
    expect(screen.getByText('Sin resultados')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <UsersTable users={undefined} isLoading={false} isError onEdit={noop} onDelete={noop} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
    );
  });

  it('shows cards instead of a table when compact, with the paging controls under them', () => {
    renderWithProviders(
      <UsersTable
        users={users}
        isLoading={false}
        isError={false}
        onEdit={noop}
        onDelete={noop}
        compact
        footer={<p>Mostrando 3 de 3</p>}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Usuarios' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getAllByText(/\S/)[0]!.textContent)).toEqual([
      'Ana María Rojas',
      'Pedro Soto',
      'Camila Díaz',
    ]);
    expect(within(cards[1]!).getByText('Docente')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 3 de 3')).toBeInTheDocument();
  });

  it('says the empty message it is given, with its action, and no footer', () => {
    renderWithProviders(
      <UsersTable
        users={[]}
        isLoading={false}
        isError={false}
        onEdit={noop}
        onDelete={noop}
        emptyMessage="No se encontraron usuarios"
        emptyAction={<button type="button">Limpiar filtros</button>}
        footer={<p>1–0 de 0</p>}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No se encontraron usuarios');
    expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeInTheDocument();
    expect(screen.queryByText('1–0 de 0')).not.toBeInTheDocument();
  });

  it('keeps the rows of the previous page on screen, marked busy, while the next one loads', () => {
    renderWithProviders(
      <UsersTable users={users} isLoading={false} isUpdating isError={false} onEdit={noop} onDelete={noop} />,
    );
    const table = screen.getByRole('table', { name: 'Usuarios' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('shows placeholder rows while loading', () => {
    renderWithProviders(
      <UsersTable users={undefined} isLoading isError={false} onEdit={noop} onDelete={noop} />,
    );
    const table = screen.getByRole('table', { name: 'Usuarios' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });
});
