import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setSessionExpiredHandler } from './api-client';
import { getRefreshToken, getToken, setTokens } from './session';
import { requestUrl } from '../test/request-url';

type Reply = { status: number; body?: unknown };

function json({ status, body = {} }: Reply): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const unauthorized: Reply = { status: 401, body: { type: 'UNAUTHORIZED', message: 'Token inválido' } };

/** Fetch stub: `/auth/changetoken` answers `refresh`; other calls answer 200 only with the fresh token. */
function stubServer(refresh: () => Promise<Reply> | Reply) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = requestUrl(input);
    if (path === '/api/v1/auth/changetoken') {
      return json(await refresh());
    }
    const auth = new Headers(init.headers).get('authorization');
    return json(auth === 'Bearer new-access' ? { status: 200, body: { path } } : unauthorized);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const changeTokenCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([url]) => requestUrl(url) === '/api/v1/auth/changetoken');

describe('api client', () => {
  const expired = vi.fn();

  beforeEach(() => {
    setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' });
    setSessionExpiredHandler(expired);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    expired.mockReset();
  });

  it('sends the stored bearer token on the /api/v1 base', async () => {
    const fetchMock = vi.fn(async () => json({ status: 200, body: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/health', { query: { page: 2, search: '', tags: ['a', 'b'] } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/health?page=2&tags=a&tags=b');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer old-access');
  });

  it('refreshes once for concurrent 401s, stores the rotated pair and retries every call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubServer(async () => {
      await gate;
      return { status: 200, body: { accessToken: 'new-access', refreshToken: 'new-refresh' } };
    });

    const calls = Promise.all([api.get('/a'), api.get('/b'), api.post('/c', { x: 1 })]);
    await vi.waitFor(() => expect(changeTokenCalls(fetchMock)).toHaveLength(1));
    release();

    await expect(calls).resolves.toEqual([
      { path: '/api/v1/a' },
      { path: '/api/v1/b' },
      { path: '/api/v1/c' },
    ]);
    expect(changeTokenCalls(fetchMock)).toHaveLength(1);
    expect(JSON.parse(changeTokenCalls(fetchMock)[0]![1]!.body as string)).toEqual({
      refreshToken: 'old-refresh',
    });
    expect(getToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(expired).not.toHaveBeenCalled();
  });

  it.each([401, 400])('clears storage and goes home when the refresh answers %i', async (status) => {
    localStorage.setItem('somethingElse', 'x');
    stubServer(() => ({
      status,
      body: { type: status === 401 ? 'UNAUTHORIZED' : 'VALIDATION_ERROR', message: 'no' },
    }));

    const error = await api.get('/a').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(localStorage.length).toBe(0);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('uses the pair another tab rotated while it waited for the refresh lock, without reusing the old token', async () => {
    const fetchMock = stubServer(() => ({ status: 500 }));
    // Another tab holds the lock and rotates the tokens before this tab gets it.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, callback: () => Promise<boolean> | boolean) => {
          localStorage.setItem('token', 'new-access');
          localStorage.setItem('refreshToken', 'new-refresh');
          return callback();
        },
      },
    });

    await expect(api.get('/a')).resolves.toEqual({ path: '/api/v1/a' });
    expect(changeTokenCalls(fetchMock)).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    stubServer(() => ({
      status: 503,
      body: { type: 'UNAVAILABLE', message: 'El servicio no está disponible' },
    }));
    await expect(api.get('/a')).rejects.toMatchObject({ status: 503, type: 'UNAVAILABLE' });
    expect(getToken()).toBe('old-access');
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not refresh on a login 401 and reports the server error', async () => {
    const fetchMock = stubServer(() => ({ status: 200, body: { accessToken: 'x', refreshToken: 'y' } }));
    await expect(api.post('/auth/login', { email: 'a@b.cl', password: 'x' })).rejects.toMatchObject({
      status: 401,
      type: 'UNAUTHORIZED',
      message: 'Token inválido',
    });
    expect(changeTokenCalls(fetchMock)).toHaveLength(0);
    expect(getToken()).toBe('old-access');
  });

  it('does not refresh when no token was sent', async () => {
    localStorage.clear();
    const fetchMock = stubServer(() => ({ status: 200, body: { accessToken: 'x', refreshToken: 'y' } }));
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(changeTokenCalls(fetchMock)).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
  });

  it('turns a VALIDATION_ERROR body into a typed error with per-field messages', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          status: 400,
          body: {
            type: 'VALIDATION_ERROR',
            message: 'Los datos enviados no son válidos',
            errors: { email: 'Ingresa un email valido' },
          },
        }),
      ),
    );
    await expect(api.post('/x', {})).rejects.toMatchObject({
      status: 400,
      type: 'VALIDATION_ERROR',
      errors: { email: 'Ingresa un email valido' },
    });
  });

  it('gives up after 30 seconds with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) => {
              init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            }),
        ),
      );
      const call = api.get('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      await vi.advanceTimersByTimeAsync(1);
      expect(await call).toMatchObject({ status: 0, type: 'TIMEOUT' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    const fetchMock = vi.fn(async () => json({ status: 200, body: { user: {} } }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('name', 'Ana');
    await api.upload('/users/1', form, { method: 'PATCH' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });
});
