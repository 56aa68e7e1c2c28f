import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { annotationMessages, type Annotation, type Story, type User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, stubPhoneWidth, type Handler } from '../../../test/utils';
import { makePermissions, makeStory, storyId } from '../annotations.fixtures';

const text =
  '<p>La niña salió al <strong>amanecer</strong>.</p><p>El bosque &amp; la niebla cubría el camino.</p>';
const plain = 'La niña salió al amanecer.El bosque & la niebla cubría el camino.';

const teacher = makeUser('TEACHER', { _id: 'teacher-1', name: 'Tomás Docente' });
const author = makeUser('STUDENT', { _id: 'student-1', name: 'Sofía Escobar Ruiz' });
const admin = makeUser('ADMIN', { _id: 'admin-1', name: 'Ada Admin' });

function note(exact: string, overrides: Partial<Annotation> = {}): Annotation {
  const start = plain.indexOf(exact);
  return {
    _id: `note-${exact.length}`,
    quote: {
      exact,
      prefix: plain.slice(Math.max(0, start - 32), start),
      suffix: plain.slice(start + exact.length),
    },
    position: { start, end: start + exact.length },
    text: 'Aquí cambia el tiempo verbal',
    author: { _id: teacher._id, name: teacher.name },
    resolved: false,
    orphan: false,
    round: 1,
    replies: [],
    createdAt: '2025-05-06T15:00:00.000Z',
    ...overrides,
  };
}

const placed = note('la niebla cubría');
const orphan = note('un pasaje borrado', {
  _id: 'note-orphan',
  orphan: true,
  text: 'Este párrafo sobra',
  quote: { exact: 'un pasaje borrado', prefix: '', suffix: '' },
  position: { start: 0, end: 17 },
});

function fic(user: User, overrides: Partial<Story['permissions']> = {}) {
  const writer = user.role.name === 'STUDENT';
  return makeStory({
    text,
    publicationStatus: 'REVIEWING',
    draft: false,
    rounds: 1,
    writtenBy: { _id: author._id, name: author.name, profilePicture: null },
    permissions: makePermissions({
      canViewAnnotations: true,
      canAnnotate: !writer,
      ...overrides,
    }),
  });
}

function renderNotes(
  user: User,
  {
    path = `/fics/${storyId}/revision`,
    notes = [placed, orphan],
    story = fic(user),
    handlers = {},
  }: {
    path?: string;
    notes?: Annotation[];
    story?: Story;
    handlers?: Record<string, Handler | { status?: number; body?: unknown }>;
  } = {},
) {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user } },
    [`GET /stories/${storyId}`]: { body: { story } },
    [`GET /stories/${storyId}/annotations`]: { body: { annotations: notes } },
    ...handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  renderApp(path);
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

/** MUI's media queries see a desktop (every min-width query matches). */
function stubDesktopWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const storyBody = () => document.querySelector<HTMLElement>('.story-body')!;
const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input).includes(path),
  );

