import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { siteKeywords } from '../../server/db/schema/index';
import type { Keyword, KeywordImportResult } from '../../models/keyword';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let editor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'KwA');
  siteB = await insertSite(t, 'KwB');
  editor = await adminWithRole(t, superToken, ['keyword'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
async function createKeyword(siteId: number, fields: Record<string, unknown> = {}) {
  const name = uniqueName('关键词');
  const res = await as(superToken, siteId).post<{ id: number }>('/keyword/save', { name, link: 'https://kwa.example.com/p', ...fields });
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, name };
}

async function importFile(name: string, bytes: Uint8Array, siteId = siteA, language = 'en', token = superToken) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${t.url}/api/keyword/import`, { method: 'POST', headers: { 'x-token': token, 'x-site-id': String(siteId), 'x-language': language }, body: form });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: KeywordImportResult }) };
}

async function download(query: string, siteId = siteA, language = 'zh') {
  const res = await fetch(`${t.url}/api/keyword/export?${query}`, { headers: { 'x-token': superToken, 'x-site-id': String(siteId), 'x-language': language } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('site keywords', () => {
  it('an editor keeps the site’s keywords: add, list heaviest first, edit, filter and delete', async () => {
    const site = await insertSite(t, 'KwOwn');
    const own = await adminWithRole(t, superToken, ['keyword'], { site_ids: [site] });
    const c = as(own.token, site);
    const light = await c.post<{ id: number }>('/keyword/save', { name: '云计算', link: '/cloud', weight: 1 });
    const heavy = await c.post<{ id: number }>('/keyword/save', { name: '人工智能', link: 'https://example.com/ai', weight: 9, inner_link: true });
    expect([light.code, heavy.code]).toEqual([0, 0]);
    const rows = (await c.get<Keyword[]>('/keyword/index')).data;
    expect(rows.map((r) => r.name)).toEqual(['人工智能', '云计算']);
    expect(rows[0]).toMatchObject({ site_id: site, link: 'https://example.com/ai', weight: 9, link_count: 0, status: 1, inner_link: true, position: null, checked_at: null });
    expect((await c.post('/keyword/update', { id: light.data.id, name: '云计算', link: '/cloud/', weight: 20, status: 2 })).code).toBe(0);
    expect((await c.get<Keyword[]>('/keyword/index', { status: 2 })).data.map((r) => r.name)).toEqual(['云计算']);
    expect((await c.get<Keyword[]>('/keyword/index', { name: '智能' })).data.map((r) => r.name)).toEqual(['人工智能']);
    expect((await c.post('/keyword/delete', { ids: [heavy.data.id] })).code).toBe(0);
    expect((await c.get<Keyword[]>('/keyword/index')).data.map((r) => r.name)).toEqual(['云计算']);
  });

  it('name and link are required, with the keyword’s own prompts in both languages', async () => {
    const zh = await as(superToken, siteA, 'zh').post('/keyword/save', { name: ' ', link: '' });
    expect(zh.status).toBe(400);
    expect(zh.data.issues.map((i: { field: string; message: string }) => [i.field, i.message])).toEqual([
      ['name', '请输入关键词名称'],
      ['link', '请输入关键词链接'],
    ]);
    const en = await as(superToken, siteA, 'en').post('/keyword/save', { link: 'https://example.com' });
    expect(en.msg).toBe('Enter the keyword name');
    const bad = await as(superToken, siteA, 'en').post('/keyword/save', { name: uniqueName('k'), link: 'javascript:alert(1)' });
    expect([bad.status, bad.data.issues[0].field]).toEqual([400, 'link']);
  });

  it('a keyword is unique per site', async () => {
    const k = await createKeyword(siteA);
    const again = await as(superToken, siteA, 'en').post('/keyword/save', { name: k.name, link: '/x' });
    expect([again.status, again.msg]).toEqual([409, `This site already has the keyword "${k.name}"`]);
    expect((await as(superToken, siteB).post('/keyword/save', { name: k.name, link: '/x' })).code).toBe(0);
  });

  it('keywords are paused and activated in bulk, and switched to serve as internal links', async () => {
    const a = await createKeyword(siteA);
    const b = await createKeyword(siteA);
    const c = as(editor.token, siteA);
    expect((await c.post('/keyword/status', { ids: [a.id, b.id], status: 2 })).code).toBe(0);
    const read = async (id: number) => (await c.get<Keyword>('/keyword/read', { id })).data;
    expect([(await read(a.id)).status, (await read(b.id)).status]).toEqual([2, 2]);
    expect((await c.post('/keyword/status', { ids: [b.id], status: 1 })).code).toBe(0);
    expect([(await read(a.id)).status, (await read(b.id)).status]).toEqual([2, 1]);
    expect((await c.post('/keyword/status', { ids: [a.id], status: 3 })).status).toBe(400);
    expect((await c.post('/keyword/innerLink', { ids: [b.id], inner_link: true })).code).toBe(0);
    expect((await read(b.id)).inner_link).toBe(true);
  });

  it('an active keyword switched to internal link is linked by the editor’s inner-link action, and counted', async () => {
    const used = await createKeyword(siteA, { name: '排名关键词', link: '/rank', inner_link: true, weight: 5 });
    const paused = await createKeyword(siteA, { name: '暂停的词', link: '/paused', inner_link: true, status: 2 });
    const plain = await createKeyword(siteA, { name: '普通词', link: '/plain' });
    const res = await as(superToken, siteA).post<string>('/content/addInnerChat', { website_id: siteA, content: '<p>排名关键词 暂停的词 普通词</p>', sub_id: 0 });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toContain('<a href="/rank" target="_blank" rel="noopener noreferrer">排名关键词</a>');
    expect(res.data).not.toContain('/paused');
    expect(res.data).not.toContain('/plain');
    const read = async (id: number) => (await as(superToken, siteA).get<Keyword>('/keyword/read', { id })).data.link_count;
    expect([await read(used.id), await read(paused.id), await read(plain.id)]).toEqual([1, 0, 0]);
  });
});

describe('keyword import and export', () => {
  it('imports a CSV with Chinese headers and reports each bad row by number and reason', async () => {
    const existing = await createKeyword(siteA);
    const csv = [
      '关键词,链接,权重,状态,用作内链',
      '导入一,https://kwa.example.com/1,3,启用,是',
      ',https://kwa.example.com/none,1,,',
      '导入二,,1,,',
      '导入三,/three,x,,',
      '导入一,/again,1,,',
      `${existing.name},/exists,1,,`,
      '导入四,/four,,暂停,',
      '导入五,/five,,maybe,',
    ].join('\r\n');
    const res = await importFile('kw.csv', Buffer.from('\uFEFF' + csv));
    expect(res.code, res.msg).toBe(0);
    expect(res.data.total).toBe(8);
    expect(res.data.imported).toBe(2);
    expect(res.data.errors.map((e) => [e.row, e.message])).toEqual([
      [3, 'Enter the keyword name'],
      [4, 'Enter the keyword link'],
      [5, 'weight must be a number'],
      [6, 'Repeats row 2'],
      [7, 'The site already has this keyword'],
      [9, 'The status must be 1 (active), 2 (paused), "active" or "paused"'],
    ]);
    const list = (await as(superToken, siteA).get<Keyword[]>('/keyword/index', { name: '导入', limit: 50 })).data;
    expect(list.map((k) => [k.name, k.weight, k.status, k.inner_link]).sort()).toEqual([
      ['导入一', 3, 1, true],
      ['导入四', 0, 2, false],
    ]);
  });

  it('imports an Excel file into the current site only', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('k');
    sheet.addRow(['name', 'link', 'weight']);
    sheet.addRow(['excel word', 'https://kwb.example.com/e', 2]);
    const res = await importFile('kw.xlsx', Buffer.from(await book.xlsx.writeBuffer()), siteB);
    expect([res.code, res.data.imported, res.data.errors]).toEqual([0, 1, []]);
    const [row] = await t.db.select().from(siteKeywords).where(eq(siteKeywords.name, 'excel word'));
    expect(row!.siteId).toBe(siteB);
  });

  it('a file without name and link columns is refused', async () => {
    const res = await importFile('bad.csv', Buffer.from('foo,bar\r\n1,2'));
    expect(res.status).toBe(400);
  });

  it('exports CSV with a BOM and formula cells neutralised, and Excel that reads back', async () => {
    const site = await insertSite(t, 'KwExport');
    await as(superToken, site).post('/keyword/save', { name: '=HYPERLINK("http://evil")', link: '/evil', weight: 2 });
    await as(superToken, site).post('/keyword/save', { name: '导出词', link: 'https://kwexport.example.com/x', weight: 1 });
    const csv = await download('format=csv', site);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('关键词,链接,权重,状态,用作内链,链接次数,排名,收录,查询时间');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")",/evil,2,启用,否,0,,,`);
    expect(lines[2]).toBe('导出词,https://kwexport.example.com/x,1,启用,否,0,,,');

    const xlsx = await download('format=xlsx', site, 'en');
    expect(xlsx.type).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('name');
    expect(ws.getRow(2).getCell(1).value).toBe(`'=HYPERLINK("http://evil")`);
    expect(ws.getRow(2).getCell(1).formula).toBeUndefined();
    expect(ws.getRow(3).getCell(1).value).toBe('导出词');
  });
});

