import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultMapView } from '@fics/contracts';
import { mockApi, renderApp } from '../../../test/utils';

const user = () => userEvent.setup({ delay: null });

const clientConfig = (contactEmail?: string) => ({
  map: {
    tileUrl: null,
    attribution: '',
    geocoderUrl: null,
    geocoderAutocomplete: false,
    center: defaultMapView.center,
    zoom: defaultMapView.zoom,
  },
  ...(contactEmail ? { contactEmail } : {}),
});

// The first render of a lazy page with MUI in jsdom takes seconds on a busy machine.
describe('PoliciesPage (/terminos-condiciones)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the terms, updated 30 March 2021, for a visitor without a session', async () => {
    mockApi({ 'GET /client-config': { body: clientConfig('contacto@fics.cl') } });
    renderApp('/terminos-condiciones');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Términos y Privacidad' }),
    ).toBeInTheDocument();
    const termsTab = screen.getByRole('tab', { name: 'Términos y Condiciones' });
    expect(termsTab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Términos y Condiciones' });
    expect(termsTab).toHaveAttribute('aria-controls', panel.id);
    expect(
      within(panel).getByRole('heading', { level: 2, name: 'Términos y Condiciones' }),
    ).toBeInTheDocument();
    expect(within(panel).getByText('30 de marzo de 2021')).toHaveAttribute('datetime', '2021-03-30');
    for (const heading of ['Licencia de uso', 'Restricciones', 'Cookies y almacenamiento local']) {
      expect(within(panel).getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    }
    expect(panel).toHaveTextContent('al menos 60 días');
    expect(panel).toHaveTextContent('dentro de un año');
    expect(panel).toHaveTextContent('al menos 30 días antes');
    expect(panel).toHaveTextContent('Chile');
  });

  it('switches to the privacy policy and back, keeping the open tab in the URL', async () => {
    mockApi({ 'GET /client-config': { body: clientConfig('contacto@fics.cl') } });
    const { router } = renderApp('/terminos-condiciones');
    await user().click(await screen.findByRole('tab', { name: 'Política de Privacidad' }));
    expect(screen.getByRole('tab', { name: 'Política de Privacidad' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.search).toBe('?tab=privacidad');
    const panel = screen.getByRole('tabpanel', { name: 'Política de Privacidad' });
    for (const heading of [
      'Datos que se reúnen automáticamente',
      'Cámara y galería',
      'Transferencia a otros países',
      'Cookies',
      'Píxel de redes sociales',
      'Niñas, niños y adolescentes',
      'Tus derechos',
      'Cuánto tiempo guardamos tus datos',
    ]) {
      expect(within(panel).getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    }
    expect(panel).toHaveTextContent('al menos 13 años');
    expect(panel).toHaveTextContent('hasta por 6 años');
    expect(panel).toHaveTextContent('no más de 60 días');
    expect(panel).toHaveTextContent('dentro de 30 días corridos');
    expect(panel).toHaveTextContent('no vende datos personales');
    expect(within(panel).queryByText('Licencia de uso')).not.toBeInTheDocument();

    await user().click(screen.getByRole('tab', { name: 'Términos y Condiciones' }));
    expect(screen.getByRole('tabpanel', { name: 'Términos y Condiciones' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens the privacy policy from ?tab=privacidad and moves between tabs with the arrow keys', async () => {
    mockApi({ 'GET /client-config': { body: clientConfig('contacto@fics.cl') } });
    renderApp('/terminos-condiciones?tab=privacidad');
    const privacyTab = await screen.findByRole('tab', { name: 'Política de Privacidad' });
    expect(privacyTab).toHaveAttribute('aria-selected', 'true');
    privacyTab.focus();
    await user().keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Términos y Condiciones' })).toHaveFocus();
  });

  it('shows the configured contact e-mail as a mailto link in both documents', async () => {
    mockApi({ 'GET /client-config': { body: clientConfig('privacidad@fundacion.example') } });
    renderApp('/terminos-condiciones?tab=privacidad');
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'privacidad@fundacion.example' }).length).toBeGreaterThan(1),
    );
    for (const link of screen.getAllByRole('link', { name: 'privacidad@fundacion.example' })) {
      expect(link).toHaveAttribute('href', 'mailto:privacidad@fundacion.example');
    }
    expect(screen.queryByText(/\{email\}/)).not.toBeInTheDocument();
    await user().click(screen.getByRole('tab', { name: 'Términos y Condiciones' }));
    expect(screen.getAllByRole('link', { name: 'privacidad@fundacion.example' }).length).toBeGreaterThan(0);
  });

  it('still reads well when the server has no contact e-mail configured', async () => {
    mockApi({ 'GET /client-config': { body: clientConfig() } });
    renderApp('/terminos-condiciones');
    const panel = await screen.findByRole('tabpanel', { name: 'Términos y Condiciones' });
    await waitFor(() => expect(panel).toHaveTextContent('escríbenos a nuestro correo de contacto.'));
    expect(within(panel).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent('{email}');
  });
});
