import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commentBankMessages, type SavedComment } from '@fics/contracts';
import { setTokens } from '../../lib/session';
import {
  makeUser,
  mockApi,
  renderWithProviders,
  requestUrl,
  stubPhoneWidth,
  type Handler,
} from '../../test/utils';
import { CommentBankButton, SaveCommentButton } from '.';

const teacher = makeUser('TEACHER');

const comment = (n: number, text: string, useCount = 0): SavedComment => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  text,
  useCount,
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
});

const bank = [
  comment(1, 'El diálogo está muy bien logrado', 3),
  comment(2, 'Revisa la acentuación'),
  comment(3, 'Cuida los tiempos verbales'),
];

/** A server that searches ignoring case and accents, as the API does, and pages by `limit`. */
function listHandler(docs: SavedComment[]): Handler {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return ({ query }) => {
    const q = fold(query.get('q') ?? '');
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const matching = docs.filter((c) => fold(c.text).includes(q));
    const slice = matching.slice((page - 1) * limit, page * limit);
    const hasNextPage = page * limit < matching.length;
    return {
      body: {
        comments: {
          docs: slice,
          page,
          limit,
          totalDocs: matching.length,
          hasNextPage,
          nextPage: hasNextPage ? page + 1 : null,
        },
      },
    };
  };
}

function Host({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <label>
        Comentario
        <textarea value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <CommentBankButton
        onPick={(text) => setValue((current) => (current ? `${current} ${text}` : text))}
        field="Comentario"
      />
      <SaveCommentButton text={value} field="Comentario" />
    </div>
  );
}

