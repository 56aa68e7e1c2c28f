import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../lib/api-client';

/** A form's field names, or a map from the server's key to the form's field when they differ. */
export type ServerFields<F extends string> = readonly F[] | Readonly<Record<string, F>>;

const isList = <F extends string>(fields: ServerFields<F>): fields is readonly F[] => Array.isArray(fields);

/**
 * The per-field Spanish messages of a failed call, for the fields a form has. A VALIDATION_ERROR
 * carries them in `errors` (spec 000 §5, last rule), and so do a few other refusals: a taken e-mail or
 * school name (409), an image over the size limit (413). Keys the form does not have are left out.
 * The one reader of `errors`: react-hook-form forms use applyServerErrors below, others this.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: ServerFields<F>,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!isApiError(error) || !error.errors) {
    return found;
  }
  const fieldOf = new Map<string, F>(
    isList(fields) ? fields.map((field) => [field, field]) : Object.entries(fields),
  );
  for (const [key, message] of Object.entries(error.errors)) {
    const field = fieldOf.get(key);
    if (field !== undefined) {
      found[field] = message;
    }
  }
  return found;
}

/**
 * Puts a failed call's per-field messages under the fields of a react-hook-form form, focusing the
 * first. `conflictField`: a 409 that names no field (a duplicate grade) is shown under that field.
 * `focus`: the form's useErrorFocus().focusFirstError, which focuses the first field in error in the
 * page's order and clear of sticky bars (without it, react-hook-form focuses the first one placed).
 * Returns true when a field got a message; otherwise the caller shows a generic error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ServerFields<Path<T>>,
  { conflictField, focus }: { conflictField?: Path<T>; focus?: () => void } = {},
): boolean {
  const placed = Object.entries(serverFieldErrors(error, fields)) as [Path<T>, string][];
  if (
    placed.length === 0 &&
    conflictField &&
    isApiError(error) &&
    error.type === 'CONFLICT' &&
    error.message
  ) {
    placed.push([conflictField, error.message]);
  }
  placed.forEach(([field, message], index) => {
    setError(field, { type: 'server', message }, { shouldFocus: !focus && index === 0 });
  });
  if (focus && placed.length > 0) {
    focus();
  }
  return placed.length > 0;
}
