import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestMessages, type ChangeRequest, type Paged } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, type Handler } from '../../../test/utils';
import { changeRequest, collegeOptions, ids } from '../test/fixtures';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;
type User = ReturnType<typeof userEvent.setup>;

const student = makeUser('STUDENT');

function paged(all: ChangeRequest[], page: number, limit: number): { requests: Paged<ChangeRequest> } {
  const docs = all.slice((page - 1) * limit, page * limit);
  const hasNextPage = page * limit < all.length;
  return {
    requests: {
      docs,
      page,
      limit,
      totalDocs: all.length,
      hasNextPage,
      nextPage: hasNextPage ? page + 1 : null,
    },
  };
}

/** The student signed in on /perfil; GET /change-requests/student-sent pages `history`. */
function renderProfile(history: ChangeRequest[], handlers: Handlers = {}, path = '/perfil') {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: student } },
    [`GET /users/${student._id}`]: { body: { user: student, inscriptionObject: [] } },
    'GET /colleges/list': { body: { colleges: collegeOptions } },
    'GET /change-requests/student-sent': ({ query }) => ({
      body: paged(history, Number(query.get('page') ?? 1), Number(query.get('limit') ?? 20)),
    }),
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const { router } = renderApp(path);
  return { fetchMock, router, user: userEvent.setup({ delay: null }) };
}

const historySection = () => screen.findByRole('region', { name: 'Historial de solicitudes' });
const requestButton = () => screen.findByRole('button', { name: 'Solicitar modificación' });
const select = (name: RegExp) => within(screen.getByRole('dialog')).getByRole('combobox', { name });
const textbox = (name: RegExp) => within(screen.getByRole('dialog')).getByRole('textbox', { name });
const send = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Enviar' });

