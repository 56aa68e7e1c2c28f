import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Story } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { requestUrl } from '../../../test/request-url';
import { makeUser, mockApi, renderApp } from '../../../test/utils';
import { makePermissions, makeStory, storyId } from '../pages/story-page.fixtures';

const rounds = [
  { round: 1, title: 'El faro', words: 7, sentAt: '2025-05-05T15:00:00.000Z' },
  { round: 2, title: 'El faro de Chiloé', words: 8, sentAt: '2025-05-06T15:00:00.000Z' },
  { round: 3, title: 'El faro de Chiloé', words: 9, sentAt: '2025-05-07T15:00:00.000Z' },
];
const texts: Record<number, string> = {
  1: '<p>Había una vez un faro triste.</p>',
  2: '<p>Había una vez un faro <strong>muy</strong> alegre.</p>',
  3: '<p>Había una vez un faro muy alegre en Chiloé.</p><p>Fin.</p>',
};

function renderFic(story: Story) {
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: makeUser('STUDENT', { name: 'Sofía Escobar Ruiz' }) } },
    [`GET /stories/${storyId}`]: { body: { story } },
    [`GET /stories/${storyId}/revisions`]: { body: { revisions: rounds } },
    ...Object.fromEntries(
      rounds.map((r) => [
        `GET /stories/${storyId}/revisions/${r.round}`,
        { body: { revision: { ...r, text: texts[r.round] } } },
      ]),
    ),
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  renderApp(`/fics/${storyId}`);
  return { fetchMock, user: userEvent.setup({ delay: null }) };
}

const sentTwice = (overrides: Partial<Story> = {}) =>
  makeStory({
    publicationStatus: 'REVIEWING',
    draft: false,
    rounds: 3,
    permissions: makePermissions({ canViewRevisions: true }),
    ...overrides,
  });

describe("'Cambios' between rounds of a fic", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('compares the last two rounds by default, marking added and removed words for everyone', async () => {
    const { user } = renderFic(sentTwice());
    await user.click(await screen.findByRole('button', { name: 'Cambios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios entre rondas' });
    expect(await within(dialog).findByRole('combobox', { name: 'Ronda anterior' })).toHaveTextContent(
      /Ronda 2/,
    );
    expect(within(dialog).getByRole('combobox', { name: 'Ronda posterior' })).toHaveTextContent(/Ronda 3/);
    await waitFor(() => expect(dialog.querySelectorAll('ins').length).toBeGreaterThan(0));
    const added = [...dialog.querySelectorAll('ins')].map((node) => node.textContent);
    expect(added.join('|')).toContain('Agregado: ');
    expect(added.join('')).toContain('Chiloé');
    expect(added.join('')).toContain('Fin');
    // Round 2 → 3: only additions; the legend names both kinds.
    expect(dialog.querySelectorAll('del')).toHaveLength(0);
    expect(within(dialog).getByText('Agregado')).toBeInTheDocument();
    expect(within(dialog).getByText('Eliminado')).toBeInTheDocument();
  });

  it('compares any two rounds chosen, in the title too', async () => {
    const { user } = renderFic(sentTwice());
    await user.click(await screen.findByRole('button', { name: 'Cambios' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Ronda anterior' }));
    await user.click(await screen.findByRole('option', { name: /Ronda 1/ }));
    await waitFor(() => expect(dialog.querySelectorAll('del').length).toBeGreaterThan(0));
    const removed = [...dialog.querySelectorAll('del')].map((node) => node.textContent).join('|');
    expect(removed).toContain('Eliminado: triste');
    // 'triste' replaced: read as two changes, not one run-on word.
    expect(dialog.textContent).toMatch(/Eliminado: triste\s+Agregado: /);
    const added = [...dialog.querySelectorAll('ins')].map((node) => node.textContent).join('|');
    expect(added).toMatch(/Agregado: de Chiloé/);
    expect(added).toContain('alegre');
  });

  it('says so when the same round is chosen twice', async () => {
    const { user } = renderFic(sentTwice());
    await user.click(await screen.findByRole('button', { name: 'Cambios' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Ronda anterior' }));
    await user.click(await screen.findByRole('option', { name: /Ronda 3/ }));
    expect(await within(dialog).findByText('Elige dos rondas distintas para comparar.')).toBeInTheDocument();
  });

  it('is not offered for a fic sent once, nor to who may not read its rounds', async () => {
    const once = renderFic(sentTwice({ rounds: 1 }));
    expect(await screen.findByRole('heading', { name: 'El faro de Chiloé' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambios' })).not.toBeInTheDocument();
    expect(once.fetchMock.mock.calls.some(([url]) => requestUrl(url).includes('/revisions'))).toBe(false);
  });

  it('is not offered without canViewRevisions', async () => {
    renderFic(sentTwice({ permissions: makePermissions() }));
    expect(await screen.findByRole('heading', { name: 'El faro de Chiloé' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambios' })).not.toBeInTheDocument();
  });
});
