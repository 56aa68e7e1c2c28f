import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Story, User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderWithProviders, requestUrl, type Handler } from '../../../test/utils';
import {
  authorId,
  makeEvaluation,
  makeRubric,
  makeSentStory,
  storyId,
  teacherId,
} from '../evaluations.fixtures';
import { EvaluationDrawer } from './EvaluationDrawer';

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

const teacher = makeUser('TEACHER', { _id: teacherId, name: 'Marta Fuentes' });
const page = <T,>(docs: T[]) => ({
  docs,
  page: 1,
  limit: 100,
  totalDocs: docs.length,
  hasNextPage: false,
  nextPage: null,
});

function renderDrawer(story: Story, options: { actor?: User; handlers?: Handlers } = {}) {
  const onClose = vi.fn();
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: options.actor ?? teacher } },
    'GET /rubrics/my-rubrics': {
      body: { rubrics: page([makeRubric(), makeRubric({ _id: 'rubric-2', title: 'Otra' })]) },
    },
    ...options.handlers,
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const rendered = renderWithProviders(<EvaluationDrawer story={story} open onClose={onClose} />);
  return { ...rendered, onClose, fetchMock, user: userEvent.setup({ delay: null }) };
}

const drawer = () => screen.findByRole('dialog', { name: 'Evaluación' });
const cellButton = (criterion: string, level: string, points: number) =>
  screen.getByRole('checkbox', {
    name: `${criterion}: ${level} (${points} punto${points === 1 ? '' : 's'})`,
  });
const checkedCells = () =>
  screen
    .queryAllByRole('checkbox')
    .filter((box) => box.getAttribute('aria-checked') === 'true')
    .map((box) => box.getAttribute('aria-label'));

/** A level for each criterion of the fixtures' rubrics. */
async function markEveryCriterion(user: ReturnType<typeof userEvent.setup>) {
  for (const criterion of ['Ortografía', 'Trama', 'Personajes']) {
    await user.click(cellButton(criterion, 'Logrado', 3));
  }
}

async function chooseRubric(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Rúbrica' }));
  await user.click(await screen.findByRole('option', { name: title }));
}

