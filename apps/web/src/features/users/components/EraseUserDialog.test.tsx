import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErasureBody } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { mockApi, renderWithProviders } from '../../../test/utils';
import { adminUser, studentUser } from '../users.fixtures';
import { EraseUserDialog } from './EraseUserDialog';

const options = {
  stories: [
    { _id: 'story-kept', title: 'El faro', publishedAt: '2026-10-01T12:00:00.000Z' },
    { _id: 'story-gone', title: 'La tormenta', publishedAt: '2026-09-01T12:00:00.000Z' },
  ],
  comments: 3,
};
const record = {
  _id: 'erasure-1',
  cause: 'ADMIN',
  privacyRequestId: null,
  performedBy: { _id: adminUser._id, name: adminUser.name },
  counts: { users: 1, stories: 2, comments: 3, sessions: 0 },
  storiesKept: 1,
  commentTextsRemoved: true,
  createdAt: '2026-11-27T08:00:00.000Z',
};

function renderDialog(
  erasure: { status?: number; body?: unknown } = { status: 201, body: { erasure: record } },
) {
  let sent: ErasureBody | undefined;
  mockApi({
    'GET /auth/me': { body: { user: adminUser } },
    [`GET /users/${studentUser._id}/erasure-options`]: { body: options },
    [`POST /users/${studentUser._id}/erasure`]: ({ body }) => {
      sent = body as ErasureBody;
      return erasure;
    },
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const onClose = vi.fn();
  renderWithProviders(<EraseUserDialog user={studentUser} onClose={onClose} />);
  return { sent: () => sent, onClose, user: userEvent.setup({ delay: null }) };
}

describe('EraseUserDialog', () => {
  it('sends each fic’s choice and the comments’ choice, then shows the record’s counts', async () => {
    const { sent, user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: `Suprimir la cuenta de ${studentUser.name}` });
    const kept = await within(dialog).findByRole('radiogroup', { name: 'El faro' });
    // What becomes of the comments either way, before the box that chooses it.
    expect(dialog).toHaveTextContent(
      'sus comentarios quedan firmados por "Usuario eliminado", con su texto o sin él.',
    );
    // Every fic starts as 'Eliminar'.
    expect(within(kept).getByRole('radio', { name: 'Eliminar' })).toBeChecked();
    await user.click(within(kept).getByRole('radio', { name: 'Conservar como Anónimo' }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Quitar el texto de sus comentarios \(3/ }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suprimir cuenta' }));
    await waitFor(() =>
      expect(sent()).toEqual({
        stories: [
          { id: 'story-kept', keep: true },
          { id: 'story-gone', keep: false },
        ],
        defaultKeep: false,
        removeCommentTexts: true,
      }),
    );
    const counts = await within(dialog).findByRole('list', {
      name: 'Filas eliminadas o anonimizadas por tabla',
    });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['users: 1', 'stories: 2', 'comments: 3']);
    expect(within(dialog).queryByRole('button', { name: 'Suprimir cuenta' })).toBeNull();
  });

  it('says why when the API refuses, and keeps the dialog open', async () => {
    const { user } = renderDialog({
      status: 409,
      body: { type: 'CONFLICT', message: 'No se puede eliminar al único administrador' },
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radiogroup', { name: 'El faro' });
    await user.click(within(dialog).getByRole('button', { name: 'Suprimir cuenta' }));
    expect(
      await within(dialog).findByText('No se puede eliminar al único administrador'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Suprimir cuenta' })).toBeEnabled();
  });
});
