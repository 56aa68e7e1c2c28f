import { vi } from 'vitest';
import { defaultRubricGrid, type Rubric } from '@fics/contracts';
import { setTokens } from '../../lib/session';
import { makeUser, mockApi, requestUrl, type Handler } from '../../test/utils';

export const rubricId = '7a2d3c4b-0000-4000-8000-0000000000b1';

/** A saved rubric: 'Comprensión lectora' with the default columns and two written rows. */
export function makeRubric(overrides: Partial<Rubric> = {}): Rubric {
  const { columns } = defaultRubricGrid();
  const row = (criterion: string, levels: [string, string, string]) => ({
    col0: { value: criterion, checked: false },
    col1: { value: levels[0], checked: false },
    col2: { value: levels[1], checked: false },
    col3: { value: levels[2], checked: false },
  });
  return {
    _id: rubricId,
    title: 'Comprensión lectora',
    description: 'Para fics de quinto básico',
    columns,
    items: [
      row('Ortografía', ['Sin errores', 'Pocos errores', 'Muchos errores']),
      row('Estructura', ['Inicio, nudo y desenlace', 'Falta una parte', 'Sin estructura']),
    ],
    createdAt: '2025-05-05T15:00:00.000Z',
    updatedAt: '2025-05-05T15:00:00.000Z',
    ...overrides,
  };
}

/** `count` rubrics 'Rúbrica número N', newest first as the API lists them. */
export function makeRubrics(count: number): Rubric[] {
  return Array.from({ length: count }, (_, index) =>
    makeRubric({ _id: `rubric-${index + 1}`, title: `Rúbrica número ${index + 1}` }),
  );
}

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

/**
 * Signs a teacher in and serves GET /rubrics/my-rubrics from `rubrics` (a live list: a handler may
 * change it) with the page and limit asked, or `listStatus` with an error. `handlers` add or replace.
 */
export function stubRubricsApi(
  rubrics: Rubric[],
  options: { listStatus?: number; handlers?: Handlers } = {},
) {
  const others = mockApi({
    'GET /auth/me': { body: { user: makeUser('TEACHER') } },
    ...options.handlers,
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if (url.pathname !== '/api/v1/rubrics/my-rubrics') {
      return others(input, init);
    }
    if (options.listStatus) {
      return new Response(JSON.stringify({ type: 'INTERNAL', message: 'Error interno' }), {
        status: options.listStatus,
        headers: { 'content-type': 'application/json' },
      });
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const docs = rubrics.slice((page - 1) * limit, page * limit);
    const hasNextPage = page * limit < rubrics.length;
    const body = {
      rubrics: {
        docs,
        page,
        limit,
        totalDocs: rubrics.length,
        hasNextPage,
        nextPage: hasNextPage ? page + 1 : null,
      },
    };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return fetchMock;
}

/** The query string of each GET /rubrics/my-rubrics, in order. */
export function listQueries(fetchMock: ReturnType<typeof stubRubricsApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/rubrics/my-rubrics')
    .map((url) => url.search);
}

/** The JSON bodies sent with `method` to `path` (without /api/v1). */
export function sentBodies(fetchMock: ReturnType<typeof stubRubricsApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      return url.pathname === `/api/v1${path}` && (init?.method ?? 'GET').toUpperCase() === method;
    })
    .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);
}
