import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { renderApp } from '../test/utils';
import { LeavePageGuard } from './LeavePageGuard';

function Editor() {
  const [dirty, setDirty] = useState(true);
  return (
    <>
      <Link to="/otra">Otra página</Link>
      <button type="button" onClick={() => setDirty(false)}>
        Guardar
      </button>
      <LeavePageGuard when={dirty} />
    </>
  );
}

function renderGuard() {
  const view = renderApp('/editor', [
    { path: '/editor', element: <Editor /> },
    { path: '/otra', element: <h1>Otra</h1> },
  ]);
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const question = 'Seguro que quieres salir de esta pagina?';

describe('LeavePageGuard', () => {
  it('asks before leaving: Cancelar stays, Salir leaves', async () => {
    const { user, router } = renderGuard();
    await user.click(screen.getByRole('link', { name: 'Otra página' }));
    const dialog = await screen.findByRole('dialog', { name: question });
    expect(within(dialog).getByText('Los cambios que no hayas guardado se perderán.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe('/editor');

    await user.click(await screen.findByRole('link', { name: 'Otra página' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: 'Salir' }),
    );
    expect(await screen.findByRole('heading', { name: 'Otra' })).toBeInTheDocument();
  });

  it('warns on unload while there is something to lose, and lets go once it is saved', async () => {
    const { user, router } = renderGuard();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    await act(() => router.navigate('/otra'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/otra'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before the back button leaves, and undoes the step until the user says Salir', async () => {
    const view = renderApp('/antes', [
      { path: '/antes', element: <Link to="/editor">Al editor</Link> },
      { path: '/editor', element: <Editor /> },
    ]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('link', { name: 'Al editor' }));
    await screen.findByRole('link', { name: 'Otra página' });

    // The back button: the history has moved, the guard moves it back and asks.
    await act(() => view.router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: question });
    expect(view.router.state.location.pathname).toBe('/editor');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.router.state.location.pathname).toBe('/editor');
    expect(screen.getByRole('link', { name: 'Otra página' })).toBeInTheDocument();

    await act(() => view.router.navigate(-1));
    await user.click(
      within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: 'Salir' }),
    );
    expect(await screen.findByRole('link', { name: 'Al editor' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/antes');
    // Forward again, to the editor (nothing blocks arriving): the stack was kept as the browser has it.
    await act(() => view.router.navigate(1));
    expect(await screen.findByRole('link', { name: 'Otra página' })).toBeInTheDocument();
  });

  it('lets a change of the hash or of nothing through without asking', async () => {
    const view = renderApp('/editor', [{ path: '/editor', element: <Editor /> }]);
    await act(() => view.router.navigate('/editor#parrafo-2'));
    expect(view.router.state.location.hash).toBe('#parrafo-2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
