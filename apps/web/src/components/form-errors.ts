import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../lib/api-client';

/**
 * Puts a VALIDATION_ERROR's per-field messages under their fields (spec 000 §5, last rule).
 * Returns true when at least one known field got a message; otherwise the caller shows a generic error.
 * `fields` lists the form's field names, so a server key the form does not render is not silently lost.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || error.type !== 'VALIDATION_ERROR' || !error.errors) {
    return false;
  }
  let applied = false;
  for (const [field, message] of Object.entries(error.errors)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
