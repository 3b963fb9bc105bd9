import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { adminWithRole } from '../helpers/fixtures';
import { getPage, installTheme, setSiteSettings } from '../helpers/publicFixtures';
import { inquiries } from '../../server/db/schema/index';
import { INQUIRY_BODY_LIMIT, INQUIRY_RATE } from '../../models/inquiry';
import type { DashboardData } from '../../models/dashboard';

// The public contact form (/contact/): GET renders the theme's contact template, POST stores an inquiry.

let t: TestApp;
let token: string;
const zh = { id: 0, domain: uniqueDomain('inq-zh') };
const en = { id: 0, domain: uniqueDomain('inq-en') };
const bare = { id: 0, domain: uniqueDomain('inq-bare') };

beforeAll(async () => {
  // trustProxy: each case posts from its own X-Forwarded-For address (the limit is per IP).
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 }, trustProxy: true });
  token = await t.login();
  zh.id = await createSite(t, token, { name: '中文站', domain: zh.domain });
  en.id = await createSite(t, token, { name: 'English Site', domain: en.domain });
  await setSiteSettings(t, en.id, { language: 'en' });
  bare.id = await createSite(t, token, { name: 'Bare', domain: bare.domain });
  await installTheme(t, bare.id, { 'templates/index.liquid': 'home', 'templates/404.liquid': 'missing' });
});
afterAll(() => t?.close());

