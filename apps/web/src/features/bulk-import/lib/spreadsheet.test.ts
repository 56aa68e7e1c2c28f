import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { bulkImportMaxRows } from '@fics/contracts';
import {
  buildTemplate,
  parseUsersWorkbook,
  readUsersFile,
  SPREADSHEET_MAX_BYTES,
  usersFromTable,
} from './spreadsheet';

type Cell = string | number | null;

/** A real workbook file, as Excel or LibreOffice would save it. */
function workbookBytes(sheets: Record<string, Cell[][]>, bookType: 'xlsx' | 'xls' = 'xlsx'): ArrayBuffer {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  }
  return XLSX.write(workbook, { type: 'array', bookType }) as ArrayBuffer;
}

function fileOf(bytes: ArrayBuffer | string, name: string): File {
  return new File([bytes], name);
}

describe('spreadsheet parsing', () => {
  it('reads name and email columns of a real .xlsx file, skipping blank rows', async () => {
    const bytes = workbookBytes({
      Hoja1: [
        ['name', 'email'],
        ['Ana Pérez', 'ana@colegio.cl'],
        [null, null],
        ['  Beto   Soto ', ' beto@colegio.cl '],
        ['', ''],
        ['Cata', ''],
      ],
    });
    expect(await readUsersFile(fileOf(bytes, 'alumnos.xlsx'))).toEqual({
      ok: true,
      rows: [
        { name: 'Ana Pérez', email: 'ana@colegio.cl' },
        { name: 'Beto Soto', email: 'beto@colegio.cl' },
        { name: 'Cata', email: '' },
      ],
    });
  });

  it('accepts headers in any case and the Spanish nombre and correo, in any column order', async () => {
    const bytes = workbookBytes({
      Lista: [
        ['N°', 'Correo Electrónico', 'NOMBRE', 'Curso'],
        [1, 'ana@colegio.cl', 'Ana', '5A'],
      ],
    });
    expect(await parseUsersWorkbook(bytes)).toEqual({
      ok: true,
      rows: [{ name: 'Ana', email: 'ana@colegio.cl' }],
    });
    expect(
      usersFromTable([
        ['Name', 'EMAIL'],
        ['Beto', 'beto@x.cl'],
      ]),
    ).toEqual({
      ok: true,
      rows: [{ name: 'Beto', email: 'beto@x.cl' }],
    });
  });

  it("reads the optional 'Año de nacimiento' column (issue 22.5), numbers as text", async () => {
    const bytes = workbookBytes({
      Lista: [
        ['Nombre', 'Email', 'Año de nacimiento'],
        ['Ana', 'ana@colegio.cl', 2015],
        ['Beto', 'beto@colegio.cl', null],
      ],
    });
    expect(await parseUsersWorkbook(bytes)).toEqual({
      ok: true,
      rows: [
        { name: 'Ana', email: 'ana@colegio.cl', birthYear: '2015' },
        { name: 'Beto', email: 'beto@colegio.cl', birthYear: '' },
      ],
    });
  });

  it('tolerates a title above the header row and reads numbers as text', async () => {
    const bytes = workbookBytes({
      Hoja1: [['Listado 5° Básico A'], [], ['nombre', 'correo'], [12345, 'n@x.cl']],
    });
    expect(await parseUsersWorkbook(bytes)).toEqual({ ok: true, rows: [{ name: '12345', email: 'n@x.cl' }] });
  });

  it('uses the first sheet that has the columns', async () => {
    const bytes = workbookBytes({
      Instrucciones: [['Complete la hoja Usuarios']],
      Usuarios: [
        ['name', 'email'],
        ['Ana', 'ana@x.cl'],
      ],
    });
    expect(await parseUsersWorkbook(bytes)).toEqual({ ok: true, rows: [{ name: 'Ana', email: 'ana@x.cl' }] });
  });

  it('reads the old .xls format too', async () => {
    const bytes = workbookBytes(
      {
        Hoja1: [
          ['name', 'email'],
          ['Ana', 'ana@x.cl'],
        ],
      },
      'xls',
    );
    expect(await readUsersFile(fileOf(bytes, 'ANTIGUO.XLS'))).toEqual({
      ok: true,
      rows: [{ name: 'Ana', email: 'ana@x.cl' }],
    });
  });

  it('explains missing columns', async () => {
    const bytes = workbookBytes({
      Hoja1: [
        ['nombre', 'telefono'],
        ['Ana', '+56 9 1234 5678'],
      ],
    });
    expect(await parseUsersWorkbook(bytes)).toEqual({
      ok: false,
      message: 'El archivo debe tener una fila de encabezado con las columnas name y email',
    });
  });

  it('explains a file with headers but no users', async () => {
    const bytes = workbookBytes({
      Hoja1: [
        ['name', 'email'],
        [null, null],
      ],
    });
    expect(await parseUsersWorkbook(bytes)).toEqual({
      ok: false,
      message: 'El archivo no tiene filas con usuarios',
    });
  });

  it('refuses more rows than one import may carry', () => {
    const rows = Array.from({ length: bulkImportMaxRows + 1 }, (_, i) => [`Usuario ${i}`, `u${i}@x.cl`]);
    expect(usersFromTable([['name', 'email'], ...rows])).toEqual({
      ok: false,
      message: `No se pueden importar más de ${bulkImportMaxRows} usuarios a la vez`,
    });
    expect(usersFromTable([['name', 'email'], ...rows.slice(1)])).toMatchObject({ ok: true });
  });

  it('accepts only .xlsx and .xls names', async () => {
    const bytes = workbookBytes({
      Hoja1: [
        ['name', 'email'],
        ['Ana', 'ana@x.cl'],
      ],
    });
    for (const name of ['alumnos.csv', 'alumnos.xlsx.pdf', 'alumnos']) {
      expect(await readUsersFile(fileOf(bytes, name))).toEqual({
        ok: false,
        message: 'Solo se aceptan archivos .xlsx o .xls',
      });
    }
  });

  it('refuses an oversized file before reading it', async () => {
    const big = new File([new Uint8Array(SPREADSHEET_MAX_BYTES + 1)], 'grande.xlsx');
    expect(await readUsersFile(big)).toEqual({
      ok: false,
      message: 'El archivo pesa más de 5 MB, el máximo permitido',
    });
  });

  it('answers a clear message, never an exception, for broken or empty files', async () => {
    const valid = new Uint8Array(
      workbookBytes({
        Hoja1: [
          ['name', 'email'],
          ['Ana', 'ana@x.cl'],
        ],
      }),
    );
    // A zip that ends half way, as an interrupted download would.
    const truncated = valid.slice(0, Math.floor(valid.length / 2));
    const broken = await readUsersFile(new File([truncated], 'cortado.xlsx'));
    expect(broken).toMatchObject({ ok: false });
    expect(await readUsersFile(new File([], 'vacio.xlsx'))).toEqual({
      ok: false,
      message: 'No se pudo leer el archivo. Verifica que sea una planilla Excel válida.',
    });
    // Text renamed to .xls: SheetJS reads it as text, and the header check refuses it.
    expect(await readUsersFile(fileOf('hola mundo', 'falso.xls'))).toEqual({
      ok: false,
      message: 'El archivo debe tener una fila de encabezado con las columnas name y email',
    });
  });

  it("builds a template .xlsx with the headers name, email and the optional 'Año de nacimiento' that the parser reads back", async () => {
    const template = await buildTemplate();
    expect(template.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const bytes = await template.arrayBuffer();
    // An .xlsx is a zip archive: 'PK'.
    expect(Array.from(new Uint8Array(bytes, 0, 2))).toEqual([0x50, 0x4b]);
    const workbook = XLSX.read(bytes, { type: 'array' });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([['name', 'email', 'Año de nacimiento']]);
    expect(await parseUsersWorkbook(bytes)).toEqual({
      ok: false,
      message: 'El archivo no tiene filas con usuarios',
    });
    // Filled in as a school would, the template's three columns are read back, the year included.
    XLSX.utils.sheet_add_aoa(sheet, [['Ana Rojas', 'ana@colegio.cl', 2014]], { origin: 'A2' });
    const filled = XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    expect(await parseUsersWorkbook(filled)).toEqual({
      ok: true,
      rows: [{ name: 'Ana Rojas', email: 'ana@colegio.cl', birthYear: '2014' }],
    });
  });
});
