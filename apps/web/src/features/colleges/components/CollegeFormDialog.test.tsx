import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { College } from '@fics/contracts';
import { mockApi, renderWithProviders, type Handler } from '../../../test/utils';
import { colleges, regions } from '../test/fixtures';
import { CollegeFormDialog } from './CollegeFormDialog';

function renderForm(
  college: College | null,
  handlers: Record<string, Handler | { status?: number; body?: unknown }> = {},
) {
  const fetchMock = mockApi({ 'GET /regions': { body: { regions } }, ...handlers });
  const onClose = vi.fn();
  renderWithProviders(<CollegeFormDialog open college={college} onClose={onClose} />);
  return { fetchMock, onClose, user: userEvent.setup({ delay: null }) };
}

const nameField = () => screen.getByRole('textbox', { name: /Nombre/ });
const regionField = () => screen.getByRole('combobox', { name: 'Región' });
const zoneField = () => screen.getByRole('combobox', { name: 'Comuna' });
const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

async function pick(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

const sentBody = (fetchMock: ReturnType<typeof mockApi>, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return JSON.parse(call![1]!.body as string) as unknown;
};

// Dialogs with several pickers take a few seconds in jsdom on a busy machine.
describe('CollegeFormDialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the name messages of the spec and sends nothing while the name is invalid', async () => {
    const { fetchMock, user } = renderForm(null);
    expect(screen.getByRole('dialog', { name: 'Nueva escuela' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();

    await user.type(nameField(), 'Liceo');
    await user.clear(nameField());
    await user.type(nameField(), 'Lice');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('El nombre debe tener al menos 5 caracteres')).toBeInTheDocument();

    await user.clear(nameField());
    await user.click(nameField());
    await user.paste('a'.repeat(251));
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('El nombre no debe tener más de 250 caracteres')).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("offers the chosen region's communes only, and choosing another region clears the commune", async () => {
    const { user } = renderForm(null);
    expect(zoneField()).toBeDisabled();
    expect(screen.getByText('Primero elige una región')).toBeInTheDocument();

    await user.click(regionField());
    await waitFor(() => expect(optionNames()).toEqual(['Región de Valparaíso', 'Región del Biobío']));
    await user.click(screen.getByRole('option', { name: 'Región de Valparaíso' }));
    expect(regionField()).toHaveValue('Región de Valparaíso');

    expect(zoneField()).toBeEnabled();
    await user.click(zoneField());
    expect(optionNames()).toEqual(['Valparaíso', 'Viña del Mar', 'Quilpué']);
    await user.click(screen.getByRole('option', { name: 'Viña del Mar' }));
    expect(zoneField()).toHaveValue('Viña del Mar');

    await pick(user, regionField(), 'Región del Biobío');
    expect(zoneField()).toHaveValue('');
    await user.click(zoneField());
    expect(optionNames()).toEqual(['Concepción', 'Coronel', 'Lota']);
  });

  it("shows one disabled option 'Sin resultados' when nothing matches, ignoring accents otherwise", async () => {
    const { user } = renderForm(null);
    await pick(user, regionField(), 'Región de Valparaíso');

    await user.type(zoneField(), 'vina');
    expect(optionNames()).toEqual(['Viña del Mar']);

    await user.clear(zoneField());
    await user.type(zoneField(), 'Temuco');
    const option = screen.getByRole('option', { name: 'Sin resultados' });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(optionNames()).toEqual(['Sin resultados']);
    // Neither a click (pointer-events are off) nor the keyboard can choose it.
    await user.keyboard('{ArrowDown}{Enter}');
    await user.tab();
    expect(zoneField()).toHaveValue('');
  });

  it('creates the school with its region and commune, toasts and closes', async () => {
    const { fetchMock, onClose, user } = renderForm(null, {
      'POST /colleges': ({ body }) => ({
        status: 201,
        body: { college: { ...colleges[0], ...(body as object) } },
      }),
    });
    await user.type(nameField(), '  Liceo Bicentenario  ');
    await pick(user, regionField(), 'Región del Biobío');
    await pick(user, zoneField(), 'Lota');
    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(await screen.findByText('Escuela creada exitosamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sentBody(fetchMock, 'POST')).toEqual({
      name: 'Liceo Bicentenario',
      region: 'Región del Biobío',
      zone: 'Lota',
    });
  });

  it('sends an unset region and commune as null', async () => {
    const { fetchMock, user } = renderForm(null, {
      'POST /colleges': { status: 201, body: { college: colleges[1] } },
    });
    await user.type(nameField(), 'Escuela Rural El Manzano');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Escuela creada exitosamente')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST')).toEqual({
      name: 'Escuela Rural El Manzano',
      region: null,
      zone: null,
    });
  });

  it('edits a school: starts from its values, sends a PATCH and toasts', async () => {
    const { fetchMock, onClose, user } = renderForm(colleges[0]!, {
      [`PATCH /colleges/${colleges[0]!._id}`]: { body: { college: colleges[0] } },
    });
    expect(screen.getByRole('dialog', { name: 'Editar escuela' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('Colegio Los Andes');
    expect(regionField()).toHaveValue('Región de Valparaíso');
    expect(zoneField()).toHaveValue('Viña del Mar');

    await pick(user, zoneField(), 'Quilpué');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Colegio actualizado exitosamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sentBody(fetchMock, 'PATCH')).toEqual({
      name: 'Colegio Los Andes',
      region: 'Región de Valparaíso',
      zone: 'Quilpué',
    });
  });

  it("puts the server's messages under their fields (a duplicate name, a commune of another region)", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: {
        type: 'CONFLICT',
        message: 'Ya existe un establecimiento con ese nombre',
        errors: { name: 'Ya existe un establecimiento con ese nombre' },
      },
    };
    const { onClose, user } = renderForm(null, { 'POST /colleges': () => answer });
    await user.type(nameField(), 'Colegio Los Andes');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Ya existe un establecimiento con ese nombre')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');

    answer = {
      status: 400,
      body: {
        type: 'VALIDATION_ERROR',
        message: 'Datos inválidos',
        errors: { zone: 'La comuna no pertenece a la región seleccionada' },
      },
    };
    await user.clear(nameField());
    await user.type(nameField(), 'Colegio Nuevo Horizonte');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('La comuna no pertenece a la región seleccionada')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the generic failure when the server fails without field messages', async () => {
    const { onClose, user } = renderForm(null, {
      'POST /colleges': { status: 500, body: { type: 'INTERNAL', message: 'Error interno' } },
    });
    await user.type(nameField(), 'Colegio Los Andes');
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Algo ha salido mal. Intente de nuevo más tarde.')).toBeInTheDocument();
    expect(screen.getByText('Ha ocurrido un problema')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
