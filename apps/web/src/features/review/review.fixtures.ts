import { vi } from 'vitest';
import type { ReviewStoryRow } from '@fics/contracts';
import { setTokens } from '../../lib/session';
import { makeUser, mockApi, requestUrl } from '../../test/utils';

/** A review list row; `n` numbers its id and title. */
export function makeRow(n: number, overrides: Partial<ReviewStoryRow> = {}): ReviewStoryRow {
  return {
    _id: `story-${n}`,
    student: `Alumno ${n}`,
    anonymity: false,
    nicknameValue: null,
    personal: false,
    college: 'Colegio Los Andes',
    grade: 'Quinto Básico A',
    storyTitle: `Fic número ${n}`,
    publicationStatus: 'REVIEWING',
    date: '2025-01-05T12:00:00.000Z',
    canDelete: false,
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const listPaths = {
  review: '/api/v1/stories/review-stories',
  published: '/api/v1/stories/published-stories',
} as const;

/**
 * Signs a teacher in and serves `path`'s list from `rows` (paged as asked, the review list filtered
 * by `status`), or answers `listStatus` with an error. DELETE /stories/:id removes the row, or
 * answers `deleteStatus` with `deleteMessage`. Returns the fetch mock.
 */
export function stubReviewApi(
  list: keyof typeof listPaths,
  rows: ReviewStoryRow[],
  options: { listStatus?: number; deleteStatus?: number; deleteMessage?: string } = {},
) {
  const others = mockApi({ 'GET /auth/me': { body: { user: makeUser('TEACHER') } } });
  const remaining = [...rows];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const deleted = /^\/api\/v1\/stories\/([^/]+)$/.exec(url.pathname);
    if (method === 'DELETE' && deleted) {
      if (options.deleteStatus) {
        return json({ type: 'CONFLICT', message: options.deleteMessage ?? 'Error' }, options.deleteStatus);
      }
      const index = remaining.findIndex((row) => row._id === deleted[1]);
      remaining.splice(index, 1);
      return json({ message: 'Fic eliminada exitosamente' });
    }
    if (url.pathname !== listPaths[list]) {
      return others(input, init);
    }
    if (options.listStatus) {
      return json({ type: 'INTERNAL', message: 'Error interno' }, options.listStatus);
    }
    const status = url.searchParams.get('status');
    const matching = status ? remaining.filter((row) => row.publicationStatus === status) : remaining;
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const hasNextPage = page * limit < matching.length;
    return json({
      stories: {
        docs: matching.slice((page - 1) * limit, page * limit),
        page,
        limit,
        totalDocs: matching.length,
        hasNextPage,
        nextPage: hasNextPage ? page + 1 : null,
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return fetchMock;
}

/** The query string of each request for `list`, in order. */
export function listQueries(
  fetchMock: ReturnType<typeof stubReviewApi>,
  list: keyof typeof listPaths,
): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === listPaths[list])
    .map((url) => url.search);
}

/** The DELETE requests made, by path. */
export function deleteCalls(fetchMock: ReturnType<typeof stubReviewApi>): string[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'DELETE')
    .map(([input]) => new URL(requestUrl(input), 'http://localhost').pathname);
}
