import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { likeMessages } from '@fics/contracts';
import { makeUser } from '../../../test/utils';
import { callsTo, makePublishedStory, renderStoryPage, storyId } from '../social.fixtures';

const title = () => screen.findByRole('heading', { level: 1, name: 'El faro de Chiloé' });
const likeButton = () => screen.getByRole('button', { name: /me gusta$/ });

describe('StorySocialBar (likes and share on /fics/:id)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows the likes, the comment count and Compartir under a published fic', async () => {
    renderStoryPage(makePublishedStory({ likesCount: 1234, comments: 3 }));
    await title();
    const bar = screen.getByRole('group', { name: 'Reacciones y compartir' });
    expect(within(bar).getByRole('button', { name: '1.234 me gusta' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(bar).getByRole('link', { name: '3 comentarios' })).toHaveAttribute('href', '#comentarios');
    expect(within(bar).getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
  });

  it.each(['EDITING', 'REVIEWING', 'EVALUATED'] as const)(
    'shows no likes, share nor comments while the fic is %s',
    async (publicationStatus) => {
      const { fetchMock } = renderStoryPage(makePublishedStory({ publicationStatus }));
      await title();
      expect(screen.queryByRole('group', { name: 'Reacciones y compartir' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Compartir' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /Comentarios/ })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET', '/comments')).toEqual([]);
    },
  );

  it('reports that a student read the published fic, once (POST /tracking, architecture.md §6.6)', async () => {
    const { fetchMock } = renderStoryPage(makePublishedStory());
    await title();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/tracking')).toEqual([
        { resource: 'STORIES', action: 'READ', storyId },
      ]),
    );
  });

  it.each([
    ['a visitor', null],
    ['a teacher', makeUser('TEACHER')],
  ])('reports no reading for %s', async (_who, actor) => {
    const { fetchMock } = renderStoryPage(makePublishedStory(), { actor });
    await title();
    await screen.findByRole('group', { name: 'Reacciones y compartir' });
    expect(callsTo(fetchMock, 'POST', '/tracking')).toEqual([]);
  });

  it('likes at once, then takes the count the server answers', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock, user } = renderStoryPage(makePublishedStory({ likesCount: 4 }), {
      handlers: { [`POST /stories/${storyId}`]: { body: { likesCount: 9, liked: true } } },
    });
    // The like call waits until the test lets it answer, to see the button before it does.
    const mocked = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        await answered;
      }
      return mocked(input, init);
    });
    await title();

    await user.click(likeButton());
    expect(likeButton()).toHaveAccessibleName('5 me gusta');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

    release();
    await waitFor(() => expect(likeButton()).toHaveAccessibleName('9 me gusta'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetchMock, 'POST', `/stories/${storyId}`)).toHaveLength(1);
  });

  it('takes a like back (likedByMe) and undoes the change when the call fails', async () => {
    const { user } = renderStoryPage(makePublishedStory({ likesCount: 4, likedByMe: true }), {
      handlers: {
        [`POST /stories/${storyId}`]: { status: 500, body: { type: 'INTERNAL', message: 'x' } },
      },
    });
    await title();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

    await user.click(likeButton());
    expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
    expect(likeButton()).toHaveAccessibleName('4 me gusta');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's refusal of a like (the fic is no longer published)", async () => {
    const { user } = renderStoryPage(makePublishedStory(), {
      handlers: {
        [`POST /stories/${storyId}`]: {
          status: 409,
          body: { type: 'CONFLICT', message: likeMessages.notPublished },
        },
      },
    });
    await title();
    await user.click(likeButton());
    expect(await screen.findByText(likeMessages.notPublished)).toBeInTheDocument();
    expect(likeButton()).toHaveAccessibleName('4 me gusta');
  });

  it('asks a visitor to log in instead of liking, and changes nothing', async () => {
    const { fetchMock, user } = renderStoryPage(makePublishedStory(), { actor: null });
    await title();
    await user.click(likeButton());
    expect(await screen.findByText('Debes iniciar sesión para realizar esta acción')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument();
    // Behind the modal dialog, the page is hidden from screen readers.
    const behind = screen.getByRole('button', { name: /me gusta$/, hidden: true });
    expect(behind).toHaveAccessibleName('4 me gusta');
    expect(behind).toHaveAttribute('aria-pressed', 'false');
    expect(callsTo(fetchMock, 'POST', `/stories/${storyId}`)).toEqual([]);
  });

  it('reloads the fic after a visitor logs in from the prompt (their like and name)', async () => {
    const { fetchMock, user } = renderStoryPage(makePublishedStory(), {
      actor: null,
      handlers: {
        'POST /auth/login': {
          body: { user: makeUser('STUDENT'), accessToken: 'access', refreshToken: 'refresh' },
        },
      },
    });
    await title();
    await user.click(likeButton());
    const dialog = await screen.findByRole('dialog', { name: 'Ingresar' });
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.cl');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'una-clave-larga');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/stories/${storyId}`).length).toBeGreaterThanOrEqual(2),
    );
  });

  it('shares through plain links that open in a new tab, the share sheet and the copied link', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderStoryPage(makePublishedStory());
    // user-event puts its own clipboard in place when it starts.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await title();

    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartir esta fic' });
    const pageUrl = `${window.location.origin}/fics/${storyId}`;
    const text = 'Lee «El faro de Chiloé» en Fics';
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Compartir en Facebook (se abre en una pestaña nueva)',
      'Compartir en Twitter (se abre en una pestaña nueva)',
      'Compartir en Pinterest (se abre en una pestaña nueva)',
      'Compartir en Telegram (se abre en una pestaña nueva)',
      'Compartir en Whatsapp (se abre en una pestaña nueva)',
      'Enviar por email',
    ]);
    for (const link of links.slice(0, 5)) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      const href = new URL(link.getAttribute('href')!);
      expect(href.protocol).toBe('https:');
      expect([...href.searchParams.values()].join(' ')).toContain(pageUrl);
    }
    expect(links[0]).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
    );
    expect(new URL(links[2]!.getAttribute('href')!).searchParams.get('media')).toBe(
      `${window.location.origin}/media/covers/portada.png`,
    );
    expect(links[5]).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n\n${pageUrl}`)}`,
    );
    expect(links[5]).not.toHaveAttribute('target');

    await user.click(within(dialog).getByRole('button', { name: 'Copiar enlace' }));
    expect(writeText).toHaveBeenCalledWith(pageUrl);
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Compartir…' }));
    expect(share).toHaveBeenCalledWith({ title: 'El faro de Chiloé', text, url: pageUrl });
  });

  it("offers no 'Compartir…' where the browser has no share sheet", async () => {
    const { user } = renderStoryPage(makePublishedStory());
    await title();
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartir esta fic' });
    expect(within(dialog).queryByRole('button', { name: 'Compartir…' })).not.toBeInTheDocument();
  });
});
