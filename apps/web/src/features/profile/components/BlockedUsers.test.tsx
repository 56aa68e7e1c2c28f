import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blockMessages, pageOf, type BlockedUser, type User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, requestUrl, renderApp } from '../../../test/utils';

/**
 * 'Usuarios bloqueados' on /perfil (issue 21.4): a student's blocks, newest first and paged, each
 * with 'Desbloquear'; an empty state; nothing of it for teachers and administrators.
 */

const blockOf = (n: number): BlockedUser => ({
  user: { _id: `student-${n}`, name: `Estudiante Número${n}`, profilePicture: null },
  createdAt: '2025-06-05T12:00:00.000Z',
});

function renderProfile(actor: User, initial: BlockedUser[]) {
  let blocks = [...initial];
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: actor } },
    [`GET /users/${actor._id}`]: { body: { user: actor, inscriptionObject: [] } },
    'GET /blocks': ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      return {
        body: {
          blocks: pageOf(blocks.slice((page - 1) * limit, page * limit), { page, limit }, blocks.length),
        },
      };
    },
  });
  const unblock = vi.fn();
  const base = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if ((init.method ?? 'GET').toUpperCase() === 'DELETE' && url.pathname.startsWith('/api/v1/blocks/')) {
      const userId = url.pathname.split('/').pop()!;
      unblock(userId);
      blocks = blocks.filter((b) => b.user._id !== userId);
      return new Response(JSON.stringify({ message: blockMessages.unblocked }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return base(input, init);
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  renderApp('/perfil');
  return { fetchMock, unblock, user: userEvent.setup({ delay: null }) };
}

const blockedSection = () => screen.findByRole('region', { name: 'Usuarios bloqueados' });

describe('Usuarios bloqueados (/perfil)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists a student's blocks and unblocks one with 'Desbloquear', down to the empty state", async () => {
    const { unblock, user } = renderProfile(makeUser('STUDENT'), [blockOf(1), blockOf(2)]);
    const section = await blockedSection();
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Estudiante/).textContent)).toEqual([
      'Estudiante Número1',
      'Estudiante Número2',
    ]);
    expect(within(items[0]!).getByText('Bloqueado el jun 05, 2025')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Desbloquear a Estudiante Número1' }));
    expect(await screen.findByText(blockMessages.unblocked)).toBeInTheDocument();
    expect(unblock).toHaveBeenCalledWith('student-1');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));

    await user.click(within(section).getByRole('button', { name: 'Desbloquear a Estudiante Número2' }));
    expect(await within(section).findByText('No has bloqueado a nadie')).toBeInTheDocument();
  });

  it('pages the list 10 at a time', async () => {
    const { fetchMock, user } = renderProfile(
      makeUser('STUDENT'),
      Array.from({ length: 12 }, (_, i) => blockOf(i + 1)),
    );
    const section = await blockedSection();
    expect(await within(section).findAllByRole('listitem')).toHaveLength(10);
    const pages = within(section).getByRole('navigation', { name: 'Páginas de usuarios bloqueados' });
    await user.click(within(pages).getByRole('button', { name: /siguiente/i }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/blocks')
      .map((url) => url.searchParams.get('page'));
    expect(asked).toEqual(['1', '2']);
  });

  it.each([['TEACHER'], ['ADMIN']] as const)('is not shown to a %s, nor asked for', async (role) => {
    const { fetchMock } = renderProfile(makeUser(role), []);
    expect(await screen.findByRole('region', { name: 'Información personal' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Usuarios bloqueados' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.filter(([input]) =>
      new URL(requestUrl(input), 'http://localhost').pathname.startsWith('/api/v1/blocks'),
    );
    expect(asked).toEqual([]);
  });
});