describe('notes on passages (web)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('highlights each placed note with a numbered footnote, keeps the text, and lists orphans (desktop margin)', async () => {
    stubDesktopWidth();
    renderNotes(teacher);
    const footnote = await screen.findByRole('button', { name: 'Nota 1: Aquí cambia el tiempo verbal' });
    const marks = storyBody().querySelectorAll(`mark[data-note-id="${placed._id}"]`);
    expect(Array.from(marks, (mark) => mark.textContent).join('')).toBe('la niebla cubría');
    expect(storyBody().textContent).toBe(plain);
    expect(footnote.previousSibling).toBe(marks[marks.length - 1]);

    const margin = screen.getByRole('complementary', { name: 'Notas' });
    expect(within(margin).getByRole('button', { name: 'Ver nota 1' })).toHaveTextContent(
      'Aquí cambia el tiempo verbal',
    );
    const orphans = within(margin).getByRole('region', { name: 'Notas sin ubicación' });
    expect(orphans.querySelector('blockquote')).toHaveTextContent('un pasaje borrado');
    expect(orphans).toHaveTextContent('Este párrafo sobra');

    // From the text to the note: its card opens with its thread, the highlight reads stronger.
    fireEvent.click(footnote);
    const card = margin.querySelector<HTMLElement>(`[data-note-card="${placed._id}"]`)!;
    expect(await within(card).findByRole('button', { name: 'Responder' })).toBeInTheDocument();
    expect(card).toHaveFocus();
    expect((marks[0] as HTMLElement).dataset.active).toBe('true');
  });

  it('moves the cards below a card that grows on its own (its thread arriving), keeping them apart', async () => {
    stubDesktopWidth();
    // jsdom lays nothing out: the cards' heights are set by hand, and each observer is kept to be
    // told, as the browser would, that something it watches changed size.
    const observers: { observed: Element[]; changed: () => void }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observed: Element[] = [];
        constructor(callback: () => void) {
          observers.push({ observed: this.observed, changed: callback });
        }
        observe(element: Element) {
          this.observed.push(element);
        }
        disconnect() {
          this.observed.length = 0;
        }
      },
    );
    const first = note('amanecer', { _id: 'note-first' });
    renderNotes(teacher, { notes: [first, placed] });
    const margin = await screen.findByRole('complementary', { name: 'Notas' });
    const cardOf = (id: string) => margin.querySelector<HTMLElement>(`[data-note-card="${id}"]`)!;
    await waitFor(() => expect(cardOf(placed._id)).toBeInTheDocument());
    let height = 40;
    Object.defineProperty(cardOf(first._id), 'offsetHeight', { configurable: true, get: () => height });
    act(() => observers.forEach((observer) => observer.changed()));
    await waitFor(() => expect(getComputedStyle(cardOf(placed._id)).top).toBe('48px'));

    // The first card grows without the margin rendering again: an observer watches that card.
    height = 200;
    const watching = observers.filter((observer) => observer.observed.includes(cardOf(first._id)));
    expect(watching.length).toBeGreaterThan(0);
    act(() => watching.forEach((observer) => observer.changed()));
    await waitFor(() => expect(getComputedStyle(cardOf(placed._id)).top).toBe('208px'));
  });

  it('at phone width, opens a note as a sheet from its footnote, and the whole list from "Notas (n)"', async () => {
    stubPhoneWidth();
    const { user } = renderNotes(author);
    await user.click(await screen.findByRole('button', { name: /^Nota 1:/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Nota 1' });
    expect(within(sheet).getByText('la niebla cubría')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nota 1' })).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Notas (2)' }));
    const list = await screen.findByRole('dialog', { name: 'Notas (2)' });
    expect(within(list).getByRole('heading', { name: 'Notas sin ubicación' })).toBeInTheDocument();
  });

  it('shows the author "Marcar como resuelta" and a reply form, never edit or delete', async () => {
    stubPhoneWidth();
    const { user, fetchMock } = renderNotes(author, {
      path: `/fics/${storyId}`,
      handlers: {
        [`PATCH /annotations/${placed._id}`]: ({ body }) => ({
          body: { annotation: { ...placed, ...(body as object) }, message: annotationMessages.updated },
        }),
        [`POST /annotations/${placed._id}/replies`]: ({ body }) => ({
          status: 201,
          body: {
            reply: {
              _id: 'r1',
              text: (body as { text: string }).text,
              author: { _id: author._id, name: author.name },
              createdAt: '2025-05-07T10:00:00.000Z',
            },
            message: annotationMessages.replyCreated,
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Nota 1:/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Nota 1' });
    expect(within(sheet).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Reabrir' })).not.toBeInTheDocument();

    await user.type(within(sheet).getByRole('textbox', { name: 'Respuesta' }), 'Lo cambié a pasado');
    await user.click(within(sheet).getByRole('button', { name: 'Responder' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/replies')).toHaveLength(1));
    expect(JSON.parse(calls(fetchMock, 'POST', '/replies')[0]![1]!.body as string)).toEqual({
      text: 'Lo cambié a pasado',
    });

    await user.click(within(sheet).getByRole('button', { name: 'Marcar como resuelta' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH', `/annotations/${placed._id}`)).toHaveLength(1));
    expect(JSON.parse(calls(fetchMock, 'PATCH', '/annotations/')[0]![1]!.body as string)).toEqual({
      resolved: true,
    });
  });

  it('gives the note’s writer edit and delete (after confirming), and a teacher "Reabrir" on a resolved note', async () => {
    stubPhoneWidth();
    const { user, fetchMock } = renderNotes(teacher, {
      notes: [{ ...placed, resolved: true }],
      handlers: {
        [`DELETE /annotations/${placed._id}`]: { body: { message: annotationMessages.deleted } },
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Nota 1:/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Nota 1' });
    expect(within(sheet).getByText('Resuelta')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Reabrir' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Marcar como resuelta' })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar esta nota?' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', `/annotations/${placed._id}`)).toHaveLength(1));
  });

  it('gives an administrator delete on a note by someone else, but not its edit', async () => {
    stubPhoneWidth();
    const { user } = renderNotes(admin);
    await user.click(await screen.findByRole('button', { name: /^Nota 1:/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Nota 1' });
    expect(within(sheet).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it('gives a grade teacher who did not write the note neither edit nor delete', async () => {
    stubPhoneWidth();
    const { user } = renderNotes(makeUser('TEACHER', { _id: 'colleague' }));
    await user.click(await screen.findByRole('button', { name: /^Nota 1:/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Nota 1' });
    expect(within(sheet).getByRole('button', { name: 'Responder' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });

  it('lets a teacher note a selected passage: counter, limit message, the selectors sent, a stale passage refused', async () => {
    stubPhoneWidth();
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        type: 'VALIDATION_ERROR',
        message: 'Datos inválidos',
        errors: { position: annotationMessages.quoteMismatch },
      },
    };
    const { user, fetchMock } = renderNotes(teacher, {
      notes: [],
      handlers: { [`POST /stories/${storyId}/annotations`]: () => answer },
    });
    await screen.findByText(/El bosque/);
    await waitFor(() => expect(calls(fetchMock, 'GET', '/annotations')).toHaveLength(1));
    // The teacher selects 'amanecer.El bosque' (across the <strong> and two paragraphs).
    const strong = storyBody().querySelector('strong')!.firstChild!;
    const second = storyBody().querySelectorAll('p')[1]!.firstChild!;
    act(() => {
      const range = document.createRange();
      range.setStart(strong, 0);
      range.setEnd(second, 9);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    await user.click(await screen.findByRole('button', { name: 'Anotar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva nota' });
    expect(dialog.querySelector('blockquote')).toHaveTextContent('amanecer.El bosque');

    const field = within(dialog).getByRole('textbox', { name: 'Nota' });
    fireEvent.change(field, { target: { value: 'x'.repeat(1001) } });
    expect(await within(dialog).findByText(annotationMessages.textMax)).toBeInTheDocument();
    expect(within(dialog).getByText('1.001/1.000')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: 'Muestra, no cuentes' } });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(annotationMessages.quoteMismatch)).toBeInTheDocument();
    const start = plain.indexOf('amanecer.El bosque');
    expect(JSON.parse(calls(fetchMock, 'POST', '/annotations')[0]![1]!.body as string)).toEqual({
      quote: {
        exact: 'amanecer.El bosque',
        prefix: 'La niña salió al ',
        suffix: ' & la niebla cubría el camino.',
      },
      position: { start, end: start + 'amanecer.El bosque'.length },
      text: 'Muestra, no cuentes',
    });

    answer = {
      status: 201,
      body: {
        annotation: note('amanecer.El bosque', { _id: 'new-note' }),
        message: annotationMessages.created,
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva nota' })).not.toBeInTheDocument());
    // The list is read again after the write.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/annotations')).toHaveLength(2));
  });

  it('never asks for notes when the caller may not see them (a reader of the fic)', async () => {
    const reader = makeUser('STUDENT', { _id: 'classmate' });
    const { fetchMock } = renderNotes(reader, {
      path: `/fics/${storyId}`,
      story: makeStory({
        text,
        publicationStatus: 'PUBLISHED',
        draft: false,
        permissions: makePermissions(),
      }),
    });
    await screen.findByText(/El bosque/);
    expect(calls(fetchMock, 'GET', '/annotations')).toHaveLength(0);
    expect(storyBody().querySelector('mark')).toBeNull();
  });
});
