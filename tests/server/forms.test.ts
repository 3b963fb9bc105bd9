import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, uniqueName } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage, installTheme, runStaticJob, setSiteSettings } from '../helpers/publicFixtures';
import { formSubmissions, inquiries } from '../../server/db/schema/index';
import { INQUIRY_BODY_LIMIT, INQUIRY_RATE } from '../../models/inquiry';
import type { Form, FormStatistics, FormSubmission, FormWithDesign } from '../../models/form';
import { checkFormValues, type FormDesign, type FormRule } from '../../models/formRules';

// Forms and questionnaires (/Form/index, /form/detail): every admin call, the design the designer saves,
// the public form page and its submit path (rule engine, honeypot, per-IP limit, body cap, files), inquiries
// made from submissions, the data list, export and statistics, and uninstall.

let t: TestApp;
let token: string;
const zh = { id: 0, domain: uniqueDomain('forms-zh') };
const en = { id: 0, domain: uniqueDomain('forms-en') };
let otherSite: number;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 }, trustProxy: true });
  token = await t.login();
  zh.id = await createSite(t, token, { name: '表单站', domain: zh.domain });
  en.id = await createSite(t, token, { name: 'Forms Site', domain: en.domain });
  await setSiteSettings(t, en.id, { language: 'en' });
  otherSite = await createSite(t, token, { name: 'Other', domain: uniqueDomain('forms-other') });
});
afterAll(() => t?.close());

const as = (siteId = zh.id, language?: string, tok = token) => t.client(tok, { siteId, language });

