import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, uniqueName } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage, runStaticJob, setSiteSettings } from '../helpers/publicFixtures';
import { exe, fetchStored, pdf, setUploadSettings } from '../helpers/attachmentFixtures';
import { resumes } from '../../server/db/schema/index';
import { localDate } from '../../models/ad';
import { RESUME_RATE, type Position, type PositionGroup, type Resume } from '../../models/position';

// Recruitment (/Job/index, /JobCate/index, /JobCity/index, /resume/index, /resume/save) and the public job pages
// with their apply form: every call over real HTTP, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.

let t: TestApp;
let superToken: string;
const zh = { id: 0, domain: uniqueDomain('recruit-zh') };
const en = { id: 0, domain: uniqueDomain('recruit-en') };
const other = { id: 0, domain: uniqueDomain('recruit-other') };

beforeAll(async () => {
  // trustProxy: each public case posts from its own X-Forwarded-For address (the limit is per IP).
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 }, trustProxy: true });
  superToken = await t.login();
  zh.id = await createSite(t, superToken, { name: '招聘站', domain: zh.domain });
  en.id = await createSite(t, superToken, { name: 'Hiring Site', domain: en.domain });
  await setSiteSettings(t, en.id, { language: 'en' });
  other.id = await createSite(t, superToken, { name: 'Other', domain: other.domain });
});
afterAll(() => t?.close());

const as = (token = superToken, siteId = zh.id, language?: string) => t.client(token, { siteId, language });
const tomorrow = () => localDate(new Date(Date.now() + 86_400_000));
const yesterday = () => localDate(new Date(Date.now() - 86_400_000));

