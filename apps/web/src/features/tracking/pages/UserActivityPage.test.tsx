import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackingLabels, type TrackingEventKey, type TrackingRecord } from '@fics/contracts';
import { makeUser, renderApp } from '../../../test/utils';
import {
  makeRecord,
  manyRecords,
  storyId,
  studentId,
  stubActivityApi,
  trackingQueries,
} from '../tracking.fixtures';

const user = () => userEvent.setup({ delay: null });
const page = `/usuarios/${studentId}`;

async function activityList() {
  return screen.findByRole('list', { name: 'Actividad Reciente' });
}

// The first render of a lazy page with MUI in jsdom takes seconds on a busy machine.
describe('UserActivityPage (/usuarios/:userId)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the user's name and 'Actividad Reciente' with the first 13 events", async () => {
    const fetchMock = stubActivityApi(manyRecords(20));
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Camila Díaz' })).toBeInTheDocument();
    expect(screen.getByText('Estudiante · Colegio Los Andes · Quinto Básico A')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Actividad Reciente' })).toBeInTheDocument();
    expect(within(await activityList()).getAllByRole('listitem')).toHaveLength(13);
    expect(trackingQueries(fetchMock)).toEqual(['?page=1&limit=13']);
    expect(screen.getByText('Mostrando 13 de 20')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Usuarios' })).toHaveAttribute('href', '/usuarios');
    expect(document.title).toBe('Camila Díaz · Fics');
  });

  it('labels every kind of event as the contract words it', async () => {
    const records = (Object.keys(trackingLabels) as TrackingEventKey[]).map((key) => {
      const [resource, action] = key.split('.') as [TrackingRecord['resource'], string];
      return makeRecord({ _id: key, resource, action, storyId: null, storyTitle: null });
    });
    stubActivityApi(records, { handlers: {} });
    renderApp(page);
    const list = await activityList();
    // 31 kinds, 13 a page: the rest after 'Ver más', twice.
    await user().click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(26));
    await user().click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(records.length));
    const items = within(list).getAllByRole('listitem');
    records.forEach((record, index) => {
      expect(items[index]).toHaveTextContent(trackingLabels[record._id as TrackingEventKey]);
    });
  });

  it('shows the fic as a link, the date and the writing time', async () => {
    stubActivityApi([
      makeRecord({ action: 'CREATE', writingTime: 720, date: '2025-03-05T14:32:00.000Z' }),
      makeRecord({ action: 'SEND', writingTime: 4500 }),
      makeRecord({ action: 'UPDATE', writingTime: 40 }),
      makeRecord({ action: 'DELETE', storyId: null, storyTitle: 'Mi borrador' }),
      makeRecord({ action: 'LIKE', storyId: null, storyTitle: 'Una fic borrada' }),
    ]);
    renderApp(page);
    const items = within(await activityList()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Creó una fic: El bosque');
    expect(within(items[0]!).getByRole('link', { name: 'El bosque' })).toHaveAttribute(
      'href',
      `/fics/${storyId}`,
    );
    expect(items[0]).toHaveTextContent('12 min de escritura');
    expect(within(items[0]!).getByText(/^mar 05, 2025, \d\d:\d\d$/)).toHaveAttribute(
      'datetime',
      '2025-03-05T14:32:00.000Z',
    );
    expect(items[1]).toHaveTextContent('1 h 15 min de escritura');
    expect(items[2]).toHaveTextContent('40 s de escritura');
    // Deleted fics keep their title, without a link.
    expect(items[3]).toHaveTextContent('Eliminó una fic: Mi borrador');
    expect(within(items[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[4]).toHaveTextContent('Le gustó una fic: Una fic borrada (eliminada)');
    expect(items[4]).not.toHaveTextContent('de escritura');
  });

  it("shows a comment's or reply's text as plain text, never as markup", async () => {
    stubActivityApi([
      makeRecord({
        resource: 'COMMENTS',
        action: 'CREATE',
        commentId: {
          _id: 'comment-1',
          text: '<p><strong>Me encantó</strong> el final</p><p>¡Otra!</p><img src=x onerror="alert(1)">',
          createdAt: '2025-03-05T14:32:00.000Z',
          deleted: false,
        },
      }),
      makeRecord({
        resource: 'REPLIES',
        action: 'CREATE',
        commentId: { _id: 'comment-1', text: '<p>El comentario</p>', createdAt: null, deleted: false },
        replyId: {
          _id: 'reply-1',
          text: `<p>${'palabra '.repeat(40)}</p>`,
          createdAt: null,
          deleted: false,
        },
      }),
      makeRecord({ resource: 'COMMENTS', action: 'DELETE', commentId: null }),
    ]);
    renderApp(page);
    const list = await activityList();
    const items = within(list).getAllByRole('listitem');
    const comment = within(items[0]!).getByRole('blockquote', { name: 'Comentario' });
    expect(comment).toHaveTextContent(/^Me encantó el final ¡Otra!$/);
    expect(list.querySelector('strong, img, p p')).toBeNull();
    const reply = within(items[1]!).getByRole('blockquote', { name: 'Respuesta' });
    expect(reply.textContent).toMatch(/^palabra( palabra)+…$/);
    expect(reply.textContent.length).toBeLessThanOrEqual(161);
    expect(items[1]).not.toHaveTextContent('El comentario');
    expect(items[2]).toHaveTextContent('Eliminó un comentario');
    expect(within(items[2]!).queryByRole('blockquote')).not.toBeInTheDocument();
  });

  it('words moderation lines: the reports, blocks and what happened to the student’s items', async () => {
    const moderation = (overrides: Partial<NonNullable<TrackingRecord['moderation']>>) => ({
      target: null,
      reasons: [],
      person: null,
      ...overrides,
    });
    stubActivityApi([
      makeRecord({
        resource: 'MODERATION',
        action: 'REPORT',
        moderation: moderation({ target: 'COMMENT', reasons: ['HARASSMENT'] }),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'CONTENT_HIDDEN',
        commentId: { _id: 'c-9', text: '<p>Mi comentario</p>', createdAt: null, deleted: false },
        moderation: moderation({ target: 'COMMENT' }),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'CONTENT_REMOVED',
        commentId: { _id: 'c-9', text: null, createdAt: null, deleted: true },
        moderation: moderation({ target: 'COMMENT', reasons: ['HARASSMENT', 'SPAM'] }),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'CONTENT_REMOVED',
        moderation: moderation({ target: 'STORY', reasons: ['PERSONAL_INFO'] }),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'CONTENT_KEPT',
        replyId: { _id: 'r-9', text: '<p>Mi respuesta</p>', createdAt: null, deleted: false },
        moderation: moderation({ target: 'REPLY' }),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'BLOCK',
        storyId: null,
        storyTitle: null,
        moderation: moderation({ person: { name: 'Mario M.' } }),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'UNBLOCK',
        storyId: null,
        storyTitle: null,
        moderation: moderation({}),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'CONTENT_HELD',
        replyId: { _id: 'r-8', text: '<p>Retenida</p>', createdAt: null, deleted: false },
        moderation: moderation({ target: 'REPLY' }),
      }),
      makeRecord({
        resource: 'MODERATION',
        action: 'COMMENTS_CLOSED',
        moderation: moderation({ target: 'STORY' }),
      }),
    ]);
    renderApp(page);
    const items = within(await activityList()).getAllByRole('listitem');
    expect(items[7]).toHaveTextContent(
      'Una respuesta suya quedó retenida hasta que un docente la apruebe: El bosque',
    );
    expect(items[8]).toHaveTextContent('Cerró los comentarios de su fic: El bosque');
    expect(items[0]).toHaveTextContent('Reportó un comentario: El bosque');
    expect(items[0]).toHaveTextContent('Motivo: Acoso o bullying');
    expect(within(items[0]!).queryByRole('blockquote')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Un comentario suyo quedó en revisión por reportes: El bosque');
    expect(within(items[1]!).getByRole('blockquote', { name: 'Comentario' })).toHaveTextContent(
      'Mi comentario',
    );
    expect(items[1]).not.toHaveTextContent('Motivo');
    expect(items[2]).toHaveTextContent('Un comentario suyo fue eliminado por moderación: El bosque');
    expect(items[2]).toHaveTextContent('Motivos: Acoso o bullying, Spam');
    expect(items[2]).not.toHaveTextContent('(comentario eliminado)');
    expect(items[3]).toHaveTextContent('Su fic salió de la galería por moderación');
    expect(items[3]).toHaveTextContent('Motivo: Información personal');
    expect(items[4]).toHaveTextContent('Se mantuvo una respuesta suya tras revisar los reportes: El bosque');
    expect(within(items[4]!).getByRole('blockquote', { name: 'Respuesta' })).toHaveTextContent(
      'Mi respuesta',
    );
    expect(items[5]).toHaveTextContent(/^Bloqueó a un usuario: Mario M\./);
    expect(items[6]).toHaveTextContent('Desbloqueó a un usuario: una cuenta que ya no existe');
  });

  it('says when the comment or reply of a line was deleted since', async () => {
    const gone = { text: null, createdAt: null, deleted: true };
    const kept = { text: '<p>Sigue aquí</p>', createdAt: '2025-03-05T14:32:00.000Z', deleted: false };
    stubActivityApi([
      makeRecord({ resource: 'COMMENTS', action: 'CREATE', commentId: { _id: 'c-1', ...gone } }),
      makeRecord({ resource: 'COMMENTS', action: 'UPDATE', commentId: { _id: 'c-1', ...gone } }),
      makeRecord({
        resource: 'REPLIES',
        action: 'CREATE',
        commentId: { _id: 'c-2', ...kept },
        replyId: { _id: 'r-1', ...gone },
      }),
      makeRecord({ resource: 'COMMENTS', action: 'DELETE', commentId: { _id: 'c-1', ...gone } }),
      makeRecord({ resource: 'COMMENTS', action: 'CREATE', commentId: { _id: 'c-2', ...kept } }),
    ]);
    renderApp(page);
    const items = within(await activityList()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Comentó una fic \(comentario eliminado\): El bosque/);
    expect(within(items[0]!).queryByRole('blockquote')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent(/^Editó un comentario \(comentario eliminado\): El bosque/);
    // The reply is gone; its comment still being there does not change that.
    expect(items[2]).toHaveTextContent(/^Respondió un comentario \(respuesta eliminada\): El bosque/);
    // The deletion itself already says so, and a comment still there says nothing.
    expect(items[3]).toHaveTextContent(/^Eliminó un comentario: El bosque/);
    expect(items[3]).not.toHaveTextContent('eliminado)');
    expect(items[4]).toHaveTextContent(/^Comentó una fic: El bosque/);
    expect(within(items[4]!).getByRole('blockquote', { name: 'Comentario' })).toHaveTextContent('Sigue aquí');
  });

  it("appends the next page with 'Ver más' and stops at the end", async () => {
    const fetchMock = stubActivityApi(manyRecords(30));
    renderApp(page);
    const list = await activityList();
    await user().click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(26));
    // The first page stays in place, the second follows it.
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Inició sesión');
    await user().click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(screen.getByText('Mostrando 30 de 30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    expect(trackingQueries(fetchMock)).toEqual(['?page=1&limit=13', '?page=2&limit=13', '?page=3&limit=13']);
  });

  it('shows a skeleton of exactly 13 rows while the activity loads', async () => {
    stubActivityApi([], { trackingPending: true });
    renderApp(page);
    const skeleton = await screen.findByRole('list', { name: 'Cargando actividad' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getAllByRole('listitem')).toHaveLength(13);
  });

  it("says 'Sin actividad reciente...' when the student has no events", async () => {
    stubActivityApi([]);
    renderApp(page);
    expect(await screen.findByText('Sin actividad reciente...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('offers to try again when the activity cannot be loaded', async () => {
    const fetchMock = stubActivityApi(manyRecords(2), { trackingStatus: 500 });
    renderApp(page);
    expect(
      await screen.findByText('Ha ocurrido un problema, por favor intenta de nuevo más tarde.'),
    ).toBeInTheDocument();
    // The user's name still shows.
    expect(screen.getByRole('heading', { level: 1, name: 'Camila Díaz' })).toBeInTheDocument();
    const before = trackingQueries(fetchMock).length;
    await user().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(trackingQueries(fetchMock).length).toBeGreaterThan(before));
  });

  it('tells a teacher who may not see this student so, instead of failing', async () => {
    stubActivityApi([], {
      me: makeUser('TEACHER'),
      // As the API answers a teacher of other grades: the user hidden, the activity refused.
      user: { status: 404 },
      trackingStatus: 403,
    });
    renderApp(page);
    expect(
      await screen.findByText('No tienes permiso para ver la actividad de este usuario.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Actividad Reciente' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Usuarios' })).toHaveAttribute('href', '/usuarios');
  });

  it('says the user does not exist on a 404', async () => {
    stubActivityApi([], { user: { status: 404 }, trackingStatus: 404 });
    renderApp(page);
    expect(await screen.findByText('Este usuario no existe o ya no está disponible.')).toBeInTheDocument();
  });

  it('is not offered to students: the route sends them home', async () => {
    const fetchMock = stubActivityApi([], { me: makeUser('STUDENT') });
    const { router } = renderApp(page);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(trackingQueries(fetchMock)).toEqual([]);
  });
});
