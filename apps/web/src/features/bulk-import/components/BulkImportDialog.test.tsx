import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderWithProviders } from '../../../test/utils';
import { BulkImportDialog } from './BulkImportDialog';

const roles = [
  { _id: '00000000-0000-4000-8000-0000000000a1', name: 'ADMIN', displayName: 'Administrador' },
  { _id: '00000000-0000-4000-8000-0000000000a2', name: 'TEACHER', displayName: 'Docente' },
  { _id: '00000000-0000-4000-8000-0000000000a3', name: 'STUDENT', displayName: 'Estudiante' },
];

function renderDialog(role: 'ADMIN' | 'TEACHER') {
  setTokens({ accessToken: 'a', refreshToken: 'r' }, 'login');
  const onClose = vi.fn();
  const onFinished = vi.fn();
  const fetchMock = mockApi({
    'GET /auth/me': { body: { user: makeUser(role) } },
    'GET /roles': { body: { roles } },
    'GET /colleges': { body: { colleges: [] } },
  });
  renderWithProviders(<BulkImportDialog open onClose={onClose} onFinished={onFinished} />);
  return { onClose, onFinished, fetchMock, user: userEvent.setup() };
}

describe('BulkImportDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the first of three steps', async () => {
    renderDialog('ADMIN');
    expect(await screen.findByRole('dialog', { name: 'Carga masiva' })).toBeInTheDocument();
    expect(screen.getByText('Selección de datos')).toBeInTheDocument();
    expect(screen.getByText('Información')).toBeInTheDocument();
    expect(screen.getByText('Resumen')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /Rol/ })).toBeInTheDocument();
  });
});
