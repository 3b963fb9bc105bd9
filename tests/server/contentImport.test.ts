import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { contents } from '../../server/db/schema/index';
import type { ImportPreview } from '../../models/contentImport';
import type { Job } from '../../models/job';

let t: TestApp;
let superToken: string;
let siteId: number;
let columnId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteId = (await t.client(superToken).get('/website/siteList')).data[0].id;
  const modelId = await insertModel(t, [
    { name: 'rate', title: '费率', type: 'number', required: true },
    { name: 'exchange', title: '交易所', type: 'select', options: [{ value: 'SHFE', label: '上期所' }, { value: 'DCE', label: '大商所' }] },
  ]);
  columnId = await insertColumn(t, siteId, modelId, { title: '手续费' });
});
afterAll(() => t?.close());

async function importFile(kind: string, name: string, bytes: Uint8Array, commit = false, token = superToken, site = siteId) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${t.url}/api/ContentImport/${kind}?category_id=${columnId}&commit=${commit ? 1 : 0}`, {
    method: 'POST',
    headers: { 'x-token': token, 'x-site-id': String(site) },
    body: form,
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: ImportPreview }) };
}

const CSV = ['标题,正文,费率,交易所,标签,状态', '铜 2501,"第一段\n\n第二段",0.5,SHFE,"金属,期货",已发布', ',缺标题,1,SHFE,,', '铝 2502,,abc,LME,,'].join('\r\n');

describe('content import', () => {
  it('previews a CSV: maps Chinese headers to content and model fields, and reports each bad row', async () => {
    const res = await importFile('commission', 'fees.csv', Buffer.from(CSV));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ kind: 'commission', total: 3, valid: 1, invalid: 2, ignored: [] });
    expect(res.data.mapping).toEqual([
      { header: '标题', field: 'title' },
      { header: '正文', field: 'body' },
      { header: '费率', field: 'fields.rate' },
      { header: '交易所', field: 'fields.exchange' },
      { header: '标签', field: 'tags' },
      { header: '状态', field: 'status' },
    ]);
    const [ok, noTitle, bad] = res.data.rows;
    expect(ok).toMatchObject({ row: 2, title: '铜 2501', errors: [] });
    expect(noTitle!.row).toBe(3);
    expect(noTitle!.errors.map((e) => e.field)).toContain('title');
    expect(bad!.errors.map((e) => e.field).sort()).toEqual(['fields.exchange', 'fields.rate']);
    // A preview writes nothing.
    expect(await t.db.select().from(contents).where(eq(contents.categoryId, columnId))).toHaveLength(0);
  });

  it('commits the valid rows in a job, with paragraphs, tags, status and model fields', async () => {
    const res = await importFile('margin', 'fees.csv', Buffer.from(CSV), true);
    expect(res.code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    const job = (await t.client(superToken).get<Job>('/job/read', { id: res.data.job_id! })).data;
    expect(job).toMatchObject({ status: 'done', result: { created: 1, failed: [] } });
    const list = await t.client(superToken, { siteId }).get('/content/index', { category_id: columnId });
    expect(list.data.map((c: { title: string }) => c.title)).toEqual(['铜 2501']);
    const item = (await t.client(superToken, { siteId }).get('/content/read', { id: list.data[0].id })).data;
    expect(item).toMatchObject({ status: 1, tags: ['金属', '期货'], fields: { rate: 0.5, exchange: 'SHFE' } });
    expect(item.body).toBe('<p>第一段</p><p>第二段</p>');
  });

  it('reads an Excel file and a CSV saved by Chinese Excel (GB18030)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['标题', '费率']);
    sheet.addRow(['镍 2503', 1.2]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const fromExcel = await importFile('variety', 'fees.xlsx', xlsx);
    expect(fromExcel.data).toMatchObject({ total: 1, valid: 1 });
    const gb = new Uint8Array([0xb1, 0xea, 0xcc, 0xe2, 0x2c, 0xb7, 0xd1, 0xc2, 0xca, 0x0d, 0x0a, 0xd0, 0xbf, 0x2c, 0x31]); // 标题,费率\r\n锌,1
    const fromGbk = await importFile('rule', 'fees.csv', gb);
    expect(fromGbk.data).toMatchObject({ total: 1, valid: 1, rows: [{ title: '锌' }] });
  });

  it('refuses files it cannot read, without a stack trace', async () => {
    const res = await importFile('calendar', 'fees.xlsx', Buffer.from('PK\u0003\u0004 broken'));
    expect(res.code).toBe(400);
    expect(res.msg).toBe('无法读取该文件，请上传 CSV 或 Excel（.xlsx）文件');
    const empty = await importFile('calendar', 'fees.csv', Buffer.from(''));
    expect(empty.code).toBe(400);
  });

  it('an admin cannot import into a column of a site it does not manage', async () => {
    const other = await insertSite(t, 'ImportOther');
    const admin = await adminWithRole(t, superToken, ['content'], { site_ids: [other] });
    const res = await importFile('intermediary', 'fees.csv', Buffer.from(CSV), false, admin.token, other);
    expect(res.code).toBe(403);
  });

  it('offers a CSV template with the column’s headers, readable by Excel', async () => {
    const res = await fetch(`${t.url}/api/ContentImport/template?category_id=${columnId}`, { headers: { 'x-token': superToken, 'x-site-id': String(siteId) } });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('标题');
    expect(text).toContain('费率');
  });
});