let ips = 0;
/** A public IP of its own for each case (223.5.5.x is in Zhejiang in the offline IP database). */
const nextIp = () => `223.5.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
function post(host: string, body: string | Buffer, headers: Record<string, string> = {}, path = '/contact/'): Promise<Answer> {
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
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const valid = { name: 'Zhang San', phone: '+86 138-0000-0000', email: 'zhang@example.com', company: 'Acme', content: 'We need 500 widgets.' };
const rowsOf = (siteId: number) => t.db.select().from(inquiries).where(eq(inquiries.siteId, siteId));
const send = (site: { domain: string }, fields: Record<string, string>, ip = nextIp(), headers: Record<string, string> = {}) =>
  post(site.domain, form(fields), { 'x-forwarded-for': ip, ...headers });

describe('the contact page', () => {
  it('renders the form in the site language, linked from the footer', async () => {
    const zhPage = await getPage(t, '/contact/', zh.domain);
    expect(zhPage.status).toBe(200);
    expect(zhPage.body).toContain('<form class="contact-form" action="/contact/" method="post"');
    expect(zhPage.body).toContain('联系我们');
    expect(zhPage.body).toContain('提交留言');
    expect(zhPage.body).toContain('name="website"');
    expect(zhPage.body).toContain('class="page-contact"');
    const enPage = await getPage(t, '/contact/', en.domain);
    expect(enPage.status).toBe(200);
    expect(enPage.body).toContain('Send message');
    expect(enPage.body).not.toContain('提交留言');
    // Every page of the default theme links to it.
    expect((await getPage(t, '/', en.domain)).body).toContain('<a class="footer-cta" href="/contact/">Contact us');
    // The thank-you state after a post.
    const done = await getPage(t, '/contact/?sent=1', en.domain);
    expect(done.body).toContain('Thank you, your message was sent');
    expect(done.body).not.toContain('<form class="contact-form"');
  });

  it('a theme without a contact template still has the contact page (the default theme’s) and takes inquiries', async () => {
    const page = await getPage(t, '/contact/', bare.domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form class="contact-form" action="/contact/" method="post"');
    expect(page.body).toContain('提交留言');
    const res = await send(bare, valid);
    expect(res.status).toBe(303);
    expect(await rowsOf(bare.id)).toHaveLength(1);
  });
});

describe('posting the form', () => {
  it('stores a valid inquiry with page, ip, region and user agent, then redirects to the thank-you state', async () => {
    const ip = nextIp();
    const res = await send(zh, valid, ip, { referer: `http://${zh.domain}/about/`, 'user-agent': 'InquiryTest/1.0' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/contact/?sent=1');
    const [row] = await rowsOf(zh.id);
    expect(row).toMatchObject({
      ...valid,
      siteId: zh.id,
      cateId: null,
      page: `http://${zh.domain}/about/`,
      ip,
      region: '浙江省',
      userAgent: 'InquiryTest/1.0',
      status: 0,
      deletedAt: null,
    });
    // Without a Referer of this host, the page is the form's own URL.
    await send(zh, { name: 'Li', email: 'li@example.com', content: 'Hello' }, nextIp(), { referer: 'https://elsewhere.example/x' });
    const rows = await rowsOf(zh.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.name === 'Li')).toMatchObject({ page: `http://${zh.domain}/contact/`, phone: '', company: '' });
  });

  const invalid: Array<[string, Record<string, string>, string, string, string]> = [
    ['no name', { ...valid, name: '  ' }, 'name', '请填写您的姓名', 'Please enter your name'],
    ['no message', { ...valid, content: '' }, 'content', '请填写留言内容', 'Please enter your message'],
    ['neither phone nor email', { ...valid, phone: '', email: '' }, 'phone', '请至少填写电话或邮箱中的一项', 'Please give a phone number or an email address'],
    ['bad email', { ...valid, email: 'not-an-email' }, 'email', '邮箱格式不正确', 'This email address is not valid'],
    ['bad phone', { ...valid, phone: 'call me' }, 'phone', '电话号码格式不正确', 'This phone number is not valid'],
    ['name too long', { ...valid, name: 'n'.repeat(51) }, 'name', '不能超过 50 个字符', 'At most 50 characters'],
    ['message too long', { ...valid, content: '长'.repeat(2001) }, 'content', '不能超过 2000 个字符', 'At most 2000 characters'],
  ];
  for (const [label, fields, field, zhMsg, enMsg] of invalid) {
    it(`${label}: a localized error on the form, values kept, nothing stored`, async () => {
      const before = (await rowsOf(zh.id)).length + (await rowsOf(en.id)).length;
      const zhRes = await send(zh, fields);
      expect(zhRes.status).toBe(422);
      expect(zhRes.body).toContain('提交未成功，请检查标出的内容');
      expect(zhRes.body).toContain(zhMsg);
      expect(zhRes.body).toMatch(new RegExp(`class="field has-error"><span>[^<]*(<em>\\*</em>)?</span>\\s*<(input|textarea)[^>]*name="${field}"`));
      const enRes = await send(en, fields);
      expect(enRes.status).toBe(422);
      expect(enRes.body).toContain(enMsg);
      expect(enRes.body).not.toContain(zhMsg);
      // What was typed is still in the form.
      if (fields.company) expect(enRes.body).toContain(`name="company" value="${fields.company}"`);
      if (field !== 'content' && fields.content) expect(enRes.body).toContain(`>${fields.content}</textarea>`);
      expect((await rowsOf(zh.id)).length + (await rowsOf(en.id)).length).toBe(before);
    });
  }

  it('a filled honeypot looks sent but stores nothing', async () => {
    const before = (await rowsOf(en.id)).length;
    const res = await send(en, { ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/contact/?sent=1');
    expect(await rowsOf(en.id)).toHaveLength(before);
  });

  it(`limits posts per IP to ${INQUIRY_RATE.max} per window, with a localized message`, async () => {
    const ip = nextIp();
    const before = (await rowsOf(en.id)).length;
    for (let i = 0; i < INQUIRY_RATE.max; i++) expect((await send(en, { ...valid, content: `msg ${i}` }, ip)).status).toBe(303);
    const limited = await send(en, { ...valid, content: 'one too many' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain('Too many submissions; please try again later');
    expect(limited.body).toContain('name="name" value="Zhang San"');
    const zhLimited = await send(zh, valid, ip);
    expect(zhLimited.status).toBe(429);
    expect(zhLimited.body).toContain('提交过于频繁，请稍后再试');
    expect(await rowsOf(en.id)).toHaveLength(before + INQUIRY_RATE.max);
    // Another address is not affected.
    expect((await send(en, valid)).status).toBe(303);
  });

  it('refuses a body over the size limit and stores nothing', async () => {
    const before = (await rowsOf(en.id)).length;
    const res = await send(en, { ...valid, content: 'x'.repeat(INQUIRY_BODY_LIMIT) });
    expect(res.status).toBe(413);
    expect(await rowsOf(en.id)).toHaveLength(before);
  });

  it('outputs every entered value escaped', async () => {
    const xss = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const res = await send(en, { name: xss, company: xss, email: 'bad<script>', content: xss });
    expect(res.status).toBe(422);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&#34;&gt;&lt;img src=x onerror=alert(2)&gt;');
    // Stored as typed (escaping is the output's job), shown escaped.
    const short = '<b onclick="x">Z</b>';
    const ok = await send(en, { name: short, email: 'x@example.com', content: xss });
    expect(ok.status).toBe(303);
    expect((await rowsOf(en.id)).some((r) => r.name === short && r.content === xss)).toBe(true);
  });

  it('does not break GET pages nor the API', async () => {
    expect((await getPage(t, '/', zh.domain)).status).toBe(200);
    expect((await getPage(t, '/contact', zh.domain)).status).toBe(200);
    const api = await post(zh.domain, form(valid), {}, '/api/nothing-here');
    expect(api.status).toBe(404);
  });
});

describe('the inquiry list (/Inquiry/index)', () => {
  it('lists the current site’s live inquiries newest first, filtered, and needs the inquiry permission', async () => {
    const api = t.client(token, { siteId: zh.id, language: 'en' });
    const list = await api.get('/inquiry/index', { page: 1, limit: 50 });
    expect(list.code).toBe(0);
    const rows = await rowsOf(zh.id);
    expect(list.count).toBe(rows.length);
    expect(list.data.map((r: { id: number }) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => b - a));
    expect(list.data.every((r: { site_id: number }) => r.site_id === zh.id)).toBe(true);
    expect(list.data.find((r: { name: string }) => r.name === 'Zhang San')).toMatchObject({ region: '浙江省', status: 0, cate_id: null });
    const filtered = await api.get('/inquiry/index', { page: 1, limit: 50, name: 'Li' });
    expect(filtered.data.map((r: { name: string }) => r.name)).toEqual(['Li']);
    const read = await api.get('/inquiry/read', { id: rows[0]!.id });
    expect(read.data).toMatchObject({ id: rows[0]!.id, content: rows[0]!.content });
    // Another site's inquiry is not readable here.
    const [other] = await rowsOf(en.id);
    expect((await api.get('/inquiry/read', { id: other!.id })).code).not.toBe(0);
    const noRight = await adminWithRole(t, token, ['adminOptLog'], { site_ids: [zh.id] });
    expect((await t.client(noRight.token, { siteId: zh.id }).get('/inquiry/index')).code).not.toBe(0);
  });
});

describe('the dashboard', () => {
  it('counts live inquiries on the sites an admin manages', async () => {
    const all = (await t.db.select().from(inquiries)).length;
    expect(all).toBeGreaterThan(0);
    const dash = async (tok: string) => (await t.client(tok).get<DashboardData>('/dashboard/index')).data.inquiries;
    expect(await dash(token)).toBe(all);
    const limited = await adminWithRole(t, token, ['adminOptLog'], { site_ids: [zh.id] });
    expect(await dash(limited.token)).toBe((await rowsOf(zh.id)).length);
    const [first] = await rowsOf(zh.id);
    await t.db.update(inquiries).set({ deletedAt: new Date() }).where(eq(inquiries.id, first!.id));
    expect(await dash(limited.token)).toBe((await rowsOf(zh.id)).length - 1);
    expect(await dash(token)).toBe(all - 1);
  });
});