let ips = 0;
const nextIp = () => `223.5.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

const RULES: FormRule[] = [
  { field: 'name', title: '姓名', type: 'input', validate: [{ required: true }, { max: 20 }], effect: { inquiry: 'name' }, attrs: { grid: { x: 0, y: 0, w: 12, h: 1 } } },
  { field: 'phone', title: '电话', type: 'input', validate: [{ pattern: '^[0-9+ -]{5,20}$' }], effect: { inquiry: 'phone' }, attrs: { grid: { x: 12, y: 0, w: 12, h: 1 } } },
  { field: 'age', title: '年龄', type: 'number', validate: [{ min: 1, max: 120 }] },
  { field: 'color', title: '颜色', type: 'radio', props: { options: [{ label: '红', value: 'red' }, { label: '蓝', value: 'blue' }] }, control: [{ value: 'blue', rule: ['shade'] }] },
  { field: 'shade', title: '深浅', type: 'input', validate: [{ required: true }] },
  { field: 'tags', title: '兴趣', type: 'checkbox', props: { options: [{ label: '茶', value: 'tea' }, { label: '咖啡', value: 'coffee' }, { label: '=SUM(A1)', value: 'formula' }] } },
  { field: 'stars', title: '评分', type: 'rate', props: { count: 5 } },
  { field: 'note', title: '备注', type: 'textarea' },
  { field: 'line', title: '', type: 'divider' },
];
const DESIGN = { rules: RULES, options: {} } as unknown as FormDesign;

async function createForm(fields: Record<string, unknown> = {}, siteId = zh.id) {
  const res = await as(siteId).post<{ id: number }>('/form/save', { name: uniqueName('表单'), type: 'form', ...fields });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
async function publishedForm(fields: Record<string, unknown> = {}, design: unknown = DESIGN, siteId = zh.id) {
  const id = await createForm(fields, siteId);
  expect((await as(siteId).post('/form/saveDesign', { id, design })).code).toBe(0);
  const res = await as(siteId).post('/form/status', { id, status: 'published' });
  expect(res.code, res.msg).toBe(0);
  const form = (await as(siteId).get<Form>('/form/read', { id })).data;
  return form;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
function post(host: string, path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const encode = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();
const submit = (code: string, fields: Array<[string, string]>, opts: { host?: string; ip?: string; json?: boolean } = {}) =>
  post(opts.host ?? zh.domain, `/form/${code}/`, encode(fields), { 'x-forwarded-for': opts.ip ?? nextIp(), ...(opts.json ? { accept: 'application/json' } : {}) });
const stored = (formId: number) => t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId));

describe('managing forms', () => {
  it('an admin adds, lists, edits and deletes a form of the current site', async () => {
    const code = `contact-${Date.now()}`;
    const id = await createForm({ code, description: '描述' });
    const list = await as().get<Form[]>('/form/index', { name: '表单' });
    expect(list.data.some((f) => f.id === id && f.code === code && f.status === 'unpublished' && f.submission_count === 0)).toBe(true);
    expect((await as(otherSite).get<Form[]>('/form/index')).data.some((f) => f.id === id)).toBe(false);
    expect((await as().post('/form/update', { id, name: '改名', type: 'questionnaire', code })).code).toBe(0);
    const read = (await as().get<Form>('/form/read', { id })).data;
    expect(read).toMatchObject({ name: '改名', type: 'questionnaire', code });
    expect((await as().post('/form/delete', { ids: [id] })).code).toBe(0);
    expect((await as().get('/form/read', { id })).code).toBe(404);
  });

  it('name and type are required, with messages in the caller language', async () => {
    const zhRes = await as().post('/form/save', { name: '', type: '' });
    expect(zhRes.code).toBe(400);
    expect(zhRes.msg).toMatch(/名称|必填|不能为空/);
    const enRes = await as(zh.id, 'en').post('/form/save', { name: 'x' });
    expect(enRes.code).toBe(400);
    expect(enRes.msg).toMatch(/type|required/i);
    const badCode = await as(zh.id, 'en').post('/form/save', { name: 'x', type: 'form', code: 'Bad Code!' });
    expect(badCode.code).toBe(400);
    expect(badCode.msg).toContain('lower-case');
  });

  it('a code is unique per site; the same code may be used on another site; a blank code is generated', async () => {
    const code = `dup-${Date.now()}`;
    await createForm({ code });
    const again = await as(zh.id, 'en').post('/form/save', { name: 'x', type: 'form', code });
    expect(again.code).toBe(409);
    expect(again.msg).toContain(code);
    await createForm({ code }, otherSite);
    const generated = await createForm();
    expect((await as().get<Form>('/form/read', { id: generated })).data.code).toMatch(/^form-[a-z0-9]+$/);
  });

  it('the designer saves a design and loads it back; a bad design is refused', async () => {
    const id = await createForm();
    const empty = (await as().get<FormWithDesign>('/form/design', { id })).data;
    expect(empty.design.rules).toEqual([]);
    expect(empty.design.options).toMatchObject({ labelPosition: 'right', size: 'mini', labelWidth: '125px' });
    expect((await as().post('/form/saveDesign', { id, design: DESIGN })).code).toBe(0);
    const loaded = (await as().get<FormWithDesign>('/form/design', { id })).data;
    expect(loaded.design.rules.map((r) => r.field)).toEqual(RULES.map((r) => r.field));
    expect(loaded.design.rules[0]!.attrs).toEqual({ grid: { x: 0, y: 0, w: 12, h: 1 } });
    for (const bad of [
      { rules: [{ field: 'a', title: 'A', type: 'nope' }] },
      { rules: [{ field: 'a', title: 'A', type: 'input' }, { field: 'a', title: 'B', type: 'input' }] },
      { rules: [{ field: 'a', title: 'A', type: 'input', attrs: { grid: { x: 0, y: 0, w: 30, h: 1 } } }] },
      { rules: [{ field: 'a', title: 'A', type: 'input', validate: [{ pattern: '(' }] }] },
      { rules: [], options: { labelWidth: '1px;background:red' } },
    ]) {
      const res = await as(zh.id, 'en').post('/form/saveDesign', { id, design: bad });
      expect(res.code, JSON.stringify(bad)).toBe(400);
    }
    expect((await as().get<FormWithDesign>('/form/design', { id })).data.design.rules).toHaveLength(RULES.length);
  });

  it('a form without fields cannot be published; publish and unpublish toggle the status', async () => {
    const id = await createForm();
    const refused = await as(zh.id, 'en').post('/form/status', { id, status: 'published' });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('no fields');
    await as().post('/form/saveDesign', { id, design: DESIGN });
    expect((await as().post('/form/status', { id, status: 'published' })).code).toBe(0);
    expect((await as().get<Form>('/form/read', { id })).data.status).toBe('published');
    expect((await as().post('/form/status', { id, status: 'unpublished' })).code).toBe(0);
    expect((await as().get<Form>('/form/read', { id })).data.status).toBe('unpublished');
  });

  it('an editor of one site cannot reach another site’s forms, and a role without the form screen cannot call it', async () => {
    const editor = await adminWithRole(t, token, ['form'], { site_ids: [zh.id] });
    const foreign = await createForm({}, otherSite);
    expect((await as(zh.id, undefined, editor.token).get('/form/design', { id: foreign })).code).toBe(403);
    expect((await as(zh.id, undefined, editor.token).post('/form/saveDesign', { id: foreign, design: DESIGN })).code).toBe(403);
    const outsider = await adminWithRole(t, token, ['link'], { site_ids: [zh.id] });
    expect((await as(zh.id, undefined, outsider.token).get('/form/index')).code).toBe(403);
  });
});

describe('the public form page', () => {
  it('a published form renders as plain accessible HTML in the default theme; unknown and unpublished forms answer 404', async () => {
    const form = await publishedForm();
    const page = await getPage(t, `/form/${form.code}/`, zh.domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`action="/form/${form.code}/"`);
    expect(page.body).toContain(`<label class="bf-label" for="bf-${form.code}-name">姓名 <em class="bf-required" aria-hidden="true">*</em></label>`);
    expect(page.body).toContain('aria-required="true"');
    expect(page.body).toContain('style="grid-column:span 12"');
    expect(page.body).toContain(`<span class="bf-label" id="bf-${form.code}-color-label">颜色</span><div class="bf-group" role="radiogroup" aria-labelledby="bf-${form.code}-color-label">`);
    expect(page.body).toContain('name="website"');
    // The controlled field starts hidden (color is not blue yet).
    expect(page.body).toMatch(/data-field="shade"[^>]*hidden/);
    expect((await getPage(t, '/form/no-such-form/', zh.domain)).status).toBe(404);
    await as().post('/form/status', { id: form.id, status: 'unpublished' });
    expect((await getPage(t, `/form/${form.code}/`, zh.domain)).status).toBe(404);
    expect((await submit(form.code, [['name', 'x']])).status).toBe(404);
  });

  it('a theme places a form anywhere with {% form %}, rendering the same markup', async () => {
    const site = await createSite(t, token, { name: 'Tagged', domain: uniqueDomain('forms-tag') });
    const form = await publishedForm({ code: 'signup' }, DESIGN, site);
    const domain = (await t.client(token).get<{ domain: string }>('/website/read', { id: site })).data?.domain;
    await installTheme(t, site, { 'templates/index.liquid': "<main>{% form 'signup' %}|{% form 'missing' %}</main>", 'templates/404.liquid': 'missing' });
    const home = await getPage(t, '/', domain ?? 'localhost');
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<form class="bf-form`);
    expect(home.body).toContain(`action="/form/${form.code}/"`);
    expect(home.body).toContain('|</main>');
    // The theme has no form template: the form page uses the default theme's.
    expect((await getPage(t, `/form/${form.code}/`, domain ?? 'localhost')).status).toBe(200);
  });

  it('a site’s static generation writes its published forms’ pages, equal to the live pages', async () => {
    const site = await createSite(t, token, { name: 'Static forms', domain: uniqueDomain('forms-static') });
    const domain = (await t.client(token).get<{ domain: string }>('/website/read', { id: site })).data.domain;
    const shown = await publishedForm({ code: 'shown' }, DESIGN, site);
    const draft = await createForm({ code: 'draft' }, site);
    await runStaticJob(t, token, site, { scope: 'site' });
    const out = path.join(t.dataDir, 'static', `site-${site}`);
    const onDisk = await fs.readFile(path.join(out, 'form', shown.code, 'index.html'), 'utf8');
    expect(onDisk).toContain(`action="/form/${shown.code}/"`);
    expect(onDisk).toBe((await getPage(t, `/form/${shown.code}/`, domain)).body);
    expect(draft).toBeGreaterThan(0);
    await expect(fs.access(path.join(out, 'form', 'draft', 'index.html'))).rejects.toThrow();
    // The published form is in the site's sitemap, the draft is not.
    const map = (await getPage(t, '/sitemap.xml', domain)).body;
    expect(map).toContain(`<loc>http://${domain}/form/${shown.code}/</loc>`);
    expect(map).not.toContain('/form/draft/');

    // Publishing a form later regenerates the site by itself: its page appears without a manual run.
    const later = await createForm({ code: 'later' }, site);
    expect((await as(site).post('/form/saveDesign', { id: later, design: DESIGN })).code).toBe(0);
    expect((await as(site).post('/form/status', { id: later, status: 'published' })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await fs.readFile(path.join(out, 'form', 'later', 'index.html'), 'utf8')).toBe((await getPage(t, '/form/later/', domain)).body);
  });

  it('an invalid submission comes back naming the field; a valid one is stored with its coerced values', async () => {
    const form = await publishedForm();
    const invalid = await submit(form.code, [['phone', 'abc'], ['age', '300']]);
    expect(invalid.status).toBe(422);
    expect(invalid.body).toContain('姓名为必填项');
    expect(invalid.body).toContain('电话格式不正确');
    expect(invalid.body).toContain('年龄不能大于 120');
    expect(invalid.body).toContain('value="abc"');
    const json = await submit(form.code, [['name', '']], { json: true });
    expect(json.status).toBe(422);
    expect(JSON.parse(json.body).data.errors).toEqual({ name: '姓名为必填项' });
    const enForm = await publishedForm({}, DESIGN, en.id);
    const enAnswer = await submit(enForm.code, [], { host: en.domain, json: true });
    expect(JSON.parse(enAnswer.body).data.errors.name).toBe('姓名 is required');

    const ok = await submit(form.code, [['name', '张三'], ['age', '30'], ['color', 'blue'], ['shade', 'dark'], ['tags', 'tea'], ['tags', 'coffee'], ['stars', '4'], ['extra', 'dropped']]);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/form/${form.code}/?sent=1`);
    const rows = await stored(form.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values).toEqual({ name: '张三', age: 30, color: 'blue', shade: 'dark', tags: ['tea', 'coffee'], stars: 4 });
    expect(rows[0]!.region).toBe('浙江省');
    expect((await as().get<Form>('/form/read', { id: form.id })).data.submission_count).toBe(1);
    expect((await getPage(t, `/form/${form.code}/?sent=1`, zh.domain)).body).toContain('提交成功');
  });

  it('the server refuses and stores exactly what the shared rule engine decides (generated posts)', async () => {
    const form = await publishedForm();
    const word = fc.constantFrom('', ' ', 'red', 'blue', 'tea', 'coffee', '7', '300', 'abc', '12345', '张三', 'x'.repeat(25));
    const posted = fc.dictionary(fc.constantFrom('name', 'phone', 'age', 'color', 'shade', 'tags', 'stars', 'note', 'other'), fc.oneof(word, fc.array(word, { minLength: 2, maxLength: 3 })), { maxKeys: 6 });
    for (const values of fc.sample(posted, { numRuns: 12, seed: 12 })) {
      const fields: Array<[string, string]> = Object.entries(values).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]));
      const expected = checkFormValues(RULES, values, 'zh');
      const before = (await stored(form.id)).length;
      const res = await submit(form.code, fields, { json: true });
      const body = JSON.parse(res.body);
      if (Object.keys(expected.errors).length) {
        expect(res.status, JSON.stringify(values)).toBe(422);
        expect(body.data.errors).toEqual(expected.errors);
        expect(await stored(form.id)).toHaveLength(before);
      } else {
        expect(res.status, JSON.stringify(values)).toBe(200);
        const rows = await stored(form.id);
        expect(rows).toHaveLength(before + 1);
        expect(rows.sort((a, b) => b.id - a.id)[0]!.values).toEqual(expected.values);
      }
    }
  });

  it('a hidden field is neither required nor stored', async () => {
    const form = await publishedForm();
    const ok = await submit(form.code, [['name', 'A'], ['color', 'red'], ['shade', 'ignored']]);
    expect(ok.status).toBe(303);
    expect((await stored(form.id))[0]!.values).toEqual({ name: 'A', color: 'red' });
  });

  it('a filled honeypot answers like a success and stores nothing', async () => {
    const form = await publishedForm();
    const res = await submit(form.code, [['name', 'bot'], ['website', 'http://spam.example']]);
    expect(res.status).toBe(303);
    expect(await stored(form.id)).toHaveLength(0);
  });

  it('posts past the per-IP limit are refused with 429', async () => {
    const form = await publishedForm();
    const ip = nextIp();
    for (let i = 0; i < INQUIRY_RATE.max; i++) expect((await submit(form.code, [['name', `n${i}`]], { ip })).status).toBe(303);
    const over = await submit(form.code, [['name', 'over']], { ip });
    expect(over.status).toBe(429);
    expect(over.body).toContain('提交过于频繁');
    expect(await stored(form.id)).toHaveLength(INQUIRY_RATE.max);
  });

  it('a body over the size cap is refused without storing', async () => {
    const form = await publishedForm();
    const res = await submit(form.code, [['name', 'x'], ['note', 'y'.repeat(INQUIRY_BODY_LIMIT + 10)]]);
    expect(res.status).toBe(413);
    expect(await stored(form.id)).toHaveLength(0);
  });

  it('a form that creates inquiries stores one per submission, with mapped fields and source form', async () => {
    const form = await publishedForm({ creates_inquiry: true });
    expect((await submit(form.code, [['name', '李四'], ['phone', '13800000000'], ['note', '要报价']])).status).toBe(303);
    const [row] = await stored(form.id);
    expect(row!.inquiryId).toBeTruthy();
    const [inquiry] = await t.db.select().from(inquiries).where(eq(inquiries.id, row!.inquiryId!));
    expect(inquiry).toMatchObject({ siteId: zh.id, name: '李四', phone: '13800000000', source: 'form', sourceId: row!.id });
    expect(inquiry!.content).toContain('备注: 要报价');
  });
});

describe('uploads on a public form', () => {
  const UPLOAD_RULES: FormRule[] = [
    { field: 'who', title: 'Who', type: 'input' },
    { field: 'photo', title: '照片', type: 'image', validate: [{ required: true }] },
    { field: 'docs', title: '附件', type: 'upload', props: { limit: 2 } },
  ];
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2a1b10000000049454e44ae426082', 'hex');

  function multipart(host: string, path: string, parts: Array<{ name: string; value?: string; filename?: string; data?: Buffer; type?: string }>, ip = nextIp()) {
    const boundary = `----banyan${Date.now()}`;
    const chunks: Buffer[] = [];
    for (const p of parts) {
      chunks.push(Buffer.from(`--${boundary}\r\n`));
      if (p.filename !== undefined) {
        chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
        chunks.push(p.data ?? Buffer.alloc(0));
      } else {
        chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}`));
      }
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return post(host, path, Buffer.concat(chunks), { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': ip, accept: 'application/json' });
  }

  it('files go through the attachment checks and the counts the rules allow', async () => {
    const form = await publishedForm({}, { rules: UPLOAD_RULES, options: {} });
    const page = await getPage(t, `/form/${form.code}/`, zh.domain);
    expect(page.body).toContain('enctype="multipart/form-data"');
    expect(page.body).toContain('accept="image/*"');
    const path = `/form/${form.code}/`;
    const missing = await multipart(zh.domain, path, [{ name: 'who', value: 'me' }]);
    expect(missing.status).toBe(422);
    expect(JSON.parse(missing.body).data.errors.photo).toBe('照片为必填项');
    const two = await multipart(zh.domain, path, [
      { name: 'photo', filename: 'a.png', data: png, type: 'image/png' },
      { name: 'photo', filename: 'b.png', data: png, type: 'image/png' },
    ]);
    expect(two.status).toBe(422);
    expect(JSON.parse(two.body).data.errors.photo).toBe('照片：最多只能选择一张图片');
    const fake = await multipart(zh.domain, path, [{ name: 'photo', filename: 'evil.png', data: Buffer.from('not an image'), type: 'image/png' }]);
    expect(fake.status).toBe(422);
    expect(JSON.parse(fake.body).data.errors.photo).toMatch(/^照片：/);
    const ok = await multipart(zh.domain, path, [
      { name: 'who', value: 'me' },
      { name: 'photo', filename: 'face.png', data: png, type: 'image/png' },
      { name: 'docs', filename: 'notes.txt', data: Buffer.from('hello'), type: 'text/plain' },
    ]);
    expect(ok.status, ok.body).toBe(200);
    const [row] = await stored(form.id);
    const values = row!.values as { photo: { url: string }[]; docs: { name: string; url: string }[] };
    expect(values.photo).toHaveLength(1);
    expect(values.photo[0]!.url).toMatch(/^\/uploads\/.+\.png$/);
    expect(values.docs[0]!.name).toBe('notes.txt');
  });
});

