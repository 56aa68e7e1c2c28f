import type * as XLSX from '@e965/xlsx';
import { bulkImportMaxRows, userMessages } from '@fics/contracts';
import { t } from '../../../lib/i18n';

/** Biggest spreadsheet read: far above 2,000 rows of name and e-mail, small enough to parse at once. */
export const SPREADSHEET_MAX_BYTES = 5 * 1024 * 1024;
const MEGABYTE = 1024 * 1024;
/** Spec 000 §5: only .xlsx or .xls. */
export const SPREADSHEET_ACCEPT = '.xlsx,.xls';
export const TEMPLATE_FILENAME = 'plantilla-carga-masiva.xlsx';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * SheetJS is loaded only when a file is chosen or the template is asked for: it is a few hundred
 * kilobytes that no other screen needs (architecture.md §2).
 */
export function loadSpreadsheetLibrary(): Promise<typeof XLSX> {
  return import('@e965/xlsx');
}

export interface SheetUser {
  name: string;
  email: string;
  /** The optional birth year column (issue 22.5), as written; '' when none. */
  birthYear?: string;
}

export type SheetReadResult = { ok: true; rows: SheetUser[] } | { ok: false; message: string };

const fail = (message: string): SheetReadResult => ({ ok: false, message });

/** A cell as text; SheetJS gives strings (raw: false), numbers or booleans. */
function cellString(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Header text compared without case, accents, or the spacing and dashes people put in them. */
function normaliseHeader(value: unknown): string {
  return cellString(value)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

// The template's own headers (spec 000 §2) plus the Spanish ones a school's own list tends to have.
const NAME_HEADERS = new Set(['name', 'nombre', 'nombres', 'nombre completo', 'nombres y apellidos']);
const EMAIL_HEADERS = new Set(['email', 'e mail', 'mail', 'correo', 'correo electronico', 'email address']);
/** Optional (issue 22.5): a student's birth year. */
const BIRTH_YEAR_HEADERS = new Set([
  'ano de nacimiento',
  'ano nacimiento',
  'nacimiento',
  'birth year',
  'birthyear',
]);
/** A title or a note above the header row is tolerated, up to this many rows. */
const HEADER_SEARCH_ROWS = 10;

const cellText = (value: unknown): string => cellString(value).replace(/\s+/g, ' ').trim();

/**
 * Reads the users out of one sheet given as rows of cells: finds the header row (columns name and
 * email, see above), then takes every later row that has a name or an e-mail. Blank rows are skipped.
 */
export function usersFromTable(table: readonly (readonly unknown[])[]): SheetReadResult {
  let headerIndex = -1;
  let nameColumn = -1;
  let emailColumn = -1;
  let birthYearColumn = -1;
  for (let index = 0; index < Math.min(table.length, HEADER_SEARCH_ROWS); index += 1) {
    const headers = (table[index] ?? []).map(normaliseHeader);
    const name = headers.findIndex((header) => NAME_HEADERS.has(header));
    const email = headers.findIndex((header) => EMAIL_HEADERS.has(header));
    if (name !== -1 && email !== -1) {
      headerIndex = index;
      nameColumn = name;
      emailColumn = email;
      birthYearColumn = headers.findIndex((header) => BIRTH_YEAR_HEADERS.has(header));
      break;
    }
  }
  if (headerIndex === -1) {
    return fail(t('bulkImport.fileErrors.missingColumns'));
  }
  const rows: SheetUser[] = [];
  for (const cells of table.slice(headerIndex + 1)) {
    const name = cellText(cells[nameColumn]);
    const email = cellText(cells[emailColumn]);
    if (name === '' && email === '') {
      continue;
    }
    if (rows.length === bulkImportMaxRows) {
      return fail(userMessages.bulkTooMany);
    }
    rows.push(
      birthYearColumn === -1 ? { name, email } : { name, email, birthYear: cellText(cells[birthYearColumn]) },
    );
  }
  if (rows.length === 0) {
    return fail(t('bulkImport.fileErrors.empty'));
  }
  return { ok: true, rows };
}

/**
 * Parses a workbook and reads the users of its first sheet that has the name and email columns.
 * Never throws: a file SheetJS cannot read gets a Spanish message.
 */
export async function parseUsersWorkbook(data: ArrayBuffer | Uint8Array): Promise<SheetReadResult> {
  const xlsx = await loadSpreadsheetLibrary();
  let workbook: XLSX.WorkBook;
  try {
    // Values only: formulas, styles and HTML are never needed and never evaluated.
    workbook = xlsx.read(data, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
    });
  } catch {
    return fail(t('bulkImport.fileErrors.unreadable'));
  }
  let firstFailure: SheetReadResult | null = null;
  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName];
    if (!sheet) {
      continue;
    }
    let table: unknown[][];
    try {
      table = xlsx.utils.sheet_to_json<unknown[]>(sheet, {
        header: 1,
        raw: false,
        defval: '',
        blankrows: false,
      });
    } catch {
      return fail(t('bulkImport.fileErrors.unreadable'));
    }
    const result = usersFromTable(table);
    if (result.ok) {
      return result;
    }
    firstFailure ??= result;
  }
  return firstFailure ?? fail(t('bulkImport.fileErrors.missingColumns'));
}

/** Checks the chosen file's name and size, then parses it. */
export async function readUsersFile(file: File): Promise<SheetReadResult> {
  if (!/\.(xlsx|xls)$/i.test(file.name)) {
    return fail(t('bulkImport.fileErrors.extension'));
  }
  if (file.size > SPREADSHEET_MAX_BYTES) {
    return fail(t('bulkImport.fileErrors.tooLarge', { maxMb: SPREADSHEET_MAX_BYTES / MEGABYTE }));
  }
  if (file.size === 0) {
    return fail(t('bulkImport.fileErrors.unreadable'));
  }
  let data: ArrayBuffer;
  try {
    data = await file.arrayBuffer();
  } catch {
    return fail(t('bulkImport.fileErrors.unreadable'));
  }
  return parseUsersWorkbook(data);
}

/**
 * The template: one sheet with the headers name and email (spec 000 §2) and the optional
 * 'Año de nacimiento' (issue 22.5: a student under 14 needs a guardian's consent; empty is allowed),
 * as an .xlsx file.
 */
export async function buildTemplate(): Promise<Blob> {
  const xlsx = await loadSpreadsheetLibrary();
  const sheet = xlsx.utils.aoa_to_sheet([['name', 'email', 'Año de nacimiento']]);
  sheet['!cols'] = [{ wch: 32 }, { wch: 40 }, { wch: 20 }];
  const workbook = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(workbook, sheet, 'Usuarios');
  const bytes = xlsx.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Blob([bytes], { type: XLSX_MIME });
}
