import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { commentMessages, type Comment, type Reply } from '@fics/contracts';
import { makeUser, requestUrl, type Handler } from '../../../test/utils';
import {
  callsTo,
  makeComment,
  makePublishedStory,
  makeReply,
  pageFrom,
  renderStoryPage,
  storyId,
  studentAuthor,
} from '../social.fixtures';

// jsdom cannot run Quill (no layout, no selection API): a textarea with the editor's interface
// stands in for it; the real editor is looked at in the browser.
vi.mock('./CommentTextEditor', () => ({
  default: ({
    value,
    onChange,
    labelledBy,
    describedBy,
  }: {
    value: string;
    onChange: (html: string) => void;
    labelledBy: string;
    describedBy?: string;
  }) => (
    <textarea
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
}));

const section = () => screen.findByRole('region', { name: /^Comentarios/ });
const commentsList = async () => within(await section()).findAllByRole('article');

/** GET /comments answering `all` 5 a page, for any page asked. */
function commentsApi(all: Comment[]): Handler {
  return ({ query }) => ({ body: { comments: pageFrom(all, Number(query.get('page') ?? 1)) } });
}

function repliesApi(all: Reply[]): Handler {
  return ({ query }) => ({ body: { replies: pageFrom(all, Number(query.get('page') ?? 1)) } });
}

describe('CommentsSection (comments and replies on /fics/:id)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'No hay comentarios' when there are none", async () => {
    renderStoryPage(makePublishedStory());
    expect(await within(await section()).findByText(commentMessages.empty)).toBeInTheDocument();
    expect(screen.queryByText(commentMessages.noMore)).not.toBeInTheDocument();
  });

  it("reads 5 comments a page with 'Ver más', then says 'No hay más comentarios'", async () => {
    const all = Array.from({ length: 7 }, (_, index) => makeComment(index + 1));
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 7 }), {
      handlers: { 'GET /comments': commentsApi(all) },
    });
    expect(await commentsList()).toHaveLength(5);
    expect(await section()).toHaveAccessibleName('Comentarios (7)');
    expect(screen.queryByText(commentMessages.noMore)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Marta Fuentes' })).toHaveLength(7));
    expect(screen.getByText('Comentario número 7')).toBeInTheDocument();
    expect(screen.getByText(commentMessages.noMore)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();

    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/comments')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(asked).toEqual([
      { storyId, page: '1', limit: '5' },
      { storyId, page: '2', limit: '5' },
    ]);
  });

  it('shows the author, role, Spanish date, (editado) and the cleaned text of a comment', async () => {
    renderStoryPage(makePublishedStory({ comments: 1 }), {
      handlers: {
        'GET /comments': commentsApi([
          makeComment(1, {
            text: '<p><strong>Me encantó</strong><img src=x onerror="window.hacked=1"></p><script>window.hacked=1</script>',
            wasEdited: true,
          }),
        ]),
      },
    });
    const [comment] = await commentsList();
    expect(comment).toHaveAccessibleName('Marta Fuentes');
    expect(within(comment!).getByText('Docente')).toBeInTheDocument();
    expect(within(comment!).getByText('jun 03, 2025').parentElement).toHaveTextContent(
      'jun 03, 2025 (editado)',
    );
    const text = within(comment!).getByText('Me encantó');
    expect(text.tagName).toBe('STRONG');
    expect(text.closest('div')!.innerHTML).toBe('<p><strong>Me encantó</strong></p>');
    // The photo is decorative (alt ''): the name beside it says who wrote.
    expect(comment!.querySelector('img')).toHaveAttribute('src', '/media/avatars/marta.png');
  });

  it("shows an erased writer's comment as 'Usuario eliminado' and, without its text, a muted note instead of a blank", async () => {
    const erased = {
      _id: null,
      name: commentMessages.erasedWriter,
      profilePicture: null,
      role: { name: '', displayName: '' },
      isStoryAuthor: false,
    };
    const none = { canEdit: false, canDelete: false };
    const { user } = renderStoryPage(makePublishedStory({ comments: 2 }), {
      handlers: {
        'GET /comments': commentsApi([
          makeComment(1, { userId: erased, text: '', textRemoved: true, permissions: none, replies: 1 }),
          makeComment(2, { userId: erased, text: '<p>Un texto que se conservó</p>', permissions: none }),
        ]),
        'GET /comments/comment-1/replies': repliesApi([
          makeReply('comment-1', 1, { userId: erased, text: '', textRemoved: true, permissions: none }),
        ]),
      },
    });
    const [removed, kept] = await commentsList();
    expect(removed).toHaveAccessibleName('Usuario eliminado');
    const note = within(removed!).getByText(commentMessages.commentTextRemoved);
    expect(note).toHaveStyle({ fontStyle: 'italic' });
    expect(within(removed!).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    // Nothing left to report in it; the kept text may be reported.
    expect(within(removed!).queryByRole('button', { name: /^Reportar/ })).not.toBeInTheDocument();
    expect(within(kept!).getByRole('button', { name: /^Reportar/ })).toBeInTheDocument();
    expect(kept).toHaveAccessibleName('Usuario eliminado');
    expect(within(kept!).getByText('Un texto que se conservó')).toBeInTheDocument();
    expect(within(kept!).queryByText(commentMessages.commentTextRemoved)).not.toBeInTheDocument();

    await user.click(within(removed!).getByRole('button', { name: 'Ver respuesta (1)' }));
    const region = await screen.findByRole('region', {
      name: 'Respuestas al comentario de Usuario eliminado',
    });
    const [reply] = await within(region).findAllByRole('article');
    expect(reply).toHaveAccessibleName('Usuario eliminado');
    expect(within(reply!).getByText(commentMessages.replyTextRemoved)).toBeInTheDocument();
  });

  it("marks the fic's author with an 'Autor/a' badge, and shows them as the fic does when the API hides them", async () => {
    const hidden = { _id: null, profilePicture: null, role: studentAuthor.role, isStoryAuthor: true };
    const { user } = renderStoryPage(makePublishedStory({ comments: 4 }), {
      handlers: {
        'GET /comments': commentsApi([
          // An anonymous fic's author: 'Autor/a', the badge as the name.
          makeComment(1, { userId: { ...hidden, name: 'Autor/a' }, replies: 1 }),
          // A pseudonymous fic's author: the pseudonym and the badge.
          makeComment(2, { userId: { ...hidden, name: 'Pluma Veloz' } }),
          // The author of a signed fic (or seen by who may know them): name, role and the badge.
          makeComment(3, { userId: { ...studentAuthor, isStoryAuthor: true } }),
          makeComment(4, { userId: studentAuthor }),
        ]),
        'GET /comments/comment-1/replies': repliesApi([
          makeReply('comment-1', 1, { userId: { ...hidden, name: 'Autor/a' } }),
        ]),
      },
    });
    const [anonymous, pseudonym, named, other] = await commentsList();
    expect(anonymous).toHaveAccessibleName('Autor/a');
    expect(within(anonymous!).getAllByText('Autor/a')).toHaveLength(1);
    expect(within(anonymous!).getByText('Autor/a').closest('.MuiChip-root')).not.toBeNull();
    // No role, no initials, no photo: nothing but what the fic shows.
    expect(within(anonymous!).queryByText('Estudiante')).not.toBeInTheDocument();
    expect(anonymous!.querySelector('img')).toBeNull();
    expect(within(anonymous!).getByTestId('PersonOutlinedIcon')).toBeInTheDocument();

    expect(pseudonym).toHaveAccessibleName('Pluma Veloz');
    expect(within(pseudonym!).getByText('Autor/a').closest('.MuiChip-root')).not.toBeNull();
    expect(within(pseudonym!).queryByText('Estudiante')).not.toBeInTheDocument();
    expect(within(pseudonym!).queryByText('PV')).not.toBeInTheDocument();

    expect(named).toHaveAccessibleName('Ana María Rojas');
    expect(within(named!).getByText('Autor/a')).toBeInTheDocument();
    expect(within(named!).getByText('Estudiante')).toBeInTheDocument();

    expect(other).toHaveAccessibleName('Ana María Rojas');
    expect(within(other!).queryByText('Autor/a')).not.toBeInTheDocument();

    // Replies the same way.
    await user.click(within(anonymous!).getByRole('button', { name: 'Ver respuesta (1)' }));
    const region = await screen.findByRole('region', { name: 'Respuestas al comentario de Autor/a' });
    const [reply] = await within(region).findAllByRole('article');
    expect(reply).toHaveAccessibleName('Autor/a');
    expect(within(reply!).getByText('Autor/a').closest('.MuiChip-root')).not.toBeNull();
  });

  it('tells the author of an anonymous or pseudonymous fic how the others see what they write on it', async () => {
    const author = makeUser('STUDENT', { _id: 'author-1' });
    const notice = (name: string) =>
      `Tus comentarios y respuestas en esta fic aparecen como «${name}» para los demás, sin tu nombre ni tu foto.`;
    const anonymous = renderStoryPage(makePublishedStory({ anonymity: true }), { actor: author });
    expect(await within(await section()).findByText(notice('Autor/a'))).toBeInTheDocument();
    anonymous.unmount();

    const pseudonymous = renderStoryPage(
      makePublishedStory({ nickname: true, nicknameValue: 'Pluma Veloz' }),
      { actor: author },
    );
    expect(await within(await section()).findByText(notice('Pluma Veloz'))).toBeInTheDocument();
    pseudonymous.unmount();

    // Nobody else is told, nor the author of a signed fic.
    const other = renderStoryPage(makePublishedStory({ anonymity: true }), { actor: makeUser('STUDENT') });
    expect(await within(await section()).findByText(commentMessages.empty)).toBeInTheDocument();
    expect(screen.queryByText(/aparecen como/)).not.toBeInTheDocument();
    other.unmount();
    renderStoryPage(makePublishedStory(), { actor: author });
    expect(await within(await section()).findByText(commentMessages.empty)).toBeInTheDocument();
    expect(screen.queryByText(/aparecen como/)).not.toBeInTheDocument();
  });

  it('offers Editar and Eliminar only on the comments the server allows', async () => {
    renderStoryPage(makePublishedStory({ comments: 2 }), {
      handlers: {
        'GET /comments': commentsApi([
          makeComment(1, { userId: studentAuthor, permissions: { canEdit: true, canDelete: true } }),
          makeComment(2),
        ]),
      },
    });
    await commentsList();
    const mine = within(screen.getByRole('group', { name: 'Acciones del comentario de Ana María Rojas' }));
    expect(mine.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Responder',
      'Editar',
      'Eliminar',
    ]);
    const theirs = within(screen.getByRole('group', { name: 'Acciones del comentario de Marta Fuentes' }));
    // 'Reportar' on anyone else's (issue 21.1; ReportFromComment.test.tsx).
    expect(theirs.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Responder',
      'Reportar',
    ]);
  });

  it('writes a comment: the empty text is refused with the spec message, then it is sent and shown first', async () => {
    const created = makeComment(9, {
      userId: studentAuthor,
      text: '<p>¡Qué buena historia!</p>',
      permissions: { canEdit: true, canDelete: true },
    });
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 1 }), {
      handlers: {
        'GET /comments': commentsApi([makeComment(1)]),
        'POST /comments': { status: 201, body: { comment: created, message: commentMessages.created } },
      },
    });
    await commentsList();
    await user.click(screen.getByRole('button', { name: 'Escribe un comentario...' }));
    const field = await screen.findByRole('textbox', { name: 'Tu comentario' });
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText(commentMessages.textRequired)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(commentMessages.textRequired);
    expect(callsTo(fetchMock, 'POST', '/comments')).toEqual([]);

    await user.type(field, '<p>¡Qué buena historia!</p>');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText(commentMessages.created)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/comments')).toEqual([
      { text: '<p>¡Qué buena historia!</p>', storyId },
    ]);
    const [first] = await commentsList();
    expect(first).toHaveTextContent('¡Qué buena historia!');
    expect(screen.queryByRole('textbox', { name: 'Tu comentario' })).not.toBeInTheDocument();
    // The fic's counts follow: the section's heading and the bar under the fic.
    expect(await section()).toHaveAccessibleName('Comentarios (2)');
    expect(screen.getByRole('link', { name: '2 comentarios' })).toBeInTheDocument();
  });

  it("shows 'Ups, algo ha salido mal' and the inline text when sending fails, and a refused field's message on it", async () => {
    let answer: { status: number; body: unknown } = {
      status: 500,
      body: { type: 'INTERNAL', message: 'x' },
    };
    const { user } = renderStoryPage(makePublishedStory(), {
      handlers: { 'POST /comments': () => answer },
    });
    await section();
    await user.click(await screen.findByRole('button', { name: 'Escribe un comentario...' }));
    const field = await screen.findByRole('textbox', { name: 'Tu comentario' });
    await user.type(field, 'Hola');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText(commentMessages.actionFailed)).toBeInTheDocument();
    expect(screen.getByText(commentMessages.inlineFailed)).toBeInTheDocument();
    expect(field).toHaveValue('Hola');

    answer = {
      status: 400,
      body: { type: 'VALIDATION_ERROR', message: 'x', errors: { text: commentMessages.textMax } },
    };
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText(commentMessages.textMax)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(commentMessages.textMax);
  });

  it('edits a comment: empty is refused with the edit message, then the new text shows as edited', async () => {
    const mine = makeComment(1, { userId: studentAuthor, permissions: { canEdit: true, canDelete: true } });
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 1 }), {
      handlers: {
        'GET /comments': commentsApi([mine]),
        'PATCH /comments/comment-1': ({ body }) => ({
          body: {
            comment: { ...mine, text: (body as { text: string }).text, wasEdited: true },
            message: commentMessages.updated,
          },
        }),
      },
    });
    await commentsList();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const field = await screen.findByRole('textbox', { name: 'Editar comentario' });
    expect(field).toHaveValue('<p>Comentario número 1</p>');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(commentMessages.editTextRequired)).toBeInTheDocument();

    await user.type(field, '<p>Corregido</p>');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(commentMessages.updated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/comments/comment-1')).toEqual([{ text: '<p>Corregido</p>' }]);
    const [comment] = await commentsList();
    expect(comment).toHaveTextContent('Corregido');
    expect(comment).toHaveTextContent('(editado)');
  });

  it('deletes a comment after the spec confirmation, and the counts follow', async () => {
    let all = [
      makeComment(1, { userId: studentAuthor, permissions: { canEdit: true, canDelete: true } }),
      makeComment(2),
    ];
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 2 }), {
      handlers: {
        'GET /comments': (request) => commentsApi(all)(request),
        'DELETE /comments/comment-1': () => {
          all = all.slice(1);
          return { body: { message: commentMessages.deleted } };
        },
      },
    });
    await commentsList();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este comentario?' });
    expect(dialog).toHaveAccessibleDescription(
      'Esta acción no puede ser reversada, asegurese antes de continuar.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(commentMessages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Comentario número 1')).not.toBeInTheDocument());
    expect(screen.getByText('Comentario número 2')).toBeInTheDocument();
    expect(await section()).toHaveAccessibleName('Comentarios (1)');
    expect(callsTo(fetchMock, 'DELETE', '/comments/comment-1')).toHaveLength(1);
  });

  it("opens a comment's replies 5 at a time, then says 'No hay más respuestas'", async () => {
    const replies = Array.from({ length: 6 }, (_, index) => makeReply('comment-1', index + 1));
    const { user } = renderStoryPage(makePublishedStory({ comments: 1 }), {
      handlers: {
        'GET /comments': commentsApi([makeComment(1, { replies: 6 })]),
        'GET /comments/comment-1/replies': repliesApi(replies),
      },
    });
    await commentsList();
    expect(screen.queryByText('Respuesta número 1')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Ver respuestas (6)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const region = await screen.findByRole('region', { name: 'Respuestas al comentario de Marta Fuentes' });
    await waitFor(() => expect(within(region).getAllByRole('article')).toHaveLength(5));
    expect(screen.getByRole('button', { name: 'Ocultar respuestas' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(within(region).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(region).getAllByRole('article')).toHaveLength(6));
    expect(within(region).getByText(commentMessages.noMoreReplies)).toBeInTheDocument();
  });

  it('replies to a comment: empty is refused, then the reply shows under it, then it can be edited and deleted', async () => {
    let replies: Reply[] = [];
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 1 }), {
      handlers: {
        'GET /comments': commentsApi([makeComment(1)]),
        'GET /comments/comment-1/replies': (request) => repliesApi(replies)(request),
        'POST /comments/comment-1/replies': ({ body }) => {
          const reply = makeReply('comment-1', 1, {
            userId: studentAuthor,
            text: (body as { text: string }).text,
            permissions: { canEdit: true, canDelete: true },
          });
          replies = [reply];
          return { status: 201, body: { reply, message: commentMessages.replyCreated } };
        },
        'PATCH /comments/comment-1/replies/comment-1-reply-1': ({ body }) => {
          replies = [{ ...replies[0]!, text: (body as { text: string }).text, wasEdited: true }];
          return { body: { reply: replies[0], message: commentMessages.replyUpdated } };
        },
        'DELETE /comments/comment-1/replies/comment-1-reply-1': () => {
          replies = [];
          return { body: { message: commentMessages.replyDeleted } };
        },
      },
    });
    await commentsList();
    expect(screen.queryByRole('button', { name: /Ver respuesta/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    const field = await screen.findByRole('textbox', { name: 'Tu respuesta' });
    await user.click(within(field.closest('form')!).getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText(commentMessages.replyRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/comments/comment-1/replies')).toEqual([]);

    await user.type(field, 'Gracias');
    await user.click(within(field.closest('form')!).getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText(commentMessages.replyCreated)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/comments/comment-1/replies')).toEqual([{ text: 'Gracias' }]);
    const region = await screen.findByRole('region', { name: 'Respuestas al comentario de Marta Fuentes' });
    expect(await within(region).findByText('Gracias')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ocultar respuestas' })).toBeInTheDocument();

    const actions = within(
      screen.getByRole('group', { name: 'Acciones de la respuesta de Ana María Rojas' }),
    );
    await user.click(actions.getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('textbox', { name: 'Editar respuesta' });
    await user.clear(edit);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(commentMessages.replyRequired)).toBeInTheDocument();
    await user.type(edit, 'Muchas gracias');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(commentMessages.replyUpdated)).toBeInTheDocument();
    expect(await within(region).findByText('Muchas gracias')).toBeInTheDocument();
    expect(region).toHaveTextContent('(editado)');

    await user.click(
      within(screen.getByRole('group', { name: 'Acciones de la respuesta de Ana María Rojas' })).getByRole(
        'button',
        { name: 'Eliminar' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar esta respuesta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(commentMessages.replyDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Muchas gracias')).not.toBeInTheDocument());
    expect(
      screen.queryByRole('button', { name: /Ver respuesta|Ocultar respuestas/ }),
    ).not.toBeInTheDocument();
  });

  it('asks a visitor to log in instead of opening the comment or reply form', async () => {
    const { user } = renderStoryPage(makePublishedStory({ comments: 1 }), {
      actor: null,
      handlers: { 'GET /comments': commentsApi([makeComment(1)]) },
    });
    await commentsList();
    await user.click(screen.getByRole('button', { name: 'Escribe un comentario...' }));
    expect(await screen.findByText(commentMessages.loginRequired)).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Ingresar' });
    expect(screen.queryByRole('textbox', { name: 'Tu comentario', hidden: true })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(await screen.findByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Tu respuesta', hidden: true })).not.toBeInTheDocument();
  });
});
