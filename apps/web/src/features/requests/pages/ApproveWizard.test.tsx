import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestMessages, type College, type Grade } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, type Handler } from '../../../test/utils';
import {
  andes,
  changeRequestUnlisted,
  colleges as listedColleges,
  handledChange,
  pageOf,
  registerRequestNewGrade,
  roles,
} from '../admin/requests-admin.fixtures';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const newCollege: College = {
  _id: '00000000-0000-4000-8000-00000000ac01',
  name: 'Escuela Rural El Olivar',
  region: null,
  zone: null,
  grades: [],
};
const newGrade = (collegeId: string): Grade => ({
  _id: '00000000-0000-4000-8000-00000000ac02',
  level: 'Tercero',
  cicle: 'Medio',
  name: 'Delta B',
  collegeId,
});

/** The API with a school list that grows as the wizard creates schools and grades. */
function setup(path: string, handlers: Handlers) {
  let colleges = [...listedColleges];
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: makeUser('ADMIN') } },
    'GET /roles': { body: { roles } },
    'GET /regions': { body: { regions: [] } },
    'GET /colleges': () => ({ body: { colleges } }),
    'GET /change-requests/history': { body: { requests: pageOf([], 1, 20) } },
    'GET /register-history': { body: { requests: pageOf([], 1, 20) } },
    'GET /change-requests/pendings': { body: { requests: [changeRequestUnlisted] } },
    'GET /register-requests/pendings': { body: { requests: [registerRequestNewGrade] } },
    'POST /colleges': ({ body }) => {
      colleges = [...colleges, { ...newCollege, name: (body as { name: string }).name }];
      return { status: 201, body: { college: newCollege } };
    },
    [`POST /colleges/${newCollege._id}/grades`]: () => {
      colleges = colleges.map((c) => (c._id === newCollege._id ? { ...c, grades: [newGrade(c._id)] } : c));
      return { status: 201, body: { grade: newGrade(newCollege._id) } };
    },
    [`POST /colleges/${andes._id}/grades`]: () => {
      colleges = colleges.map((c) =>
        c._id === andes._id ? { ...c, grades: [...c.grades, newGrade(c._id)] } : c,
      );
      return { status: 201, body: { grade: newGrade(andes._id) } };
    },
    [`DELETE /colleges/${newCollege._id}`]: { body: { message: 'ok' } },
    [`DELETE /colleges/${newCollege._id}/grades/${newGrade('')._id}`]: { body: { message: 'ok' } },
    [`DELETE /colleges/${andes._id}/grades/${newGrade('')._id}`]: { body: { message: 'ok' } },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const { router } = renderApp(path);
  return { fetchMock, router, user: userEvent.setup({ delay: null }) };
}

function calls(fetchMock: ReturnType<typeof mockApi>, method: string) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      path: new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', ''),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

async function openWizard(user: ReturnType<typeof userEvent.setup>, name: string, notice: string) {
  await user.click(await screen.findByRole('button', { name: `Aprobar Solicitud de ${name}` }));
  const aviso = await screen.findByRole('dialog', { name: 'Aviso' });
  expect(within(aviso).getByText(notice)).toBeInTheDocument();
  await user.click(within(aviso).getByRole('button', { name: 'Continuar' }));
  return screen.findByRole('dialog', { name: `Atender solicitud de ${name}` });
}

const noticeBoth =
  'El establecimiento y el curso de esta solicitud no están registrados. A continuación podrás crearlos y luego atender la solicitud.';