function renderHost(handlers: Record<string, Handler | { status?: number; body?: unknown }>, initial = '') {
  const fetchMock = mockApi({ 'GET /auth/me': { body: { user: teacher } }, ...handlers });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  renderWithProviders(<Host initial={initial} />);
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

const openBank = async (user: ReturnType<typeof userEvent.setup>) => {
  // Named after its field: a form may have several.
  await user.click(await screen.findByRole('button', { name: 'Mis comentarios: Comentario' }));
  return screen.findByRole('dialog', { name: 'Mis comentarios' });
};
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/me/saved-comments'));

describe("'Mis comentarios'", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('searches on the server as the teacher types (debounced), accents and case ignored', async () => {
    const { user, fetchMock } = renderHost({ 'GET /me/saved-comments': listHandler(bank) });
    const panel = await openBank(user);
    expect(await within(panel).findByText('El diálogo está muy bien logrado')).toBeInTheDocument();
    expect(within(panel).getByText('Usado 3 veces')).toBeInTheDocument();
    await user.type(within(panel).getByRole('searchbox', { name: 'Buscar en Mis comentarios' }), 'DIALOGO');
    await waitFor(() => expect(within(panel).queryByText('Revisa la acentuación')).not.toBeInTheDocument());
    expect(within(panel).getByText('El diálogo está muy bien logrado')).toBeInTheDocument();
    // One request for the first list and one for the settled text, none per keystroke.
    expect(listCalls(fetchMock).map((url) => url.searchParams.get('q'))).toEqual([null, 'DIALOGO']);
    await user.clear(within(panel).getByRole('searchbox'));
    await user.type(within(panel).getByRole('searchbox'), 'zzz');
    expect(await within(panel).findByText('Ningún comentario coincide con «zzz»')).toBeInTheDocument();
  });

  it('picks a comment in two clicks: inserts its text, records the use, closes', async () => {
    const used: string[] = [];
    const { user } = renderHost(
      {
        'GET /me/saved-comments': listHandler(bank),
        [`POST /me/saved-comments/${bank[2]!._id}/use`]: ({ path }) => {
          used.push(path);
          return { body: { comment: { ...bank[2]!, useCount: 1 }, message: commentBankMessages.saved } };
        },
      },
      'Buen trabajo.',
    );
    const panel = await openBank(user);
    await user.click(await within(panel).findByText('Cuida los tiempos verbales'));
    expect(screen.getByRole('textbox', { name: 'Comentario' })).toHaveValue(
      'Buen trabajo. Cuida los tiempos verbales',
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mis comentarios' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(used).toHaveLength(1));
  });

  it("reads more pages with 'Ver más'", async () => {
    const many = Array.from({ length: 13 }, (_, i) => comment(10 + i, `Comentario número ${i + 1}`));
    const { user } = renderHost({ 'GET /me/saved-comments': listHandler(many) });
    const panel = await openBank(user);
    expect(await within(panel).findByText('Comentario número 10')).toBeInTheDocument();
    expect(within(panel).queryByText('Comentario número 11')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Ver más' }));
    expect(await within(panel).findByText('Comentario número 13')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('deletes a comment after confirming, and can cancel', async () => {
    let docs = [...bank];
    const deleted: string[] = [];
    const { user } = renderHost({
      'GET /me/saved-comments': (request) => listHandler(docs)(request),
      [`DELETE /me/saved-comments/${bank[1]!._id}`]: () => {
        deleted.push(bank[1]!._id);
        docs = docs.filter((c) => c._id !== bank[1]!._id);
        return { body: { message: commentBankMessages.deleted } };
      },
    });
    const panel = await openBank(user);
    const item = (await within(panel).findByText('Revisa la acentuación')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Eliminar comentario' }));
    await user.click(within(panel).getByRole('button', { name: 'Cancelar' }));
    expect(deleted).toEqual([]);
    const again = within(panel).getByText('Revisa la acentuación').closest('li')!;
    await user.click(within(again).getByRole('button', { name: 'Eliminar comentario' }));
    expect(within(panel).getByText('¿Eliminar este comentario de Mis comentarios?')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(within(panel).queryByText('Revisa la acentuación')).not.toBeInTheDocument());
    expect(deleted).toEqual([bank[1]!._id]);
    expect(await screen.findByText(commentBankMessages.deleted)).toBeInTheDocument();
  });

  it('shows the empty state in Spanish, in a dialog on a phone', async () => {
    stubPhoneWidth();
    const { user } = renderHost({ 'GET /me/saved-comments': listHandler([]) });
    const panel = await openBank(user);
    expect(await within(panel).findByText(/Aún no tienes comentarios guardados/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cerrar Mis comentarios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("saves the field's text (trimmed), disabled while the field is empty, and says so", async () => {
    const bodies: unknown[] = [];
    const { user } = renderHost({
      'POST /me/saved-comments': ({ body }) => {
        bodies.push(body);
        return {
          status: bodies.length === 1 ? 201 : 200,
          body: {
            comment: comment(9, 'Muy buen final'),
            message: bodies.length === 1 ? commentBankMessages.saved : commentBankMessages.alreadySaved,
          },
        };
      },
    });
    const saveButton = await screen.findByRole('button', { name: 'Guardar en Mis comentarios: Comentario' });
    expect(saveButton).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Comentario' }), '  Muy buen final  ');
    expect(saveButton).toBeEnabled();
    await user.click(saveButton);
    expect(await screen.findByText('Comentario guardado en Mis comentarios')).toBeInTheDocument();
    expect(bodies).toEqual([{ text: 'Muy buen final' }]);
  });

  it('keeps the keyboard focus on the button while saving, and sends one request for two quick clicks', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock, user } = renderHost(
      {
        'POST /me/saved-comments': {
          status: 201,
          body: { comment: comment(9, 'Muy buen final'), message: commentBankMessages.saved },
        },
      },
      'Muy buen final',
    );
    // The save answers only once released: the button is seen while it waits.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        await gate;
      }
      return answer(input, init);
    });
    const saveButton = await screen.findByRole('button', { name: 'Guardar en Mis comentarios: Comentario' });
    saveButton.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saveButton).toHaveAttribute('aria-disabled', 'true'));
    expect(saveButton).toBeEnabled();
    expect(saveButton).toHaveFocus();
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByText('Comentario guardado en Mis comentarios')).toBeInTheDocument();
    expect(saveButton).not.toHaveAttribute('aria-disabled');
    expect(saveButton).toHaveFocus();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's refusal when the bank is full", async () => {
    const { user } = renderHost(
      {
        'POST /me/saved-comments': {
          status: 409,
          body: { type: 'CONFLICT', message: commentBankMessages.tooMany },
        },
      },
      'Otro más',
    );
    await user.click(await screen.findByRole('button', { name: 'Guardar en Mis comentarios: Comentario' }));
    expect(await screen.findByText(commentBankMessages.tooMany)).toBeInTheDocument();
  });
});
