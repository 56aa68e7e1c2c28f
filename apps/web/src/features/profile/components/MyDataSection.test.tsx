import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataExportMessages, pageOf, type User } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp } from '../../../test/utils';

/**
 * 'Mis datos' on /perfil and 'Descargar datos' on a user's page (issue 22.2): what the ZIP holds,
 * the download saved under its name, the hourly limit's message on 429, the administrators' action
 * (and nobody else's).
 */

const emptyPage = pageOf([], { page: 1, limit: 10 }, 0);

function render(path: string, actor: User, exportStatus: number, extra: Record<string, unknown> = {}) {
  const downloads: string[] = [];
  const exportAnswer = (path: string) => {
    downloads.push(path);
    return exportStatus === 200
      ? { status: 200, body: 'zip' }
      : { status: 429, body: { type: 'RATE_LIMITED', message: dataExportMessages.rateLimited(42) } };
  };
  mockApi({
    'GET /auth/me': { body: { user: actor } },
    [`GET /users/${actor._id}`]: { body: { user: actor, inscriptionObject: [] } },
    'GET /blocks': { body: { blocks: emptyPage } },
    'GET /me/privacy-requests': { body: { requests: emptyPage } },
    'GET /me/data-export': () => exportAnswer('/me/data-export'),
    'GET /users/student-1/data-export': () => exportAnswer('/users/student-1/data-export'),
    ...(extra as Record<string, { body: unknown }>),
  });
  const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  renderApp(path);
  return { downloads, clicked, created, user: userEvent.setup({ delay: null }) };
}

describe('Mis datos (/perfil)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says what the ZIP holds and saves it as mis-datos-fics-<fecha>.zip', async () => {
    const { downloads, clicked, user } = render('/perfil', makeUser('STUDENT'), 200);
    const section = await screen.findByRole('region', { name: 'Mis datos' });
    expect(within(section).getByText(/datos\.json/)).toBeInTheDocument();
    expect(within(section).getByText(/una vez por hora/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Descargar mis datos' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(downloads).toEqual(['/me/data-export']);
    expect(clicked[0]).toMatch(/^mis-datos-fics-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the hourly limit’s message when the API answers 429', async () => {
    const { clicked, user } = render('/perfil', makeUser('TEACHER'), 429);
    const section = await screen.findByRole('region', { name: 'Mis datos' });
    await user.click(within(section).getByRole('button', { name: 'Descargar mis datos' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(dataExportMessages.rateLimited(42));
    expect(clicked).toEqual([]);
  });
});

describe('Descargar datos (a user’s page)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const student = makeUser('STUDENT', { _id: 'student-1', name: 'Sofía Escobar' });
  const pages = {
    'GET /users/student-1': { body: { user: student, inscriptionObject: [] } },
    'GET /tracking/student-1': { body: { tracking: pageOf([], { page: 1, limit: 13 }, 0) } },
  };

  it('lets an administrator download the user’s data', async () => {
    const { downloads, clicked, user } = render('/usuarios/student-1', makeUser('ADMIN'), 200, pages);
    await user.click(
      await screen.findByRole('button', { name: 'Descargar los datos personales de Sofía Escobar' }),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(downloads).toEqual(['/users/student-1/data-export']);
  });

  it('is not offered to a teacher', async () => {
    render('/usuarios/student-1', makeUser('TEACHER'), 200, pages);
    await screen.findByRole('heading', { name: 'Sofía Escobar' });
    expect(screen.queryByRole('button', { name: /Descargar los datos/ })).not.toBeInTheDocument();
  });
});
