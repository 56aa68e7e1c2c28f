/* Data for the activity page's tests: a student, their events, and GET /tracking/:userId paged. */
import { vi } from 'vitest';
import { pageOf, type TrackingRecord, type User } from '@fics/contracts';
import { setTokens } from '../../lib/session';
import { makeUser, mockApi, requestUrl, type Handler } from '../../test/utils';

export const studentId = '5c1d2e3f-0000-4000-8000-0000000000a1';
export const storyId = '5c1d2e3f-0000-4000-8000-0000000000f1';

export const student: User = makeUser('STUDENT', {
  _id: studentId,
  name: 'Camila Díaz',
  email: 'camila@example.cl',
});

let sequence = 0;

/** One event of the student, 'Leyó una fic' on 'El bosque' by default. */
export function makeRecord(overrides: Partial<TrackingRecord> = {}): TrackingRecord {
  sequence += 1;
  return {
    _id: `record-${sequence}`,
    resource: 'STORIES',
    action: 'READ',
    date: '2025-03-05T14:32:00.000Z',
    writingTime: null,
    storyId,
    storyTitle: 'El bosque',
    commentId: null,
    replyId: null,
    moderation: null,
    ...overrides,
  };
}

/** `count` login events, newest first. */
export function manyRecords(count: number): TrackingRecord[] {
  return Array.from({ length: count }, (_, index) =>
    makeRecord({
      _id: `login-${index + 1}`,
      resource: 'AUTH',
      action: 'LOGIN',
      storyId: null,
      storyTitle: null,
      date: new Date(Date.UTC(2025, 2, 30) - index * 3_600_000).toISOString(),
    }),
  );
}

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

interface StubOptions {
  /** Who is signed in: an administrator by default. */
  me?: User;
  /** The user GET /users/:id answers, or its error status. */
  user?: User | { status: number };
  /** GET /tracking/:id answers this status with an error instead of the events. */
  trackingStatus?: number;
  /** Never answer GET /tracking/:id (the skeleton stays). */
  trackingPending?: boolean;
  handlers?: Handlers;
}

const errorBodies: Record<number, { type: string; message: string }> = {
  403: { type: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' },
  404: { type: 'NOT_FOUND', message: 'No encontrado' },
  500: { type: 'INTERNAL', message: 'Error interno' },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Signs someone in and serves GET /users/:studentId and GET /tracking/:studentId (pages of `records`
 * by the page and limit asked). Returns the fetch mock.
 */
export function stubActivityApi(records: TrackingRecord[], options: StubOptions = {}) {
  const shownUser = options.user ?? student;
  const others = mockApi({
    'GET /auth/me': { body: { user: options.me ?? makeUser('ADMIN') } },
    [`GET /users/${studentId}`]:
      'status' in shownUser
        ? { status: shownUser.status, body: errorBodies[shownUser.status] }
        : { body: { user: shownUser, inscriptionObject: [] } },
    ...options.handlers,
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if (url.pathname !== `/api/v1/tracking/${studentId}`) {
      return others(input, init);
    }
    if (options.trackingPending) {
      return new Promise<Response>(() => undefined);
    }
    if (options.trackingStatus) {
      return json(errorBodies[options.trackingStatus], options.trackingStatus);
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 13);
    const docs = records.slice((page - 1) * limit, page * limit);
    return json({ tracking: pageOf(docs, { page, limit }, records.length) });
  });
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return fetchMock;
}

/** The query string of each GET /tracking/:studentId, in order. */
export function trackingQueries(fetchMock: ReturnType<typeof stubActivityApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1/tracking/${studentId}`)
    .map((url) => url.search);
}
