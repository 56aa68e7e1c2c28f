import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../../../../test/utils';
import { LocationDialog } from './LocationDialog';
import type { LocationValue } from './LocationPicker';

/** The send dialog tells the student what others will learn of the place (issue 18.5). */
describe('LocationDialog: what will be shown of the place', () => {
  beforeEach(() => {
    // No map configured: the notice does not depend on it.
    mockApi({ 'GET /client-config': { status: 404, body: { type: 'NOT_FOUND', message: 'x' } } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderDialog(initial: LocationValue, authorHidden = false) {
    const onConfirm = vi.fn();
    renderWithProviders(
      <LocationDialog
        open
        title="Enviar fic"
        confirmLabel="Enviar"
        initial={initial}
        authorHidden={authorHidden}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Enviar fic' });
    const notice = () =>
      within(dialog).getByText('Qué se mostrará').closest('[role="status"]') as HTMLElement;
    return { user: userEvent.setup(), dialog, notice, onConfirm };
  }

  it('names the place readers will see, following what is typed, and says the point is approximate and for few', async () => {
    const { user, dialog, notice } = renderDialog({ location: '', locationURL: null });
    expect(notice()).toHaveTextContent('Tu fic no mostrará el nombre de ningún lugar.');
    expect(notice()).not.toHaveTextContent('punto del mapa');

    await user.type(within(dialog).getByRole('textbox', { name: 'Lugar' }), 'Valparaíso');
    expect(notice()).toHaveTextContent(
      'Quienes puedan leer tu fic verán «Valparaíso» como el lugar donde la escribiste.',
    );

    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: (position: unknown) => void) =>
          ok({ coords: { latitude: -33.0472123, longitude: -71.6127456 } }),
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mi ubicación' }));
    expect(notice()).toHaveTextContent(
      'El punto del mapa se guarda aproximado (a 1 km, no tu dirección) y solo lo ven tú, tus docentes y los administradores.',
    );
    expect(within(dialog).getByRole('link', { name: 'Ver en OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-33.05&mlon=-71.61#map=14/-33.05/-71.61',
    );
  });

  it('sends the point rounded, and a place named by coordinates with them rounded too', async () => {
    const { user, dialog, notice, onConfirm } = renderDialog({ location: '', locationURL: null });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: (position: unknown) => void) =>
          ok({ coords: { latitude: -33.45694, longitude: -70.64827 } }),
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mi ubicación' }));
    expect(notice()).toHaveTextContent('verán «-33.46, -70.65»');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(onConfirm).toHaveBeenCalledWith({
      location: '-33.46, -70.65',
      locationURL: 'https://www.openstreetmap.org/?mlat=-33.46&mlon=-70.65#map=14/-33.46/-70.65',
    });
  });

  it('says an anonymous or pseudonymous fic keeps its place as hidden as its author', () => {
    const { notice } = renderDialog(
      {
        location: 'Pasaje Los Aromos',
        locationURL: 'https://www.openstreetmap.org/?mlat=-33.44&mlon=-70.65',
      },
      true,
    );
    expect(notice()).toHaveTextContent(
      'Como tu fic es anónima o con seudónimo, el lugar y el punto solo los verán tú, el docente que la evalúe y los administradores, para que no revelen quién la escribió.',
    );
    expect(notice()).not.toHaveTextContent('Quienes puedan leer');
  });
});
