import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  commentModerationMessages,
  pageOf,
  type HeldComment,
  type ModerationWord,
  type User,
} from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, type Handler } from '../../../test/utils';

/**
 * /reportes beyond the reports (issue 21.5-6): 'Por aprobar', the comments and replies held for the
 * teacher's or administrator's approval, in context with 'Aprobar' / 'Rechazar'; and for
 * administrators 'Palabras', the list of words whose comments are held (add, search, delete).
 */

const teacher = makeUser('TEACHER');
const admin = makeUser('ADMIN');
const uuid = (n: number) => `6f1c2a9e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const storyId = uuid(900);

function makeHeld(n: number, overrides: Partial<HeldComment> = {}): HeldComment {
  return {
    target: 'COMMENT',
    _id: uuid(n),
    commentId: uuid(n),
    text: `Comentario que espera ${n}`,
    parentText: null,
    storyId,
    storyTitle: 'El faro de Chiloé',
    writer: { _id: uuid(700), name: 'Bruno Díaz' },
    grade: '7° Básico A — Colegio Los Andes',
    heldFor: 'MODERATED',
    words: [],
    wasEdited: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function makeWord(n: number, word: string): ModerationWord {
  return {
    _id: uuid(300 + n),
    word,
    createdBy: { _id: admin._id, name: 'Ada Admin' },
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

const paged =
  <T,>(
    key: string,
    all: () => T[],
    seen: URLSearchParams[] = [],
    filter?: (item: T, q: string) => boolean,
  ): Handler =>
  ({ query }) => {
    seen.push(new URLSearchParams(query));
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const q = query.get('q') ?? '';
    const matching = filter && q ? all().filter((item) => filter(item, q)) : all();
    return {
      body: {
        [key]: pageOf(matching.slice((page - 1) * limit, page * limit), { page, limit }, matching.length),
      },
    };
  };

function renderAt(
  path: string,
  actor: User,
  handlers: Record<string, Handler | { status?: number; body?: unknown }>,
) {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: actor } },
    'GET /reports': { body: { reports: pageOf([], { page: 1, limit: 20 }, 0) } },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const rendered = renderApp(path);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

/** The JSON bodies of the calls `fetchMock` received for `method path`. */
const bodiesOf = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(requestUrl(input), 'http://localhost').pathname === `/api/v1${path}`,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));

describe("'Por aprobar' on /reportes", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists what waits for approval in context, a page at a time, and approves from the list', async () => {
    let held = [
      makeHeld(1, { heldFor: 'WORDS', words: ['tonto'], text: 'Eres tonto' }),
      makeHeld(2, {
        target: 'REPLY',
        commentId: uuid(1),
        text: '<b>No</b> me gustó',
        parentText: 'Me encantó el final',
      }),
      ...Array.from({ length: 21 }, (_, i) => makeHeld(i + 10)),
    ];
    const seen: URLSearchParams[] = [];
    const { fetchMock, user, router } = renderAt('/reportes', teacher, {
      'GET /comments/held': paged('held', () => held, seen),
      [`PATCH /comments/${uuid(1)}/approval`]: () => {
        held = held.filter((item) => item._id !== uuid(1));
        return {
          body: {
            target: 'COMMENT',
            _id: uuid(1),
            decision: 'APPROVE',
            message: commentModerationMessages.approved,
          },
        };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reportes' })).toBeInTheDocument();
    // No 'Palabras' for a teacher.
    expect(screen.queryByRole('tab', { name: 'Palabras' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Por aprobar' }));
    expect(router.state.location.search).toBe('?vista=por-aprobar');
    expect(screen.getByRole('tab', { name: 'Por aprobar' })).toHaveAttribute('aria-selected', 'true');

    const first = (await screen.findByText('Eres tonto')).closest('article')!;
    expect(within(first).getByRole('heading', { name: 'Comentario · Bruno Díaz' })).toBeInTheDocument();
    expect(within(first).getByText('7° Básico A — Colegio Los Andes')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'El faro de Chiloé' })).toHaveAttribute(
      'href',
      `/fics/${storyId}#comentarios`,
    );
    expect(within(first).getByText('Contiene palabras de la lista')).toBeInTheDocument();
    expect(within(first).getByText('Palabras de la lista: tonto')).toBeInTheDocument();

    const reply = screen.getByText('<b>No</b> me gustó').closest('article')!;
    expect(reply.querySelector('b')).toBeNull();
    expect(within(reply).getByRole('heading', { name: 'Respuesta · Bruno Díaz' })).toBeInTheDocument();
    expect(within(reply).getByText('Me encantó el final')).toBeInTheDocument();
    expect(within(reply).getByText('La fic tiene comentarios con aprobación')).toBeInTheDocument();
    expect(screen.getByText('23 comentarios esperan aprobación')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);

    await user.click(within(first).getByRole('button', { name: 'Aprobar el comentario de Bruno Díaz' }));
    expect(await screen.findByText(commentModerationMessages.approved)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PATCH', `/comments/${uuid(1)}/approval`)).toEqual([{ decision: 'APPROVE' }]);
    await waitFor(() => expect(screen.queryByText('Eres tonto')).not.toBeInTheDocument());
    expect(screen.getByText('22 comentarios esperan aprobación')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vista=por-aprobar&page=2'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(seen.at(-1)?.get('page')).toBe('2');
  });

  it("rejects a held reply after confirming, through its reply's path", async () => {
    const held = [makeHeld(2, { target: 'REPLY', commentId: uuid(1), text: 'Respuesta fea' })];
    const { fetchMock, user } = renderAt('/reportes?vista=por-aprobar', admin, {
      'GET /comments/held': paged('held', () => held),
      [`PATCH /comments/${uuid(1)}/replies/${uuid(2)}/approval`]: {
        body: {
          target: 'REPLY',
          _id: uuid(2),
          decision: 'REJECT',
          message: commentModerationMessages.rejected,
        },
      },
    });
    const card = (await screen.findByText('Respuesta fea')).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Rechazar la respuesta de Bruno Díaz' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar este comentario?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText(commentModerationMessages.rejected)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PATCH', `/comments/${uuid(1)}/replies/${uuid(2)}/approval`)).toEqual([
      { decision: 'REJECT' },
    ]);
  });

  it('says when nothing waits', async () => {
    renderAt('/reportes?vista=por-aprobar', teacher, { 'GET /comments/held': paged('held', () => []) });
    expect(await screen.findByText(commentModerationMessages.heldEmpty)).toBeInTheDocument();
  });
});

