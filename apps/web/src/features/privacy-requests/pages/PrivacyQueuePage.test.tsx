import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { erasureTexts, privacyRequestMessages, type ErasureBody, type PrivacyRequest } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, type Handler } from '../../../test/utils';
import { makeRequest, queueHandler } from '../privacy-requests.fixtures';

/**
 * /solicitudes-datos (ADMIN, issue 22.3): the queue oldest due first with its filter in the URL,
 * 'Vence pronto' and 'Vencida', and 'Responder' with the outcomes the API allows; a 409 refreshes.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = makeUser('ADMIN');

function renderQueue(path: string, handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const fetchMock = mockApi({ 'GET /auth/me': { body: { user: admin } }, ...handlers });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const rendered = renderApp(path);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

const all: PrivacyRequest[] = [
  makeRequest(1, { overdue: true, dueAt: '2026-11-25' }),
  makeRequest(2, {
    type: 'BLOCKING',
    dueSoon: true,
    dueAt: '2026-12-01',
    allowedAnswers: ['DONE', 'REFUSED'],
  }),
  makeRequest(3, {
    status: 'DONE',
    dueAt: '2026-12-10',
    requester: { _id: makeUser('STUDENT')._id, name: 'Zoe Estudiante' },
    answer: 'Te enviamos tus datos',
    answeredAt: '2026-11-26T10:00:00.000Z',
    allowedAnswers: [],
  }),
];

describe('PrivacyQueuePage', () => {
  it('shows the open ones with their due dates and chips; the filter goes to the URL and the API', async () => {
    const seen: URLSearchParams[] = [];
    const { user, router } = renderQueue('/solicitudes-datos', {
      'GET /privacy-requests': queueHandler(all, seen),
    });
    const list = await screen.findByRole('list', { name: 'Solicitudes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Vencida');
    expect(items[0]).toHaveTextContent('Plazo: 25-11-2026');
    expect(items[0]).toHaveTextContent('Sin cuenta (apoderada/o)');
    expect(items[1]).toHaveTextContent('Bloqueo');
    expect(items[1]).toHaveTextContent('Vence pronto');
    expect(seen.at(-1)?.get('status')).toBe('OPEN');

    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Respondida' }));
    await waitFor(() => expect(router.state.location.search).toBe('?estado=DONE'));
    const done = await screen.findByText('Te enviamos tus datos');
    expect(done.closest('li')).toHaveTextContent('Zoe Estudiante');
    expect(within(done.closest('li')!).queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(seen.at(-1)?.get('status')).toBe('DONE');
  });

  it('answers with the outcomes allowed (no extension for a blocking), the answer required', async () => {
    let sent: unknown;
    const { user } = renderQueue('/solicitudes-datos', {
      'GET /privacy-requests': queueHandler(all),
      [`PATCH /privacy-requests/${all[1]!._id}`]: ({ body }) => {
        sent = body;
        return { body: { request: { ...all[1]!, status: 'REFUSED', allowedAnswers: [] } } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Solicitudes' });
    await user.click(
      within(within(list).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Responder' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Responder la solicitud' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Resuelta', 'Rechazada (con razones)']);
    await user.click(within(dialog).getByRole('radio', { name: 'Rechazada (con razones)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await within(dialog).findByText(privacyRequestMessages.answerRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: /Razones del rechazo/ }));
    await user.paste('Los datos se necesitan para la evaluación del semestre');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({
      status: 'REFUSED',
      answer: 'Los datos se necesitan para la evaluación del semestre',
    });
    expect(await screen.findByText('Respuesta enviada')).toBeInTheDocument();
  });

  it('a 409 (answered by someone else) closes the dialog, says so and reads the queue again', async () => {
    const seen: URLSearchParams[] = [];
    const { user } = renderQueue('/solicitudes-datos', {
      'GET /privacy-requests': queueHandler(all, seen),
      [`PATCH /privacy-requests/${all[0]!._id}`]: {
        status: 409,
        body: { type: 'CONFLICT', message: privacyRequestMessages.alreadyAnswered },
      },
    });
    const list = await screen.findByRole('list', { name: 'Solicitudes' });
    await user.click(
      within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Responder' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: /Respuesta para la persona/ }));
    await user.paste('Te enviamos el archivo con tus datos');
    const before = seen.length;
    await user.click(within(dialog).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText(new RegExp(privacyRequestMessages.alreadyAnswered))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(seen.length).toBeGreaterThan(before));
  });
  it("erases the account of an ERASURE request from it, with the request's id, then answers it with the proposed text", async () => {
    const account = { _id: makeUser('STUDENT')._id, name: 'Pedro Pérez' };
    const erasure = makeRequest(7, { type: 'ERASURE', email: 'pedro@correo.test', account });
    const other = makeRequest(8, { type: 'ERASURE', email: 'apoderada.zoe@correo.test' });
    const record = {
      _id: 'erasure-7',
      cause: 'ADMIN',
      privacyRequestId: erasure._id,
      performedBy: { _id: admin._id, name: admin.name },
      counts: { users: 1, stories: 2, comments: 1 },
      storiesKept: 1,
      commentTextsRemoved: true,
      createdAt: '2026-11-27T08:00:00.000Z',
    };
    let erased: ErasureBody | undefined;
    let answered: unknown;
    const { user } = renderQueue('/solicitudes-datos', {
      'GET /privacy-requests': queueHandler([erasure, other, all[0]!]),
      [`GET /users/${account._id}/erasure-options`]: {
        body: {
          stories: [{ _id: 'story-1', title: 'El faro', publishedAt: '2026-10-01T12:00:00.000Z' }],
          comments: 1,
        },
      },
      [`POST /users/${account._id}/erasure`]: ({ body }) => {
        erased = body as ErasureBody;
        return { status: 201, body: { erasure: record } };
      },
      [`PATCH /privacy-requests/${erasure._id}`]: ({ body }) => {
        answered = body;
        return { body: { request: { ...erasure, status: 'DONE', allowedAnswers: [] } } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Solicitudes' });
    const [mine, parents, access] = within(list).getAllByRole('listitem');
    // Filed without a session: the account with its e-mail is named.
    expect(mine).toHaveTextContent('Cuenta en Fics: Pedro Pérez');
    // A parent's address matches no account; other types never offer it.
    expect(
      within(parents!).queryByRole('button', { name: erasureTexts.fromRequest }),
    ).not.toBeInTheDocument();
    expect(within(access!).queryByRole('button', { name: erasureTexts.fromRequest })).not.toBeInTheDocument();

    await user.click(within(mine!).getByRole('button', { name: erasureTexts.fromRequest }));
    const dialog = await screen.findByRole('dialog', { name: 'Suprimir la cuenta de Pedro Pérez' });
    const fic = await within(dialog).findByRole('radiogroup', { name: 'El faro' });
    await user.click(within(fic).getByRole('radio', { name: 'Conservar como Anónimo' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Quitar el texto de sus comentarios/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Suprimir cuenta' }));
    expect(await within(dialog).findByText(erasureTexts.done)).toBeInTheDocument();
    expect(erased).toEqual({
      requestId: erasure._id,
      stories: [{ id: 'story-1', keep: true }],
      defaultKeep: false,
      removeCommentTexts: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    const answer = await screen.findByRole('dialog', { name: 'Responder la solicitud' });
    expect(within(answer).getByRole('radio', { name: 'Resuelta' })).toBeChecked();
    const proposed = erasureTexts.requestAnswer(record);
    expect(proposed).toContain('"Anónimo"');
    expect(within(answer).getByRole('textbox', { name: /Respuesta para la persona/ })).toHaveValue(proposed);
    await user.click(within(answer).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() => expect(answered).toEqual({ status: 'DONE', answer: proposed }));
  });
});