async function group(kind: 'positionCate' | 'positionCity', name = uniqueName(kind), siteId = zh.id) {
  const res = await as(superToken, siteId).post<{ id: number }>(`/${kind}/save`, { name });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
async function position(fields: Record<string, unknown> = {}, siteId = zh.id) {
  const cate_id = fields.cate_id ?? (await group('positionCate', undefined, siteId));
  const city_id = fields.city_id ?? (await group('positionCity', undefined, siteId));
  const res = await as(superToken, siteId).post<{ id: number }>('/position/save', { title: uniqueName('Engineer'), negotiable: true, ...fields, cate_id, city_id });
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
const readPosition = async (id: number, siteId = zh.id) => (await as(superToken, siteId).get<Position>('/position/read', { id })).data;

let ips = 0;
const nextIp = () => `223.6.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** A multipart POST with a Host header (fetch cannot set Host): the body and boundary come from FormData. */
async function apply(host: string, positionId: number, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }, ip = nextIp()): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `/jobs/${positionId}.html`,
        method: 'POST',
        headers: { host, 'content-type': request.headers.get('content-type')!, 'content-length': String(body.length), 'x-forwarded-for': ip },
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
const valid = { name: '李雷', phone: '+86 139-0000-0000', email: 'lilei@example.com', message: '三年前端经验' };
const resumesOf = (positionId: number) => t.db.select().from(resumes).where(eq(resumes.positionId, positionId));

/** POST /resume/save as multipart. */
async function saveResume(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }, token = superToken, siteId = zh.id, language?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  const headers: Record<string, string> = { 'x-token': token, 'x-site-id': String(siteId) };
  if (language) headers['x-language'] = language;
  const res = await fetch(`${t.url}/api/resume/save`, { method: 'POST', headers, body: form });
  return { ...((await res.json()) as { code: number; msg: string; data: any }), status: res.status };
}

describe('job categories and cities', () => {
  it('an editor adds, renames, lists and deletes a category and a city', async () => {
    for (const kind of ['positionCate', 'positionCity'] as const) {
      const name = uniqueName(`${kind}-x`);
      const id = await group(kind, name);
      expect((await as().post(`/${kind}/update`, { id, name: `${name}-2`, sort: 5 })).code).toBe(0);
      const list = await as().get<PositionGroup[]>(`/${kind}/index`, { name: `${name}-2` });
      expect(list.count).toBe(1);
      expect(list.data[0]).toMatchObject({ id, name: `${name}-2`, sort: 5, position_count: 0, site_id: zh.id });
      // Another site's list does not show it.
      expect((await as(superToken, en.id).get(`/${kind}/index`, { name: `${name}-2` })).count).toBe(0);
      expect((await as().post(`/${kind}/delete`, { ids: [id] })).code).toBe(0);
      expect((await as().get(`/${kind}/read`, { id })).status).toBe(404);
    }
  });

  it('a nameless category is refused with the field named in the caller’s language', async () => {
    const zhRes = await as(superToken, zh.id, 'zh').post('/positionCate/save', { name: ' ' });
    expect(zhRes.code).toBe(400);
    expect(zhRes.msg).toContain('为必填项');
    const enRes = await as(superToken, zh.id, 'en').post('/positionCity/save', {});
    expect(enRes.code).toBe(400);
    expect(enRes.msg).toMatch(/is required/);
  });

  it('a category or city still used by a position cannot be deleted, and says how many use it', async () => {
    const cate = await group('positionCate', '研发类');
    const city = await group('positionCity', '杭州');
    const id = await position({ cate_id: cate, city_id: city });
    expect((await as().get<PositionGroup>('/positionCate/read', { id: cate })).data.position_count).toBe(1);
    const refused = await as(superToken, zh.id, 'zh').post('/positionCate/delete', { ids: [cate] });
    expect(refused.code).toBe(409);
    expect(refused.msg).toBe('该职位分类下还有 1 个职位，不能删除：研发类');
    const refusedEn = await as(superToken, zh.id, 'en').post('/positionCity/delete', { ids: [city] });
    expect(refusedEn.code).toBe(409);
    expect(refusedEn.msg).toBe('1 positions still use this city, so it cannot be deleted: 杭州');
    // Once the position is gone (recycle bin), the category may go.
    expect((await as().post('/position/delete', { ids: [id] })).code).toBe(0);
    expect((await as().post('/positionCate/delete', { ids: [cate] })).code).toBe(0);
  });
});

describe('positions', () => {
  it('an editor adds a position with every field, reads it back with names, edits and deletes it', async () => {
    const cate = await group('positionCate', '设计类');
    const city = await group('positionCity', '上海');
    const id = await position({
      title: '高级 UI 设计师',
      cate_id: cate,
      city_id: city,
      headcount: 3,
      negotiable: false,
      salary_min: 15000,
      salary_max: 25000,
      education: 'bachelor',
      experience: '3to5',
      description: '<p>负责产品设计<script>alert(1)</script></p><p onclick="x()">团队协作</p>',
      status: 1,
      deadline: '2099-12-31',
      sort: 2,
    });
    const row = await readPosition(id);
    expect(row).toMatchObject({
      title: '高级 UI 设计师', cate_id: cate, cate_name: '设计类', city_id: city, city_name: '上海', headcount: 3, salary_min: 15000, salary_max: 25000,
      negotiable: false, education: 'bachelor', experience: '3to5', status: 1, deadline: '2099-12-31', sort: 2, listed: true, resume_count: 0,
    });
    // Sanitised like content bodies: no script, no event handlers.
    expect(row.description).toBe('<p>负责产品设计</p><p>团队协作</p>');
    expect((await as().post('/position/update', { ...row, id, title: '首席设计师', negotiable: true, status: 2 })).code).toBe(0);
    expect(await readPosition(id)).toMatchObject({ title: '首席设计师', negotiable: true, salary_min: 0, salary_max: 0, status: 2, listed: false });
    expect((await as().post('/position/delete', { ids: [id] })).code).toBe(0);
    expect((await as().get('/position/read', { id })).status).toBe(404);
  });

  it('refuses a position without title, with a bad salary range, or with another site’s category', async () => {
    const cate = await group('positionCate');
    const city = await group('positionCity');
    const noTitle = await as(superToken, zh.id, 'zh').post('/position/save', { cate_id: cate, city_id: city, negotiable: true });
    expect(noTitle.code).toBe(400);
    expect(noTitle.msg).toContain('为必填项');
    const range = await as(superToken, zh.id, 'zh').post('/position/save', { title: 'X', cate_id: cate, city_id: city, salary_min: 9000, salary_max: 8000 });
    expect(range.code).toBe(400);
    expect(range.msg).toContain('薪资上限不能低于下限');
    const noMax = await as(superToken, zh.id, 'en').post('/position/save', { title: 'X', cate_id: cate, city_id: city });
    expect(noMax.code).toBe(400);
    expect(noMax.msg).toContain('negotiable');
    const foreign = await group('positionCate', undefined, other.id);
    const wrongSite = await as(superToken, zh.id, 'en').post('/position/save', { title: 'X', cate_id: foreign, city_id: city, negotiable: true });
    expect(wrongSite.code).toBe(400);
    expect(wrongSite.msg).toBe('The chosen job category does not exist');
  });

  it('the list filters by title, category, city and status', async () => {
    const cate = await group('positionCate');
    const city = await group('positionCity');
    const tag = uniqueName('filter');
    const a = await position({ title: `${tag} 前端`, cate_id: cate, status: 1 });
    const b = await position({ title: `${tag} 后端`, city_id: city, status: 2 });
    const ids = async (q: Record<string, unknown>) => (await as().get<Position[]>('/position/index', { title: tag, ...q })).data.map((r) => r.id).sort();
    expect(await ids({})).toEqual([a, b].sort());
    expect(await ids({ title: `${tag} 前` })).toEqual([a]);
    expect(await ids({ cate_id: cate })).toEqual([a]);
    expect(await ids({ city_id: city })).toEqual([b]);
    expect(await ids({ status: 2 })).toEqual([b]);
  });

  it('an editor of one site cannot read or change another site’s positions', async () => {
    const foreign = await position({}, other.id);
    const editor = await adminWithRole(t, superToken, ['job', 'jobCate', 'jobCity'], { site_ids: [zh.id] });
    expect((await t.client(editor.token, { siteId: zh.id }).get('/position/read', { id: foreign })).status).toBe(403);
    expect((await t.client(editor.token, { siteId: zh.id }).post('/position/delete', { ids: [foreign] })).status).toBe(403);
    // Without the job menu the calls are refused.
    const outsider = await adminWithRole(t, superToken, ['jobCate'], { site_ids: [zh.id] });
    expect((await t.client(outsider.token, { siteId: zh.id }).get('/position/index')).status).toBe(403);
  });
});

describe('public job pages', () => {
  it('lists open positions only, and a position’s page shows its details and the apply form', async () => {
    // No open position yet: the careers list is not in the sitemap.
    expect((await getPage(t, '/sitemap.xml', en.domain)).body).not.toContain('/jobs/');
    const cate = await group('positionCate', '销售类', en.id);
    const city = await group('positionCity', 'Shenzhen', en.id);
    const open = await position({ title: 'Account Manager', cate_id: cate, city_id: city, negotiable: false, salary_min: 8000, salary_max: 12000, education: 'college', description: '<p>Grow our <strong>accounts</strong></p>', deadline: tomorrow() }, en.id);
    const closed = await position({ title: 'Closed Role', cate_id: cate, city_id: city, status: 2 }, en.id);
    const past = await position({ title: 'Expired Role', cate_id: cate, city_id: city, deadline: yesterday() }, en.id);
    const list = await getPage(t, '/jobs/', en.domain);
    expect(list.status).toBe(200);
    expect(list.body).toContain('Careers');
    expect(list.body).toContain(`data-job="${open}"`);
    expect(list.body).toContain('Account Manager');
    expect(list.body).toContain('8000–12000');
    expect(list.body).toContain('College');
    expect(list.body).not.toContain('Closed Role');
    expect(list.body).not.toContain('Expired Role');
    const detail = await getPage(t, `/jobs/${open}.html`, en.domain);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain('<p>Grow our <strong>accounts</strong></p>');
    expect(detail.body).toContain('enctype="multipart/form-data"');
    expect(detail.body).toContain('name="website"');
    for (const id of [closed, past]) {
      const page = await getPage(t, `/jobs/${id}.html`, en.domain);
      expect(page.status).toBe(200);
      expect(page.body).toContain('This position is no longer open.');
      expect(page.body).not.toContain('<form class="contact-form apply-form"');
    }
    // The careers list and the open position are in the site's sitemap; closed and expired ones are not.
    const map = (await getPage(t, '/sitemap.xml', en.domain)).body;
    expect(map).toContain(`<loc>http://${en.domain}/jobs/</loc>`);
    expect(map).toContain(`<loc>http://${en.domain}/jobs/${open}.html</loc>`);
    for (const id of [closed, past]) expect(map).not.toContain(`/jobs/${id}.html`);
  });

  it('answers 404 for unknown, deleted and other sites’ positions', async () => {
    const foreign = await position({}, other.id);
    const gone = await position({}, zh.id);
    await as().post('/position/delete', { ids: [gone] });
    for (const p of [`/jobs/${foreign}.html`, `/jobs/${gone}.html`, '/jobs/999999.html', '/jobs/abc.html', '/jobs/page/9/']) {
      expect((await getPage(t, p, zh.domain)).status, p).toBe(404);
    }
    expect((await apply(zh.domain, foreign, valid)).status).toBe(404);
  });

  it('a valid application with a file arrives in /resume/index with its delivery time', async () => {
    const id = await position({ title: '前端工程师' });
    const before = Date.now();
    const res = await apply(zh.domain, id, valid, { name: '李雷-简历.pdf', bytes: pdf('resume') });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/jobs/${id}.html?sent=1`);
    const list = await as().get<Resume[]>('/resume/index', { position_id: id });
    expect(list.count).toBe(1);
    const resume = list.data[0]!;
    expect(resume).toMatchObject({ ...valid, position_id: id, position_title: '前端工程师', status: 0, source: 'site', file_name: '李雷-简历.pdf' });
    expect(new Date(resume.delivered_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await fetchStored(t, resume.file_url)).toEqual(pdf('resume'));
    expect((await readPosition(id)).resume_count).toBe(1);
    const thanks = await getPage(t, `/jobs/${id}.html?sent=1`, zh.domain);
    expect(thanks.body).toContain('申请已提交');
  });

  it('invalid input re-renders the form with each field’s message in the site’s language', async () => {
    const zhJob = await position({});
    const zhRes = await apply(zh.domain, zhJob, { name: '', phone: '12', email: 'not-mail', message: 'x' });
    expect(zhRes.status).toBe(422);
    expect(zhRes.body).toContain('请填写您的姓名');
    expect(zhRes.body).toContain('电话号码格式不正确');
    expect(zhRes.body).toContain('邮箱格式不正确');
    expect(zhRes.body).toContain('申请未提交，请检查标出的内容');
    expect(zhRes.body).toContain('value="not-mail"');
    const enJob = await position({}, en.id);
    const enRes = await apply(en.domain, enJob, { name: 'Ann', phone: '', email: '', message: '' });
    expect(enRes.status).toBe(422);
    expect(enRes.body).toContain('Please give a phone number or an email address');
    expect(await resumesOf(zhJob)).toEqual([]);
    expect(await resumesOf(enJob)).toEqual([]);
  });

  it('a filled honeypot answers like a success and stores nothing', async () => {
    const id = await position({});
    const res = await apply(zh.domain, id, { ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(await resumesOf(id)).toEqual([]);
  });

  it('a refused file (an executable named .pdf, a page, a too-big file) is named on the form and nothing is stored', async () => {
    const id = await position({});
    const fake = await apply(zh.domain, id, valid, { name: 'cv.pdf', bytes: exe() });
    expect(fake.status).toBe(422);
    expect(fake.body).toContain('不支持该文件');
    const page = await apply(zh.domain, id, valid, { name: 'cv.html', bytes: Buffer.from('<html><script>x</script></html>') });
    expect(page.status).toBe(422);
    expect(page.body).toContain('不支持该文件');
    await setUploadSettings(t, { file: { max_kb: 64, formats: ['pdf', 'doc', 'docx', 'txt'] } });
    try {
      const big = await apply(zh.domain, id, valid, { name: 'cv.pdf', bytes: pdf('x'.repeat(80 * 1024)) });
      expect(big.status).toBe(422);
      expect(big.body).toContain('文件过大');
    } finally {
      await setUploadSettings(t, {});
    }
    expect(await resumesOf(id)).toEqual([]);
  });

  it('a closed position takes no application', async () => {
    const id = await position({ status: 2 });
    const res = await apply(zh.domain, id, valid);
    expect(res.status).toBe(409);
    expect(res.body).toContain('该职位已停止招聘');
    expect(await resumesOf(id)).toEqual([]);
  });

  it('more than the limit of applications from one address are refused with 429', async () => {
    const id = await position({});
    const ip = nextIp();
    for (let i = 0; i < RESUME_RATE.max; i++) expect((await apply(zh.domain, id, { ...valid, name: `n${i}` }, undefined, ip)).status).toBe(303);
    const refused = await apply(zh.domain, id, valid, undefined, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('提交过于频繁');
    expect(await resumesOf(id)).toHaveLength(RESUME_RATE.max);
    // Another address is not affected.
    expect((await apply(zh.domain, id, valid)).status).toBe(303);
  });

  it('static generation writes the job list and each open position’s page', async () => {
    const site = { id: 0, domain: uniqueDomain('recruit-static') };
    site.id = await createSite(t, superToken, { name: 'Static', domain: site.domain });
    const open = await position({ title: 'Static Role' }, site.id);
    const closed = await position({ title: 'Hidden Role', status: 2 }, site.id);
    await runStaticJob(t, superToken, site.id, { scope: 'site' });
    const dir = path.join(t.dataDir, 'static', `site-${site.id}`);
    expect(await fs.readFile(path.join(dir, 'jobs', 'index.html'), 'utf8')).toContain('Static Role');
    expect(await fs.readFile(path.join(dir, 'jobs', `${open}.html`), 'utf8')).toBe((await getPage(t, `/jobs/${open}.html`, site.domain)).body);
    await expect(fs.stat(path.join(dir, 'jobs', `${closed}.html`))).rejects.toThrow();
  });
});

describe('resumes', () => {
  it('filters by name, position, status and delivery date; changes status with notes; deletes', async () => {
    const a = await position({ title: '测试工程师' });
    const b = await position({ title: '运维工程师' });
    const tag = uniqueName('cand');
    const r1 = (await saveResume({ position_id: String(a), name: `${tag}-张三`, phone: '13800000000', delivered_at: '2024-03-05T10:00' })).data.id as number;
    const r2 = (await saveResume({ position_id: String(b), name: `${tag}-李四`, email: 'li@example.com', delivered_at: '2024-04-10T10:00' })).data.id as number;
    const ids = async (q: Record<string, unknown>) => (await as().get<Resume[]>('/resume/index', { name: tag, ...q })).data.map((r) => r.id).sort();
    expect(await ids({})).toEqual([r1, r2].sort());
    expect(await ids({ name: `${tag}-张` })).toEqual([r1]);
    expect(await ids({ position_id: b })).toEqual([r2]);
    expect(await ids({ start: '2024-04-01', end: '2024-04-30' })).toEqual([r2]);
    expect(await ids({ start: '2024-03-05', end: '2024-03-05' })).toEqual([r1]);
    const status = await as(superToken, zh.id, 'zh').post('/resume/status', { ids: [r1], status: 2, notes: '周五面试' });
    expect(status.code).toBe(0);
    expect(status.msg).toBe('简历状态已更新');
    expect((await as().get<Resume>('/resume/read', { id: r1 })).data).toMatchObject({ status: 2, notes: '周五面试' });
    expect(await ids({ status: 2 })).toEqual([r1]);
    expect((await as().post('/resume/status', { ids: [r1], status: 9 })).code).toBe(400);
    expect((await as().post('/resume/delete', { ids: [r2] })).code).toBe(0);
    expect(await ids({})).toEqual([r1]);
  });

  it('another site’s resumes cannot be read or marked', async () => {
    const id = await position({}, other.id);
    const r = (await saveResume({ position_id: String(id), name: 'Foreign', email: 'f@example.com' }, undefined, superToken, other.id)).data.id as number;
    const editor = await adminWithRole(t, superToken, ['resume'], { site_ids: [zh.id] });
    expect((await t.client(editor.token, { siteId: zh.id }).get('/resume/read', { id: r })).status).toBe(403);
    expect((await t.client(editor.token, { siteId: zh.id }).post('/resume/status', { ids: [r], status: 1 })).status).toBe(403);
  });

  it('exports the filtered resumes as xlsx and CSV with formula cells neutralised', async () => {
    const id = await position({ title: '=HYPERLINK("http://evil")' });
    const tag = uniqueName('export');
    await saveResume({ position_id: String(id), name: `${tag} 王五`, phone: '+8613900000000', email: 'w@example.com', message: '@SUM(A1:A2)' });
    await saveResume({ position_id: String(id), name: `-${tag} 赵六`, email: 'z@example.com', message: 'ok, "quoted"' });
    const headers = { 'x-token': superToken, 'x-site-id': String(zh.id), 'x-language': 'zh' };
    const csvRes = await fetch(`${t.url}/api/resume/export?format=csv&name=${encodeURIComponent(tag)}`, { headers });
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    const csv = Buffer.from(await csvRes.arrayBuffer());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain('姓名,应聘职位');
    expect(text).toContain(`'+8613900000000`);
    expect(text).toContain(`'@SUM(A1:A2)`);
    expect(text).toContain(`'-${tag} 赵六`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('"ok, ""quoted"""');

    const xlsxRes = await fetch(`${t.url}/api/resume/export?format=xlsx&name=${encodeURIComponent(tag)}`, { headers: { ...headers, 'x-language': 'en' } });
    expect(xlsxRes.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsxRes.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    const cells = [2, 3].flatMap((r) => (sheet.getRow(r).values as unknown[]).slice(1).map(String));
    expect(cells).toContain(`'=HYPERLINK("http://evil")`);
    expect(cells).toContain(`'@SUM(A1:A2)`);
    expect(cells.some((c) => /^[=+\-@]/.test(c))).toBe(false);
    expect(sheet.rowCount).toBe(3);
  });

  it('/resume/save adds a resume by hand with a file, and refuses missing or wrong fields', async () => {
    const id = await position({ title: '产品经理' });
    const ok = await saveResume({ position_id: String(id), name: '韩梅梅', phone: '13700000000', message: '内推', notes: '朋友推荐' }, { name: 'cv.pdf', bytes: pdf('hand') });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.msg).toBe('简历已添加');
    const row = (await as().get<Resume>('/resume/read', { id: ok.data.id })).data;
    expect(row).toMatchObject({ name: '韩梅梅', position_title: '产品经理', source: 'admin', notes: '朋友推荐', file_name: 'cv.pdf', status: 0 });
    expect(await fetchStored(t, row.file_url)).toEqual(pdf('hand'));
    const noName = await saveResume({ position_id: String(id), name: '' }, undefined, superToken, zh.id, 'en');
    expect(noName.code).toBe(400);
    expect(noName.msg).toMatch(/required/);
    const badPosition = await saveResume({ position_id: '999999', name: 'X' }, undefined, superToken, zh.id, 'en');
    expect(badPosition.code).toBe(400);
    expect(badPosition.msg).toBe('The chosen position does not exist');
    const badFile = await saveResume({ position_id: String(id), name: 'X' }, { name: 'cv.pdf', bytes: exe() });
    expect(badFile.code).toBe(415);
    const json = await as().post('/resume/save', { position_id: id, name: 'X' });
    expect(json.code).toBe(415);
  });
});
