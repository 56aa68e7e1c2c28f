import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RubricTemplate } from '@fics/contracts';
import { makeUser, renderApp, requestUrl } from '../../../test/utils';
import { makeRubric, rubricId, stubRubricsApi } from '../rubrics.fixtures';

/** School rubric templates (issue 20.4): Mis Rúbricas › Plantillas and the admin's 'Plantilla de colegios'. */

const collegeA = { _id: '7a2d3c4b-0000-4000-8000-0000000000c1', name: 'Escuela Arrayán' };
const collegeB = { _id: '7a2d3c4b-0000-4000-8000-0000000000c2', name: 'Liceo Bosque' };
const copyId = '7a2d3c4b-0000-4000-8000-0000000000d1';

const template = (overrides: Partial<RubricTemplate> = {}): RubricTemplate => ({
  rubric: makeRubric({ title: 'Plantilla de cuentos', description: 'La del colegio' }),
  college: collegeA,
  markedAt: '2025-05-06T10:00:00.000Z',
  ...overrides,
});

const paged = <T,>(docs: T[]) => ({
  docs,
  page: 1,
  limit: 10,
  totalDocs: docs.length,
  hasNextPage: false,
  nextPage: null,
});

const user = () => userEvent.setup({ delay: null });

describe('Mis Rúbricas › Plantillas', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the school's templates with their school, previews one and copies it, opening the copy", async () => {
    const copied = makeRubric({ _id: copyId, title: 'Plantilla de cuentos', description: 'La del colegio' });
    const fetchMock = stubRubricsApi([makeRubric()], {
      handlers: {
        'GET /rubric-templates': { body: { templates: paged([template()]) } },
        [`POST /rubric-templates/${rubricId}/copy`]: {
          status: 201,
          body: { rubric: copied, message: 'Rúbrica copiada a Mis Rúbricas exitosamente' },
        },
        [`GET /rubrics/${copyId}`]: { body: { rubric: copied } },
      },
    });
    const { router } = renderApp('/rubricas');
    await user().click(await screen.findByRole('tab', { name: 'Plantillas' }));
    expect(router.state.location.search).toBe('?tab=plantillas');
    const list = await screen.findByRole('list', { name: 'Plantillas de rúbricas' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Plantilla de cuentos' })).toBeInTheDocument();
    expect(within(card).getByText('Plantilla de Escuela Arrayán')).toBeInTheDocument();
    expect(within(card).getByText('La del colegio')).toBeInTheDocument();
    expect(screen.getByText('1 plantilla')).toBeInTheDocument();

    await user().click(within(card).getByRole('button', { name: 'Ver rúbrica Plantilla de cuentos' }));
    const grid = await screen.findByRole('table', { name: 'Rúbrica: Plantilla de cuentos' });
    expect(within(grid).getByRole('rowheader', { name: 'Ortografía' })).toBeInTheDocument();

    await user().click(
      within(card).getByRole('button', { name: 'Copiar Plantilla de cuentos a mis rúbricas' }),
    );
    expect(await screen.findByText('Rúbrica copiada a Mis Rúbricas exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/rubricas/${copyId}/actualizar`));
    expect(await screen.findByRole('textbox', { name: 'Título' })).toHaveValue('Plantilla de cuentos');
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
  });

  it('says when the school has no templates', async () => {
    stubRubricsApi([], { handlers: { 'GET /rubric-templates': { body: { templates: paged([]) } } } });
    renderApp('/rubricas?tab=plantillas');
    expect(await screen.findByText('Tu colegio aún no tiene plantillas de rúbricas')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Plantillas' })).toHaveAttribute('aria-selected', 'true');
  });

  it('tells the teacher when the template is no longer offered (404) and reloads the list', async () => {
    let listed = [template()];
    stubRubricsApi([], {
      handlers: {
        'GET /rubric-templates': () => ({ body: { templates: paged(listed) } }),
        [`POST /rubric-templates/${rubricId}/copy`]: () => {
          listed = [];
          return { status: 404, body: { type: 'NOT_FOUND', message: 'La plantilla solicitada no existe' } };
        },
      },
    });
    renderApp('/rubricas?tab=plantillas');
    await user().click(
      await screen.findByRole('button', { name: 'Copiar Plantilla de cuentos a mis rúbricas' }),
    );
    expect(await screen.findByText('La plantilla solicitada no existe')).toBeInTheDocument();
    expect(await screen.findByText('Tu colegio aún no tiene plantillas de rúbricas')).toBeInTheDocument();
  });
});

describe("'Plantilla de colegios' on the rubric's edit page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const marked = (colleges: { _id: string; name: string }[]) => ({
    body: { colleges: colleges.map((c) => ({ ...c, markedAt: '2025-05-06T10:00:00.000Z' })) },
  });

  it('shows an administrator the schools of the rubric, marks another and unmarks one', async () => {
    const fetchMock = stubRubricsApi([], {
      handlers: {
        'GET /auth/me': { body: { user: makeUser('ADMIN') } },
        [`GET /rubrics/${rubricId}`]: { body: { rubric: makeRubric() } },
        [`GET /rubrics/${rubricId}/templates`]: marked([collegeA]),
        'GET /colleges/list': {
          body: {
            colleges: [
              { ...collegeA, grades: [] },
              { ...collegeB, grades: [] },
            ],
          },
        },
        [`PUT /rubrics/${rubricId}/templates/${collegeB._id}`]: marked([collegeA, collegeB]),
        [`DELETE /rubrics/${rubricId}/templates/${collegeA._id}`]: marked([collegeB]),
      },
    });
    renderApp(`/rubricas/${rubricId}/actualizar`);
    const section = await screen.findByRole('region', { name: 'Plantilla de colegios' });
    expect(await within(section).findByRole('button', { name: 'Escuela Arrayán' })).toBeInTheDocument();

    const input = within(section).getByRole('combobox', { name: 'Colegios' });
    await user().click(input);
    await user().click(await screen.findByRole('option', { name: 'Liceo Bosque' }));
    expect(await screen.findByText('Plantilla disponible para Liceo Bosque')).toBeInTheDocument();
    expect(await within(section).findByRole('button', { name: 'Liceo Bosque' })).toBeInTheDocument();

    const chip = within(section).getByRole('button', { name: 'Escuela Arrayán' });
    await user().click(within(chip).getByTestId('CancelIcon'));
    expect(await screen.findByText('Plantilla retirada de Escuela Arrayán')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Escuela Arrayán' })).not.toBeInTheDocument(),
    );
    const writes = fetchMock.mock.calls
      .filter(([, init]) => ['PUT', 'DELETE'].includes(init?.method ?? ''))
      .map(([input, init]) => `${init?.method} ${new URL(requestUrl(input), 'http://localhost').pathname}`);
    expect(writes).toEqual([
      `PUT /api/v1/rubrics/${rubricId}/templates/${collegeB._id}`,
      `DELETE /api/v1/rubrics/${rubricId}/templates/${collegeA._id}`,
    ]);
  });

  it('is not offered to a teacher, who never asks for the marks', async () => {
    const fetchMock = stubRubricsApi([], {
      handlers: { [`GET /rubrics/${rubricId}`]: { body: { rubric: makeRubric() } } },
    });
    renderApp(`/rubricas/${rubricId}/actualizar`);
    expect(await screen.findByRole('textbox', { name: 'Título' })).toHaveValue('Comprensión lectora');
    expect(screen.queryByRole('region', { name: 'Plantilla de colegios' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(asked.some((url) => url.includes('/templates'))).toBe(false);
  });
});