describe("'Palabras' on /reportes (administrators)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const wordFilter = (word: ModerationWord, q: string) => word.word.includes(q);

  it("is not a teacher's: /reportes?vista=palabras shows the reports", async () => {
    renderAt('/reportes?vista=palabras', teacher, {});
    expect(await screen.findByRole('tab', { name: 'Reportes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('textbox', { name: 'Palabra o expresión' })).not.toBeInTheDocument();
  });

  it("adds a word with the contract's messages, and says when it is listed already", async () => {
    const words = [makeWord(1, 'tonto')];
    const { fetchMock, user } = renderAt('/reportes?vista=palabras', admin, {
      'GET /moderation-words': paged('words', () => words, [], wordFilter),
      'POST /moderation-words': ({ body }) => {
        const { word } = body as { word: string };
        if (word === 'Tonto') {
          return {
            status: 409,
            body: { type: 'CONFLICT', message: commentModerationMessages.wordDuplicate },
          };
        }
        words.push(makeWord(2, word));
        return { status: 201, body: { word: words.at(-1), message: commentModerationMessages.wordAdded } };
      },
    });
    expect(await screen.findByText('tonto')).toBeInTheDocument();
    expect(screen.getByText(/Agregada por Ada Admin/)).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Palabra o expresión' });
    const add = screen.getByRole('button', { name: 'Agregar' });

    await user.click(add);
    expect(await screen.findByText(commentModerationMessages.wordRequired)).toBeInTheDocument();
    await user.type(field, 'x');
    await user.click(add);
    expect(await screen.findByText(commentModerationMessages.wordMin)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'tonto!');
    await user.click(add);
    expect(await screen.findByText(commentModerationMessages.wordChars)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(commentModerationMessages.wordChars);
    expect(bodiesOf(fetchMock, 'POST', '/moderation-words')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'Tonto');
    await user.click(add);
    expect(await screen.findByText(commentModerationMessages.wordDuplicate)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '  pesado   de   mente ');
    await user.click(add);
    expect(await screen.findByText(commentModerationMessages.wordAdded)).toBeInTheDocument();
    // The schema's own trimming: what is sent is what is listed.
    expect(bodiesOf(fetchMock, 'POST', '/moderation-words').at(-1)).toEqual({ word: 'pesado de mente' });
    expect(await screen.findByText('pesado de mente')).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('searches within the list and deletes a word after confirming', async () => {
    let words = [makeWord(1, 'tonto'), makeWord(2, 'feo'), makeWord(3, 'tontería')];
    const seen: URLSearchParams[] = [];
    const { fetchMock, user, router } = renderAt('/reportes?vista=palabras', admin, {
      'GET /moderation-words': paged('words', () => words, seen, wordFilter),
      [`DELETE /moderation-words/${uuid(301)}`]: () => {
        words = words.filter((word) => word._id !== uuid(301));
        return { body: { message: commentModerationMessages.wordRemoved } };
      },
    });
    expect(await screen.findByText('feo')).toBeInTheDocument();
    expect(screen.getByText('3 palabras')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar en la lista' }), 'tont');
    await waitFor(() => expect(screen.queryByText('feo')).not.toBeInTheDocument());
    expect(seen.at(-1)?.get('q')).toBe('tont');
    expect(router.state.location.search).toContain('q=tont');

    await user.click(screen.getByRole('button', { name: 'Eliminar «tonto»' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar «tonto» de la lista?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(commentModerationMessages.wordRemoved)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'DELETE', `/moderation-words/${uuid(301)}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('tonto')).not.toBeInTheDocument());
    expect(screen.getByText('tontería')).toBeInTheDocument();

    const search = await screen.findByRole('searchbox', { name: 'Buscar en la lista' });
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('Ninguna palabra coincide con la búsqueda')).toBeInTheDocument();
  });
});
