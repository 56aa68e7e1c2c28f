import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationsResponse } from '@fics/contracts';
import { setTokens } from '../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl } from '../../test/utils';

const storyId = '11111111-1111-4111-8111-111111111111';

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    type: 'STORY_EVALUATED',
    text: 'Tu fic «El pingüino volador» fue evaluada: 5 puntos',
    storyId,
    commentId: null,
    requestKind: null,
    read: false,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

/** A signed-in student whose notifications are `docs`; POST /notifications/read marks them in place. */
function stubNotifications(docs: Notification[], signedIn = true) {
  const reads: unknown[] = [];
  const fetchMock = mockApi({
    'GET /auth/me': signedIn
      ? { body: { user: makeUser('STUDENT') } }
      : { status: 401, body: { type: 'UNAUTHORIZED', message: 'x' } },
    'GET /gallery': {
      body: { stories: { docs: [], page: 1, limit: 12, totalDocs: 0, hasNextPage: false, nextPage: null } },
    },
    'GET /notifications': ({ query }) => {
      const limit = Number(query.get('limit'));
      const page = Number(query.get('page'));
      const body: NotificationsResponse = {
        notifications: {
          docs: docs.slice((page - 1) * limit, page * limit),
          page,
          limit,
          totalDocs: docs.length,
          hasNextPage: page * limit < docs.length,
          nextPage: page * limit < docs.length ? page + 1 : null,
        },
        unread: docs.filter((n) => !n.read).length,
      };
      return { body };
    },
    'POST /notifications/read': ({ body }) => {
      reads.push(body);
      const ids = (body as { ids?: string[] }).ids;
      docs.forEach((n) => {
        if (!ids || ids.includes(n._id)) {
          n.read = true;
        }
      });
      return { body: { unread: docs.filter((n) => !n.read).length } };
    },
  });
  if (signedIn) {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  }
  return { fetchMock, reads };
}

const notificationCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => requestUrl(input)).filter((url) => url.includes('/notifications'));

describe('notifications bell and page', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the unread count on the bell, the latest in its panel, and marks them all read', async () => {
    const user = userEvent.setup({ delay: null });
    const { reads } = stubNotifications([
      makeNotification(),
      makeNotification({
        _id: '33333333-3333-4333-8333-333333333333',
        type: 'STORY_PUBLISHED',
        text: 'Tu fic «El pingüino volador» fue publicada',
      }),
    ]);
    renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Sin leer: Tu fic «El pingüino volador» fue evaluada: 5 puntos'),
      expect.stringContaining('Sin leer: Tu fic «El pingüino volador» fue publicada'),
    ]);
    expect(within(panel).getByRole('link', { name: /fue evaluada/ })).toHaveAttribute(
      'href',
      `/fics/${storyId}/revision`,
    );
    expect(within(panel).getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/notificaciones');
    await user.click(within(panel).getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(reads).toEqual([{ all: true }]);
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled(),
    );
    // The badge under the open panel (hidden from the accessibility tree while it is open).
    expect(await screen.findByRole('button', { name: 'Notificaciones', hidden: true })).toBeInTheDocument();
  });

  it('gives visitors no bell and asks nothing about notifications', async () => {
    const { fetchMock } = stubNotifications([makeNotification()], false);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notificaciones/ })).toBeNull();
    expect(notificationCalls(fetchMock)).toEqual([]);
  });

  it('lists them newest first on /notificaciones, marks one read when opened and all with the button', async () => {
    const user = userEvent.setup({ delay: null });
    const docs = Array.from({ length: 25 }, (_, index) =>
      makeNotification({
        _id: `44444444-4444-4444-8444-${String(index).padStart(12, '0')}`,
        text: `Aviso ${index + 1}`,
        type: index === 0 ? 'REQUEST_CREATED' : 'STORY_COMMENTED',
        storyId: index === 0 ? null : storyId,
        requestKind: index === 0 ? 'CHANGE' : null,
        read: index > 2,
      }),
    );
    const { reads, fetchMock } = stubNotifications(docs);
    renderApp('/notificaciones');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificaciones' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tus notificaciones' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('25 notificaciones, 3 sin leer')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Aviso 1 hace/ })).toHaveAttribute('href', '/cambios');
    expect(within(list).getByRole('link', { name: /Aviso 2 hace/ })).toHaveAttribute(
      'href',
      `/fics/${storyId}#comentarios`,
    );
    expect(notificationCalls(fetchMock)).toContain('/api/v1/notifications?page=1&limit=20');

    await user.click(within(list).getByRole('link', { name: /Aviso 2 hace/ }));
    expect(reads).toEqual([{ ids: [docs[1]!._id] }]);
  });

  it("'Marcar todas como leídas' on the page clears the bell", async () => {
    const user = userEvent.setup({ delay: null });
    const { reads } = stubNotifications([makeNotification()]);
    renderApp('/notificaciones');
    await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' });
    await user.click(await screen.findByRole('button', { name: 'Marcar todas como leídas' }));
    expect(reads).toEqual([{ all: true }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notificaciones' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  });
});
