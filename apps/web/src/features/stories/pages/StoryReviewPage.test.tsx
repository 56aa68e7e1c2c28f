import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Story, User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, type Handler } from '../../../test/utils';
import { makeEvaluation, makePermissions, makeStory, storyId } from './story-page.fixtures';

// The editor is another component's business (and loads Quill): a stand-in with its interface.
vi.mock('../components/StoryForm', () => ({
  StoryForm: ({
    story,
    onSaved,
    onCancel,
  }: {
    story?: Story;
    onSaved: (story: Story, how: 'draft' | 'sent' | 'updated') => void;
    onCancel?: () => void;
  }) => (
    <form aria-label="Formulario de la fic">
      <p>Editando: {story?.title}</p>
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

const path = `/fics/${storyId}/revision`;
const teacher = makeUser('TEACHER', { name: 'Marta Fuentes' });
const rubric = {
  _id: 'rubric-1',
  title: 'Comprensión lectora',
  description: 'Para cuentos breves',
  columns: makeEvaluation().columns,
  items: makeEvaluation().items.map((row) =>
    Object.fromEntries(Object.entries(row).map(([field, cell]) => [field, { ...cell, checked: false }])),
  ),
  createdAt: '2025-04-01T12:00:00.000Z',
  updatedAt: '2025-04-01T12:00:00.000Z',
};

/** A sent fic, seen by a teacher of its grade who may evaluate it, unless said otherwise. */
const sentStory = (overrides: Partial<Story> = {}) =>
  makeStory({
    publicationStatus: 'REVIEWING',
    draft: false,
    permissions: makePermissions({ canEvaluate: true, canPublish: false }),
    ...overrides,
  });

function renderReview(story: Story | null, options: { actor?: User; handlers?: Handlers } = {}) {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: options.actor ?? teacher } },
    [`GET /stories/${storyId}`]: story
      ? { body: { story } }
      : { status: 404, body: { type: 'NOT_FOUND', message: 'La fic solicitada no existe' } },
    'GET /rubrics/my-rubrics': {
      body: {
        rubrics: { docs: [rubric], page: 1, limit: 100, totalDocs: 1, hasNextPage: false, nextPage: null },
      },
    },
    ...options.handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const rendered = renderApp(path);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

const title = () => screen.findByRole('heading', { level: 1, name: 'El faro de Chiloé' });

describe('StoryReviewPage (/fics/:storyId/revision)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the fic and a floating 'Evaluar' that opens the evaluation form in the drawer", async () => {
    const posted: unknown[] = [];
    const evaluated = sentStory({
      publicationStatus: 'EVALUATED',
      evaluation: [makeEvaluation({ teacherId: teacher._id })],
      permissions: makePermissions({ canUpdateEvaluation: true, canViewEvaluation: true, canPublish: true }),
    });
    let current = sentStory();
    const { user } = renderReview(null, {
      handlers: {
        [`GET /stories/${storyId}`]: () => ({ body: { story: current } }),
        'POST /evaluations': ({ body }) => {
          posted.push(body);
          current = evaluated;
          return { body: { evaluation: evaluated.evaluation[0] } };
        },
      },
    });
    await title();
    expect(screen.getByRole('note')).toHaveTextContent('Por revisar');
    // Neither editing nor publishing before an evaluation.
    expect(screen.queryByRole('switch', { name: 'Modo edición' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Evaluar' }));
    const drawer = await screen.findByRole('dialog', { name: 'Evaluación' });
    await user.click(await within(drawer).findByRole('combobox', { name: 'Rúbrica' }));
    await user.click(await screen.findByRole('option', { name: 'Comprensión lectora' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Ortografía: Logrado (3 puntos)' }));
    expect(within(drawer).getByText('Puntaje: 3 / 6')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Enviar evaluación' }));
    // The other criterion has no level: sent so only once the teacher confirms.
    const confirm = await screen.findByRole('dialog', { name: 'Faltan criterios por evaluar' });
    await user.click(within(confirm).getByRole('button', { name: 'Enviar sin evaluarlos' }));

    expect(await screen.findByText('Evaluación enviada exitosamente')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      storyId,
      userId: 'user-STUDENT',
      rubricId: 'rubric-1',
      incomplete: true,
    });
    // The fic is reloaded: its new status, and publishing is now offered.
    await waitFor(() => expect(screen.getByRole('note')).toHaveTextContent('Evaluada con correcciones'));
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again, the drawer updates the evaluation.
    await user.click(screen.getByRole('button', { name: 'Evaluar' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Evaluación' })).findByRole('button', {
        name: 'Actualizar evaluación',
      }),
    ).toBeInTheDocument();
  });

  it("shows the author's 'Información personal' mark to the teacher reviewing (issue 22.7)", async () => {
    renderReview(sentStory({ personal: true }));
    await title();
    expect(screen.getByText('Información personal')).toBeInTheDocument();
  });

  it("swaps the fic for the editor with the 'Modo edición' switch, and back", async () => {
    const { user } = renderReview(
      sentStory({ permissions: makePermissions({ canEdit: true, canUpdateEvaluation: true }) }),
    );
    await title();
    const toggle = screen.getByRole('switch', { name: 'Modo edición' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('form', { name: 'Formulario de la fic' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar fic' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    // The floating button does not cover the form's own buttons.
    expect(screen.queryByRole('button', { name: 'Evaluar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Modo edición' }));
    expect(await title()).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Modo edición' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Modo edición' })).not.toBeChecked();
  });

  it('publishes after the confirmation: PATCH, then the notification, then the toast', async () => {
    const calls: string[] = [];
    const story = sentStory({
      publicationStatus: 'EVALUATED',
      evaluation: [makeEvaluation({ teacherId: teacher._id })],
      permissions: makePermissions({
        canEdit: true,
        canPublish: true,
        canUpdateEvaluation: true,
        canViewEvaluation: true,
        canDelete: true,
      }),
    });
    const { user } = renderReview(story, {
      handlers: {
        [`PATCH /stories/${storyId}`]: ({ body }) => {
          calls.push(`PATCH ${JSON.stringify(body)}`);
          return {
            body: {
              story: {
                ...story,
                publicationStatus: 'PUBLISHED',
                permissions: makePermissions({ canViewEvaluation: true, canDelete: true }),
              },
            },
          };
        },
        'POST /notifications/published': ({ body }) => {
          calls.push(`POST ${JSON.stringify(body)}`);
          return { body: { notified: false, message: 'El estudiante ya fue notificado' } };
        },
      },
    });
    await title();
    expect(
      within(screen.getByRole('group', { name: 'Acciones de la fic' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Publicar', 'Eliminar']);

    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Publicar esta fic?' });
    expect(dialog).toHaveAccessibleDescription(/Todos podrán leerla/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    dialog = await screen.findByRole('dialog', { name: '¿Publicar esta fic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Fic publicada exitosamente')).toBeInTheDocument();
    expect(calls).toEqual([
      'PATCH {"publicationStatus":"PUBLISHED"}',
      `POST {"userId":"user-STUDENT","storyId":"${storyId}"}`,
    ]);
    // Published: no banner, no publish, no editing; the evaluation is only read now, locked.
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Modo edición' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver evaluación' }));
    const drawer = await screen.findByRole('dialog', { name: 'Evaluación' });
    expect(
      await within(drawer).findByText('Esta fic ya fue publicada: su evaluación no se puede cambiar'),
    ).toBeInTheDocument();
    within(drawer)
      .getAllByRole('checkbox')
      .forEach((cell) => expect(cell).toBeDisabled());
    expect(within(drawer).queryByRole('button', { name: 'Actualizar evaluación' })).not.toBeInTheDocument();
  });

  it('shows a 409 on publishing in the error toast', async () => {
    const { user } = renderReview(
      sentStory({
        publicationStatus: 'EVALUATED',
        evaluation: [makeEvaluation()],
        permissions: makePermissions({ canPublish: true }),
      }),
      {
        handlers: {
          [`PATCH /stories/${storyId}`]: {
            status: 409,
            body: { type: 'CONFLICT', message: 'Esta fic ya fue publicada' },
          },
        },
      },
    );
    await title();
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Esta fic ya fue publicada')).toBeInTheDocument();
  });

  it("lets the student who opens it read their evaluation ('Ver evaluación'), nothing more", async () => {
    const { user } = renderReview(
      sentStory({
        publicationStatus: 'EVALUATED',
        evaluation: [makeEvaluation()],
        permissions: makePermissions({ canViewEvaluation: true }),
      }),
      { actor: makeUser('STUDENT') },
    );
    await title();
    expect(screen.queryByRole('button', { name: 'Evaluar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver evaluación' }));
    const drawer = await screen.findByRole('dialog', { name: 'Evaluación' });
    expect(within(drawer).getByText('Puntaje: 4 / 6')).toBeInTheDocument();
    expect(within(drawer).getByText('Buena idea; ordena la trama.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows a teacher without rights the fic alone', async () => {
    renderReview(sentStory({ permissions: makePermissions() }));
    await title();
    expect(screen.queryByRole('button', { name: /Evaluar|Ver evaluación/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Acciones de la fic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Modo edición' })).not.toBeInTheDocument();
  });

  it('says a fic the caller may not see does not exist, as its page does', async () => {
    renderReview(null);
    expect(await screen.findByText('La fic solicitada no existe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al home' })).toBeInTheDocument();
  });
});
