import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  commentMessages,
  moderationMessages,
  reportReasonLabels,
  reportReasons,
  underReviewFlag,
  type Comment,
  type CommentAuthor,
} from '@fics/contracts';
import { makeUser } from '../../../test/utils';
import {
  callsTo,
  makeComment,
  makePublishedStory,
  makeReply,
  pageFrom,
  renderStoryPage,
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
 * 'Reportar' on comments, replies and the fic (issue 21.1) and the 'En revisión' chip (21.2), as the
 * fic page shows them: offered on others' items only, a visitor asked to log in, the dialog's seven
 * reasons, 'Otro' needing a detail, the thanks and a second report's 409.
 */

const bruno: CommentAuthor = { ...studentAuthor, _id: 'student-bruno', name: 'Bruno Díaz' };
const commentsOf = (all: Comment[]) => ({ body: { comments: pageFrom(all, 1) } });
const section = () => screen.findByRole('region', { name: /^Comentarios/ });

// Reports name their item by its uuid (the contract's idSchema), as the API's ids are.
const commentId = '6f1c2a9e-0000-4000-8000-00000000c001';
const replyId = '6f1c2a9e-0000-4000-8000-00000000c101';

const all = [
  makeComment(1, { _id: commentId, userId: bruno, replies: 1 }),
  // The signed-in student's own comment, hidden for review: she still sees it, flagged.
  makeComment(2, {
    userId: studentAuthor,
    permissions: { canEdit: true, canDelete: true },
    moderation: underReviewFlag,
  }),
];

const created = (body: { target: string; targetId: string; reason: string; detail?: string }) => ({
  status: 201,
  body: {
    report: { _id: 'report-1', detail: null, createdAt: '2025-06-05T12:00:00.000Z', ...body },
    message: moderationMessages.created,
  },
});

describe("'Reportar' on a fic's comments", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is offered on another's comment only, and the own hidden comment shows 'En revisión'", async () => {
    renderStoryPage(makePublishedStory({ comments: 2 }), {
      handlers: { 'GET /comments': () => commentsOf(all) },
    });
    const region = await section();
    await within(region).findByText('Comentario número 1');
    const buttons = within(region).getAllByRole('button', { name: /^Reportar/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Reportar el comentario de Bruno Díaz');
    const own = within(region).getByText('Comentario número 2').closest('article')!;
    expect(within(own).getByText('En revisión')).toBeInTheDocument();
    const others = within(region).getByText('Comentario número 1').closest('article')!;
    expect(within(others).queryByText('En revisión')).not.toBeInTheDocument();
  });

  it("sends a reason: the seven reasons, 'Otro' requires a detail up to 300, then thanks", async () => {
    const { user, fetchMock } = renderStoryPage(makePublishedStory({ comments: 2 }), {
      handlers: {
        'GET /comments': () => commentsOf(all),
        'POST /reports': ({ body }) => created(body as never),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reportar el comentario de Bruno Díaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar comentario' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(
      reportReasons.map((reason) => reportReasonLabels[reason]),
    );

    // Nothing picked: the contract's message, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await within(dialog).findByText(moderationMessages.reasonRequired)).toBeInTheDocument();

    // 'Otro' without a word: its detail is required.
    await user.click(within(dialog).getByRole('radio', { name: 'Otro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await within(dialog).findByText(moderationMessages.detailRequired)).toBeInTheDocument();
    const detail = within(dialog).getByRole('textbox', { name: /^Detalle/ });
    expect(detail).toBeRequired();

    // Over 300 characters: refused with the counter past the limit.
    await user.click(detail);
    await user.paste('x'.repeat(301));
    expect(within(dialog).getByText('301/300')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await within(dialog).findByText(moderationMessages.detailMax)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/reports')).toEqual([]);

    await user.clear(detail);
    await user.type(detail, 'Se burla de mi compañera');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(moderationMessages.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/reports')).toEqual([
      { target: 'COMMENT', targetId: commentId, reason: 'OTHER', detail: 'Se burla de mi compañera' },
    ]);
  });

  it("a second report of the same comment (409) says 'Ya reportaste…' and closes", async () => {
    const { user } = renderStoryPage(makePublishedStory({ comments: 2 }), {
      handlers: {
        'GET /comments': () => commentsOf(all),
        'POST /reports': {
          status: 409,
          body: { type: 'CONFLICT', message: moderationMessages.alreadyReported },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reportar el comentario de Bruno Díaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar comentario' });
    await user.click(within(dialog).getByRole('radio', { name: 'Acoso o bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(moderationMessages.alreadyReported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports a reply as a REPLY', async () => {
    const reply = makeReply(commentId, 1, { _id: replyId, userId: bruno });
    const { user, fetchMock } = renderStoryPage(makePublishedStory({ comments: 2 }), {
      handlers: {
        'GET /comments': () => commentsOf(all),
        [`GET /comments/${commentId}/replies`]: { body: { replies: pageFrom([reply], 1) } },
        'POST /reports': ({ body }) => created(body as never),
      },
    });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Ver respuesta (1)' }));
    await user.click(
      await within(region).findByRole('button', { name: 'Reportar la respuesta de Bruno Díaz' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reportar respuesta' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(moderationMessages.created)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/reports')).toEqual([
      { target: 'REPLY', targetId: reply._id, reason: 'SPAM' },
    ]);
  });

  it('asks a visitor to log in instead of opening the dialog', async () => {
    const { user, fetchMock } = renderStoryPage(makePublishedStory({ comments: 2 }), {
      actor: null,
      handlers: { 'GET /comments': () => commentsOf(all) },
    });
    await user.click(await screen.findByRole('button', { name: 'Reportar el comentario de Bruno Díaz' }));
    expect(await screen.findByText(commentMessages.loginRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Reportar comentario' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/reports')).toEqual([]);
  });
});

describe("'Reportar' on a published fic", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is offered to a reader and sends a STORY report', async () => {
    const story = makePublishedStory();
    const { user, fetchMock } = renderStoryPage(story, {
      handlers: { 'POST /reports': ({ body }) => created(body as never) },
    });
    const actions = await screen.findByRole('group', { name: 'Acciones de la fic' });
    await user.click(within(actions).getByRole('button', { name: 'Reportar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar fic' });
    await user.click(within(dialog).getByRole('radio', { name: 'Contenido sexual' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(await screen.findByText(moderationMessages.created)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/reports')).toEqual([
      { target: 'STORY', targetId: story._id, reason: 'SEXUAL' },
    ]);
  });

  it("is not offered to its author, who sees 'En revisión' on it while hidden", async () => {
    const author = makeUser('STUDENT', { _id: 'author-1' });
    renderStoryPage(makePublishedStory({ moderation: underReviewFlag }), { actor: author });
    expect(await screen.findByText('En revisión')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reportar' })).not.toBeInTheDocument();
  });

  it('shows no chip on a visible fic', async () => {
    renderStoryPage(makePublishedStory());
    await screen.findByRole('button', { name: 'Reportar' });
    expect(screen.queryByText('En revisión')).not.toBeInTheDocument();
  });
});
