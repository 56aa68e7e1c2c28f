import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageOf, privacyRequestMessages, privacyRequestTypeHelp } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, renderWithProviders, type Handler } from '../../../test/utils';
import { makeRequest } from '../privacy-requests.fixtures';
import { PublicPrivacyRequest } from './PublicPrivacyRequest';

/**
 * The forms of requests under Ley 21.719 (issue 22.3): the public one for a parent (e-mail required,
 * 'Revisa tu correo para confirmar' after sending), the confirmation of the e-mailed link, and
 * 'Ejercer mis derechos' on /perfil with 'Mis solicitudes'.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

async function type(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('the public form (a parent without an account)', () => {
  function renderPublic(handlers: Record<string, Handler | { status?: number; body?: unknown }> = {}) {
    const fetchMock = mockApi({
      'GET /auth/me': { status: 401, body: { type: 'UNAUTHORIZED', message: 'x' } },
      ...handlers,
    });
    renderWithProviders(<PublicPrivacyRequest />);
    return { fetchMock, user: userEvent.setup({ delay: null }) };
  }

  it('explains the six rights in plain words and asks for the e-mail; nothing is sent while invalid', async () => {
    const { fetchMock, user } = renderPublic();
    for (const help of Object.values(privacyRequestTypeHelp)) {
      expect(await screen.findByText(help)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(privacyRequestMessages.typeRequired)).toBeInTheDocument();
    expect(screen.getByText(privacyRequestMessages.detailRequired)).toBeInTheDocument();
    expect(screen.getByText(privacyRequestMessages.emailRequired)).toBeInTheDocument();
    await type(user, screen.getByRole('textbox', { name: /Cuéntanos qué necesitas/ }), 'Borrar');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(privacyRequestMessages.detailMin)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("sends type, detail and e-mail, then says 'Revisa tu correo para confirmar'", async () => {
    let sent: unknown;
    const { user } = renderPublic({
      'POST /privacy-requests': ({ body }) => {
        sent = body;
        return {
          status: 201,
          body: {
            request: {
              _id: makeRequest(1)._id,
              type: 'ERASURE',
              status: 'PENDING',
              dueAt: null,
              confirmed: false,
            },
            message: privacyRequestMessages.sentUnconfirmed,
          },
        };
      },
    });
    await user.click(await screen.findByRole('radio', { name: /Supresión/ }));
    await type(
      user,
      screen.getByRole('textbox', { name: /Cuéntanos qué necesitas/ }),
      'Borren los datos de mi hijo Tomás, 5° Básico A',
    );
    await type(user, screen.getByRole('textbox', { name: /Tu email/ }), 'Apoderada@Correo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Revisa tu correo para confirmar')).toBeInTheDocument();
    expect(screen.getByText(privacyRequestMessages.sentUnconfirmed)).toBeInTheDocument();
    expect(sent).toEqual({
      type: 'ERASURE',
      detail: 'Borren los datos de mi hijo Tomás, 5° Básico A',
      email: 'apoderada@correo.test',
    });
  });

  it("shows the API's 429 in Spanish", async () => {
    const { user } = renderPublic({
      'POST /privacy-requests': {
        status: 429,
        body: { type: 'RATE_LIMITED', message: privacyRequestMessages.rateLimited },
      },
    });
    await user.click(await screen.findByRole('radio', { name: /Acceso/ }));
    await type(
      user,
      screen.getByRole('textbox', { name: /Cuéntanos qué necesitas/ }),
      'Quiero saber qué datos guardan',
    );
    await type(user, screen.getByRole('textbox', { name: /Tu email/ }), 'apoderada@correo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(privacyRequestMessages.rateLimited)).toBeInTheDocument();
  });
});

describe('the confirmation link on /terminos-condiciones', () => {
  it('confirms with a click, once; an old link says why', async () => {
    let calls = 0;
    mockApi({
      'GET /auth/me': { status: 401, body: { type: 'UNAUTHORIZED', message: 'x' } },
      'GET /client-config': { body: {} },
      'POST /privacy-requests/confirm': ({ body }) => {
        calls += 1;
        expect(body).toEqual({ token: 'abc_DEF-123' });
        return calls === 1
          ? { body: { message: privacyRequestMessages.confirmed } }
          : {
              status: 400,
              body: { type: 'VALIDATION_ERROR', message: privacyRequestMessages.confirmInvalid },
            };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/terminos-condiciones?tab=privacidad&confirmar=abc_DEF-123');
    await user.click(await screen.findByRole('button', { name: 'Confirmar solicitud' }));
    expect(await screen.findByText(privacyRequestMessages.confirmed)).toBeInTheDocument();
    expect(calls).toBe(1);
    // The rights and how to use them are on the same page, with the public form.
    expect(screen.getByRole('heading', { name: 'Cómo ejercer tus derechos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ejercer tus derechos sin cuenta' })).toBeInTheDocument();
  });
});

describe("'Ejercer mis derechos' on /perfil", () => {
  it("files a student's request (no e-mail asked) and lists theirs with status and due date", async () => {
    const student = makeUser('STUDENT');
    let mine = [
      makeRequest(2, {
        status: 'EXTENDED',
        dueAt: '2027-01-19',
        extensionReason: 'Consultamos al establecimiento',
      }),
    ];
    let sent: unknown;
    mockApi({
      'GET /auth/me': { body: { user: student } },
      [`GET /users/${student._id}`]: { body: { user: student, inscriptionObject: [] } },
      'GET /change-requests/student-sent': { body: { requests: pageOf([], { page: 1, limit: 10 }, 0) } },
      'GET /blocks': { body: { blocks: pageOf([], { page: 1, limit: 10 }, 0) } },
      'GET /me/privacy-requests': () => ({
        body: { requests: pageOf(mine, { page: 1, limit: 5 }, mine.length) },
      }),
      'POST /privacy-requests': ({ body }) => {
        sent = body;
        mine = [makeRequest(3, { type: 'RECTIFICATION', dueAt: '2026-12-27' }), ...mine];
        return {
          status: 201,
          body: {
            request: {
              _id: makeRequest(3)._id,
              type: 'RECTIFICATION',
              status: 'PENDING',
              dueAt: '2026-12-27',
              confirmed: true,
            },
            message: privacyRequestMessages.sent,
          },
        };
      },
    });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const user = userEvent.setup({ delay: null });
    renderApp('/perfil');
    const list = await screen.findByRole('list', { name: 'Mis solicitudes sobre datos personales' });
    expect(list).toHaveTextContent('Plazo extendido');
    expect(list).toHaveTextContent('Plazo: 19-01-2027');
    expect(list).toHaveTextContent('Consultamos al establecimiento');
    expect(screen.queryByRole('textbox', { name: /Tu email/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Rectificación/ }));
    await type(
      user,
      screen.getByRole('textbox', { name: /Cuéntanos qué necesitas/ }),
      'Mi curso está mal escrito',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(privacyRequestMessages.sent)).toBeInTheDocument();
    expect(sent).toEqual({ type: 'RECTIFICATION', detail: 'Mi curso está mal escrito' });
    expect(await screen.findByText('Plazo: 27-12-2026')).toBeInTheDocument();
  });
});
