import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  commentMessages,
  commentModerationMessages,
  commentsModeDescriptions,
  heldFlag,
  type Comment,
  type Story,
} from '@fics/contracts';
import { makeUser, type Handler } from '../../../test/utils';
import {
  callsTo,
  makeComment,
  makePublishedStory,
  pageFrom,
  renderStoryPage,
  storyId,
  studentAuthor,
} from '../social.fixtures';

/**
 * Who may comment on a fic and comments held for approval, on the fic's page (issue 21.5-6): the
 * 'Quién puede comentar' control for those the server allows, 'Comentarios cerrados' instead of the
 * form, the note of a moderated fic, 'Esperando aprobación' on the writer's held comment, and
 * 'Aprobar' / 'Rechazar' for its approvers.
 */

// jsdom cannot run Quill: a textarea with the editor's interface stands in for it (as CommentsSection.test).
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

const section = () => screen.findByRole('region', { name: /^Comentarios/ });
const commentsApi =
  (all: Comment[]): Handler =>
  ({ query }) => ({ body: { comments: pageFrom(all, Number(query.get('page') ?? 1)) } });

const heldComment = (overrides: Partial<Comment> = {}) =>
  makeComment(9, {
    userId: studentAuthor,
    text: '<p>Un comentario que espera</p>',
    moderation: heldFlag,
    ...overrides,
  });

