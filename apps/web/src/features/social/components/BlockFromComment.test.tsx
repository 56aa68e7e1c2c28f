import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { blockMessages, type Comment, type CommentAuthor } from '@fics/contracts';
import { makeUser, requestUrl } from '../../../test/utils';
import {
  callsTo,
  makeComment,
  makePublishedStory,
  pageFrom,
  renderStoryPage,
  student,
  studentAuthor,
} from '../social.fixtures';

// jsdom cannot run Quill: a textarea with the editor's interface stands in (as in CommentsSection.test).
vi.mock('./CommentTextEditor', () => ({
  default: ({
    value,
    onChange,
    labelledBy,
  }: {
    value: string;
    onChange: (html: string) => void;
    labelledBy: string;
  }) => (
    <textarea aria-labelledby={labelledBy} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

/**
 * 'Bloquear' on a comment (issue 21.4): offered to a student on another student's comment only,
 * it explains what blocking does before POST /blocks, and the comments reload without that person.
 */

const otherStudent: CommentAuthor = {
  ...studentAuthor,
  _id: 'student-bruno',
  name: 'Bruno Díaz',
};

const commentsOf = (all: Comment[]) => ({ body: { comments: pageFrom(all, 1) } });

const section = () => screen.findByRole('region', { name: /^Comentarios/ });

describe('Bloquear on a comment', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const all = [
    makeComment(1, { userId: otherStudent }),
    // The signed-in student's own comment (studentAuthor is `student`).
    makeComment(2, { userId: studentAuthor, permissions: { canEdit: true, canDelete: true } }),
    // A teacher's: teachers cannot be blocked.
    makeComment(3),
    // The fic's author behind anonymity: no id to block.
    makeComment(4, {
      userId: {
        _id: null,
        name: 'Autor/a',
        profilePicture: null,
        role: studentAuthor.role,
        isStoryAuthor: true,
      },
    }),
  ];

  it("offers 'Bloquear' only on another student's comment, explains it, blocks and reloads the comments", async () => {
    let blocked = false;
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 4 }), {
      handlers: {
        'GET /comments': () => commentsOf(blocked ? all.slice(1) : all),
        'POST /blocks': () => {
          blocked = true;
          return {
            status: 201,
            body: {
              block: {
                user: { _id: otherStudent._id, name: otherStudent.name, profilePicture: null },
                createdAt: '2025-06-05T12:00:00.000Z',
              },
              message: blockMessages.blocked,
            },
          };
        },
      },
    });
    const region = await section();
    await within(region).findByText('Comentario número 1');
    const buttons = within(region).getAllByRole('button', { name: /^Bloquear/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Bloquear a Bruno Díaz');

    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: '¿Bloquear a Bruno Díaz?' });
    expect(dialog).toHaveAccessibleDescription(/Ya no verán los comentarios ni las respuestas del otro/);
    expect(dialog).toHaveAccessibleDescription(/Puedes desbloquear cuando quieras desde tu perfil/);
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear' }));

    expect(await screen.findByText(blockMessages.blocked)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/blocks')).toEqual([{ userId: otherStudent._id }]);
    await waitFor(() => expect(within(region).queryByText('Comentario número 1')).not.toBeInTheDocument());
    expect(within(region).getByText('Comentario número 2')).toBeInTheDocument();
    const commentReads = fetchMock.mock.calls.filter(
      ([input]) => new URL(requestUrl(input), 'http://localhost').pathname === '/api/v1/comments',
    );
    expect(commentReads.length).toBeGreaterThanOrEqual(2);
  });

  it('cancelling the dialog blocks nobody', async () => {
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 4 }), {
      handlers: { 'GET /comments': () => commentsOf(all) },
    });
    await user.click(await screen.findByRole('button', { name: 'Bloquear a Bruno Díaz' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/blocks')).toEqual([]);
  });

  it.each([
    ['a teacher', makeUser('TEACHER')],
    ['an administrator', makeUser('ADMIN')],
    ['a visitor', null],
  ])('is not offered to %s', async (_label, actor) => {
    renderStoryPage(makePublishedStory({ comments: 4 }), {
      actor,
      handlers: { 'GET /comments': () => commentsOf(all) },
    });
    const region = await section();
    await within(region).findByText('Comentario número 1');
    expect(within(region).queryByRole('button', { name: /^Bloquear/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when a block refuses a comment", async () => {
    expect(student.role.name).toBe('STUDENT');
    const { user } = renderStoryPage(makePublishedStory({ comments: 0 }), {
      handlers: {
        'POST /comments': {
          status: 403,
          body: { type: 'FORBIDDEN', message: blockMessages.cannotComment },
        },
      },
    });
    await section();
    await user.click(await screen.findByRole('button', { name: 'Escribe un comentario...' }));
    const field = await screen.findByRole('textbox', { name: 'Tu comentario' });
    await user.type(field, 'Hola');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect((await screen.findAllByText(blockMessages.cannotComment)).length).toBeGreaterThan(0);
    // What was written stays, to copy elsewhere.
    expect(field).toHaveValue('Hola');
  });
});
