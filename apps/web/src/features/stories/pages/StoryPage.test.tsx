import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import type { Story, User } from '@fics/contracts';
import { routes } from '../../../app/router';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, type Handler } from '../../../test/utils';
import { makeEvaluation, makePermissions, makeStory, storyId } from './story-page.fixtures';
import { unsavedWorkKey, writeUnsavedWork } from '../unsaved-work';

// The editor is another component's business (and loads Quill): a stand-in with its interface.
vi.mock('../components/StoryForm', () => ({
  StoryForm: ({
    story,
    onSaved,
    onCancel,
    restoreOnOpen,
  }: {
    story?: Story;
    onSaved: (story: Story, how: 'draft' | 'sent' | 'updated') => void;
    onCancel?: () => void;
    restoreOnOpen?: boolean;
  }) => (
    <form aria-label="Formulario de la fic">
      <p>Editando: {story?.title}</p>
      <p>{restoreOnOpen ? 'Con la copia del navegador' : 'Sin copia'}</p>
      <button type="button" onClick={() => onSaved({ ...story!, title: 'Título nuevo' }, 'updated')}>
        Guardar
      </button>
      <button type="button" onClick={onCancel}>
        Cancelar edición
      </button>
    </form>
  ),
}));

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

const path = `/fics/${storyId}`;
const student = makeUser('STUDENT', { name: 'Sofía Escobar Ruiz' });

