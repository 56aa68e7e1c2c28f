import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestMessages, type User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, stubPhoneWidth, type Handler } from '../../../test/utils';
import {
  changeRequest,
  colleges,
  handledChange,
  handledRegister,
  liceo,
  pageOf,
  primeroMedio,
  registerRequest,
  roles,
  sextoB,
  andes,
} from '../admin/requests-admin.fixtures';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

const adminUser = makeUser('ADMIN', { name: 'Ana Administradora' });

function setup(path: string, handlers: Handlers, actor: User = adminUser) {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: actor } },
    'GET /roles': { body: { roles } },
    'GET /colleges': { body: { colleges } },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const rendered = renderApp(path);
  return { fetchMock, router: rendered.router, user: userEvent.setup({ delay: null }) };
}

/** The calls made to `path` with `method`: their query strings and bodies. */
function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === `/api/v1${path}`;
    })
    .map(([input, init]) => ({
      query: new URL(String(input instanceof Request ? input.url : input), 'http://localhost').searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

const emptyPage = { requests: pageOf([], 1, 20) };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/cambios', () => {
  it('lists the pending requests, expands one into its details and shows the history with status labels', async () => {
    const history = [handledChange(1, 'APPROVED'), handledChange(2, 'DENIED')];
    const { user } = setup('/cambios', {
      'GET /change-requests/pendings': { body: { requests: [changeRequest] } },
      'GET /change-requests/history': ({ query }) => ({
        body: { requests: pageOf(history, Number(query.get('page')), Number(query.get('limit'))) },
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cambios' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Solicitudes de Cambios' })).toBeInTheDocument();
    const pending = await screen.findByRole('table', { name: 'Solicitudes de Cambios' });
    const row = within(pending).getByText('Sofía Estudiante').closest('tr')!;
    expect(within(row).getByText('mar 05, 2025')).toBeInTheDocument();
    expect(within(row).getByText(changeRequest.studentExplanation)).toBeInTheDocument();
    expect(
      within(pending)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['', 'Estudiante', 'Fecha', 'Solicitud', 'Acciones']);

    await user.click(
      within(row).getByRole('button', { name: 'Ver detalle de la solicitud de Sofía Estudiante' }),
    );
    expect(within(pending).getByText('Colegio Los Andes')).toBeInTheDocument();
    expect(within(pending).getByText('Quinto Básico A')).toBeInTheDocument();
    expect(within(pending).getByText(liceo.name)).toBeInTheDocument();
    expect(within(pending).getByText('Primero Medio C')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Historial de solicitudes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Historial de solicitudes' });
    await within(table).findByText('Estudiante 1');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Estudiante 1', 'Aprobado', 'Ana Administradora'],
      ['Estudiante 2', 'Negada', 'Ana Administradora'],
    ]);

    // A history row opens its read-only detail, closed with 'Cerrar'.
    await user.click(within(rows[1]!).getByRole('button', { name: 'Ver solicitud de Estudiante 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de la solicitud' });
    expect(within(dialog).getByText('No hay cupos')).toBeInTheDocument();
    expect(within(dialog).getByText('Negada')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the empty states when there is nothing pending nor handled', async () => {
    setup('/cambios', {
      'GET /change-requests/pendings': { body: { requests: [] } },
      'GET /change-requests/history': { body: emptyPage },
    });
    await waitFor(() => expect(screen.getAllByText('Nada que mostrar...')).toHaveLength(2));
  });

  it('pages the history through the URL', async () => {
    const history = Array.from({ length: 45 }, (_, n) => handledChange(n + 1));
    const { fetchMock, user, router } = setup('/cambios', {
      'GET /change-requests/pendings': { body: { requests: [] } },
      'GET /change-requests/history': ({ query }) => ({
        body: { requests: pageOf(history, Number(query.get('page')), Number(query.get('limit'))) },
      }),
    });
    expect(await screen.findByText('Estudiante 1')).toBeInTheDocument();
    expect(screen.getByText('1–20 de 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Estudiante 21')).toBeInTheDocument();
    expect(screen.queryByText('Estudiante 1')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const queries = callsTo(fetchMock, 'GET', '/change-requests/history').map((c) => c.query.toString());
    expect(queries).toContain('page=2&limit=20');
  });

  it('says a list failed and loads it again with Reintentar', async () => {
    let failing = true;
    const { user } = setup('/cambios', {
      'GET /change-requests/pendings': () =>
        failing
          ? { status: 500, body: { type: 'INTERNAL', message: 'x' } }
          : { body: { requests: [changeRequest] } },
      'GET /change-requests/history': { body: emptyPage },
    });
    expect(
      await screen.findByText(
        'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Sofía Estudiante')).toBeInTheDocument();
  });

  it('denies with the comment and refreshes the lists', async () => {
    let handled = false;
    const { fetchMock, user } = setup('/cambios', {
      'GET /change-requests/pendings': () => ({ body: { requests: handled ? [] : [changeRequest] } }),
      'GET /change-requests/history': () => ({
        body: { requests: pageOf(handled ? [handledChange(1, 'DENIED')] : [], 1, 20) },
      }),
      'PATCH /change-requests/00000000-0000-4000-8000-000000000d01/deny': () => {
        handled = true;
        return { body: { request: handledChange(1, 'DENIED') } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rechazar Solicitud de Sofía Estudiante' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Seguro que quiere rechazar la solicitud de Sofía Estudiante?',
    });
    expect(
      within(dialog).getByText('Esta acción no puede ser reversada, asegurese antes de continuar.'),
    ).toBeInTheDocument();
    const comments = within(dialog).getByLabelText('Comentarios (opcional)');
    await user.type(comments, 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText(requestMessages.adminCommentsMax)).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'PATCH', '/change-requests/00000000-0000-4000-8000-000000000d01/deny'),
    ).toHaveLength(0);

    await user.clear(comments);
    await user.type(comments, 'No hay cupos');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Solicitud rechazada exitosamente')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'PATCH', '/change-requests/00000000-0000-4000-8000-000000000d01/deny')[0]?.body,
    ).toEqual({
      adminComments: 'No hay cupos',
    });
    expect(await screen.findByText('Estudiante 1')).toBeInTheDocument();
    expect(screen.getAllByText('Nada que mostrar...')).toHaveLength(1);
  });

  it('approves with the school and grade prefilled from the request; changing the school clears the grade', async () => {
    const { fetchMock, user } = setup('/cambios', {
      'GET /change-requests/pendings': { body: { requests: [changeRequest] } },
      'GET /change-requests/history': { body: emptyPage },
      'PATCH /change-requests/00000000-0000-4000-8000-000000000d01/accept': {
        body: { request: handledChange(1) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Aprobar Solicitud de Sofía Estudiante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar solicitud de Sofía Estudiante' });
    expect(await within(dialog).findByRole('combobox', { name: /Establecimiento/ })).toHaveTextContent(
      liceo.name,
    );
    expect(within(dialog).getByRole('combobox', { name: /Curso/ })).toHaveTextContent('Primero Medio C');

    // Another school: the grade empties and must be chosen again.
    await user.click(within(dialog).getByRole('combobox', { name: /Establecimiento/ }));
    await user.click(await screen.findByRole('option', { name: andes.name }));
    expect(within(dialog).getByRole('combobox', { name: /Curso/ })).not.toHaveTextContent('Primero Medio C');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar Solicitud' }));
    expect(await within(dialog).findByText('El campo Curso es obligatorio')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Curso/ }));
    await user.click(await screen.findByRole('option', { name: 'Sexto Básico B' }));
    await user.type(within(dialog).getByLabelText('Comentarios (opcional)'), 'Bienvenida');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar Solicitud' }));

    expect(await screen.findByText('Solicitud aprobada exitosamente')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'PATCH', '/change-requests/00000000-0000-4000-8000-000000000d01/accept')[0]?.body,
    ).toEqual({ collegeId: andes._id, gradeId: sextoB._id, adminComments: 'Bienvenida' });
    expect(primeroMedio.collegeId).toBe(liceo._id);
  });

  it("on a 409 shows the spec's toast 'Esta solicitud ya fue atendida', closes the dialog and reloads both lists", async () => {
    const { fetchMock, user } = setup('/cambios', {
      'GET /change-requests/pendings': { body: { requests: [changeRequest] } },
      'GET /change-requests/history': { body: emptyPage },
      'PATCH /change-requests/00000000-0000-4000-8000-000000000d01/accept': {
        status: 409,
        body: { type: 'CONFLICT', message: requestMessages.changeHandled },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Aprobar Solicitud de Sofía Estudiante' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: /Curso/ });
    const before = {
      pending: callsTo(fetchMock, 'GET', '/change-requests/pendings').length,
      history: callsTo(fetchMock, 'GET', '/change-requests/history').length,
    };
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar Solicitud' }));
    // Spec 000 §8: the toast's own text, not the API's message.
    expect(await screen.findByText('Esta solicitud ya fue atendida')).toBeInTheDocument();
    expect(screen.queryByText(requestMessages.changeHandled)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET', '/change-requests/pendings').length).toBeGreaterThan(before.pending);
      expect(callsTo(fetchMock, 'GET', '/change-requests/history').length).toBeGreaterThan(before.history);
    });
  });

  it("a deny answered 409 shows 'Esta solicitud ya fue atendida' and reloads both lists", async () => {
    const { fetchMock, user } = setup('/cambios', {
      'GET /change-requests/pendings': { body: { requests: [changeRequest] } },
      'GET /change-requests/history': { body: emptyPage },
      'PATCH /change-requests/00000000-0000-4000-8000-000000000d01/deny': {
        status: 409,
        body: { type: 'CONFLICT', message: requestMessages.changeHandled },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rechazar Solicitud de Sofía Estudiante' }));
    const dialog = await screen.findByRole('dialog');
    const before = callsTo(fetchMock, 'GET', '/change-requests/history').length;
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Esta solicitud ya fue atendida')).toBeInTheDocument();
    expect(screen.queryByText(requestMessages.changeHandled)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/change-requests/history').length).toBeGreaterThan(before),
    );
  });

  it('shows cards on phones', async () => {
    stubPhoneWidth();
    const { user } = setup('/cambios', {
      'GET /change-requests/pendings': { body: { requests: [changeRequest] } },
      'GET /change-requests/history': { body: { requests: pageOf([handledChange(1)], 1, 20) } },
    });
    const list = await screen.findByRole('list', { name: 'Solicitudes de Cambios' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await within(list).findByText('Sofía Estudiante')).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'Aprobar Solicitud de Sofía Estudiante' }),
    ).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Historial de solicitudes' });
    await user.click(await within(history).findByRole('button', { name: 'Ver solicitud de Estudiante 1' }));
    expect(await screen.findByRole('dialog', { name: 'Detalle de la solicitud' })).toBeInTheDocument();
  });

  it('is for administrators only', async () => {
    const { router } = setup('/cambios', {}, makeUser('TEACHER'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/registros', () => {
  it('lists the requests with their details and approves with the account approval form', async () => {
    const { fetchMock, user } = setup('/registros', {
      'GET /register-requests/pendings': { body: { requests: [registerRequest] } },
      'GET /register-history': { body: { requests: pageOf([handledRegister(1)], 1, 20) } },
      'PATCH /register-requests/00000000-0000-4000-8000-000000000f01/accept': {
        body: { request: handledRegister(2, 'APPROVED') },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Solicitudes de registros' }),
    ).toBeInTheDocument();
    const pending = await screen.findByRole('table', { name: 'Solicitudes de creación de cuentas' });
    const row = within(pending).getByText('Camila Rojas').closest('tr')!;
    // No comment: 'Sin comentario'.
    expect(within(row).getByText('Sin comentario')).toBeInTheDocument();
    expect(
      within(pending)
        .getAllByRole('columnheader')
        .map((c) => c.textContent)[1],
    ).toBe('Usuario');
    await user.click(within(row).getByRole('button', { name: /Ver detalle/ }));
    expect(within(pending).getByText('camila@example.cl')).toBeInTheDocument();
    expect(within(pending).getByText('Estudiante')).toBeInTheDocument();
    expect(within(pending).getByText('Sexto Básico B')).toBeInTheDocument();

    const history = await screen.findByRole('table', { name: 'Historial de solicitudes' });
    expect(await within(history).findByText('Persona 1')).toBeInTheDocument();
    expect(within(history).getByText('Negada')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Aprobar Solicitud de Camila Rojas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear cuenta de Camila Rojas' });
    const email = within(dialog).getByLabelText(/Email/);
    expect(email).toHaveValue('camila@example.cl');
    expect(email).toHaveAttribute('readonly');
    expect(await within(dialog).findByRole('combobox', { name: /Rol/ })).toHaveTextContent('Estudiante');
    await user.click(within(dialog).getByRole('combobox', { name: /Rol/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Docente', 'Estudiante']);
    await user.click(screen.getByRole('option', { name: 'Docente' }));
    const name = within(dialog).getByLabelText(/Nombre/);
    await user.clear(name);
    await user.type(name, 'Camila Rojas Soto');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar Solicitud' }));

    expect(await screen.findByText('Solicitud aprobada exitosamente')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'PATCH', '/register-requests/00000000-0000-4000-8000-000000000f01/accept')[0]?.body,
    ).toEqual({
      email: 'camila@example.cl',
      name: 'Camila Rojas Soto',
      role: roles[1]!._id,
      collegeId: andes._id,
      gradeId: sextoB._id,
      adminComments: '',
    });
  });

  it('a deny answered 409 shows the API message and reloads both lists', async () => {
    const { fetchMock, user } = setup('/registros', {
      'GET /register-requests/pendings': { body: { requests: [registerRequest] } },
      'GET /register-history': { body: emptyPage },
      'PATCH /register-requests/00000000-0000-4000-8000-000000000f01/deny': {
        status: 409,
        body: { type: 'CONFLICT', message: requestMessages.registerHandled },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rechazar Solicitud de Camila Rojas' }));
    const dialog = await screen.findByRole('dialog');
    const before = callsTo(fetchMock, 'GET', '/register-history').length;
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Esta solicitud no existe o ya fue atendida')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'PATCH', '/register-requests/00000000-0000-4000-8000-000000000f01/deny')[0]?.body,
    ).toEqual({
      adminComments: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/register-history').length).toBeGreaterThan(before),
    );
  });
});
