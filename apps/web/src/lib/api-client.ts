import type { ErrorResponse, ErrorType } from '@fics/contracts';
import { clearSession, getRefreshToken, getToken, setTokens } from './session';
import { keepUnsavedWorkOnExpiry } from './unsaved-work-registry';

export const API_BASE = '/api/v1';
/** Spec 000 §9: API timeout 30000 ms. */
export const API_TIMEOUT_MS = 30_000;

/** Types the server sends, plus the two failures that never reach it. */
export type ApiErrorType = ErrorType | 'NETWORK_ERROR' | 'TIMEOUT';

/** Every failed call throws this: the server's `{ type, message, errors? }` plus the HTTP status (0 offline). */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, type: ApiErrorType, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;
export interface RequestOptions {
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

// A 401 on these means "bad credentials" or "dead refresh token", not "access token expired".
const NO_REFRESH_PATHS = ['/auth/login', '/auth/changetoken'];

let onSessionExpired: () => void = () => {
  if (window.location.pathname !== '/') {
    window.location.assign('/');
  }
};

/** The app replaces the default hard navigation with a router navigation once the router exists. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh for any number of concurrent 401s: callers share the in-flight promise.
 * Resolves true when new tokens are stored; false when the session is gone (storage cleared).
 */
function refreshSession(): Promise<boolean> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const REFRESH_LOCK = 'fics-token-refresh';

/**
 * Refresh tokens are single use and a reused one ends the session, so tabs must not rotate the same
 * token at once: the Web Locks API serialises refreshes across tabs, and a tab that waited finds the
 * token already rotated by another tab and simply uses the new pair.
 */
async function doRefresh(): Promise<boolean> {
  const seen = getRefreshToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    return rotate(seen);
  }
  return locks.request(REFRESH_LOCK, () => {
    const current = getRefreshToken();
    if (current && current !== seen) {
      return true;
    }
    return rotate(current);
  });
}

async function rotate(refreshToken: string | null): Promise<boolean> {
  if (!refreshToken) {
    expireSession();
    return false;
  }
  try {
    const tokens = await send<{ accessToken: string; refreshToken: string }>(
      'POST',
      '/auth/changetoken',
      { refreshToken },
      {},
      'json',
    );
    setTokens(tokens, 'refresh');
    return true;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 400)) {
      expireSession();
      return false;
    }
    // Offline or server trouble: keep the session, the caller sees the failure and may try again.
    throw error;
  }
}

function expireSession(): void {
  // Writing open in an editor is copied to the browser before anything changes, and where it was is
  // remembered: the user is asked to log in again and taken back to it (issue 18.1).
  keepUnsavedWorkOnExpiry();
  clearSession();
  onSessionExpired();
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  let url = API_BASE + path;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null && item !== '') {
          params.append(key, String(item));
        }
      }
    }
    const search = params.toString();
    if (search) {
      url += `?${search}`;
    }
  }
  return url;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: Partial<ErrorResponse> | null = null;
  try {
    body = (await response.json()) as Partial<ErrorResponse>;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status.
  }
  return new ApiError(
    response.status,
    body?.type ?? (response.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL'),
    body?.message ?? response.statusText,
    body?.errors,
  );
}

type ResponseKind = 'json' | 'blob';

async function send<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  kind: ResponseKind,
  token: string | null = null,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  try {
    const response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload,
      signal: controller.signal,
    });
    if (!response.ok) {
      throw await errorFrom(response);
    }
    if (kind === 'blob') {
      return (await response.blob()) as T;
    }
    if (response.status === 204) {
      return undefined as T;
    }
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    if (isApiError(error)) {
      throw error;
    }
    if (options.signal?.aborted) {
      throw error; // cancelled by the caller (TanStack Query): not a failure to show
    }
    if (timedOut) {
      throw new ApiError(0, 'TIMEOUT', 'Tiempo de espera agotado');
    }
    throw new ApiError(0, 'NETWORK_ERROR', 'Sin conexión con el servidor');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Sends with the stored bearer token; on a 401 refreshes once (shared) and retries once (spec 000 §7). */
async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
  kind: ResponseKind = 'json',
): Promise<T> {
  const token = getToken();
  try {
    return await send<T>(method, path, body, options, kind, token);
  } catch (error) {
    const refreshable =
      isApiError(error) && error.status === 401 && token !== null && !NO_REFRESH_PATHS.includes(path);
    if (!refreshable) {
      throw error;
    }
    // Another call may already have rotated the token while this one was in flight.
    const current = getToken();
    const renewed = current !== null && current !== token ? true : await refreshSession();
    if (!renewed) {
      throw error;
    }
    return send<T>(method, path, body, options, kind, getToken());
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T = void>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
  /** Multipart upload; `method` PATCH for edits with an optional file (spec 000 §7). */
  upload: <T>(path: string, form: FormData, options?: RequestOptions & { method?: 'POST' | 'PATCH' }) =>
    request<T>(options?.method ?? 'POST', path, form, options),
  /** Binary answer (exports). */
  download: (path: string, options?: RequestOptions) =>
    request<Blob>('GET', path, undefined, options, 'blob'),
};