/** The API for `actor` (or a visitor) and the fic `story` at GET /stories/:id; `handlers` add or replace. */
function renderStory(story: Story | null, options: { actor?: User | null; handlers?: Handlers } = {}) {
  const actor = options.actor === undefined ? student : options.actor;
  const fetchMock = mockApi({
    'GET /auth/me': actor ? { body: { user: actor } } : { status: 401, body: {} },
    [`GET /stories/${storyId}`]: story
      ? { body: { story } }
      : { status: 404, body: { type: 'NOT_FOUND', message: 'La fic solicitada no existe' } },
    'GET /stories/student-stories': {
      body: { stories: { docs: [], page: 1, limit: 20, totalDocs: 0, hasNextPage: false, nextPage: null } },
    },
    ...options.handlers,
  });
  if (actor) {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  }
  const rendered = renderApp(path);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

const title = () => screen.findByRole('heading', { level: 1, name: 'El faro de Chiloé' });
const actions = () => screen.queryByRole('group', { name: 'Acciones de la fic' });

describe('StoryPage (/fics/:storyId)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows a draft with the 'FIC EN EDICIÓN' banner, its date, author, length, tags and cleaned body", async () => {
    renderStory(makeStory());
    await title();
    const banner = screen.getByRole('note');
    expect(banner).toHaveTextContent('FIC EN EDICIÓN');
    expect(banner).toHaveTextContent('Estado:Borrador');
    expect(screen.getByText('Por Sofía Escobar Ruiz')).toBeInTheDocument();
    expect(screen.getByText('may 05, 2025')).toBeInTheDocument();
    expect(screen.getByText('1.234 palabras · 7 min de lectura')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'El faro de Chiloé' })).toHaveAttribute(
      'src',
      '/media/covers/portada.png',
    );
    const article = screen.getByRole('article', { name: 'El faro de Chiloé' });
    expect(within(article).getByText(/quería apagarse/)).toBeInTheDocument();
    expect(article.innerHTML).not.toContain('script');
    const tags = screen.getByRole('list', { name: 'Etiquetas' });
    expect(
      within(tags)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['misterio', 'mar y faros']);
    expect(document.title).toBe('El faro de Chiloé · Fics');
  });

  it.each([
    ['REVIEWING', 'Por revisar'],
    ['EVALUATED', 'Evaluada con correcciones'],
  ] as const)('keeps the banner while the fic is %s, with its label', async (publicationStatus, label) => {
    renderStory(makeStory({ publicationStatus, draft: false }));
    await title();
    expect(screen.getByRole('note')).toHaveTextContent(`FIC EN EDICIÓN${'Estado:'}${label}`);
  });

  it('shows a published fic to a visitor without the banner nor any action', async () => {
    renderStory(
      makeStory({
        publicationStatus: 'PUBLISHED',
        draft: false,
        wordCount: 1,
        writtenBy: { _id: 'user-STUDENT', name: 'Sofía E.', profilePicture: null },
        permissions: makePermissions({ canEdit: false, canSend: false, canDelete: false }),
      }),
      { actor: null },
    );
    await title();
    expect(screen.queryByText('FIC EN EDICIÓN')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    // Only 'Reportar', which asks a visitor to log in (issue 21.1).
    expect(
      within(actions()!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reportar']);
    expect(screen.getByText('Por Sofía E.')).toBeInTheDocument();
    expect(screen.getByText('1 palabra · 1 min de lectura')).toBeInTheDocument();
  });

  it.each([
    [makePermissions({ canEdit: true, canSend: false, canDelete: false }), ['Editar']],
    [makePermissions({ canEdit: false, canSend: true, canDelete: false }), ['Enviar fic']],
    [makePermissions({ canEdit: true, canSend: true, canDelete: false }), ['Editar', 'Enviar fic']],
    [makePermissions({ canEdit: false, canSend: false, canDelete: true }), ['Eliminar']],
    [
      makePermissions({ canEdit: true, canSend: true, canDelete: true }),
      ['Editar', 'Enviar fic', 'Eliminar'],
    ],
  ])('offers the actions the server allows: %o', async (permissions, expected) => {
    renderStory(makeStory({ permissions }));
    await title();
    expect(
      within(actions()!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(expected);
  });

  it('asks with the spec text before deleting, then deletes and takes the author to their list', async () => {
    const deleted: string[] = [];
    const { user, router } = renderStory(makeStory(), {
      handlers: {
        [`DELETE /stories/${storyId}`]: ({ path: called }) => {
          deleted.push(called);
          return { body: { message: 'Fic eliminada exitosamente' } };
        },
      },
    });
    await title();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar esta fic?' });
    expect(dialog).toHaveAccessibleDescription(
      'Esta acción no puede ser reversada, asegurese antes de continuar.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Fic eliminada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mis-fics'));
    expect(deleted).toEqual([`/stories/${storyId}`]);
  });

  it('takes an administrator who deleted a fic opened from a link to the home page', async () => {
    const { user, router } = renderStory(makeStory(), {
      actor: makeUser('ADMIN'),
      handlers: { [`DELETE /stories/${storyId}`]: { body: { message: 'ok' } } },
    });
    await title();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's refusal in the error toast and stays", async () => {
    const { user, router } = renderStory(makeStory(), {
      handlers: {
        [`DELETE /stories/${storyId}`]: {
          status: 409,
          body: { type: 'CONFLICT', message: 'Solo puedes eliminar tu fic mientras es un borrador' },
        },
      },
    });
    await title();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('Solo puedes eliminar tu fic mientras es un borrador'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('warns that sending ends editing, then sends and shows the new status', async () => {
    const bodies: unknown[] = [];
    const { user } = renderStory(makeStory(), {
      handlers: {
        [`PATCH /stories/${storyId}`]: ({ body }) => {
          bodies.push(body);
          return {
            body: {
              story: makeStory({
                publicationStatus: 'REVIEWING',
                draft: false,
                permissions: makePermissions({ canEdit: false, canSend: false, canDelete: false }),
              }),
            },
          };
        },
      },
    });
    await title();
    await user.click(screen.getByRole('button', { name: 'Enviar fic' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Enviar tu fic a revisión?' });
    expect(dialog).toHaveAccessibleDescription(/no podrás editarla hasta que tu docente la revise/);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar fic' }));

    expect(await screen.findByText('Fic enviada exitosamente')).toBeInTheDocument();
    expect(bodies).toEqual([{ draft: false, publicationStatus: 'REVIEWING' }]);
    await waitFor(() => expect(screen.getByRole('note')).toHaveTextContent('Por revisar'));
    expect(actions()).not.toBeInTheDocument();
  });

  it("shows a 409 on sending in the error toast ('Esta fic ya fue enviada a revisión')", async () => {
    const { user } = renderStory(makeStory(), {
      handlers: {
        [`PATCH /stories/${storyId}`]: {
          status: 409,
          body: { type: 'CONFLICT', message: 'Esta fic ya fue enviada a revisión' },
        },
      },
    });
    await title();
    await user.click(screen.getByRole('button', { name: 'Enviar fic' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enviar fic' }));
    expect(await screen.findByText('Esta fic ya fue enviada a revisión')).toBeInTheDocument();
  });

  it('edits in place with the fic form, and shows the fic again once saved', async () => {
    const { user } = renderStory(makeStory());
    await title();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar fic' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Formulario de la fic' });
    expect(form).toHaveTextContent('Editando: El faro de Chiloé');
    // The banner stays while editing.
    expect(screen.getByRole('note')).toHaveTextContent('FIC EN EDICIÓN');

    await user.click(within(form).getByRole('button', { name: 'Cancelar edición' }));
    expect(await title()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    // The form says 'Fic actualizada exitosamente' itself: the page adds no second toast.
    expect(screen.queryByText('Fic actualizada exitosamente')).not.toBeInTheDocument();
  });

  it('says at once when this browser keeps unsaved changes of the fic, and recovers them in one step', async () => {
    const story = makeStory();
    writeUnsavedWork(
      unsavedWorkKey(student._id, story._id),
      {
        title: 'Título sin guardar',
        text: '<p>Más texto</p>',
        tags: [],
        anonymity: false,
        nickname: false,
        nicknameValue: '',
        location: '',
        locationURL: null,
        writingTime: 30,
        hadCover: false,
      },
      new Date(),
    );
    const { user } = renderStory(story);
    await title();
    const notice = await screen.findByText(/guardados en este navegador que aún no se han guardado/);
    await user.click(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Recuperar' }),
    );
    const form = await screen.findByRole('form', { name: 'Formulario de la fic' });
    // The editor opens with the copy in it (StoryForm's restoreOnOpen), not with a second question.
    expect(within(form).getByText('Con la copia del navegador')).toBeInTheDocument();
  });

  it("forgets this fic's unsaved changes when the writer discards them from the notice", async () => {
    const story = makeStory();
    const key = unsavedWorkKey(student._id, story._id);
    writeUnsavedWork(
      key,
      {
        title: 'Título sin guardar',
        text: '<p>Más texto</p>',
        tags: [],
        anonymity: false,
        nickname: false,
        nicknameValue: '',
        location: '',
        locationURL: null,
        writingTime: 30,
        hadCover: false,
      },
      new Date(),
    );
    const { user } = renderStory(story);
    const notice = await screen.findByText(/guardados en este navegador que aún no se han guardado/);
    await user.click(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Descartar' }),
    );
    await waitFor(() => expect(screen.queryByText(/guardados en este navegador/)).not.toBeInTheDocument());
    expect(localStorage.getItem(key)).toBeNull();
    // 'Editar' opens the editor as usual, with nothing to recover.
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(await screen.findByText('Sin copia')).toBeInTheDocument();
  });

  it('says clearly that a fic the caller may not see does not exist, with a way home', async () => {
    const { user, router } = renderStory(null, { actor: null });
    expect(await screen.findByText('La fic solicitada no existe')).toBeInTheDocument();
    // A visitor may see more after signing in.
    const main = screen.getByRole('main');
    expect(within(main).getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    await user.click(within(main).getByRole('link', { name: 'Volver al home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a tag click to the home gallery filtered by that tag', async () => {
    const { user, router } = renderStory(makeStory({ publicationStatus: 'PUBLISHED', draft: false }));
    await title();
    await user.click(screen.getByRole('link', { name: 'Ver fics con la etiqueta mar y faros' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(new URLSearchParams(router.state.location.search).get('tags')).toBe('mar y faros');
  });

  it('shows an anonymous fic as Anónimo, and the real author only on request to who may know it', async () => {
    const { user } = renderStory(
      makeStory({
        anonymity: true,
        publicationStatus: 'EVALUATED',
        permissions: makePermissions({ canRevealAuthor: true, canUpdateEvaluation: true }),
      }),
      { actor: makeUser('TEACHER') },
    );
    await title();
    expect(screen.getByText('Por Anónimo')).toBeInTheDocument();
    expect(screen.queryByText(/Sofía/)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Mostrar autor' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(screen.getByText('Autor real: Sofía Escobar Ruiz')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ocultar autor' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Ocultar autor' }));
    expect(screen.queryByText(/Sofía/)).not.toBeInTheDocument();
  });

  it('offers no reveal without canRevealAuthor, even to who knows the author (the author themself)', async () => {
    renderStory(makeStory({ anonymity: true }));
    await title();
    expect(screen.getByText('Por Anónimo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostrar autor' })).not.toBeInTheDocument();
  });

  it('shows the student their evaluation in the drawer (score, comment, read-only grid) beside Enviar fic', async () => {
    const { user } = renderStory(
      makeStory({
        publicationStatus: 'EVALUATED',
        draft: false,
        evaluation: [makeEvaluation()],
        permissions: makePermissions({ canEdit: true, canSend: true, canViewEvaluation: true }),
      }),
    );
    await title();
    expect(
      within(actions()!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Editar', 'Enviar fic', 'Ver evaluación']);
    await user.click(screen.getByRole('button', { name: 'Ver evaluación' }));
    const drawer = await screen.findByRole('dialog', { name: 'Evaluación' });
    expect(within(drawer).getByText('Puntaje: 4 / 6')).toBeInTheDocument();
    expect(within(drawer).getByText('Buena idea; ordena la trama.')).toBeInTheDocument();
    expect(within(drawer).getByText('Evaluada por Marta Fuentes · may 12, 2025')).toBeInTheDocument();
    expect(within(drawer).getByRole('table', { name: 'Rúbrica de la evaluación' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['may evaluate', makePermissions({ canEvaluate: true })],
    ['may update the evaluation', makePermissions({ canUpdateEvaluation: true, canViewEvaluation: true })],
  ])("links a teacher who %s to the review page ('Corregir fic')", async (_, permissions) => {
    renderStory(makeStory({ publicationStatus: 'REVIEWING', draft: false, evaluation: [], permissions }), {
      actor: makeUser('TEACHER'),
    });
    await title();
    expect(within(actions()!).getByRole('link', { name: 'Corregir fic' })).toHaveAttribute(
      'href',
      `/fics/${storyId}/revision`,
    );
    expect(screen.queryByRole('button', { name: 'Ver evaluación' })).not.toBeInTheDocument();
  });

  it('publishes with a confirmation when the server allows it', async () => {
    const calls: string[] = [];
    const { user } = renderStory(
      makeStory({
        publicationStatus: 'EVALUATED',
        draft: false,
        evaluation: [makeEvaluation()],
        permissions: makePermissions({
          canPublish: true,
          canUpdateEvaluation: true,
          canViewEvaluation: true,
        }),
      }),
      {
        actor: makeUser('TEACHER'),
        handlers: {
          [`PATCH /stories/${storyId}`]: ({ body }) => {
            calls.push(`PATCH ${JSON.stringify(body)}`);
            return {
              body: {
                story: makeStory({
                  publicationStatus: 'PUBLISHED',
                  draft: false,
                  evaluation: [makeEvaluation()],
                  permissions: makePermissions({ canViewEvaluation: true }),
                }),
              },
            };
          },
          'POST /notifications/published': ({ body }) => {
            calls.push(`POST ${JSON.stringify(body)}`);
            return { body: { notified: false, message: 'El estudiante ya fue notificado' } };
          },
        },
      },
    );
    await title();
    await user.click(within(actions()!).getByRole('button', { name: 'Publicar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Publicar esta fic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Fic publicada exitosamente')).toBeInTheDocument();
    expect(calls).toEqual([
      'PATCH {"publicationStatus":"PUBLISHED"}',
      `POST {"userId":"user-STUDENT","storyId":"${storyId}"}`,
    ]);
    await waitFor(() => expect(screen.queryByText('FIC EN EDICIÓN')).not.toBeInTheDocument());
    expect(within(actions()!).queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    expect(within(actions()!).getByRole('button', { name: 'Ver evaluación' })).toBeInTheDocument();
  });

  it('shows a pseudonymous fic by its pseudonym, and no reveal when the API withholds the author', async () => {
    renderStory(
      makeStory({
        nickname: true,
        nicknameValue: 'La Gaviota',
        writtenBy: null,
        publicationStatus: 'PUBLISHED',
        permissions: makePermissions({ canEdit: false, canSend: false, canDelete: false }),
      }),
      { actor: null },
    );
    await title();
    expect(screen.getByText('Por La Gaviota')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostrar autor' })).not.toBeInTheDocument();
  });

  it("leaves /fics/nuevo to the editor: a static path ranks above ':storyId' wherever it sits in the table", () => {
    expect(matchRoutes(routes, '/fics/nuevo')?.at(-1)?.route.path).toBe('/fics/nuevo');
    expect(matchRoutes(routes, path)?.at(-1)?.route.path).toBe('/fics/:storyId');
  });
});
