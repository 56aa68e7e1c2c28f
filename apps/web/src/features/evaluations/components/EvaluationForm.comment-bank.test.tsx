import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commentBankMessages, evaluationMessages, type SavedComment } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderWithProviders } from '../../../test/utils';
import { makeRubric, makeSentStory, teacherId } from '../evaluations.fixtures';
import { EvaluationDrawer } from './EvaluationDrawer';

const teacher = makeUser('TEACHER', { _id: teacherId, name: 'Marta Fuentes' });
const page = <T,>(docs: T[]) => ({
  docs,
  page: 1,
  limit: docs.length || 10,
  totalDocs: docs.length,
  hasNextPage: false,
  nextPage: null,
});
const saved = (n: number, text: string): SavedComment => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  text,
  useCount: 0,
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const short = saved(1, 'Revisa la puntuación.');
const long = saved(
  2,
  'Tu historia tiene un comienzo muy atractivo, pero el desenlace llega demasiado rápido.',
);

/** The field's own tools: the 'Mis comentarios' buttons inside its frame. */
const toolsOf = (field: HTMLElement) => within(field.closest<HTMLElement>('.MuiFormControl-root')!);

describe("EvaluationForm and 'Mis comentarios'", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('inserts a picked comment into the comment and a criterion, validated at once, and saves a field', async () => {
    const uses: string[] = [];
    const saves: unknown[] = [];
    mockApi({
      'GET /auth/me': { body: { user: teacher } },
      'GET /rubrics/my-rubrics': { body: { rubrics: page([makeRubric()]) } },
      'GET /me/saved-comments': { body: { comments: page([short, long]) } },
      [`POST /me/saved-comments/${short._id}/use`]: ({ path }) => {
        uses.push(path);
        return { body: { comment: short, message: '' } };
      },
      [`POST /me/saved-comments/${long._id}/use`]: ({ path }) => {
        uses.push(path);
        return { body: { comment: long, message: '' } };
      },
      'POST /me/saved-comments': ({ body }) => {
        saves.push(body);
        return { status: 201, body: { comment: saved(3, 'x'), message: commentBankMessages.saved } };
      },
    });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    renderWithProviders(
      <EvaluationDrawer story={makeSentStory({}, { canEvaluate: true })} open onClose={vi.fn()} />,
    );
    const user = userEvent.setup({ delay: null });
    // The rubrics have loaded when the form asks for one.
    expect(await screen.findByText('Elige una de tus rúbricas para evaluar esta fic.')).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Rúbrica' }));
    await user.click(await screen.findByRole('option', { name: makeRubric().title }));

    const comment = screen.getByRole('textbox', { name: 'Comentario' });
    await user.type(comment, 'Bien.');
    await user.click(toolsOf(comment).getByRole('button', { name: 'Mis comentarios: Comentario' }));
    await user.click(await screen.findByText(short.text));
    expect(comment).toHaveValue('Bien. Revisa la puntuación.');

    // Over the comment's 70 characters: flagged as soon as it is inserted.
    await user.click(toolsOf(comment).getByRole('button', { name: 'Mis comentarios: Comentario' }));
    await user.click(await screen.findByText(long.text));
    expect(await screen.findByText(evaluationMessages.commentMax)).toBeInTheDocument();

    // A criterion's comment (300 characters) takes the long one.
    const trama = screen.getByRole('textbox', { name: 'Comentario sobre «Trama»' });
    await user.click(
      toolsOf(trama).getByRole('button', { name: 'Mis comentarios: Comentario sobre «Trama»' }),
    );
    await user.click(await screen.findByText(long.text));
    expect(trama).toHaveValue(long.text);
    await waitFor(() => expect(uses).toHaveLength(3));

    await user.type(
      screen.getByRole('textbox', { name: 'Comentario sobre «Personajes»' }),
      'Personajes vivos',
    );
    await user.click(
      toolsOf(screen.getByRole('textbox', { name: 'Comentario sobre «Personajes»' })).getByRole('button', {
        name: 'Guardar en Mis comentarios: Comentario sobre «Personajes»',
      }),
    );
    expect(await screen.findByText(commentBankMessages.saved)).toBeInTheDocument();
    expect(saves).toEqual([{ text: 'Personajes vivos' }]);
  });
});
