import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-client';

/**
 * Puts a server answer's per-field messages under their fields. Besides VALIDATION_ERROR this takes
 * the 409s of these forms (a duplicate school or grade), which name the field they are about, or none:
 * then the message goes under `conflictField`. Returns false when nothing was placed on a field.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  conflictField?: Path<T>,
): boolean {
  if (!isApiError(error) || (error.type !== 'VALIDATION_ERROR' && error.type !== 'CONFLICT')) {
    return false;
  }
  const known = Object.entries(error.errors ?? {}).filter(([field]) =>
    (fields as readonly string[]).includes(field),
  );
  if (known.length === 0 && error.type === 'CONFLICT' && conflictField && error.message) {
    known.push([conflictField, error.message]);
  }
  known.forEach(([field, message], index) => {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return known.length > 0;
}