async function choose(user: User, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function type(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function openDialog(user: User) {
  const button = await requestButton();
  await vi.waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  await screen.findByRole('dialog', { name: 'Solicitar modificación' });
  await vi.waitFor(() => expect(screen.queryByText('Cargando...')).not.toBeInTheDocument());
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);

const explanation = 'Mi familia se cambió de ciudad este año.';

describe('change requests on /perfil', { timeout: 40_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the empty history, and the explanation rules of the spec', async () => {
    const { fetchMock, user } = renderProfile([]);
    expect(await within(await historySection()).findByText('Nada que mostrar...')).toBeInTheDocument();
    await openDialog(user);
    await user.click(send());
    expect(await screen.findByText('El campo Establecimiento es obligatorio')).toBeInTheDocument();
    expect(screen.getByText(requestMessages.explanationRequired)).toBeInTheDocument();
    await type(user, textbox(/Explicación/), 'Muy corta');
    await user.click(send());
    expect(await screen.findByText(requestMessages.explanationMin)).toBeInTheDocument();
    await type(user, textbox(/Explicación/), 'x'.repeat(101));
    await user.click(send());
    expect(await screen.findByText(requestMessages.explanationMax)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('refuses the current school and grade on the client', async () => {
    const { fetchMock, user } = renderProfile([]);
    await openDialog(user);
    await choose(user, select(/Establecimiento/), 'Colegio Los Andes');
    await choose(user, select(/^Curso/), 'Quinto Básico A');
    await type(user, textbox(/Explicación/), 'Muy corta');
    await user.click(send());
    // Shown together with the other messages, not only once they are fixed.
    const same = 'Usted ya se encuentra asignado al establecimiento y curso.';
    expect(await screen.findByText(same)).toBeInTheDocument();
    expect(screen.getByText(requestMessages.explanationMin)).toBeInTheDocument();
    await type(user, textbox(/Explicación/), explanation);
    await user.click(send());
    await vi.waitFor(() =>
      expect(screen.queryByText(requestMessages.explanationMin)).not.toBeInTheDocument(),
    );
    expect(screen.getByText(same)).toBeInTheDocument();
    // Another grade of the same school is allowed.
    await choose(user, select(/^Curso/), 'Sexto Básico B');
    await user.click(send());
    await vi.waitFor(() => expect(screen.queryByText(same)).not.toBeInTheDocument());
    await vi.waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]).toMatchObject({ collegeId: ids.andes, gradeId: ids.andes6b });
  });

  it('sends a listed school and grade, toasts, closes and refreshes the history', async () => {
    const history: ChangeRequest[] = [];
    const { fetchMock, user } = renderProfile(history, {
      'POST /change-requests': () => {
        history.unshift(changeRequest(1));
        return { status: 201, body: { request: history[0] } };
      },
    });
    await openDialog(user);
    await choose(user, select(/Establecimiento/), 'Colegio Los Andes');
    // Another grade of the same school is a change.
    await choose(user, select(/^Curso/), 'Sexto Básico B');
    await type(user, textbox(/Explicación/), explanation);
    await user.click(send());
    expect(await screen.findByText('Solicitud de cambio enviada exitosamente')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      { collegeId: ids.andes, gradeId: ids.andes6b, studentExplanation: explanation },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const section = await historySection();
    expect(await within(section).findByText('Pendiente por revisión')).toBeInTheDocument();
    // The pending request disables a new one, with the reason.
    expect(await requestButton()).toBeDisabled();
    expect(screen.getByText(/Tienes una solicitud pendiente por revisión/)).toBeInTheDocument();
  });

  it("sends an 'Otro' school and grade in parts", async () => {
    const { fetchMock, user } = renderProfile([], {
      'POST /change-requests': { status: 201, body: { request: changeRequest(1) } },
    });
    await openDialog(user);
    await choose(user, select(/Establecimiento/), 'Otro');
    expect(select(/^Curso/)).toHaveAttribute('aria-disabled', 'true');
    await type(user, textbox(/Nombre del establecimiento/), 'Escuela Rural El Sauce');
    await choose(user, select(/Ciclo/), 'Básico');
    await choose(user, select(/Nivel/), 'Sexto');
    await type(user, textbox(/Nombre del curso/), 'Unico');
    await type(user, textbox(/Explicación/), explanation);
    await user.click(send());
    await screen.findByText('Solicitud de cambio enviada exitosamente');
    expect(posts(fetchMock)).toEqual([
      {
        collegeName: 'Escuela Rural El Sauce',
        gradeName: 'Unico',
        level: 'Sexto',
        cicle: 'Básico',
        studentExplanation: explanation,
      },
    ]);
  });

  it('shows the API’s refusals: the same assignment on the grade, a pending request in the form', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        type: 'VALIDATION_ERROR',
        message: requestMessages.sameAssignment,
        errors: { gradeId: requestMessages.sameAssignment },
      },
    };
    const { user } = renderProfile([], { 'POST /change-requests': () => answer });
    await openDialog(user);
    await choose(user, select(/Establecimiento/), 'Liceo Bicentenario');
    await choose(user, select(/^Curso/), 'Primero Medio C');
    await type(user, textbox(/Explicación/), explanation);
    await user.click(send());
    expect(await screen.findByText(requestMessages.sameAssignment)).toBeInTheDocument();

    answer = { status: 409, body: { type: 'CONFLICT', message: requestMessages.changePending } };
    await user.click(send());
    expect(await screen.findByText(requestMessages.changePending)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('pages the history, labels the statuses and opens a detail with the answer', async () => {
    const history = Array.from({ length: 12 }, (_, n) =>
      changeRequest(12 - n, {
        status: n === 0 ? 'DENIED' : 'APPROVED',
        adminId: { _id: 'admin', name: 'Pedro Soto' },
        adminComments: n === 0 ? 'El curso no tiene cupos.' : '',
        updatedAt: '2025-04-02T12:00:00.000Z',
        formerCollegeName: n === 0 ? 'Escuela Rural El Sauce' : null,
        formerGradeName: n === 0 ? 'Sexto Básico Unico' : null,
      }),
    );
    const { router, user } = renderProfile(history);
    const section = await historySection();
    await within(section).findByText('Negada');
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'Estudiante', 'Estado', 'Revisado por']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(section).getByText('1–10 de 12')).toBeInTheDocument();
    // No pending request: a new one may be asked for.
    expect(await requestButton()).toBeEnabled();

    await user.click(within(section).getByRole('button', { name: 'Página siguiente' }));
    await within(section).findByText('11–12 de 12');
    expect(within(within(section).getByRole('table')).getAllByRole('row')).toHaveLength(3);
    // The page is in the URL, so a reload or the back button keeps it.
    expect(router.state.location.search).toBe('?historial=2');
    await user.click(within(section).getByRole('button', { name: 'Página anterior' }));
    await within(section).findByText('1–10 de 12');
    expect(router.state.location.search).toBe('');

    await user.click(within(section).getAllByText('Negada')[0]!);
    const detail = await screen.findByRole('dialog', { name: 'Detalle de la solicitud' });
    expect(within(detail).getByText(explanation)).toBeInTheDocument();
    expect(within(detail).getByText('Escuela Rural El Sauce')).toBeInTheDocument();
    expect(within(detail).getByText('Sexto Básico Unico')).toBeInTheDocument();
    expect(within(detail).getByText('Respuesta del administrador')).toBeInTheDocument();
    expect(within(detail).getByText('Pedro Soto')).toBeInTheDocument();
    expect(within(detail).getByText('El curso no tiene cupos.')).toBeInTheDocument();
    expect(within(detail).getByText('abr 02, 2025')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Cerrar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(section).getAllByText('Aprobado')[0]!);
    const approved = await screen.findByRole('dialog', { name: 'Detalle de la solicitud' });
    expect(within(approved).getByText('Sin comentarios')).toBeInTheDocument();
  });

  it('shows a pending request without an answer, and disables a new one', async () => {
    const { user } = renderProfile([changeRequest(3), changeRequest(2, { status: 'APPROVED' })]);
    expect(await requestButton()).toBeDisabled();
    const section = await historySection();
    await user.click(await within(section).findByText('Pendiente por revisión'));
    const detail = await screen.findByRole('dialog', { name: 'Detalle de la solicitud' });
    expect(within(detail).getByText(explanation)).toBeInTheDocument();
    expect(within(detail).queryByText('Respuesta del administrador')).not.toBeInTheDocument();
  });

  it("opens the history on the URL's page, and a page past the end on the last one", async () => {
    const history = Array.from({ length: 12 }, (_, n) => changeRequest(n, { status: 'APPROVED' }));
    renderProfile(history, {}, '/perfil?historial=2');
    const section = await historySection();
    expect(await within(section).findByText('11–12 de 12')).toBeInTheDocument();
    cleanup();

    const { router } = renderProfile(history, {}, '/perfil?historial=9');
    expect(await within(await historySection()).findByText('11–12 de 12')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?historial=2');
  });
});
