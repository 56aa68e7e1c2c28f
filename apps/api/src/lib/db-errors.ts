/** Walks drizzle's wrapping errors down to PostgreSQL's own and reads one of its fields. */
function pgErrorField(error: unknown, read: (e: object) => string | undefined): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const value = read(current);
    if (value !== undefined) {
      return value;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's SQLSTATE of a failed query, looked up through drizzle's wrapping errors. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgErrorField(error, (e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  });
}

/** The constraint or unique index a failed write broke, as PostgreSQL names it (pg and PGlite alike). */
export function pgConstraintName(error: unknown): string | undefined {
  return pgErrorField(error, (e) => {
    const constraint = (e as { constraint?: unknown }).constraint;
    return typeof constraint === 'string' && constraint !== '' ? constraint : undefined;
  });
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** True when a write failed because another row still references the one deleted (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorCode(error) === FOREIGN_KEY_VIOLATION;
}

/** True when a write broke a unique constraint or index (23505); given a name, only that one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return (
    pgErrorCode(error) === UNIQUE_VIOLATION &&
    (constraint === undefined || pgConstraintName(error) === constraint)
  );
}

/**
 * SQLSTATEs of a database that cannot serve right now: class 08 (connection exception) and the
 * server shutting down, crashing, starting up or out of connection slots.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a connection refused, reset or timed out (the driver passes Node's own). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool word a lost, refused or timed-out connection with these messages. */
const UNAVAILABLE_MESSAGES = [
  // '... unexpectedly', '... due to connection timeout'
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailableLink(error: object): boolean {
  const { code, message, syscall } = error as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) {
      return true;
    }
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) {
      return true;
    }
    // A unix socket that is not there (the server is down) fails to connect with ENOENT.
    if (code === 'ENOENT' && syscall === 'connect') {
      return true;
    }
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * True when a failure means the database cannot be reached right now (a lost, refused or timed-out
 * connection; a server shutting down, restarting or full), not that the query itself was wrong.
 * Looks through drizzle's wrapping errors (`cause`) and Node's AggregateError (`errors`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: error, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value !== 'object' || value === null || depth > 5) {
      continue;
    }
    if (isUnavailableLink(value)) {
      return true;
    }
    pending.push({ value: (value as { cause?: unknown }).cause, depth: depth + 1 });
    const nested = (value as { errors?: unknown }).errors;
    if (value instanceof AggregateError && Array.isArray(nested)) {
      for (const inner of nested.slice(0, 5)) {
        pending.push({ value: inner, depth: depth + 1 });
      }
    }
  }
  return false;
}
