import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp, requestUrl } from '../../../test/utils';

const TOKEN = 'a'.repeat(43);
const path = `/password-recovery/${TOKEN}`;

function validToken(purpose: 'RECOVERY' | 'INVITATION') {
  return { body: { valid: true, purpose, email: 'ana@example.cl' } };
}

describe('PasswordRecoveryPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the token first, then says it expired when the server refuses it', async () => {
    const fetchMock = mockApi({
      'POST /auth/checkRecoveryToken': {
        status: 400,
        body: { type: 'VALIDATION_ERROR', message: 'Parece que el token expiró' },
      },
    });
    renderApp(path);
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Parece que el token expiró, para continuar vuelva a solicitar cambio de contraseña.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al home' })).toHaveAttribute('href', '/');
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ token: TOKEN });
  });

  it('validates the new password with the shared rules', async () => {
    const fetchMock = mockApi({ 'POST /auth/checkRecoveryToken': validToken('RECOVERY') });
    renderApp(path);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByText(/ana@example\.cl/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nueva contraseña'), 'corta');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.type(screen.getByLabelText('Nueva contraseña'), 'cuentos-de-la-selva');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('La contraseña no coincide')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url).endsWith('/auth/setPassword'))).toBe(false);
  });

  it("refuses the account's own e-mail before asking the server", async () => {
    const fetchMock = mockApi({ 'POST /auth/checkRecoveryToken': validToken('INVITATION') });
    renderApp(path);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'Ana@Example.cl');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Ana@Example.cl');
    await user.click(screen.getByRole('button', { name: 'Crear contraseña' }));
    expect(
      await screen.findByText(
        'La contraseña no puede ser tu email ni tu nombre, elige una más difícil de adivinar',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url).endsWith('/auth/setPassword'))).toBe(false);
  });

  it('rates the new password as it is typed and refuses a weak one, saying why, before asking the server', async () => {
    const fetchMock = mockApi({ 'POST /auth/checkRecoveryToken': validToken('RECOVERY') });
    renderApp(path);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'estrellita');
    expect(await screen.findByRole('meter', { name: 'Seguridad de la contraseña' })).toHaveAttribute(
      'aria-valuetext',
      'Débil',
    );
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'estrellita');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(
      await screen.findByText('Esta contraseña es fácil de adivinar. Agrega más palabras poco comunes.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url).endsWith('/auth/setPassword'))).toBe(false);

    // A passphrase of uncommon words passes.
    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.type(screen.getByLabelText('Nueva contraseña'), 'caballo-bateria-grapa-9');
    expect(await screen.findByText('Seguridad: Muy buena')).toBeInTheDocument();
  });

  it('sets the password and shows the success state', async () => {
    const fetchMock = mockApi({
      'POST /auth/checkRecoveryToken': validToken('RECOVERY'),
      'PATCH /auth/setPassword': { body: { message: 'Contraseña actualizada exitosamente' } },
    });
    renderApp(path);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'cuentos-de-la-selva');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'cuentos-de-la-selva');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(
      await screen.findByText('Cambio de contraseña exitoso, ya puede ingresar a la plataforma'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al home' })).toHaveAttribute('href', '/');
    const call = fetchMock.mock.calls.find(([url]) => requestUrl(url).endsWith('/auth/setPassword'))!;
    expect(call[1]!.method).toBe('PATCH');
    expect(JSON.parse(call[1]!.body as string)).toEqual({
      token: TOKEN,
      password: 'cuentos-de-la-selva',
      confirmationPassword: 'cuentos-de-la-selva',
    });
  });

  it('titles an invitation as creating your password', async () => {
    mockApi({ 'POST /auth/checkRecoveryToken': validToken('INVITATION') });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Crea tu contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear contraseña' })).toBeInTheDocument();
  });

  it('shows the server field message when the password is refused', async () => {
    mockApi({
      'POST /auth/checkRecoveryToken': validToken('RECOVERY'),
      'PATCH /auth/setPassword': {
        status: 400,
        body: {
          type: 'VALIDATION_ERROR',
          message: 'Los datos enviados no son válidos',
          errors: { password: 'Esta contraseña es demasiado común, elige una más difícil de adivinar' },
        },
      },
    });
    renderApp(path);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'cuentos-de-la-selva');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'cuentos-de-la-selva');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(
      await screen.findByText('Esta contraseña es demasiado común, elige una más difícil de adivinar'),
    ).toBeInTheDocument();
  });

  it('shows the inline generic error when the server fails', async () => {
    mockApi({
      'POST /auth/checkRecoveryToken': validToken('RECOVERY'),
      'PATCH /auth/setPassword': { status: 500, body: { type: 'INTERNAL', message: 'x' } },
    });
    renderApp(path);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'cuentos-de-la-selva');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'cuentos-de-la-selva');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Algo ha salido mal. Intente de nuevo más tarde.',
    );
  });
});
