import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { setTokens } from '../lib/session';
import { makeUser, mockApi, renderApp } from '../test/utils';
import { RequireAuth, RequireRole } from './guards';
import { AppLayout } from './layout/AppLayout';
import { lazyPage, PAGE_RETRY_DELAY_MS } from './router';
import { RouteErrorBoundary } from './layout/ErrorPage';

function Boom(): never {
  throw new Error('render failure');
}

/** The shell around a page that throws and pages behind each guard, plus `extra`. */
const shellRoutes = (extra: RouteObject[] = []): RouteObject[] => [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { path: '/', element: <p>Inicio</p> },
          { path: '/boom', element: <Boom /> },
          {
            path: '/perfil',
            element: (
              <RequireAuth>
                <p>Página de perfil</p>
              </RequireAuth>
            ),
          },
          {
            path: '/escuelas',
            element: (
              <RequireRole roles={['ADMIN']}>
                <p>Página de escuelas</p>
              </RequireRole>
            ),
          },
          ...extra,
        ],
      },
    ],
  },
];
const testRoutes = shellRoutes();

describe('route table and shell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the not-found page for an unknown path, with a way home', async () => {
    mockApi({});
    const { router } = renderApp('/no/existe');
    expect(await screen.findByRole('heading', { name: 'Ups, esta pagina no existe...' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Regresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fics publicados' })).toBeInTheDocument();
  });

  it('redirects /index.html to /', async () => {
    mockApi({});
    const { router } = renderApp('/index.html');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows 'Ups, algo ha salido mal' when a page fails to render, keeping the header", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    const { router } = renderApp('/boom', testRoutes);
    expect(await screen.findByRole('heading', { name: 'Ups, algo ha salido mal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ir al home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
  });

  it('sends a visitor away from a signed-in page', async () => {
    mockApi({});
    const { router } = renderApp('/perfil', testRoutes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Página de perfil')).not.toBeInTheDocument();
  });

  it('sends a user without the role home, and lets the right role in', async () => {
    mockApi({ 'GET /auth/me': { body: { user: makeUser('TEACHER') } } });
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const teacher = renderApp('/escuelas', testRoutes);
    await waitFor(() => expect(teacher.router.state.location.pathname).toBe('/'));
    teacher.unmount();

    mockApi({ 'GET /auth/me': { body: { user: makeUser('ADMIN') } } });
    renderApp('/escuelas', testRoutes);
    expect(await screen.findByText('Página de escuelas')).toBeInTheDocument();
  });

  it('clears a stored session whose user the server no longer accepts', async () => {
    mockApi({
      'GET /auth/me': { status: 401, body: { type: 'UNAUTHORIZED', message: 'x' } },
      'POST /auth/changetoken': { body: { accessToken: 'b', refreshToken: 'r2' } },
    });
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    renderApp('/', testRoutes);
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('reloads the user when another tab signs in', async () => {
    mockApi({ 'GET /auth/me': { body: { user: makeUser('ADMIN') } } });
    renderApp('/', testRoutes);
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    localStorage.setItem('token', 'from-other-tab');
    localStorage.setItem('refreshToken', 'r');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'from-other-tab' }));
    expect(await screen.findByRole('button', { name: 'Menú de la cuenta' })).toBeInTheDocument();
  });
});

describe('lazyPage: a page whose code fails to load', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A chunk that fails to arrive `failures` times, then arrives; counts the fetches. */
  function flakyChunk(failures: number) {
    const load = vi.fn(async () => {
      if (load.mock.calls.length <= failures) {
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      return { LazyTestPage: () => <p>Página cargada</p> };
    });
    return load;
  }

  it('is fetched once more after a short wait, and renders', async () => {
    mockApi({});
    const load = flakyChunk(1);
    const started = Date.now();
    renderApp(
      '/perezosa',
      shellRoutes([{ path: '/perezosa', element: createElement(lazyPage(load, 'LazyTestPage')) }]),
    );
    expect(await screen.findByText('Página cargada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAGE_RETRY_DELAY_MS - 50);
    expect(screen.queryByRole('heading', { name: 'Ups, algo ha salido mal' })).not.toBeInTheDocument();
  });

  it('shows the crash page when the retry fails too, and loads again when the user comes back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    const load = flakyChunk(2);
    const Page = lazyPage(load, 'LazyTestPage');
    const { router } = renderApp('/perezosa', shellRoutes([{ path: '/perezosa', element: <Page /> }]));
    expect(await screen.findByRole('heading', { name: 'Ups, algo ha salido mal' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);

    // Rendered again at once, before the crash page, it did not start a third fetch.
    expect(load).toHaveBeenCalledTimes(2);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Ir al home' }));
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, PAGE_RETRY_DELAY_MS));
    await router.navigate('/perezosa');
    // Not the failure React.lazy would have kept: the code is fetched again and the page renders.
    expect(await screen.findByText('Página cargada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