describe('comments closed or held for approval on /fics/:id', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'Comentarios cerrados' instead of the form, keeps the comments listed and offers no 'Responder'", async () => {
    renderStoryPage(makePublishedStory({ comments: 1, commentsMode: 'CLOSED' }), {
      handlers: { 'GET /comments': commentsApi([makeComment(1)]) },
    });
    const comments = await section();
    expect(await within(comments).findByText('Comentario número 1')).toBeInTheDocument();
    expect(within(comments).getByRole('status')).toHaveTextContent('Comentarios cerrados');
    expect(
      within(comments).queryByRole('button', { name: 'Escribe un comentario...' }),
    ).not.toBeInTheDocument();
    expect(within(comments).queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    // A reader may not change it.
    expect(
      within(comments).queryByRole('combobox', { name: 'Quién puede comentar' }),
    ).not.toBeInTheDocument();
  });

  it('tells everyone under the form that a teacher reviews new comments of a moderated fic', async () => {
    renderStoryPage(makePublishedStory({ commentsMode: 'MODERATED' }));
    const comments = await section();
    expect(await within(comments).findByText(commentsModeDescriptions.MODERATED)).toBeInTheDocument();
    expect(within(comments).getByRole('button', { name: 'Escribe un comentario...' })).toBeInTheDocument();
  });

  it("shows the writer their held comment with 'Esperando aprobación', without counting it for the others", async () => {
    const created = heldComment({ permissions: { canEdit: true, canDelete: true } });
    const { fetchMock, user } = renderStoryPage(
      makePublishedStory({ comments: 1, commentsMode: 'MODERATED' }),
      {
        handlers: {
          'GET /comments': commentsApi([makeComment(1)]),
          'POST /comments': {
            status: 201,
            body: { comment: created, message: commentModerationMessages.commentHeld },
          },
        },
      },
    );
    await within(await section()).findByText('Comentario número 1');
    await user.click(screen.getByRole('button', { name: 'Escribe un comentario...' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Tu comentario' }),
      'Un comentario que espera',
    );
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText(commentModerationMessages.commentHeld)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/comments')).toEqual([{ text: 'Un comentario que espera', storyId }]);

    const own = (await section()).querySelector('article');
    expect(own).toHaveTextContent('Un comentario que espera');
    expect(within(own as HTMLElement).getByText('Esperando aprobación')).toBeInTheDocument();
    // Not answerable while it waits, and not an approver's to decide.
    expect(within(own as HTMLElement).queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(within(own as HTMLElement).queryByRole('button', { name: /^Aprobar/ })).not.toBeInTheDocument();
    // The public count waits for the approval.
    expect(await section()).toHaveAccessibleName('Comentarios (1)');
  });

  it("changes who may comment at once for the author, with the server's message", async () => {
    let story: Story = makePublishedStory({
      comments: 1,
      permissions: { ...makePublishedStory().permissions, canManageComments: true },
    });
    const { fetchMock, user } = renderStoryPage(story, {
      actor: makeUser('STUDENT', { _id: 'author-1' }),
      handlers: {
        [`GET /stories/${storyId}`]: () => ({ body: { story } }),
        'GET /comments': commentsApi([makeComment(1)]),
        [`PUT /stories/${storyId}/comments-mode`]: ({ body }) => {
          story = { ...story, commentsMode: (body as { mode: Story['commentsMode'] }).mode };
          return { body: { story, message: commentModerationMessages.modeChanged } };
        },
      },
    });
    const comments = await section();
    const control = await within(comments).findByRole('combobox', { name: 'Quién puede comentar' });
    expect(control).toHaveTextContent('Comentarios abiertos');
    expect(control).toHaveAccessibleDescription(commentsModeDescriptions.OPEN);

    await user.click(control);
    await user.click(await screen.findByRole('option', { name: 'Comentarios cerrados' }));
    expect(await screen.findByText(commentModerationMessages.modeChanged)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `/stories/${storyId}/comments-mode`)).toEqual([{ mode: 'CLOSED' }]);
    await waitFor(() =>
      expect(within(comments).getByRole('status')).toHaveTextContent('Comentarios cerrados'),
    );
    expect(
      within(comments).queryByRole('button', { name: 'Escribe un comentario...' }),
    ).not.toBeInTheDocument();
    expect(control).toHaveAccessibleDescription(commentsModeDescriptions.CLOSED);
    // The comments already there stay.
    expect(within(comments).getByText('Comentario número 1')).toBeInTheDocument();
  });

  it("goes back to the fic's mode and says why when the change is refused", async () => {
    const story = makePublishedStory({
      permissions: { ...makePublishedStory().permissions, canManageComments: true },
    });
    const { user } = renderStoryPage(story, {
      handlers: {
        [`PUT /stories/${storyId}/comments-mode`]: {
          status: 403,
          body: { type: 'FORBIDDEN', message: 'No puedes cambiar quién comenta esta fic' },
        },
      },
    });
    const control = await within(await section()).findByRole('combobox', { name: 'Quién puede comentar' });
    await user.click(control);
    await user.click(await screen.findByRole('option', { name: 'Comentarios con aprobación' }));
    expect(await screen.findByText('No puedes cambiar quién comenta esta fic')).toBeInTheDocument();
    await waitFor(() => expect(control).toHaveTextContent('Comentarios abiertos'));
  });

  it("lets an approver approve a held comment inline, and asks before 'Rechazar'", async () => {
    const teacher = makeUser('TEACHER');
    let listed: Comment[] = [
      heldComment({ permissions: { canEdit: true, canDelete: true, canApprove: true } }),
    ];
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ commentsMode: 'MODERATED' }), {
      actor: teacher,
      handlers: {
        'GET /comments': ({ query }) => ({
          body: { comments: pageFrom(listed, Number(query.get('page') ?? 1)) },
        }),
        'PATCH /comments/comment-9/approval': ({ body }) => {
          listed = [{ ...listed[0]!, moderation: null, permissions: { canEdit: true, canDelete: true } }];
          return {
            body: {
              target: 'COMMENT',
              _id: 'comment-9',
              decision: (body as { decision: string }).decision,
              message: commentModerationMessages.approved,
            },
          };
        },
      },
    });
    const article = await within(await section()).findByRole('article', { name: 'Ana María Rojas' });
    expect(within(article).getByText('Esperando aprobación')).toBeInTheDocument();

    // 'Rechazar' asks first; cancelling decides nothing.
    await user.click(
      within(article).getByRole('button', { name: 'Rechazar el comentario de Ana María Rojas' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar este comentario?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH', '/comments/comment-9/approval')).toEqual([]);

    await user.click(
      within(article).getByRole('button', { name: 'Aprobar el comentario de Ana María Rojas' }),
    );
    expect(await screen.findByText(commentModerationMessages.approved)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/comments/comment-9/approval')).toEqual([{ decision: 'APPROVE' }]);
    // Read again: shown now, no chip and no buttons.
    await waitFor(() => expect(within(article).queryByText('Esperando aprobación')).not.toBeInTheDocument());
    expect(within(article).queryByRole('button', { name: /^Aprobar/ })).not.toBeInTheDocument();
  });

  it('rejects a held reply after confirming, and says so when someone decided first', async () => {
    const reply = {
      _id: 'comment-1-reply-1',
      commentId: 'comment-1',
      userId: studentAuthor,
      text: '<p>Una respuesta que espera</p>',
      wasEdited: false,
      createdAt: '2025-06-04T12:00:00.000Z',
      moderation: heldFlag,
      permissions: { canEdit: true, canDelete: true, canApprove: true },
    };
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ comments: 1 }), {
      actor: makeUser('ADMIN'),
      handlers: {
        'GET /comments': commentsApi([makeComment(1, { replies: 1 })]),
        'GET /comments/comment-1/replies': { body: { replies: pageFrom([reply], 1) } },
        'PATCH /comments/comment-1/replies/comment-1-reply-1/approval': {
          status: 409,
          body: { type: 'CONFLICT', message: commentModerationMessages.alreadySettled },
        },
      },
    });
    await user.click(await within(await section()).findByRole('button', { name: 'Ver respuesta (1)' }));
    const region = await screen.findByRole('region', { name: 'Respuestas al comentario de Marta Fuentes' });
    const article = await within(region).findByRole('article', { name: 'Ana María Rojas' });
    await user.click(
      within(article).getByRole('button', { name: 'Rechazar la respuesta de Ana María Rojas' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar este comentario?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText(commentModerationMessages.alreadySettled)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/comments/comment-1/replies/comment-1-reply-1/approval')).toEqual([
      { decision: 'REJECT' },
    ]);
  });

  it('reads the fic again when a comment is refused because the comments were closed meanwhile', async () => {
    let story = makePublishedStory();
    const { user } = renderStoryPage(story, {
      handlers: {
        [`GET /stories/${storyId}`]: () => ({ body: { story } }),
        'POST /comments': () => {
          story = { ...story, commentsMode: 'CLOSED' };
          return { status: 409, body: { type: 'CONFLICT', message: commentModerationMessages.closed } };
        },
      },
    });
    await within(await section()).findByText(commentMessages.empty);
    await user.click(screen.getByRole('button', { name: 'Escribe un comentario...' }));
    await user.type(await screen.findByRole('textbox', { name: 'Tu comentario' }), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(screen.getByText('Comentarios cerrados')).toBeInTheDocument());
  });
});