describe('keywords across sites', () => {
  it('an editor bound to site A cannot list, read, change, pause, export or delete site B’s keywords', async () => {
    const theirs = await createKeyword(siteB);
    const c = as(editor.token, siteA);
    expect((await c.get<Keyword[]>('/keyword/index', { limit: 200 })).data.map((r) => r.id)).not.toContain(theirs.id);
    expect((await as(editor.token, siteB).get('/keyword/index')).status).toBe(403);
    expect((await c.get('/keyword/read', { id: theirs.id })).status).toBe(403);
    expect((await c.post('/keyword/update', { id: theirs.id, name: 'x', link: '/x' })).status).toBe(403);
    expect((await c.post('/keyword/status', { ids: [theirs.id], status: 2 })).status).toBe(403);
    expect((await c.post('/keyword/innerLink', { ids: [theirs.id], inner_link: true })).status).toBe(403);
    expect((await c.get('/keyword/history', { id: theirs.id })).status).toBe(403);
    expect((await c.post('/keyword/delete', { ids: [theirs.id] })).status).toBe(403);
    const exported = await fetch(`${t.url}/api/keyword/export?format=csv`, { headers: { 'x-token': editor.token, 'x-site-id': String(siteB) } });
    expect(exported.status).toBe(403);
  });

  it('an admin without the keyword permission is refused', async () => {
    const other = await adminWithRole(t, superToken, ['innerChart'], { site_ids: [siteA] });
    expect((await as(other.token, siteA).get('/keyword/index')).status).toBe(403);
    expect((await as(other.token, siteA).post('/keyword/save', { name: 'x', link: '/x' })).status).toBe(403);
  });

  it('the dashboard counts the keywords of the sites the admin manages', async () => {
    const before = (await as(editor.token, siteA).get<{ keywords: number }>('/dashboard/index')).data.keywords;
    await createKeyword(siteB);
    await createKeyword(siteA);
    expect((await as(editor.token, siteA).get<{ keywords: number }>('/dashboard/index')).data.keywords).toBe(before + 1);
  });
});
