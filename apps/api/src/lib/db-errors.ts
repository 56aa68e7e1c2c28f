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
