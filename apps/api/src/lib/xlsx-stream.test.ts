import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { columnName, xlsxStream, type XlsxRow } from './xlsx-stream';

const read = async (stream: NodeJS.ReadableStream) =>
  XLSX.read(await buffer(stream), { type: 'buffer', cellStyles: true });
const rowsOf = (book: XLSX.WorkBook, sheet: string) =>
  XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet]!, { header: 1, defval: null });

describe('streaming .xlsx writer', () => {
  it('writes every sheet with its header, rows and cell types', async () => {
    const book = await read(
      xlsxStream([
        {
          name: 'Personas',
          columns: [
            { header: 'NOMBRE', width: 30 },
            { header: 'EDAD', width: 8 },
            { header: 'NOTA', width: 30 },
          ],
          rows: [
            [
              ['Ñandú Pérez', 12, 'a < b & c > "d"'],
              ['  espacios  ', null, 'línea\nnueva'],
            ],
            [['Zoë', 3.5, '']],
          ],
        },
        { name: 'Vacía', columns: [{ header: 'X', width: 10 }], rows: [] },
      ]),
    );
    expect(book.SheetNames).toEqual(['Personas', 'Vacía']);
    expect(rowsOf(book, 'Personas')).toEqual([
      ['NOMBRE', 'EDAD', 'NOTA'],
      ['Ñandú Pérez', 12, 'a < b & c > "d"'],
      ['  espacios  ', null, 'línea\nnueva'],
      ['Zoë', 3.5, null],
    ]);
    expect(rowsOf(book, 'Vacía')).toEqual([['X']]);
    expect(book.Sheets.Personas!['!cols']?.map((c) => c.width)).toEqual([30, 8, 30]);
  });

  it('neutralises formulas and keeps text that looks like an Excel escape literal', async () => {
    const book = await read(
      xlsxStream([
        {
          name: 'Hoja',
          columns: [{ header: 'A', width: 10 }],
          rows: [[['=1+1'], ['+56 9'], ['@SUM(A1)'], ['-3'], ['_x0041_'], ['nul\u0000 y \ud800 fuera']]],
        },
      ]),
    );
    const sheet = book.Sheets.Hoja!;
    expect(sheet.A2!.f).toBeUndefined();
    expect(rowsOf(book, 'Hoja').map((r) => r[0])).toEqual([
      'A',
      "'=1+1",
      "'+56 9",
      "'@SUM(A1)",
      "'-3",
      '_x0041_',
      'nul y  fuera',
    ]);
  });

  it('reads each batch only when the download asks for more', async () => {
    const batches = 40;
    let produced = 0;
    async function* rows(): AsyncGenerator<XlsxRow[]> {
      for (let batch = 0; batch < batches; batch += 1) {
        produced += 1;
        yield Array.from({ length: 250 }, (_, i) => [`persona ${batch}-${i} ${Math.random()}`, i]);
      }
    }
    const stream = xlsxStream([{ name: 'Muchas', columns: [{ header: 'N', width: 20 }], rows: rows() }]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(produced).toBe(0);
    const chunks: Buffer[] = [];
    let producedAtFirstChunk = -1;
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      if (producedAtFirstChunk < 0) {
        producedAtFirstChunk = produced;
      }
    }
    expect(producedAtFirstChunk).toBeLessThan(batches / 2);
    expect(produced).toBe(batches);
    const book = XLSX.read(Buffer.concat(chunks), { type: 'buffer' });
    const all = rowsOf(book, 'Muchas');
    expect(all).toHaveLength(1 + batches * 250);
    expect(all[1]![0]).toMatch(/^persona 0-0 /);
    expect(all.at(-1)![0]).toMatch(new RegExp(`^persona ${batches - 1}-249 `));
  });

  it('refuses sheet names Excel would refuse', () => {
    expect(() => xlsxStream([{ name: 'a/b', columns: [], rows: [] }])).toThrow(/worksheet name/);
    expect(() => xlsxStream([{ name: 'x'.repeat(32), columns: [], rows: [] }])).toThrow(/worksheet name/);
    expect(() => xlsxStream([])).toThrow(/at least one sheet/);
  });

  it('names columns as A1 references do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
