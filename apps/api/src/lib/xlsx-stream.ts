import { Readable } from 'node:stream';
import { Zip } from 'fflate';
import { neutraliseCell } from './spreadsheet';
import { NativeZipDeflate } from './zip-stream';

/**
 * A streaming .xlsx writer: the workbook leaves as a zip stream while its rows are still being
 * read, so an export of 100,000 rows holds one batch of rows and the deflate window in memory,
 * never the whole sheet. (lib/spreadsheet's buildWorkbook builds the whole book in memory, which
 * is fine for small lists.)
 *
 * An .xlsx is a zip of a few XML parts: [Content_Types].xml, the package and workbook
 * relationships, xl/workbook.xml, xl/styles.xml and one xl/worksheets/sheetN.xml per sheet. Cells
 * are inline strings (no shared-string table, which would need every string before the first
 * sheet) or numbers; every string cell goes through neutraliseCell against formula injection.
 *
 * fflate writes the zip container (headers, data descriptors, central directory); the DEFLATE
 * data comes from Node's native zlib (lib/zip-stream's NativeZipDeflate).
 */

export type XlsxCell = string | number | null | undefined;
export type XlsxRow = readonly XlsxCell[];

export interface XlsxColumn {
  header: string;
  /** Column width in characters. */
  width: number;
}

export interface XlsxSheet {
  /** 1 to 31 characters, none of : \ / ? * [ ]. */
  name: string;
  columns: readonly XlsxColumn[];
  /**
   * The rows after the header, in batches. Read lazily, one batch at a time as the download is
   * consumed: an async generator that queries as it goes keeps memory flat.
   */
  rows: AsyncIterable<readonly XlsxRow[]> | Iterable<readonly XlsxRow[]>;
}

/** Excel's limit on the characters of one cell; longer text is cut there. */
export const XLSX_CELL_MAX = 32767;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot carry at all (C0 controls but tab/LF/CR, U+FFFE/U+FFFF, lone surrogates).
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Anything xmlText or cellText would change (most names and e-mails have none of it). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPE = /[&<>"_\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/** Text as XML character data: escaped, without characters XML cannot hold. */
export function xmlText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) {
    return value;
  }
  return value
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Spreadsheet text: Excel reads `_xHHHH_` in a cell as an escaped character, so a literal one is
 * written with its underscore escaped (`_x005F_`), and the result is XML-escaped.
 */
function cellText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) {
    return value;
  }
  return xmlText(value.replace(/_(x[0-9a-fA-F]{4}_)/g, '_x005F_$1'));
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function cellXml(value: XlsxCell, ref: string, style: string): string {
  if (value === null || value === undefined || value === '') {
    return '';
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  }
  const text = neutraliseCell(value).slice(0, XLSX_CELL_MAX);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${cellText(text)}</t></is></c>`;
}

function rowXml(row: XlsxRow, rowNumber: number, style = ''): string {
  let cells = '';
  for (let i = 0; i < row.length; i += 1) {
    cells += cellXml(row[i], `${columnName(i)}${rowNumber}`, style);
  }
  return `<row r="${rowNumber}">${cells}</row>`;
}

function assertSheets(sheets: readonly XlsxSheet[]): void {
  if (sheets.length === 0) {
    throw new Error('A workbook needs at least one sheet');
  }
  for (const { name } of sheets) {
    if (name.length < 1 || name.length > 31 || /[:\\/?*[\]]/.test(name)) {
      throw new Error(`Invalid worksheet name: ${JSON.stringify(name)}`);
    }
  }
}

function sheetHead(sheet: XlsxSheet): string {
  const cols = sheet.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    // The header row stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>` +
    // Style 1 (styles.xml): bold.
    rowXml(
      sheet.columns.map((c) => c.header),
      1,
      ' s="1"',
    )
  );
}

const SHEET_TAIL = '</sheetData></worksheet>';

function contentTypes(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ` +
      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
  ).join('');
  return (
    `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `${sheets}</Types>`
  );
}

const PACKAGE_RELS =
  `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

function workbookXml(names: string[]): string {
  const sheets = names
    .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets}</sheets></workbook>`;
}

function workbookRels(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return (
    `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">${sheets}` +
    `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

/** Two cell formats: 0 the default, 1 bold (the header row). */
const STYLES =
  `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * The workbook's bytes as they are produced. Each sheet's rows are read only when the consumer
 * asks for more (the generator runs between reads), one batch at a time.
 */
export async function* xlsxChunks(sheets: readonly XlsxSheet[]): AsyncGenerator<Buffer> {
  assertSheets(sheets);
  const encoder = new TextEncoder();
  const output: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) {
      failure = error;
    } else if (chunk.length > 0) {
      output.push(chunk);
    }
  });
  /** What the zip has produced since the last call, as one buffer (undefined if nothing). */
  const take = (): Buffer | undefined => {
    if (failure) {
      throw failure;
    }
    if (output.length === 0) {
      return undefined;
    }
    const chunk = Buffer.concat(output);
    output.length = 0;
    return chunk;
  };
  const push = (part: NativeZipDeflate, text: string, final = false) => {
    part.push(encoder.encode(text), final);
  };
  const addPart = (filename: string, text: string) => {
    const part = new NativeZipDeflate(filename);
    zip.add(part);
    push(part, text, true);
  };

  addPart('[Content_Types].xml', contentTypes(sheets.length));
  addPart('_rels/.rels', PACKAGE_RELS);
  addPart('xl/workbook.xml', workbookXml(sheets.map((s) => s.name)));
  addPart('xl/_rels/workbook.xml.rels', workbookRels(sheets.length));
  addPart('xl/styles.xml', STYLES);
  let chunk = take();
  if (chunk) {
    yield chunk;
  }

  for (const [index, sheet] of sheets.entries()) {
    const part = new NativeZipDeflate(`xl/worksheets/sheet${index + 1}.xml`);
    zip.add(part);
    push(part, sheetHead(sheet));
    let rowNumber = 1;
    for await (const batch of sheet.rows) {
      let xml = '';
      for (const row of batch) {
        rowNumber += 1;
        xml += rowXml(row, rowNumber);
      }
      push(part, xml);
      chunk = take();
      if (chunk) {
        yield chunk;
      }
    }
    push(part, SHEET_TAIL, true);
  }
  zip.end();
  chunk = take();
  if (chunk) {
    yield chunk;
  }
}

/** The workbook as a byte stream (for `reply.send`, a file, or any pipe). */
export function xlsxStream(sheets: readonly XlsxSheet[]): Readable {
  assertSheets(sheets);
  return Readable.from(xlsxChunks(sheets), { objectMode: false });
}
