import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import type { ImportPreview } from '../../models/contentImport';

// Issue 18: a refused request says, in the caller's language, which field is wrong and how; never zod's
// own wording ("无效输入：期望 string，实际接收 undefined", "Invalid input: expected string").

let t: TestApp;
let superToken: string;
let siteId: number;
let columnId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteId = (await t.client(superToken).get('/website/siteList')).data[0].id;
  const modelId = await insertModel(t, [{ name: 'rate', title: '费率', type: 'number', required: true }]);
  columnId = await insertColumn(t, siteId, modelId, { title: '手续费' });
});
afterAll(() => t?.close());

const ZOD_JARGON = /expected|received|invalid input|too (big|small)|无效输入|期望|实际接收|过大|过小|undefined|NaN/i;

/** A POST as the super-admin, in the language the headers ask for (X-Language or Accept-Language). */
async function post(url: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${t.url}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': superToken, 'x-site-id': String(siteId), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: { issues: Array<{ field: string; message: string }> } }) };
}

describe('validation messages', () => {
  const cases: Array<{ what: string; url: string; body: unknown; zh: string; en: string; field: string }> = [
    { what: 'a missing name', url: '/tag/save', body: {}, zh: '名称为必填项', en: 'Name is required', field: 'name' },
    { what: 'a blank title', url: '/tag/save', body: { name: '   ' }, zh: '名称为必填项', en: 'Name is required', field: 'name' },
    { what: 'a number where text belongs', url: '/tag/save', body: { name: 42 }, zh: '名称应为文本', en: 'Name must be text', field: 'name' },
    { what: 'text where a number belongs', url: '/tag/save', body: { name: 'ok', sort: 'first' }, zh: '排序应为数字', en: 'Sort order must be a number', field: 'sort' },
    { what: 'a name over its length', url: '/tag/save', body: { name: 'x'.repeat(51) }, zh: '名称不能超过 50 个字符', en: 'Name must be at most 50 characters', field: 'name' },
    { what: 'a missing column title', url: '/category/save', body: { model_id: 1 }, zh: '标题为必填项', en: 'Title is required', field: 'title' },
  ];

  for (const c of cases) {
    it(`${c.what} is refused with a sentence naming the field, in Chinese and in English`, async () => {
      const zh = await post(c.url, c.body, { 'x-language': 'zh' });
      expect(zh.status).toBe(400);
      expect(zh.code).toBe(400);
      expect(zh.msg).toBe(c.zh);
      expect(zh.data.issues[0]).toEqual({ field: c.field, message: c.zh });

      const en = await post(c.url, c.body, { 'accept-language': 'en-US,en;q=0.9' });
      expect(en.status).toBe(400);
      expect(en.msg).toBe(c.en);
      for (const msg of [zh.msg, en.msg, ...zh.data.issues.map((i) => i.message), ...en.data.issues.map((i) => i.message)]) expect(msg).not.toMatch(ZOD_JARGON);
    });
  }

  it('a required model field left empty names the field by its title', async () => {
    const zh = await post('/content/save', { category_id: columnId, title: 'No rate', fields: {} }, { 'x-language': 'zh' });
    expect(zh.msg).toBe('费率为必填项');
    const en = await post('/content/save', { category_id: columnId, title: 'No rate', fields: {} }, { 'x-language': 'en' });
    expect(en.msg).toBe('费率 is required');
  });

  it('the import preview explains each bad row in Chinese, naming the field', async () => {
    const csv = ['标题,费率,状态', `${'长'.repeat(201)},1,已发布`, '无费率,,已发布', '错费率,abc,已发布'].join('\r\n');
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(csv)]), 'rows.csv');
    const res = await fetch(`${t.url}/api/ContentImport/commission?category_id=${columnId}&commit=0`, {
      method: 'POST',
      headers: { 'x-token': superToken, 'x-site-id': String(siteId), 'x-language': 'zh' },
      body: form,
    });
    const { code, data } = (await res.json()) as { code: number; data: ImportPreview };
    expect(code).toBe(0);
    const [long, noRate, badRate] = data.rows;
    expect(long!.errors).toEqual([{ field: 'title', message: '标题不能超过 200 个字符' }]);
    expect(noRate!.errors).toEqual([{ field: 'fields.rate', message: '费率为必填项' }]);
    expect(badRate!.errors).toEqual([{ field: 'fields.rate', message: '费率：须为数字' }]);
    for (const e of data.rows.flatMap((r) => r.errors)) {
      expect(e.message).not.toMatch(ZOD_JARGON);
      expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
