import type * as XLSXModule from '@e965/xlsx';
import { lazyRequire } from './lazy-require';

/** Loaded with the first spreadsheet, not at start (lazy-require.ts). */
const xlsx = lazyRequire<typeof XLSXModule>('@e965/xlsx');

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Prefixes a quote to text that a spreadsheet would run as a formula (= + - @, and the tab/CR tricks),
 * so exported user input is always shown as text (OWASP CSV injection).
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface SheetData {
  name: string;
  header: string[];
  rows: (string | number | null)[][];
}

/** Builds an .xlsx workbook; every string cell is neutralised. */
export function buildWorkbook(sheets: SheetData[]): Buffer {
  const XLSX = xlsx();
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const rows = sheet.rows.map((row) =>
      row.map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : (cell ?? ''))),
    );
    const ws = XLSX.utils.aoa_to_sheet([sheet.header, ...rows]);
    ws['!cols'] = sheet.header.map((h, i) => ({
      wch: Math.min(60, Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)) + 2),
    }));
    XLSX.utils.book_append_sheet(book, ws, sheet.name);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** `attachment; filename=...` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
