import { bulkUserRowSchema, userMessages } from '@fics/contracts';

/** One user of the import as the wizard edits it (step 'Información'). `id` is a React key only. */
export interface ImportRow {
  id: string;
  name: string;
  email: string;
  /** The optional birth year (issue 22.5) as read or typed; '' when none. */
  birthYear: string;
}

export interface RowErrors {
  name?: string;
  email?: string;
  birthYear?: string;
}

let nextRowId = 0;

/** Gives rows read from a file or a list stable keys for the editable table. */
export function toImportRows(
  rows: ReadonlyArray<{ name: string; email: string; birthYear?: string }>,
): ImportRow[] {
  return rows.map((row) => {
    nextRowId += 1;
    return { id: `row-${nextRowId}`, name: row.name, email: row.email, birthYear: row.birthYear ?? '' };
  });
}

// Rows are replaced, never mutated, on edit: caching by identity re-checks only the edited row,
// which keeps typing smooth in a table of 2,000 rows.
const fieldErrorsCache = new WeakMap<ImportRow, RowErrors>();

/** The spec's row rules (000 §5 Bulk import, step 2), with the messages the server uses. */
export function rowFieldErrors(row: ImportRow): RowErrors {
  const cached = fieldErrorsCache.get(row);
  if (cached) {
    return cached;
  }
  const errors: RowErrors = {};
  const parsed = bulkUserRowSchema.safeParse({ name: row.name, email: row.email, birthYear: row.birthYear });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'name' || field === 'email' || field === 'birthYear') && !errors[field]) {
        errors[field] = issue.message;
      }
    }
  }
  fieldErrorsCache.set(row, errors);
  return errors;
}

const normalisedEmail = (email: string) => email.trim().toLowerCase();

/**
 * Errors of every row, keyed by row id (rows without errors are absent). An e-mail repeated in
 * the list is flagged on its later occurrences: the server would refuse them anyway.
 */
export function validateRows(rows: readonly ImportRow[]): Map<string, RowErrors> {
  const result = new Map<string, RowErrors>();
  const seen = new Set<string>();
  for (const row of rows) {
    let errors = rowFieldErrors(row);
    if (!errors.email) {
      const email = normalisedEmail(row.email);
      if (seen.has(email)) {
        errors = { ...errors, email: userMessages.emailRepeated };
      }
      seen.add(email);
    }
    if (errors.name || errors.email || errors.birthYear) {
      result.set(row.id, errors);
    }
  }
  return result;
}
