import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/errors';
import { IMPORT_MAX_ROWS } from '../../../models/contentImport';
import { neutraliseCell } from '../../../models/form';

export interface Sheet {
  headers: string[];
  /** Cells by header, with the row's number in the file (the header is row 1). */
  rows: Array<{ row: number; cells: Record<string, string> }>;
}

/** Text of a CSV file: UTF-8 (with or without BOM), else GB18030 as Chinese Excel saves it. */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

function fromMatrix(matrix: string[][]): Sheet {
  const [head = [], ...body] = matrix;
  const headers = head.map((h) => h.trim());
  if (!headers.some(Boolean)) throw badRequest('import.noHeader');
  if (body.length > IMPORT_MAX_ROWS) throw badRequest('import.tooManyRows', { max: IMPORT_MAX_ROWS });
  const rows = body
    .map((cells, i) => ({ row: i + 2, cells: Object.fromEntries(headers.map((h, j) => [h, (cells[j] ?? '').trim()]).filter(([h]) => h)) }))
    .filter((r) => Object.values(r.cells).some(Boolean));
  return { headers: headers.filter(Boolean), rows };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('hyperlink' in value) return String(value.hyperlink);
  }
  return String(value);
}

/** Reads the first worksheet of an .xlsx file or a .csv file into headers and rows. */
export async function readSheet(bytes: Buffer, filename: string): Promise<Sheet> {
  const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(filename)) {
    if (!isZip) throw badRequest('import.badFile');
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest('import.badFile');
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw badRequest('import.noHeader');
    const matrix: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const values = row.values as ExcelJS.CellValue[];
      matrix[n - 1] = values.slice(1).map(cellText);
    });
    return fromMatrix(Array.from(matrix, (r) => r ?? []));
  }
  let matrix: string[][];
  try {
    matrix = parse(decodeText(bytes), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    throw badRequest('import.badFile');
  }
  return fromMatrix(matrix);
}

/**
 * The import template (GET /ContentImport/template): one CSV header row, with a BOM so Excel opens Chinese
 * headers as UTF-8. Model field titles are admin-typed text, so every cell is neutralised like the exports'
 * cells (a leading = + - @ TAB or CR gets an apostrophe) and quoted when it holds a quote, comma or line break.
 */
export function templateCsv(headers: readonly string[]): string {
  const cell = (header: string) => {
    const text = neutraliseCell(header);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return '\uFEFF' + headers.map(cell).join(',') + '\r\n';
}

/** A header as typed, without the apostrophe the template put before a formula-like title. */
export const headerText = (header: string) => header.replace(/^'(?=[=+\-@\t\r])/, '');
