import ExcelJS from 'exceljs';
import { KEYWORD_ACTIVE, KEYWORD_HEADERS, type Keyword } from '../../../models/keyword';
import type { Language } from '../../../models/language';

// Exporting a site's keywords as CSV (UTF-8 with BOM, for Chinese Excel) or .xlsx. The headers are the
// import's, so an exported file imports again. Cells that a spreadsheet would run as a formula are
// neutralised with a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text, never evaluates. */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function table(rows: Keyword[], lang: Language): string[][] {
  const zh = lang === 'zh';
  const header = Object.values(KEYWORD_HEADERS).map((names) => names[zh ? 1 : 0]);
  const yes = zh ? '是' : 'yes';
  const no = zh ? '否' : 'no';
  const status = (s: number) => (s === KEYWORD_ACTIVE ? (zh ? '启用' : 'active') : zh ? '暂停' : 'paused');
  const extra = zh ? ['链接次数', '排名', '收录', '查询时间'] : ['link_count', 'position', 'indexed', 'checked_at'];
  return [
    [...header, ...extra],
    ...rows.map((r) =>
      [r.name, r.link, String(r.weight), status(r.status), r.inner_link ? yes : no, String(r.link_count), r.position === null ? '' : String(r.position), r.indexed === null ? '' : String(r.indexed), r.checked_at ?? ''].map(neutralise),
    ),
  ];
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function keywordsCsv(rows: Keyword[], lang: Language): Buffer {
  const text = table(rows, lang)
    .map((r) => r.map(csvCell).join(','))
    .join('\r\n');
  return Buffer.from('\uFEFF' + text + '\r\n', 'utf8');
}

export async function keywordsXlsx(rows: Keyword[], lang: Language): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '关键词' : 'Keywords');
  // Every cell is written as a string, so nothing is read back as a formula or a number.
  for (const r of table(rows, lang)) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
