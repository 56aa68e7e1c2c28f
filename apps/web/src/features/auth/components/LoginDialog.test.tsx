import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getRefreshToken, getToken } from '../../../lib/session';
import { makeUser, mockApi, renderWithProviders } from '../../../test/utils';
import { LoginDialog } from './LoginDialog';

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<LoginDialog open onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Ingresar' });

describe('LoginDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a titled dialog with labelled fields', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
  });

  it('links the terms and the privacy policy, closing the dialog when followed', async () => {
    const { onClose, user } = renderDialog();
    expect(screen.getByRole('link', { name: 'Términos y Condiciones' })).toHaveAttribute(
      'href',
      '/terminos-condiciones',
    );
    const privacy = screen.getByRole('link', { name: 'Política de Privacidad' });
    expect(privacy).toHaveAttribute('href', '/terminos-condiciones?tab=privacidad');
    await user.click(privacy);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the required messages when submitted empty, without calling the server', async () => {
    const fetchMock = mockApi({});
    const { user } = renderDialog();
    await user.click(submit());
    expect(await screen.findByText('El Email es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an invalid e-mail', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ana@');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto');
    await user.click(submit());
    expect(await screen.findByText('Ingresa un email valido')).toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
  });

  it("shows 'Datos incorrectos' on a 401", async () => {
    mockApi({
      'POST /auth/login': { status: 401, body: { type: 'UNAUTHORIZED', message: 'Datos incorrectos' } },
    });
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ana@example.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'mala-clave');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Datos incorrectos');
    expect(onClose).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('shows the generic login failure for other errors', async () => {
    mockApi({ 'POST /auth/login': { status: 500, body: { type: 'INTERNAL', message: 'x' } } });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Email'), 'ana@example.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'clave');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Algo ha salido mal, intente de nuevo más tarde',
    );
  });

  it('signs in: sends the trimmed lower-cased e-mail, stores both tokens, toasts and closes', async () => {
    const fetchMock = mockApi({
      'POST /auth/login': {
        body: { accessToken: 'access-1', refreshToken: 'refresh-1', user: makeUser('STUDENT') },
      },
    });
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Email'), '  Ana@Example.CL ');
    await user.type(screen.getByLabelText('Contraseña'), 'una-clave-segura');
    await user.click(submit());
    expect(await screen.findByText('Inicio de sesión exitoso')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(getToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(init!.body as string)).toEqual({
      email: 'ana@example.cl',
      password: 'una-clave-segura',
    });
  });

  it('switches to the recovery form, validates it and shows the server message on success', async () => {
    mockApi({
      'POST /auth/recoverPassword': ({ body }) =>
        (body as { email: string }).email === 'ana@example.cl'
          ? { body: { message: 'Si el email está registrado, recibirás un enlace.' } }
          : undefined,
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tú contraseña?' }));
    expect(screen.getByRole('dialog', { name: 'Recuperar contraseña' })).toBeInTheDocument();
    expect(screen.queryByText('¿Te gustaría formar parte?')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Necesitamos tu email para recuperar la contraseña')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ana@example.cl');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Se ha enviado el email satisfatoriamente')).toBeInTheDocument();
    expect(screen.getByText('Si el email está registrado, recibirás un enlace.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument());
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.cl');
  });

  it('shows a server validation message under its field', async () => {
    mockApi({
      'POST /auth/recoverPassword': {
        status: 400,
        body: { type: 'VALIDATION_ERROR', message: 'x', errors: { email: 'Ese dominio no acepta correos' } },
      },
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: '¿Olvidaste tú contraseña?' }));
    await user.type(screen.getByLabelText('Email'), 'ana@example.cl');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Ese dominio no acepta correos')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
