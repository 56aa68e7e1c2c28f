import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { attachmentHeader, buildWorkbook, neutraliseCell } from './spreadsheet';

describe('spreadsheet export', () => {
  it('neutralises cells that would run as formulas', () => {
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseCell('+56 9 1234')).toBe("'+56 9 1234");
    expect(neutraliseCell('-1')).toBe("'-1");
    expect(neutraliseCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCell('Ana Pérez')).toBe('Ana Pérez');
  });

  it('writes the named sheets with their header and rows', () => {
    const buffer = buildWorkbook([
      { name: 'Establecimientos', header: ['NOMBRE', 'REGION', 'COMUNA'], rows: [['=1+1', 'Ñuble', null]] },
    ]);
    const book = XLSX.read(buffer, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Establecimientos']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Establecimientos']!, { header: 1 });
    expect(rows).toEqual([
      ['NOMBRE', 'REGION', 'COMUNA'],
      ["'=1+1", 'Ñuble', ''],
    ]);
  });

  it('names attachments with an ASCII fallback', () => {
    expect(attachmentHeader('Usuarios ñandú.xlsx')).toBe(
      `attachment; filename="Usuarios nandu.xlsx"; filename*=UTF-8''Usuarios%20%C3%B1and%C3%BA.xlsx`,
    );
  });
});