describe('the approve wizard', () => {
  it('creates the typed school and grade with their prefills, then approves with them', async () => {
    const { fetchMock, user } = setup('/cambios', {
      [`PATCH /change-requests/${changeRequestUnlisted._id}/accept`]: { body: { request: handledChange(1) } },
    });
    const wizard = await openWizard(user, 'Sofía Estudiante', noticeBoth);
    expect(
      within(wizard)
        .getAllByText(/^(Crear Establecimiento|Crear Curso|Atender Solicitud)$/)
        .map((e) => e.textContent),
    ).toEqual(['Crear Establecimiento', 'Crear Curso', 'Atender Solicitud', 'Crear Establecimiento']);
    // The summary says what is not registered.
    expect(within(wizard).getByText('Este establecimiento no está registrado')).toBeInTheDocument();

    expect(within(wizard).getByLabelText(/Nombre/)).toHaveValue('Escuela Rural El Olivar');
    await user.click(within(wizard).getByRole('button', { name: 'Crear' }));
    expect(calls(fetchMock, 'POST').find((c) => c.path === '/colleges')?.body).toMatchObject({
      name: 'Escuela Rural El Olivar',
    });

    // Grade step: cycle, level and name from the request's typed grade.
    expect(await within(wizard).findByRole('combobox', { name: /Ciclo/ })).toHaveTextContent('Medio');
    expect(within(wizard).getByRole('combobox', { name: /Nivel/ })).toHaveTextContent('Tercero');
    expect(within(wizard).getByLabelText(/Nombre/)).toHaveValue('Delta B');
    await user.click(within(wizard).getByRole('button', { name: 'Crear' }));

    // Approve step, with what was just created.
    const approve = await within(wizard).findByRole('button', { name: 'Aprobar Solicitud' });
    await waitFor(() =>
      expect(within(wizard).getByRole('combobox', { name: /Establecimiento/ })).toHaveTextContent(
        newCollege.name,
      ),
    );
    expect(within(wizard).getByRole('combobox', { name: /Curso/ })).toHaveTextContent(
      'Tercero Medio Delta B',
    );
    await user.click(approve);
    expect(await screen.findByText('Solicitud aprobada exitosamente')).toBeInTheDocument();
    expect(calls(fetchMock, 'PATCH')[0]?.body).toEqual({
      collegeId: newCollege._id,
      gradeId: newGrade('')._id,
      adminComments: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Approved: nothing rolled back.
    expect(calls(fetchMock, 'DELETE')).toEqual([]);
  });

  it('closed without success deletes the school it created', async () => {
    const { fetchMock, user } = setup('/cambios', {});
    const wizard = await openWizard(user, 'Sofía Estudiante', noticeBoth);
    await user.click(within(wizard).getByRole('button', { name: 'Crear' }));
    await within(wizard).findByRole('combobox', { name: /Ciclo/ });
    await user.click(within(wizard).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'DELETE').map((c) => c.path)).toEqual([`/colleges/${newCollege._id}`]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('only a missing grade: two steps; a 409 at the end deletes the grade it created and reloads the lists', async () => {
    const { fetchMock, user } = setup('/registros', {
      [`PATCH /register-requests/${registerRequestNewGrade._id}/accept`]: {
        status: 409,
        body: { type: 'CONFLICT', message: requestMessages.registerHandled },
      },
    });
    const wizard = await openWizard(
      user,
      'Tomás Pérez',
      'El curso de esta solicitud no está registrado. A continuación podrás crearlo y luego atender la solicitud.',
    );
    expect(within(wizard).queryByText('Crear Establecimiento')).not.toBeInTheDocument();
    expect(within(wizard).getByRole('combobox', { name: /Ciclo/ })).toHaveTextContent('Básico');
    expect(within(wizard).getByRole('combobox', { name: /Nivel/ })).toHaveTextContent('Octavo');
    expect(within(wizard).getByLabelText(/Nombre/)).toHaveValue('C');
    await user.click(within(wizard).getByRole('button', { name: 'Crear' }));
    expect(calls(fetchMock, 'POST').find((c) => c.path === `/colleges/${andes._id}/grades`)?.body).toEqual({
      cicle: 'Básico',
      level: 'Octavo',
      name: 'C',
    });
    const approve = await within(wizard).findByRole('button', { name: 'Aprobar Solicitud' });
    expect(within(wizard).getByLabelText(/Email/)).toHaveValue('tomas@example.cl');
    const pendingBefore = calls(fetchMock, 'GET').filter(
      (c) => c.path === '/register-requests/pendings',
    ).length;
    await user.click(approve);
    expect(await screen.findByText('Esta solicitud no existe o ya fue atendida')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls(fetchMock, 'DELETE').map((c) => c.path)).toEqual([
        `/colleges/${andes._id}/grades/${newGrade('')._id}`,
      ]),
    );
    await waitFor(() =>
      expect(
        calls(fetchMock, 'GET').filter((c) => c.path === '/register-requests/pendings').length,
      ).toBeGreaterThan(pendingBefore),
    );
  });

  it('asks before leaving the page while open, and leaving rolls back', async () => {
    const { fetchMock, user, router } = setup('/cambios', {});
    const wizard = await openWizard(user, 'Sofía Estudiante', noticeBoth);
    await user.click(within(wizard).getByRole('button', { name: 'Crear' }));
    await within(wizard).findByRole('combobox', { name: /Ciclo/ });

    void router.navigate('/usuarios');
    const confirm = await screen.findByRole('dialog', { name: 'Seguro que quieres salir de esta pagina?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe('/cambios');
    expect(calls(fetchMock, 'DELETE')).toEqual([]);

    void router.navigate('/usuarios');
    const again = await screen.findByRole('dialog', { name: 'Seguro que quieres salir de esta pagina?' });
    await user.click(within(again).getByRole('button', { name: /Salir/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
    await waitFor(() =>
      expect(calls(fetchMock, 'DELETE').map((c) => c.path)).toEqual([`/colleges/${newCollege._id}`]),
    );
  });
});
