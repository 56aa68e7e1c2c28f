import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { RouteObject, To } from 'react-router';
import { vi } from 'vitest';
import { messages, type User } from '@fics/contracts';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../app/providers';
import { AppRoutes, routes as appRoutes } from '../app/router';
import { AppHistoryRouter, createMemoryAppHistory } from '../lib/navigation';
import { requestUrl } from './request-url';

export { requestUrl };

export type Handler = (request: {
  method: string;
  path: string;
  /** The query string's parameters (`page`, `storyId`, …). */
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}) => { status?: number; body?: unknown } | undefined;

/**
 * Replaces fetch with a router over `handlers` keyed 'METHOD /path' (path without /api/v1).
 * Unknown calls answer 404 so a test never hangs on a missing stub. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${path}`];
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const result =
      typeof handler === 'function'
        ? handler({ method, path, query: url.searchParams, body, headers: new Headers(init.headers) })
        : handler;
    const { status = 200, body: responseBody = {} } = result ?? {
      status: 404,
      body: { type: 'NOT_FOUND', message: messages.routeNotFound },
    };
    return new Response(JSON.stringify(responseBody), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the real route table at `path`, with fresh query cache, over a memory history. */
export function renderApp(path: string, routes: RouteObject[] = appRoutes) {
  const history = createMemoryAppHistory(path);
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <AppHistoryRouter history={history}>
        <AppRoutes table={routes} />
      </AppHistoryRouter>
    </AppProviders>,
  );
  // The few things tests ask of the router: where it is, and to go somewhere (a number goes back or
  // forward, as the browser's buttons do). Navigations go through the app's blockers.
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate: async (to: To | number) => (typeof to === 'number' ? history.go(to) : history.push(to)),
  };
  return { ...utils, router, history };
}

/** Renders one element inside the providers and a memory router at `path`. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderApp(path, [{ path: '*', element: ui }]);
}

const ids = {
  college: '0b8f7c2e-0000-4000-8000-000000000001',
  grade: '0b8f7c2e-0000-4000-8000-000000000002',
};

export function makeUser(role: User['role']['name'], overrides: Partial<User> = {}): User {
  const displayName = { ADMIN: 'administrador', TEACHER: 'docente', STUDENT: 'estudiante' }[role];
  return {
    _id: `user-${role}`,
    name: 'Ana María Rojas',
    email: 'ana@example.cl',
    bio: '',
    phoneNumber: null,
    profilePicture: null,
    role: { _id: `role-${role}`, name: role, displayName },
    collegeId: role === 'ADMIN' ? [] : [{ _id: ids.college, name: 'Colegio Los Andes' }],
    gradeId:
      role === 'ADMIN'
        ? []
        : [{ _id: ids.grade, level: 'Quinto', cicle: 'Básico', name: 'A', collegeId: ids.college }],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Makes MUI's media queries see a phone (every max-width query matches) until `vi.unstubAllGlobals()`. */
export function stubPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
