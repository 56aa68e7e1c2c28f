import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, type Handler } from '../../../test/utils';
import { colleges, regions } from '../test/fixtures';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

/** The real route table at /escuelas, signed in as `user`. */
function renderPage(handlers: Handlers, user: User = makeUser('ADMIN')) {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user } },
    'GET /regions': { body: { regions } },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const { router } = renderApp('/escuelas');
  return { fetchMock, router, user: userEvent.setup({ delay: null }) };
}

// The page is a lazy chunk behind the session check: its first render may take a moment.
const pageLoaded = () => screen.findByRole('heading', { level: 1, name: 'Escuelas' }, { timeout: 10_000 });
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('CollegesPage (/escuelas)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the schools with region and commune, 'Sin especificar' where unset, and links to each school", async () => {
    renderPage({ 'GET /colleges': { body: { colleges } } });
    expect(await pageLoaded()).toBeInTheDocument();
    const andes = await rowOf('Colegio Los Andes');
    expect(within(andes).getByRole('cell', { name: 'Región de Valparaíso' })).toBeInTheDocument();
    expect(within(andes).getByRole('cell', { name: 'Viña del Mar' })).toBeInTheDocument();
    expect(within(andes).getByRole('link', { name: 'Ver Colegio Los Andes' })).toHaveAttribute(
      'href',
      `/escuelas/${colleges[0]!._id}`,
    );
    const rural = await rowOf('Escuela Rural El Manzano');
    expect(within(rural).getAllByRole('cell', { name: 'Sin especificar' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Descargar data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir' })).toBeInTheDocument();
  });

  it("shows 'Sin resultados' when there are no schools", async () => {
    renderPage({ 'GET /colleges': { body: { colleges: [] } } });
    await pageLoaded();
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();
  });

  it('shows the list failure message when the schools cannot be loaded', async () => {
    renderPage({ 'GET /colleges': { status: 503, body: { type: 'INTERNAL', message: 'x' } } });
    await pageLoaded();
    expect(
      await screen.findByText(
        'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('is for administrators only: a teacher is sent home', async () => {
    const { router } = renderPage({ 'GET /colleges': { body: { colleges } } }, makeUser('TEACHER'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Escuelas' })).not.toBeInTheDocument();
  });

  it('opens the create dialog from Añadir and the edit dialog with the row values', async () => {
    const { user } = renderPage({ 'GET /colleges': { body: { colleges } } });
    await user.click(await screen.findByRole('button', { name: 'Añadir' }));
    const create = await screen.findByRole('dialog', { name: 'Nueva escuela' });
    expect(within(create).getByRole('textbox', { name: /Nombre/ })).toHaveValue('');
    await user.click(within(create).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(await rowOf('Colegio Los Andes')).getByRole('button', { name: 'Editar Colegio Los Andes' }),
    );
    const edit = await screen.findByRole('dialog', { name: 'Editar escuela' });
    expect(within(edit).getByRole('textbox', { name: /Nombre/ })).toHaveValue('Colegio Los Andes');
    expect(within(edit).getByRole('combobox', { name: 'Comuna' })).toHaveValue('Viña del Mar');
  });

  it("deletes after confirmation and toasts 'Colegio eliminado exitosamente'", async () => {
    let list = colleges;
    const { fetchMock, user } = renderPage({
      'GET /colleges': () => ({ body: { colleges: list } }),
      [`DELETE /colleges/${colleges[1]!._id}`]: () => {
        list = [colleges[0]!];
        return { body: { message: 'Colegio eliminado exitosamente' } };
      },
    });
    await user.click(
      within(await rowOf('Escuela Rural El Manzano')).getByRole('button', {
        name: 'Eliminar Escuela Rural El Manzano',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: '¿Estás seguro?' });
    expect(confirm).toHaveTextContent('Esta acción no puede ser reversada, asegurese antes de continuar.');
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Colegio eliminado exitosamente')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Escuela Rural El Manzano' })).not.toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it("shows the server's message when the school is still in use, and keeps it listed", async () => {
    const inUse = 'No se puede eliminar el establecimiento porque tiene cursos con usuarios o fics asociados';
    const { user } = renderPage({
      'GET /colleges': { body: { colleges } },
      [`DELETE /colleges/${colleges[0]!._id}`]: { status: 409, body: { type: 'CONFLICT', message: inUse } },
    });
    await user.click(
      within(await rowOf('Colegio Los Andes')).getByRole('button', { name: 'Eliminar Colegio Los Andes' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(inUse);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Colegio Los Andes' })).toBeInTheDocument();
    expect(screen.queryByText('Colegio eliminado exitosamente')).not.toBeInTheDocument();
  });

  it("downloads the export as 'Establecimientos.xlsx'", async () => {
    const createObjectURL = vi.fn(() => 'blob:establecimientos');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { fetchMock, user } = renderPage({
      'GET /colleges': { body: { colleges } },
      'GET /colleges/export': { body: 'xlsx' },
    });
    await user.click(await screen.findByRole('button', { name: 'Descargar data' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('Establecimientos.xlsx');
    expect(clicks[0]!.href).toBe('blob:establecimientos');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).endsWith('/colleges/export'))).toBe(true);
  });
});
