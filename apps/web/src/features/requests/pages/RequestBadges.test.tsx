import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl } from '../../../test/utils';
import {
  changeRequest,
  colleges,
  handledChange,
  pageOf,
  registerRequest,
  roles,
} from '../admin/requests-admin.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const dotText = 'Hay solicitudes pendientes';

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta' }));
  return screen.findByRole('menu');
}

describe('the administrator menu dots', () => {
  it('are fetched at login, shown while a pending list is not empty and gone after the last answer', async () => {
    let pending = [changeRequest];
    const fetchMock = mockApi({
      'GET /auth/me': { body: { user: makeUser('ADMIN') } },
      'GET /roles': { body: { roles } },
      'GET /colleges': { body: { colleges } },
      'GET /change-requests/pendings': () => ({ body: { requests: pending } }),
      'GET /change-requests/history': { body: { requests: pageOf([], 1, 20) } },
      'GET /register-requests/pendings': { body: { requests: [] } },
      'PATCH /change-requests/00000000-0000-4000-8000-000000000d01/deny': () => {
        pending = [];
        return { body: { request: handledChange(1, 'DENIED') } };
      },
    });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const user = userEvent.setup({ delay: null });
    renderApp('/cambios');

    let menu = await openMenu(user);
    const changeItem = within(menu).getByRole('menuitem', { name: /Solicitudes de cambio/ });
    await waitFor(() => expect(changeItem).toHaveTextContent(dotText));
    expect(
      within(menu).getByRole('menuitem', { name: /Solicitudes de creación de cuentas/ }),
    ).not.toHaveTextContent(dotText);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    // One query each, shared with the page: the menu asked for nothing the page did not.
    const pendingCalls = () =>
      fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes('/change-requests/pendings'))
        .length;
    expect(pendingCalls()).toBe(1);

    await user.click(await screen.findByRole('button', { name: 'Rechazar Solicitud de Sofía Estudiante' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Solicitud rechazada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(pendingCalls()).toBe(2));

    menu = await openMenu(user);
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: /Solicitudes de cambio/ })).not.toHaveTextContent(
        dotText,
      ),
    );
  });

  it('marks the account-creation entry while registrations wait', async () => {
    mockApi({
      'GET /auth/me': { body: { user: makeUser('ADMIN') } },
      'GET /change-requests/pendings': { body: { requests: [] } },
      'GET /register-requests/pendings': { body: { requests: [registerRequest] } },
    });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const user = userEvent.setup({ delay: null });
    renderApp('/perfil-inexistente');
    const menu = await openMenu(user);
    await waitFor(() =>
      expect(
        within(menu).getByRole('menuitem', { name: /Solicitudes de creación de cuentas/ }),
      ).toHaveTextContent(dotText),
    );
    expect(within(menu).getByRole('menuitem', { name: /Solicitudes de cambio/ })).not.toHaveTextContent(
      dotText,
    );
  });

  it('are not asked for by other roles', async () => {
    const fetchMock = mockApi({ 'GET /auth/me': { body: { user: makeUser('TEACHER') } } });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const user = userEvent.setup({ delay: null });
    renderApp('/perfil-inexistente');
    await openMenu(user);
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('pendings'))).toBe(false);
  });
});