describe('collected data', () => {
  let form: Form;
  beforeAll(async () => {
    form = await publishedForm({ type: 'questionnaire' });
    for (const fields of [
      [['name', '=cmd|calc'], ['color', 'red'], ['tags', 'tea'], ['stars', '5']],
      [['name', '王五'], ['color', 'blue'], ['shade', 'light'], ['tags', 'tea'], ['tags', 'formula'], ['stars', '5']],
      [['name', 'Carol'], ['color', 'red'], ['stars', '3']],
    ] as Array<Array<[string, string]>>) {
      expect((await submit(form.code, fields)).status).toBe(303);
    }
  });

  it('lists submissions newest first, filtered by keyword and date range', async () => {
    const all = await as().get<FormSubmission[]>('/form/detail', { id: form.id, page: 1, limit: 10 });
    expect(all.count).toBe(3);
    expect(all.data.map((s) => s.values.name)).toEqual(['Carol', '王五', '=cmd|calc']);
    const kw = await as().get<FormSubmission[]>('/form/detail', { id: form.id, keyword: '王五' });
    expect(kw.count).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await as().get('/form/detail', { id: form.id, start: today, end: today })).count).toBe(3);
    expect((await as().get('/form/detail', { id: form.id, start: '2000-01-01', end: '2000-01-02' })).count).toBe(0);
    const one = await as().get<FormSubmission>('/form/submission', { id: all.data[1]!.id });
    expect(one.data.values).toMatchObject({ name: '王五', shade: 'light' });
    expect(one.data.region).toBe('浙江省');
  });

  it('exports xlsx and CSV with option labels and neutralised formula cells', async () => {
    const csv = await fetch(`${t.url}/api/form/export?id=${form.id}&format=csv`, { headers: { 'x-token': token, 'x-site-id': String(zh.id) } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('姓名');
    expect(text).toContain("'=cmd|calc");
    expect(text).toContain('茶、=SUM(A1)');
    expect(text).not.toMatch(/(^|,)=cmd/m);
    const xlsx = await fetch(`${t.url}/api/form/export?id=${form.id}&format=xlsx`, { headers: { 'x-token': token, 'x-site-id': String(zh.id) } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
    expect(cells).toContain("'=cmd|calc");
    expect(cells).toContain('蓝');
    expect(cells.some((c) => c.startsWith('='))).toBe(false);
  });

  it('counts answers per option for a questionnaire', async () => {
    const stats = (await as().get<FormStatistics>('/form/statistics', { id: form.id })).data;
    expect(stats.total).toBe(3);
    const color = stats.fields.find((f) => f.field === 'color')!;
    expect(color.options).toEqual([
      { label: '红', value: 'red', count: 2 },
      { label: '蓝', value: 'blue', count: 1 },
    ]);
    const tags = stats.fields.find((f) => f.field === 'tags')!;
    expect(tags.options.map((o) => o.count)).toEqual([2, 0, 1]);
    expect(tags.answered).toBe(2);
    const stars = stats.fields.find((f) => f.field === 'stars')!;
    expect(stars.options.map((o) => o.count)).toEqual([0, 0, 1, 0, 2]);
  });

  it('deletes one submission and keeps the count', async () => {
    const extra = await publishedForm();
    await submit(extra.code, [['name', 'a']]);
    await submit(extra.code, [['name', 'b']]);
    const list = await as().get<FormSubmission[]>('/form/detail', { id: extra.id });
    expect((await as().post('/form/deleteSubmission', { ids: [list.data[0]!.id] })).code).toBe(0);
    expect((await as().get('/form/detail', { id: extra.id })).count).toBe(1);
    expect((await as().get<Form>('/form/read', { id: extra.id })).data.submission_count).toBe(1);
  });

  it('uninstalling a form clears its data and unpublishes it', async () => {
    const target = await publishedForm();
    await submit(target.code, [['name', 'a']]);
    await submit(target.code, [['name', 'b']]);
    const res = await as().post<{ cleared: number }>('/form/uninstall', { id: target.id });
    expect(res.code).toBe(0);
    expect(res.data.cleared).toBe(2);
    expect(await stored(target.id)).toHaveLength(0);
    const after = (await as().get<Form>('/form/read', { id: target.id })).data;
    expect(after).toMatchObject({ status: 'unpublished', submission_count: 0 });
    expect((await getPage(t, `/form/${target.code}/`, zh.domain)).status).toBe(404);
  });
});