describe('EvaluationDrawer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('copies the chosen rubric into the form; one check per row, a live score, and POST without a score', async () => {
    const bodies: unknown[] = [];
    const { user, onClose } = renderDrawer(makeSentStory({}, { canEvaluate: true }), {
      handlers: {
        'POST /evaluations': ({ body }) => {
          bodies.push(body);
          return { body: { evaluation: makeEvaluation() } };
        },
      },
    });
    const panel = await drawer();
    expect(within(panel).getByText('El faro de Chiloé')).toBeInTheDocument();
    const send = within(panel).getByRole('button', { name: 'Enviar evaluación' });
    // No rows yet: nothing to send.
    expect(send).toBeDisabled();
    expect(
      await within(panel).findByText('Elige una de tus rúbricas para evaluar esta fic.'),
    ).toBeInTheDocument();

    await chooseRubric(user, 'Comprensión lectora');
    expect(within(panel).getByRole('table', { name: 'Rúbrica: Comprensión lectora' })).toBeInTheDocument();
    expect(within(panel).getByText('Puntaje: 0 / 9')).toBeInTheDocument();
    expect(send).toBeEnabled();

    await user.click(cellButton('Ortografía', 'Medianamente logrado', 2));
    await user.click(cellButton('Ortografía', 'Logrado', 3));
    // Checking another level of the row unchecks the first.
    expect(checkedCells()).toEqual(['Ortografía: Logrado (3 puntos)']);
    await user.click(cellButton('Trama', 'Logrado', 3));
    await user.click(cellButton('Personajes', 'Medianamente logrado', 2));
    expect(within(panel).getByText('Puntaje: 8 / 9')).toBeInTheDocument();
    // Clicking a checked cell unchecks it.
    await user.click(cellButton('Personajes', 'Medianamente logrado', 2));
    await user.click(cellButton('Personajes', 'Por lograr', 1));
    expect(within(panel).getByText('Puntaje: 7 / 9')).toBeInTheDocument();

    const comment = within(panel).getByRole('textbox', { name: 'Comentario' });
    expect(comment).toHaveAttribute('rows', '2');
    await user.type(comment, 'Muy buena trama.');
    expect(within(panel).getByText('16/70')).toBeInTheDocument();
    // Each criterion has its own optional comment, named after it, with its counter.
    await user.type(
      within(panel).getByRole('textbox', { name: 'Comentario sobre «Trama»' }),
      '  Se entiende bien ',
    );
    expect(within(panel).getByText('19/300')).toBeInTheDocument();
    await user.click(send);

    expect(await screen.findByText('Evaluación enviada exitosamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(bodies).toHaveLength(1);
    const body = bodies[0] as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'columns',
      'comment',
      'criterionComments',
      'incomplete',
      'items',
      'rubricId',
      'storyId',
      'userId',
    ]);
    expect(body).toMatchObject({
      storyId,
      userId: authorId,
      rubricId: 'rubric-1',
      columns: makeRubric().columns,
      comment: 'Muy buena trama.',
      // One per row, trimmed by the contracts' rule.
      criterionComments: ['', 'Se entiende bien', ''],
      // Every criterion has its level: nothing to confirm.
      incomplete: false,
    });
    expect(body).not.toHaveProperty('score');
    const items = body.items as Record<string, { checked: boolean }>[];
    expect(items.map((row) => Object.keys(row).filter((field) => row[field]!.checked))).toEqual([
      ['col1'],
      ['col1'],
      ['col3'],
    ]);
  });

  it('names the criteria without a level and sends them unmarked only once the teacher confirms', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user } = renderDrawer(makeSentStory({}, { canEvaluate: true }), {
      handlers: {
        'POST /evaluations': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return { body: { evaluation: makeEvaluation() } };
        },
      },
    });
    const panel = await drawer();
    await chooseRubric(user, 'Comprensión lectora');
    await user.click(cellButton('Ortografía', 'Logrado', 3));
    await user.click(within(panel).getByRole('button', { name: 'Enviar evaluación' }));

    // One of three marked: a dialog names the two others, and nothing is sent.
    const ask = await screen.findByRole('dialog', { name: 'Faltan criterios por evaluar' });
    expect(ask).toHaveTextContent(
      'Falta evaluar: Trama, Personajes. Esos criterios quedarán sin puntaje. ¿Enviar la evaluación así?',
    );
    expect(bodies).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Faltan criterios por evaluar' })).toBeNull(),
    );
    // Back in the form, the missing ones stay named, and the list follows the checks.
    expect(within(panel).getByRole('status')).toHaveTextContent('Falta evaluar: Trama, Personajes');
    await user.click(cellButton('Trama', 'Logrado', 3));
    expect(within(panel).getByText('Falta evaluar: Personajes')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Enviar evaluación' }));
    const again = await screen.findByRole('dialog', { name: 'Faltan criterios por evaluar' });
    expect(again).toHaveTextContent('Falta evaluar: Personajes.');
    await user.click(within(again).getByRole('button', { name: 'Enviar sin evaluarlos' }));
    expect(await screen.findByText('Evaluación enviada exitosamente')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ incomplete: true, rubricId: 'rubric-1' });
    const items = bodies[0]!.items as Record<string, { checked: boolean }>[];
    expect(items.map((row) => Object.keys(row).filter((field) => row[field]!.checked))).toEqual([
      ['col1'],
      ['col1'],
      [],
    ]);
  });

  it('says the comment is too long (70 at most) and does not send it', async () => {
    const { user, fetchMock } = renderDrawer(makeSentStory({}, { canEvaluate: true }));
    const panel = await drawer();
    await chooseRubric(user, 'Comprensión lectora');
    const comment = within(panel).getByRole('textbox', { name: 'Comentario' });
    await user.click(comment);
    await user.paste('a'.repeat(71));
    // The form validates with the contracts' schema as the teacher types (react-hook-form's resolver
    // answers asynchronously): wait for the message rather than expecting it in the same tick.
    expect(
      await within(panel).findByText('El comentario debe tener máximo 70 caracteres'),
    ).toBeInTheDocument();
    await waitFor(() => expect(comment).toHaveAttribute('aria-invalid', 'true'));
    await user.click(within(panel).getByRole('button', { name: 'Enviar evaluación' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // Focus back on the field in error (components/error-focus.ts).
    await waitFor(() => expect(comment).toHaveFocus());
    await user.type(comment, '{Backspace}');
    await waitFor(() =>
      expect(
        within(panel).queryByText('El comentario debe tener máximo 70 caracteres'),
      ).not.toBeInTheDocument(),
    );
  });

  it("shows the server's field message, and a refusal in the error toast", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        type: 'VALIDATION_ERROR',
        message: 'Datos inválidos',
        errors: {
          comment: 'El comentario debe tener máximo 70 caracteres',
          'items.1': 'Marca solo una casilla por fila',
        },
      },
    };
    const { user, onClose } = renderDrawer(makeSentStory({}, { canEvaluate: true }), {
      handlers: { 'POST /evaluations': () => answer },
    });
    const panel = await drawer();
    await chooseRubric(user, 'Comprensión lectora');
    await markEveryCriterion(user);
    await user.click(within(panel).getByRole('button', { name: 'Enviar evaluación' }));
    expect(
      await within(panel).findByText('El comentario debe tener máximo 70 caracteres'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Fila 2: Marca solo una casilla por fila')).toBeInTheDocument();
    // The first message in the page's order takes focus: the grid's, above the comment.
    await waitFor(() =>
      expect(
        within(panel).getByText('Fila 2: Marca solo una casilla por fila').closest('[role="alert"]'),
      ).toHaveFocus(),
    );

    answer = { status: 409, body: { type: 'CONFLICT', message: 'Otro docente ya evaluó esta fic' } };
    await user.click(within(panel).getByRole('button', { name: 'Enviar evaluación' }));
    expect(await screen.findByText('Otro docente ya evaluó esta fic')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('leaves out the author of a fic the teacher reviews blind', async () => {
    const bodies: unknown[] = [];
    const { user } = renderDrawer(
      makeSentStory({ anonymity: true, writtenBy: null }, { canEvaluate: true }),
      {
        handlers: {
          'POST /evaluations': ({ body }) => {
            bodies.push(body);
            return { body: { evaluation: makeEvaluation() } };
          },
        },
      },
    );
    const panel = await drawer();
    await chooseRubric(user, 'Otra');
    await markEveryCriterion(user);
    await user.click(within(panel).getByRole('button', { name: 'Enviar evaluación' }));
    await screen.findByText('Evaluación enviada exitosamente');
    expect(bodies[0]).not.toHaveProperty('userId');
  });

  it('offers to create a rubric to a teacher who has none', async () => {
    const { router } = renderDrawer(makeSentStory({}, { canEvaluate: true }), {
      handlers: { 'GET /rubrics/my-rubrics': { body: { rubrics: page([]) } } },
    });
    const panel = await drawer();
    expect(await within(panel).findByText('No tienes rúbricas creadas')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Crear una rúbrica' })).toHaveAttribute(
      'href',
      '/rubricas/nuevo',
    );
    expect(within(panel).getByRole('button', { name: 'Enviar evaluación' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/');
  });

  it('starts from the existing evaluation and updates it with PATCH (items and comment)', async () => {
    const bodies: unknown[] = [];
    const story = makeSentStory(
      { publicationStatus: 'EVALUATED', evaluation: [makeEvaluation()] },
      { canUpdateEvaluation: true, canViewEvaluation: true, canPublish: true },
    );
    const { user, onClose } = renderDrawer(story, {
      handlers: {
        'PATCH /evaluations/evaluation-1': ({ body }) => {
          bodies.push(body);
          return { body: { evaluation: makeEvaluation({ score: 9 }) } };
        },
      },
    });
    const panel = await drawer();
    expect(within(panel).getByText('Puntaje: 7 / 9')).toBeInTheDocument();
    expect(checkedCells()).toEqual([
      'Ortografía: Logrado (3 puntos)',
      'Trama: Logrado (3 puntos)',
      'Personajes: Por lograr (1 punto)',
    ]);
    expect(within(panel).getByRole('textbox', { name: 'Comentario' })).toHaveValue(
      'Muy buena trama, revisa los personajes.',
    );
    await waitFor(() =>
      expect(within(panel).getByRole('combobox', { name: 'Rúbrica' })).toHaveTextContent(
        'Comprensión lectora',
      ),
    );
    expect(within(panel).queryByRole('button', { name: 'Enviar evaluación' })).not.toBeInTheDocument();

    await user.click(cellButton('Personajes', 'Logrado', 3));
    expect(within(panel).getByText('Puntaje: 9 / 9')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Actualizar evaluación' }));

    expect(await screen.findByText('Evaluación actualizada exitosamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(bodies).toHaveLength(1);
    const body = bodies[0] as Record<string, unknown>;
    // The same columns: only the rows and the comment (spec 001 §7).
    expect(Object.keys(body).sort()).toEqual(['comment', 'criterionComments', 'incomplete', 'items']);
    expect(body.criterionComments).toEqual(['', 'La trama avanza bien', '']);
    expect(body.incomplete).toBe(false);
    expect(body.comment).toBe('Muy buena trama, revisa los personajes.');
  });

  it('shows the student their evaluation to read: score, comment, teacher, date and the checked grid', async () => {
    const student = makeUser('STUDENT', { _id: authorId });
    const { fetchMock } = renderDrawer(
      makeSentStory(
        { publicationStatus: 'EVALUATED', evaluation: [makeEvaluation()] },
        { canViewEvaluation: true },
      ),
      { actor: student },
    );
    const panel = await drawer();
    expect(within(panel).getByText('Puntaje: 7 / 9')).toBeInTheDocument();
    expect(within(panel).getByText('Muy buena trama, revisa los personajes.')).toBeInTheDocument();
    expect(within(panel).getByText('Evaluada por Marta Fuentes · may 12, 2025')).toBeInTheDocument();
    const grid = within(panel).getByRole('table', { name: 'Rúbrica de la evaluación' });
    expect(within(grid).getByText(/Sin errores/)).toHaveTextContent('Sin errores (marcada)');
    // The criterion's comment sits in the row after its levels, named after its criterion; rows
    // without one show nothing.
    const rows = within(grid).getAllByRole('row');
    const trama = rows.findIndex((row) => within(row).queryByRole('rowheader', { name: 'Trama' }));
    expect(rows[trama + 1]).toHaveTextContent(
      'Comentario del docenteComentario del docente sobre «Trama»: La trama avanza bien',
    );
    expect(within(grid).getAllByText('La trama avanza bien', { exact: false })).toHaveLength(1);
    expect(within(panel).queryAllByRole('checkbox')).toEqual([]);
    expect(within(panel).queryByRole('button', { name: /evaluación/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    // A student has no rubrics to ask for.
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('/rubrics'))).toBe(false);
  });

  it('disables the rubric and leaves no update once the fic is published', async () => {
    renderDrawer(
      makeSentStory(
        { publicationStatus: 'PUBLISHED', evaluation: [makeEvaluation()] },
        { canViewEvaluation: true },
      ),
    );
    const panel = await drawer();
    // The evaluating teacher (known once the session loads) sees their grid, locked.
    expect(
      await within(panel).findByText('Esta fic ya fue publicada: su evaluación no se puede cambiar'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Puntaje: 7 / 9')).toBeInTheDocument();
    const cells = within(panel).getAllByRole('checkbox');
    expect(cells).toHaveLength(9);
    cells.forEach((cell) => expect(cell).toBeDisabled());
    expect(within(panel).getByRole('textbox', { name: 'Comentario' })).toBeDisabled();
    expect(within(panel).getByRole('textbox', { name: 'Comentario sobre «Trama»' })).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: /evaluación/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Rúbrica' })).not.toBeInTheDocument();
  });

  it("refuses a criterion's comment over 300 characters on its row, and shows the server's on its row", async () => {
    const bodies: unknown[] = [];
    const { user } = renderDrawer(
      makeSentStory(
        { publicationStatus: 'EVALUATED', evaluation: [makeEvaluation()] },
        { canUpdateEvaluation: true, canViewEvaluation: true },
      ),
      {
        handlers: {
          'PATCH /evaluations/evaluation-1': ({ body }) => {
            bodies.push(body);
            return {
              status: 400,
              body: {
                type: 'VALIDATION_ERROR',
                message: 'Datos inválidos',
                errors: {
                  'criterionComments.0': 'El comentario del criterio debe tener máximo 300 caracteres',
                },
              },
            };
          },
        },
      },
    );
    const panel = await drawer();
    const field = await within(panel).findByRole('textbox', { name: 'Comentario sobre «Ortografía»' });
    await user.click(field);
    await user.paste('x'.repeat(301));
    expect(await within(panel).findByText('301/300')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(
      await within(panel).findByText('El comentario del criterio debe tener máximo 300 caracteres'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Actualizar evaluación' }));
    // Nothing sent; the field with the error gets the focus.
    expect(bodies).toHaveLength(0);
    await waitFor(() => expect(field).toHaveFocus());

    await user.type(field, '{Backspace}');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'false'));
    await user.click(within(panel).getByRole('button', { name: 'Actualizar evaluación' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // The server's message goes to the row it names.
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(
      await within(panel).findByText('El comentario del criterio debe tener máximo 300 caracteres'),
    ).toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const { user, onClose } = renderDrawer(
      makeSentStory(
        { publicationStatus: 'EVALUATED', evaluation: [makeEvaluation()] },
        { canViewEvaluation: true },
      ),
      { actor: makeUser('ADMIN') },
    );
    const panel = await drawer();
    await user.click(within(panel).getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
