import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { moderationMessages, pageOf, type ReportCase, type ReportReason } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, type Handler } from '../../../test/utils';

/**
 * 'Reportes' (/reportes, issue 21.3): the queue a page at a time with its filters in the URL, each
 * case in context (the fic, the comment a reply answers, plain text), its reasons and count, and
 * 'Mantener' / 'Eliminar' with a note; a decision someone else took first (409) refreshes and says so.
 */

const teacher = makeUser('TEACHER');
const uuid = (n: number) => `6f1c2a9e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const storyId = uuid(900);

function makeCase(n: number, overrides: Partial<ReportCase> = {}): ReportCase {
  return {
    _id: uuid(n),
    status: 'OPEN',
    item: {
      target: 'COMMENT',
      targetId: uuid(500 + n),
      exists: true,
      hidden: true,
      text: `Comentario reportado ${n}`,
      parentText: null,
      storyId,
      storyTitle: 'El faro de Chiloé',
      author: { _id: uuid(700), name: 'Bruno Díaz' },
      grade: '7° Básico A — Colegio Los Andes',
    },
    reportsCount: 3,
    reasons: [
      { reason: 'HARASSMENT', count: 2 },
      { reason: 'OFFENSIVE', count: 1 },
    ],
    details: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    lastReportedAt: '2026-11-20T12:00:00.000Z',
    decision: null,
    ...overrides,
  };
}

/** A server that filters by status and reason and pages by `limit`, as GET /reports does. */
function listHandler(all: ReportCase[], seen: URLSearchParams[] = []): Handler {
  return ({ query }) => {
    seen.push(new URLSearchParams(query));
    const status = query.get('status');
    const reason = query.get('reason') as ReportReason | null;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const matching = all.filter(
      (c) => (!status || c.status === status) && (!reason || c.reasons.some((r) => r.reason === reason)),
    );
    return {
      body: {
        reports: pageOf(matching.slice((page - 1) * limit, page * limit), { page, limit }, matching.length),
      },
    };
  };
}

function renderQueue(path: string, handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const fetchMock = mockApi({ 'GET /auth/me': { body: { user: teacher } }, ...handlers });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const rendered = renderApp(path);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

const cardOf = (text: string) => screen.getByText(text).closest('article')!;

describe("'Reportes'", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each open case in context: the fic, the text, the author, reasons with counts, how many reported it', async () => {
    const reply = makeCase(2, {
      item: {
        ...makeCase(2).item,
        target: 'REPLY',
        // Plain text from the API: shown as words, never as markup.
        text: '<img src=x onerror="alert(1)"> eres tonto',
        parentText: 'Me gustó el final',
      },
      reportsCount: 1,
      reasons: [{ reason: 'OTHER', count: 1 }],
      details: ['Se burla de mí'],
    });
    const seen: URLSearchParams[] = [];
    renderQueue('/reportes', { 'GET /reports': listHandler([makeCase(1), reply], seen) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reportes' })).toBeInTheDocument();
    const first = await screen.findByText('Comentario reportado 1');
    const card = first.closest('article')!;
    expect(within(card).getByRole('heading', { name: 'Comentario · El faro de Chiloé' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'El faro de Chiloé' })).toHaveAttribute(
      'href',
      `/fics/${storyId}#comentarios`,
    );
    expect(
      within(card).getByText('Escrito por Bruno Díaz · 7° Básico A — Colegio Los Andes'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Acoso o bullying (2)')).toBeInTheDocument();
    expect(within(card).getByText('Lenguaje ofensivo (1)')).toBeInTheDocument();
    expect(within(card).getByText(/Lo reportaron 3 personas/)).toBeInTheDocument();
    expect(within(card).getByText('Pendiente')).toBeInTheDocument();
    expect(within(card).getByText('Oculto')).toBeInTheDocument();

    const replyCard = cardOf('<img src=x onerror="alert(1)"> eres tonto');
    expect(replyCard.querySelector('img')).toBeNull();
    expect(within(replyCard).getByText('Me gustó el final')).toBeInTheDocument();
    expect(within(replyCard).getByText('Otro (1)')).toBeInTheDocument();
    expect(within(replyCard).getByText('Se burla de mí')).toBeInTheDocument();
    expect(within(replyCard).getByText(/Lo reportó 1 persona/)).toBeInTheDocument();
    expect(screen.getByText('2 reportes')).toBeInTheDocument();
    // The queue opens on what waits for a decision.
    expect(seen[0]?.get('status')).toBe('OPEN');
    expect(seen[0]?.get('reason')).toBeNull();
  });

  it('keeps the filters and the page in the URL and asks the server for them', async () => {
    const many = Array.from({ length: 25 }, (_, i) => makeCase(i + 1));
    const decided = makeCase(99, {
      status: 'REMOVED',
      reasons: [{ reason: 'SPAM', count: 4 }],
      item: { ...makeCase(99).item, text: 'Compra seguidores aquí', hidden: false },
      decision: {
        decision: 'REMOVE',
        note: 'Es publicidad',
        decidedBy: { _id: teacher._id, name: 'Marta Fuentes' },
        decidedAt: '2026-11-21T09:30:00.000Z',
      },
    });
    const seen: URLSearchParams[] = [];
    const { user, router } = renderQueue('/reportes', {
      'GET /reports': listHandler([...many, decided], seen),
    });
    await screen.findByText('Comentario reportado 1');
    expect(screen.getByText('25 reportes')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Páginas de reportes' });
    await user.click(within(pages).getByRole('button', { name: /siguiente/i }));
    expect(await screen.findByText('Comentario reportado 21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(seen.at(-1)?.get('page')).toBe('2');

    // A filter starts again on the first page.
    await user.click(screen.getByRole('combobox', { name: /^Estado/ }));
    await user.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=ALL'));
    await user.click(screen.getByRole('combobox', { name: /^Motivo/ }));
    await user.click(await screen.findByRole('option', { name: 'Spam' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=ALL&reason=SPAM'));
    const card = (await screen.findByText('Compra seguidores aquí')).closest('article')!;
    expect(seen.at(-1)?.get('status')).toBeNull();
    expect(seen.at(-1)?.get('reason')).toBe('SPAM');
    expect(seen.at(-1)?.get('page')).toBe('1');
    expect(within(card).getByText('Eliminado', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(card).getByText(/^Eliminado por Marta Fuentes el/)).toBeInTheDocument();
    expect(within(card).getByText('Nota: Es publicidad')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });

  it('opens on the filters of a link, and offers to clear them when nothing matches', async () => {
    const seen: URLSearchParams[] = [];
    const { user, router } = renderQueue('/reportes?status=KEPT&reason=SEXUAL', {
      'GET /reports': listHandler([makeCase(1)], seen),
    });
    expect(await screen.findByText(moderationMessages.empty)).toBeInTheDocument();
    expect(seen[0]?.get('status')).toBe('KEPT');
    expect(seen[0]?.get('reason')).toBe('SEXUAL');
    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByText('Comentario reportado 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("decides 'Eliminar' with a note after confirming, and reads the queue again", async () => {
    let decided = false;
    const patches: unknown[] = [];
    const seen: URLSearchParams[] = [];
    const { user } = renderQueue('/reportes', {
      'GET /reports': (request) => listHandler(decided ? [] : [makeCase(1)], seen)(request),
      [`PATCH /reports/${uuid(1)}`]: ({ body }) => {
        patches.push(body);
        decided = true;
        return {
          body: {
            report: makeCase(1, { status: 'REMOVED' }),
            message: moderationMessages.removed,
          },
        };
      },
    });
    await screen.findByText('Comentario reportado 1');
    await user.click(within(cardOf('Comentario reportado 1')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este contenido?' });
    // Cancelling decides nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([]);

    await user.click(within(cardOf('Comentario reportado 1')).getByRole('button', { name: 'Eliminar' }));
    const again = await screen.findByRole('dialog', { name: '¿Eliminar este contenido?' });
    const note = within(again).getByRole('textbox', { name: 'Nota (opcional)' });
    await user.click(note);
    await user.paste('x'.repeat(301));
    await user.click(within(again).getByRole('button', { name: 'Eliminar' }));
    expect(await within(again).findByText(moderationMessages.noteMax)).toBeInTheDocument();
    await user.clear(note);
    await user.type(note, 'Insulta a una compañera');
    await user.click(within(again).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(moderationMessages.removed)).toBeInTheDocument();
    expect(patches).toEqual([{ decision: 'REMOVE', note: 'Insulta a una compañera' }]);
    expect(await screen.findByText(moderationMessages.empty)).toBeInTheDocument();
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });

  it("'Mantener' already decided by someone else (409): says so and refreshes the queue", async () => {
    let settledElsewhere = false;
    const seen: URLSearchParams[] = [];
    const { user, fetchMock } = renderQueue('/reportes', {
      'GET /reports': (request) =>
        listHandler(
          settledElsewhere
            ? [
                makeCase(1, {
                  status: 'REMOVED',
                  decision: {
                    decision: 'REMOVE',
                    note: null,
                    decidedBy: { _id: uuid(800), name: 'Pedro Soto' },
                    decidedAt: '2026-11-21T09:30:00.000Z',
                  },
                }),
              ]
            : [makeCase(1)],
          seen,
        )(request),
      [`PATCH /reports/${uuid(1)}`]: () => {
        settledElsewhere = true;
        return { status: 409, body: { type: 'CONFLICT', message: moderationMessages.alreadySettled } };
      },
    });
    await screen.findByText('Comentario reportado 1');
    await user.click(within(cardOf('Comentario reportado 1')).getByRole('button', { name: 'Mantener' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Mantener este contenido?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mantener' }));
    expect(await screen.findByText(moderationMessages.alreadySettled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Re-read with the same filters: nothing left waiting (the open filter drops the settled case).
    expect(await screen.findByText(moderationMessages.empty)).toBeInTheDocument();
    const patchCalls = fetchMock.mock.calls.filter(
      ([input, init]) => (init?.method ?? 'GET') === 'PATCH' && requestUrl(input).includes('/reports/'),
    );
    expect(patchCalls).toHaveLength(1);
    expect(patchCalls[0]?.[1]?.body).toBe(JSON.stringify({ decision: 'KEEP' }));
  });

  it('is not open to a student', async () => {
    const fetchMock = mockApi({ 'GET /auth/me': { body: { user: makeUser('STUDENT') } } });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const { router } = renderApp('/reportes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      fetchMock.mock.calls.some(
        ([input]) => new URL(requestUrl(input), 'http://localhost').pathname === '/api/v1/reports',
      ),
    ).toBe(false);
  });
});
