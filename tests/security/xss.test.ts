import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { load } from 'cheerio';
import type { Element } from 'domhandler';
import { startTestApp, type TestApp } from '../helpers/app';
import { createModel, createColumn, createField, createSite, uniqueDomain } from '../helpers/sites';
import { insertProhibitedWords, saveContent } from '../helpers/contentFixtures';
import { getPage, installTheme, setSiteSettings, type PageResponse } from '../helpers/publicFixtures';
import { adminWithRole, looksLikeStack } from '../helpers/fixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer';
import { saveMailSettings } from '../helpers/mailSettings';
import { pdf } from '../helpers/attachmentFixtures';
import type { ApiResponse } from '../helpers/app';
import { Window as HappyWindow } from 'happy-dom';
import { deserialize } from '../../src/components/editor/html/deserialize';
import { serialize } from '../../src/components/editor/html/serialize';
import { ads, categories, contents, formSubmissions, inquiries, navItems, resumes, slides } from '../../server/db/schema/index';

// Issue 15, attack regressions: stored XSS. A data-driven table: each row is a field an editor (or the
// database) can fill, how it is written, and the page that shows it. The payload must reach the public
// page only as text (escaped) or not at all for rich fields (sanitised), and the admin API must answer the
// sanitised rich body; plain fields travel as JSON text (React escapes them). Each row also checks the
// harmless part of the value is still shown, so the defence did not simply drop the field.

const TEXT = 'Xq7 ok';
const PAYLOAD = `${TEXT}"><script>alert(1)</script><img src=x onerror=alert(2)>`;
const RICH = `<p>${TEXT}</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="javascript:alert(4)"></iframe><svg><animate onbegin="alert(5)"/></svg><p style="background:url(javascript:alert(6))">s</p>`;

/**
 * No markup from the payload is live in this HTML, judged on the parsed document (escaped text inside an
 * attribute or a text node is inert): no script running alert, no on* handler, no javascript: URL, no frame.
 */
function expectInert(html: string, where: string) {
  const $ = load(html);
  $('script').each((_, el) => expect($(el).text(), `${where}: live <script>`).not.toMatch(/alert\(/));
  $('*').each((_, el) => {
    for (const [name, value] of Object.entries((el as Element).attribs ?? {})) {
      const tag = `${where}: <${(el as Element).tagName} ${name}="${value.slice(0, 40)}">`;
      if (/^on/i.test(name)) expect(value, tag).not.toMatch(/alert/);
      if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(name)) expect(value.replace(/[\s\u0000-\u001f]/g, ''), tag).not.toMatch(/^javascript:/i);
      if (name === 'style') expect(value, tag).not.toMatch(/javascript:/i);
    }
  });
  expect($('iframe, object, embed').length, `${where}: frame or plugin element`).toBe(0);
}

let t: TestApp;
let token: string;
let siteId: number;
let domain: string;
let columnId: number;
let columnAlias: string;
let articleId: number;
let slideCate: number;

beforeAll(async () => {
  // trustProxy: each public post comes from its own X-Forwarded-For address (the posting limits are per IP).
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, trustProxy: true });
  token = await t.login();
  domain = uniqueDomain('xss');
  // Site name and column title are written through the admin API.
  siteId = await createSite(t, token, { name: `Site ${PAYLOAD}`, domain });
  await setSiteSettings(t, siteId, { language: 'en', seo_title: `SEO ${PAYLOAD}`, seo_keywords: `kw ${PAYLOAD}`, seo_description: `desc ${PAYLOAD}` });
  const modelId = await createModel(t, token);
  columnId = await createColumn(t, token, siteId, { model_id: modelId, title: `Column ${PAYLOAD}` });
  columnAlias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, columnId)))[0]!.alias;
  // The content fields through the content API, then published.
  const saved = await saveContent(t.client(token, { siteId }), columnId, { title: `Title ${PAYLOAD}`, description: `Summary ${PAYLOAD}`, body: RICH, tags: [`<script>alert(8)</script>`, `<img src=x onerror=alert(9)>`] });
  articleId = saved.id;
  await t.db.update(contents).set({ status: 1, checkStatus: 'published', publishedAt: new Date(Date.now() - 60_000) }).where(eq(contents.id, articleId));
  // Slides through the marketing API: script URLs are refused there (see the row below), the title is free text.
  const cate = await t.client(token, { siteId }).post<{ id: number }>('/slideCate/save', { name: 'home', key: 'home' });
  expect(cate.code, cate.msg).toBe(0);
  slideCate = cate.data.id;
  const slide = await t.client(token, { siteId }).post('/slide/save', { cate_id: slideCate, title: `Slide ${PAYLOAD}`, image: '/uploads/slide.png', link: '/' });
  expect(slide.code, slide.msg).toBe(0);
  // A friendly link through its API: the name is free text.
  const link = await t.client(token, { siteId }).post('/link/save', { name: `F ${TEXT}<img src=x onerror=alert(2)>`, url: 'https://friend.example.org/', link_type: 1, jump: 2, sort: 1 });
  expect(link.code, link.msg).toBe(0);
});
afterAll(() => t?.close());

const home = () => getPage(t, '/', domain);
const list = () => getPage(t, `/${columnAlias}/`, domain);
const detail = () => getPage(t, `/${columnAlias}/${articleId}.html`, domain);

interface Row {
  field: string;
  written: string;
  page: () => Promise<{ status: number; body: string }>;
  /** Text of the harmless part expected on the page (escaped payload shown as text). */
  shows: string;
}

const ROWS: Row[] = [
  { field: 'content title', written: 'POST /content/save', page: detail, shows: `Title ${TEXT}` },
  { field: 'content title in the column list', written: 'POST /content/save', page: list, shows: `Title ${TEXT}` },
  { field: 'content title on home', written: 'POST /content/save', page: home, shows: `Title ${TEXT}` },
  { field: 'content description', written: 'POST /content/save', page: detail, shows: `Summary ${TEXT}` },
  { field: 'content body (rich)', written: 'POST /content/save', page: detail, shows: `<p>${TEXT}</p>` },
  { field: 'column title', written: 'POST /category/save', page: list, shows: `Column ${TEXT}` },
  { field: 'site name', written: 'POST /website/save', page: home, shows: TEXT },
  { field: 'SEO title, keywords and description', written: 'site settings', page: home, shows: `SEO ${TEXT}` },
  { field: 'friendly link name', written: 'POST /link/save', page: home, shows: `F ${TEXT}&lt;img` },
  { field: 'slide title', written: 'POST /slide/save', page: home, shows: `Slide ${TEXT}` },
];

describe('stored XSS: public pages show every field as inert text', () => {
  it.each(ROWS.map((r) => [r.field, r.written, r] as const))('%s (written by %s)', async (_field, _written, row) => {
    const page = await row.page();
    expect(page.status).toBe(200);
    expectInert(page.body, row.field);
    expect(page.body).toContain(row.shows);
  });
});

describe('stored XSS: script URLs are refused where links and images are written', () => {
  it.each([
    ['javascript: link', { link: 'javascript:alert(7)' }],
    ['javascript: image', { image: 'javascript:alert(7)' }],
    ['data: image', { image: 'data:text/html,<script>alert(1)</script>' }],
    ['scheme-relative link', { link: '//evil.example/x' }],
    ['JaVaScRiPt: link with spaces', { link: ' JaVaScRiPt:alert(7)' }],
    // CSS injection: the default theme writes the image into style="background-image:url('…')".
    ["image path breaking out of url('…')", { image: "/uploads/a.png'),url('https://evil.example/track" }],
    ['image address breaking out of the attribute', { image: 'https://cdn.example/a.png"onmouseover="alert(1)' }],
    ['link breaking out of the attribute', { link: '/about"><script>alert(1)</script>' }],
  ])('slide with a %s is refused and no slide is added', async (_name, fields) => {
    const before = await t.db.select({ id: slides.id }).from(slides).where(eq(slides.cateId, slideCate));
    const res = await t.client(token, { siteId }).post('/slide/save', { cate_id: slideCate, title: 'Refused slide', image: '/uploads/ok.png', link: '/', ...fields });
    expect(res.code).toBe(400);
    expect(await t.db.select({ id: slides.id }).from(slides).where(eq(slides.cateId, slideCate))).toEqual(before);
  });
});

describe('stored XSS: a friendly link cannot point at script', () => {
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'])(
    'a friendly link to %j is refused and no link is added',
    async (url) => {
      const before = (await t.client(token, { siteId }).get('/link/index', { limit: 200 })).data;
      expect(Array.isArray(before) && before.length).toBeGreaterThan(0);
      const res = await t.client(token, { siteId }).post('/link/save', { name: 'Refused link', url, link_type: 1, jump: 2, sort: 1 });
      expect(res.code).toBe(400);
      expect((await t.client(token, { siteId }).get('/link/index', { limit: 200 })).data).toEqual(before);
    },
  );
});

describe('stored XSS: the admin API answers sanitised rich text', () => {
  it('content body: /content/read carries no script, handler or javascript: URL, and keeps the paragraph', async () => {
    const res = await t.client(token, { siteId }).get('/content/read', { id: articleId });
    expect(res.code).toBe(0);
    const body = String(res.data.body);
    expectInert(`<div>${body}</div>`, '/content/read body');
    expect(body).not.toMatch(/<script|onerror\s*=|onbegin\s*=|javascript:/i);
    expect(body).toContain(`<p>${TEXT}</p>`);
    const [row] = await t.db.select({ body: contents.body }).from(contents).where(eq(contents.id, articleId));
    expect(row!.body).not.toMatch(/<script|onerror\s*=|javascript:/i);
  });

  it('plain fields come back as JSON text, never as an HTML document', async () => {
    const res = await fetch(`${t.url}/api/content/read?id=${articleId}`, { headers: { 'x-token': token, 'x-site-id': String(siteId) } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const json = (await res.json()) as { data: { title: string } };
    expect(json.data.title).toBe(`Title ${PAYLOAD}`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Ads, front-end menus, forms, inquiries, recruitment, model fields, and the admin's two HTML views
// (dangerouslySetInnerHTML in the audit page and the editor's prohibited-word drawer).

/** A payload that fits the short public fields (names are at most 50 characters). */
const SHORT = `"><svg onload=alert(1)>`;

let ips = 0;
/** A public address of its own for each post (the posting limits are per IP). */
const nextIp = () => `223.7.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

/** A POST to a public page with the site's Host header (fetch cannot set Host): urlencoded or multipart. */
async function postPage(host: string, pathName: string, body: URLSearchParams | FormData): Promise<PageResponse> {
  const request = new Request('http://local/', { method: 'POST', body });
  const bytes = Buffer.from(await request.arrayBuffer());
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const headers = { host, 'content-type': request.headers.get('content-type')!, 'content-length': String(bytes.length), 'x-forwarded-for': nextIp() };
    const req = http.request({ host: url.hostname, port: url.port, path: pathName, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** A refused admin call: the status as the code, the caller's language, no stack, and nothing written anywhere. */
async function expectRefusedUnchanged(call: () => Promise<ApiResponse>, status: number, msg: RegExp) {
  // Page-view counters are flushed in the background after the page rows above: not written by the call.
  const before = await dbFingerprint(t, ['visits']);
  const res = await call();
  expect(res.code, res.msg).toBe(status);
  expect(res.msg).toMatch(msg);
  expect(looksLikeStack(JSON.stringify(res))).toBe(false);
  expect(changedTables(before, await dbFingerprint(t, ['visits']))).toEqual([]);
}
/** validation.siteUrl in English ("Enter a URL starting with http:// or https://, or a site path …"). */
const SITE_URL_MSG = /http:\/\/ or https:\/\//;
const en = (tok = token, site = siteId) => t.client(tok, { siteId: site, language: 'en' });

describe('stored XSS: ads', () => {
  let editorToken: string;
  beforeAll(async () => {
    const res = await t.client(token, { siteId }).post('/ad/save', { position: 'home-top', title: `Ad ${PAYLOAD}`, kind: 1, image: '/uploads/ad.png', link: 'https://shop.example.com/' });
    expect(res.code, res.msg).toBe(0);
    editorToken = (await adminWithRole(t, token, ['advertisement'], { site_ids: [siteId] })).token;
  });

  it('ad title (written by POST /ad/save) reaches the home page only as the image alt text', async () => {
    const page = await home();
    expectInert(page.body, 'image ad');
    const $ = load(page.body);
    const img = $('[data-ad-position="home-top"] img');
    expect(img.attr('alt')).toBe(`Ad ${PAYLOAD}`);
    expect(img.attr('src')).toBe('/uploads/ad.png');
    expect(img.parent('a').attr('href')).toBe('https://shop.example.com/');
  });

  it.each([
    ['javascript: link', { link: 'javascript:alert(1)' }],
    ['JaVaScRiPt: link behind a space', { link: ' JaVaScRiPt:alert(1)' }],
    ['scheme-relative link', { link: '//evil.example/x' }],
    ['link breaking out of href', { link: 'https://shop.example.com/"onmouseover="alert(1)' }],
    ['javascript: image', { image: 'javascript:alert(1)' }],
    ['data: image', { image: 'data:text/html,<script>alert(1)</script>' }],
    ['image breaking out of src', { image: '/uploads/a.png"onerror="alert(1)' }],
  ])('an image ad with a %s is refused and nothing is written', async (_name, fields) => {
    await expectRefusedUnchanged(() => en().post('/ad/save', { position: 'home-top', title: 'Refused ad', kind: 1, image: '/uploads/ok.png', link: '/', ...fields }), 400, SITE_URL_MSG);
  });

  it('a code ad (raw HTML by design) is refused to an admin who is not a super-admin, nothing written', async () => {
    await expectRefusedUnchanged(
      () => en(editorToken).post('/ad/save', { position: 'home-top', title: 'Sneaky', kind: 2, code: '<script>alert(1)</script>' }),
      403,
      /super administrators/i,
    );
    expect((await t.db.select({ n: count() }).from(ads).where(eq(ads.kind, 2)))[0]!.n).toBe(0);
  });
});

describe('stored XSS: front-end menus', () => {
  let menuDomain: string;
  let menuSite: number;
  let cateId: number;
  let itemId: number;
  beforeAll(async () => {
    menuDomain = uniqueDomain('xss-menu');
    menuSite = await createSite(t, token, { name: 'Menus', domain: menuDomain });
    await setSiteSettings(t, menuSite, { language: 'en' });
    const api = t.client(token, { siteId: menuSite });
    const group = await api.post<{ id: number }>('/navCate/save', { name: `Main ${TEXT}<img src=x onerror=alert(2)>`, key: 'main' });
    expect(group.code, group.msg).toBe(0);
    cateId = group.data.id;
    const top = await api.post<{ id: number }>('/navItem/save', { cate_id: cateId, title: `Menu ${PAYLOAD}`, link_type: 'url', url: '/about' });
    expect(top.code, top.msg).toBe(0);
    itemId = top.data.id;
    const child = await api.post('/navItem/save', { cate_id: cateId, parent_id: itemId, title: `Sub ${PAYLOAD}`, link_type: 'url', url: 'https://example.com/team', new_window: true });
    expect(child.code, child.msg).toBe(0);
  });

  it('menu item labels (written by POST /navItem/save) reach the header as inert text, with their addresses', async () => {
    const page = await getPage(t, '/', menuDomain);
    expect(page.status).toBe(200);
    expectInert(page.body, 'main menu');
    const $ = load(page.body);
    const link = (text: string) => $('header nav a').filter((_, a) => $(a).text() === text);
    expect(link(`Menu ${PAYLOAD}`).attr('href')).toBe('/about');
    expect(link(`Sub ${PAYLOAD}`).attr('href')).toBe('https://example.com/team');
  });

  it('the admin tree answers the labels as JSON text', async () => {
    const res = await t.client(token, { siteId: menuSite }).get('/navItem/tree', { cate_id: cateId });
    expect(res.code, res.msg).toBe(0);
    expect(res.data[0].title).toBe(`Menu ${PAYLOAD}`);
    expect(res.data[0].children[0].title).toBe(`Sub ${PAYLOAD}`);
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/about"><script>alert(1)</script>',
    "/about' onmouseover='alert(1)",
  ])('a menu item linking to %j is refused and nothing is written', async (url) => {
    await expectRefusedUnchanged(() => en(token, menuSite).post('/navItem/save', { cate_id: cateId, title: 'Refused', link_type: 'url', url }), 400, SITE_URL_MSG);
  });

  it('an existing menu item cannot be re-pointed at javascript:, and keeps its address', async () => {
    await expectRefusedUnchanged(
      () => en(token, menuSite).post('/navItem/update', { id: itemId, cate_id: cateId, title: 'Menu', link_type: 'url', url: 'javascript:alert(1)' }),
      400,
      SITE_URL_MSG,
    );
    expect((await t.db.select({ url: navItems.url }).from(navItems).where(eq(navItems.id, itemId)))[0]!.url).toBe('/about');
  });
});

describe('stored XSS: forms', () => {
  const code = `xss-form-${process.pid}`;
  const OPTION = `Opt ${PAYLOAD}`;
  const PICK = `v"><script>alert(1)</script>`;
  let formId: number;
  beforeAll(async () => {
    const api = t.client(token, { siteId });
    const form = await api.post<{ id: number }>('/form/save', { name: `Form ${PAYLOAD}`, description: `About ${PAYLOAD}`, type: 'form', code, creates_inquiry: true });
    expect(form.code, form.msg).toBe(0);
    formId = form.data.id;
    const rules = [
      { field: 'name', title: `Name ${PAYLOAD}`, info: `Info ${PAYLOAD}`, type: 'input', props: { placeholder: `Ph ${PAYLOAD}` }, validate: [{ required: true }], effect: { inquiry: 'name' } },
      { field: 'note', title: `Note ${PAYLOAD}`, type: 'textarea', effect: { inquiry: 'content' } },
      { field: 'pick', title: `Pick ${PAYLOAD}`, type: 'select', props: { options: [{ label: OPTION, value: PICK }] } },
      { field: 'color', title: `Color ${PAYLOAD}`, type: 'radio', props: { options: [{ label: OPTION, value: `r"onmouseover="alert(1)` }] } },
      { field: 'tags', title: `Tags ${PAYLOAD}`, type: 'checkbox', props: { options: [{ label: OPTION, value: 'c1' }] }, control: [{ value: `"><script>alert(1)</script>`, rule: ['extra'] }] },
      { field: 'extra', title: 'Extra', type: 'input' },
      { field: 'place', title: 'Place', type: 'cascader', props: { options: [{ label: OPTION, value: 'p', children: [{ label: `Leaf ${PAYLOAD}`, value: 'l' }] }] } },
      { field: 'line', title: `Divider ${PAYLOAD}`, type: 'divider' },
    ];
    const design = await api.post('/form/saveDesign', { id: formId, design: { rules, options: {} } });
    expect(design.code, design.msg).toBe(0);
    const published = await api.post('/form/status', { id: formId, status: 'published' });
    expect(published.code, published.msg).toBe(0);
  });

  it('form name, description, labels, hints, placeholders, options and divider (POST /form/save, /form/saveDesign) are inert on /form/<code>/', async () => {
    const page = await getPage(t, `/form/${code}/`, domain);
    expect(page.status).toBe(200);
    expectInert(page.body, 'form page');
    const $ = load(page.body);
    expect($('h1').text()).toBe(`Form ${PAYLOAD}`);
    expect($(`label[for="bf-${code}-name"]`).text()).toContain(`Name ${PAYLOAD}`);
    expect($(`#bf-${code}-name`).attr('placeholder')).toBe(`Ph ${PAYLOAD}`);
    expect($(`#bf-${code}-name-info`).text()).toBe(`Info ${PAYLOAD}`);
    expect($(`#bf-${code}-pick option`).filter((_, o) => $(o).text() === OPTION).attr('value')).toBe(PICK);
    expect($(`[data-field="tags"]`).attr('data-control')).toContain('<script>');
    expect($('.bf-divider').text()).toBe(`Divider ${PAYLOAD}`);
    expect(page.body).toContain(`Leaf ${TEXT}`);
  });

  it('values sent back with a refused submission are echoed inert', async () => {
    const page = await postPage(domain, `/form/${code}/`, new URLSearchParams([['name', ''], ['note', `Note ${PAYLOAD}`], ['pick', PICK], ['extra', `E${SHORT}`]]));
    expect(page.status).toBeGreaterThanOrEqual(400);
    expectInert(page.body, 'refused form post');
    const $ = load(page.body);
    expect($(`#bf-${code}-note`).text()).toBe(`Note ${PAYLOAD}`);
    expect($(`#bf-${code}-pick option[selected]`).attr('value')).toBe(PICK);
  });

  it('a submission reaches the admin data list and its inquiry as JSON text', async () => {
    const sent = await postPage(domain, `/form/${code}/`, new URLSearchParams([['name', `Ann${SHORT}`], ['note', `Note ${PAYLOAD}`], ['pick', PICK]]));
    expect(sent.status, sent.body.slice(0, 300)).toBe(303);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId));
    const detail = await t.client(token, { siteId }).get('/form/detail', { id: formId });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data[0].values).toMatchObject({ name: `Ann${SHORT}`, note: `Note ${PAYLOAD}`, pick: PICK });
    const one = await t.client(token, { siteId }).get('/form/submission', { id: row!.id });
    expect(one.data.values.note).toBe(`Note ${PAYLOAD}`);
    const inquiry = await t.client(token, { siteId }).get('/inquiry/read', { id: row!.inquiryId });
    expect(inquiry.data).toMatchObject({ name: `Ann${SHORT}` });
    expect(inquiry.data.content).toContain(`Note ${PAYLOAD}`);
  });
});

describe('stored XSS: inquiries from the contact page, and the reply mail', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    await saveMailSettings(t, token, {
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_security: 'none',
      smtp_user: smtp.user,
      smtp_password: smtp.password,
      from_name: 'Banyan',
      from_address: 'service@banyan.test',
    });
  });
  afterAll(() => smtp?.close());

  it('values sent back with a refused contact post are echoed inert', async () => {
    const page = await postPage(domain, '/contact/', new URLSearchParams({ name: `Ann${SHORT}`, company: `Co ${PAYLOAD}`, phone: '', email: `x${SHORT}`, content: `Hi ${PAYLOAD}` }));
    expect(page.status).toBeGreaterThanOrEqual(400);
    expectInert(page.body, 'refused contact post');
    const $ = load(page.body);
    expect($('input[name="name"]').attr('value')).toBe(`Ann${SHORT}`);
    expect($('input[name="email"]').attr('value')).toBe(`x${SHORT}`);
    expect($('textarea[name="content"]').text()).toBe(`Hi ${PAYLOAD}`);
  });

  it('an inquiry reaches the admin as JSON text, and the reply quoting it is a plain-text mail to the visitor only', async () => {
    const sent = await postPage(domain, '/contact/', new URLSearchParams({ name: `Ann${SHORT}`, company: `Co ${PAYLOAD}`, phone: '', email: 'ann@example.com', content: `Hi ${PAYLOAD}` }));
    expect(sent.status, sent.body.slice(0, 300)).toBe(303);
    const [row] = await t.db.select().from(inquiries).where(eq(inquiries.email, 'ann@example.com'));
    const read = await t.client(token, { siteId }).get('/inquiry/read', { id: row!.id });
    expect(read.data).toMatchObject({ name: `Ann${SHORT}`, company: `Co ${PAYLOAD}`, content: `Hi ${PAYLOAD}` });
    const reply = await t.client(token, { siteId }).post('/inquiry/reply', { id: row!.id, subject: `Re: Ann${SHORT}`, body: `Dear Ann${SHORT}\n> Hi ${PAYLOAD}` });
    expect(reply.code, reply.msg).toBe(0);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.recipients).toEqual(['ann@example.com']);
    expect(mail!.parsed.html).toBeFalsy();
    expect(mail!.parsed.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
    expect(mail!.parsed.text).toContain(`> Hi ${PAYLOAD}`);
    expect(mail!.parsed.subject).toBe(`Re: Ann${SHORT}`);
  });
});

describe('stored XSS: recruitment', () => {
  let jobId: number;
  beforeAll(async () => {
    const api = t.client(token, { siteId });
    const cate = await api.post<{ id: number }>('/positionCate/save', { name: `Cate ${TEXT}<img src=x onerror=alert(2)>` });
    const city = await api.post<{ id: number }>('/positionCity/save', { name: `City ${TEXT}<img src=x onerror=alert(2)>` });
    expect(cate.code, cate.msg).toBe(0);
    expect(city.code, city.msg).toBe(0);
    const job = await api.post<{ id: number }>('/position/save', { title: `Job ${PAYLOAD}`, negotiable: true, cate_id: cate.data.id, city_id: city.data.id, description: RICH });
    expect(job.code, job.msg).toBe(0);
    jobId = job.data.id;
  });

  it('position title, category, city and description (POST /position/save) are inert on /jobs/ and the position page', async () => {
    const list = await getPage(t, '/jobs/', domain);
    expect(list.status).toBe(200);
    expectInert(list.body, 'jobs list');
    expect(load(list.body)(`[data-job="${jobId}"] h2 a`).text()).toBe(`Job ${PAYLOAD}`);
    const page = await getPage(t, `/jobs/${jobId}.html`, domain);
    expect(page.status).toBe(200);
    expectInert(page.body, 'position page');
    expect(load(page.body)('h1').text()).toBe(`Job ${PAYLOAD}`);
    expect(page.body).toContain(`<p>${TEXT}</p>`);
    expect(page.body).toContain(`City ${TEXT}&lt;img`);
  });

  const apply = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
    return postPage(domain, `/jobs/${jobId}.html`, form);
  };

  it('values sent back with a refused application are echoed inert', async () => {
    const page = await apply({ name: '', phone: '', email: `x${SHORT}`, message: `Msg ${PAYLOAD}` });
    expect(page.status).toBeGreaterThanOrEqual(400);
    expectInert(page.body, 'refused application');
    const $ = load(page.body);
    expect($('input[name="email"]').attr('value')).toBe(`x${SHORT}`);
    expect($('textarea[name="message"]').text()).toBe(`Msg ${PAYLOAD}`);
  });

  it('an application (name, message, attachment name) reaches /resume/index as JSON text; the file is a sandboxed download', async () => {
    const fileName = `cv<img src=x onerror=alert(1)>.pdf`;
    const sent = await apply({ name: `Ann${SHORT}`, phone: '', email: 'ann@example.com', message: `Msg ${PAYLOAD}` }, { name: fileName, bytes: pdf('cv') });
    expect(sent.status, sent.body.slice(0, 300)).toBe(303);
    const list = await t.client(token, { siteId }).get('/resume/index', { position_id: jobId });
    expect(list.code, list.msg).toBe(0);
    expect(list.data[0]).toMatchObject({ name: `Ann${SHORT}`, message: `Msg ${PAYLOAD}`, position_title: `Job ${PAYLOAD}` });
    expect(list.data[0].file_name).toContain('cv');
    // The served address is the server's own random name, never the applicant's.
    expect(list.data[0].file_url).toMatch(/^\/uploads\/[\w/.-]+$/);
    const served = await fetch(t.url + list.data[0].file_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await t.db.select({ n: count() }).from(resumes).where(eq(resumes.positionId, jobId)))[0]!.n).toBe(1);
  });
});

describe('stored XSS: model fields', () => {
  const OPTION_VALUE = `o"><script>alert(1)</script>`;
  const LABEL = `L ${TEXT}<img src=x onerror=alert(2)>`;
  let modelId: number;
  let fieldsColumn: number;
  let fieldsAlias: string;
  let themedDomain: string;
  let themedAlias: string;
  let defaultItem: number;
  let themedItem: number;
  const VALUES = {
    f_text: `Text ${PAYLOAD}`,
    f_area: `Area ${PAYLOAD}`,
    f_number: 7,
    f_select: OPTION_VALUE,
    f_radio: OPTION_VALUE,
    f_checkbox: [OPTION_VALUE],
    f_switch: true,
    f_date: '2024-01-02',
    f_datetime: '2024-01-02 10:20:30',
    f_image: '/uploads/field.png',
    f_images: ['/uploads/a.png', 'https://cdn.example.com/b.png'],
    f_file: '/uploads/field.pdf',
    f_rich: RICH,
  };
  const TYPES: Record<keyof typeof VALUES, string> = {
    f_text: 'text', f_area: 'textarea', f_number: 'number', f_select: 'select', f_radio: 'radio', f_checkbox: 'checkbox', f_switch: 'switch',
    f_date: 'date', f_datetime: 'datetime', f_image: 'image', f_images: 'images', f_file: 'file', f_rich: 'richtext',
  };
  /** A theme that prints every field: text with {{ }} (escaped), the rich field with | raw, links and images in attributes. */
  const DETAIL = `<!doctype html><html><body><h1>{{ content.title }}</h1>
{% for f in content.fields %}<p data-f="{{ f[0] }}">{{ f[1] }}</p>{% endfor %}
<div class="rich">{{ content.fields.f_rich | raw }}</div>
<img class="image" src="{{ content.fields.f_image }}" alt="{{ content.fields.f_text }}">
{% for i in content.fields.f_images %}<img class="images" src="{{ i }}">{% endfor %}
<a class="file" href="{{ content.fields.f_file }}">file</a>
<div class="cover" style="background-image:url('{{ content.fields.f_image }}')"></div>
</body></html>`;

  const publish = (id: number) => t.db.update(contents).set({ status: 1, checkStatus: 'published', publishedAt: new Date(Date.now() - 60_000) }).where(eq(contents.id, id));
  beforeAll(async () => {
    modelId = await createModel(t, token);
    const options = [{ value: OPTION_VALUE, label: `Opt ${PAYLOAD}` }];
    for (const [name, type] of Object.entries(TYPES)) await createField(t, token, modelId, { name, title: LABEL, type, ...(['select', 'radio', 'checkbox'].includes(type) ? { options } : {}) });
    fieldsColumn = await createColumn(t, token, siteId, { model_id: modelId, title: 'Fields' });
    fieldsAlias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, fieldsColumn)))[0]!.alias;
    defaultItem = (await saveContent(t.client(token, { siteId }), fieldsColumn, { title: `Fields ${TEXT}`, fields: VALUES })).id;
    await publish(defaultItem);
    themedDomain = uniqueDomain('xss-fields');
    const themedSite = await createSite(t, token, { name: 'Fields theme', domain: themedDomain });
    await installTheme(t, themedSite, { 'templates/detail.liquid': DETAIL, 'templates/index.liquid': 'home', 'templates/404.liquid': 'missing' });
    const themedColumn = await createColumn(t, token, themedSite, { model_id: modelId, title: 'Fields' });
    themedAlias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, themedColumn)))[0]!.alias;
    themedItem = (await saveContent(t.client(token, { siteId: themedSite }), themedColumn, { title: `Fields ${TEXT}`, fields: VALUES })).id;
    await publish(themedItem);
  });

  it('every field type on the default theme detail page: inert (the default theme prints no custom field)', async () => {
    const page = await getPage(t, `/${fieldsAlias}/${defaultItem}.html`, domain);
    expect(page.status).toBe(200);
    expectInert(page.body, 'default theme, model fields');
    expect(page.body).toContain(`Fields ${TEXT}`);
  });

  it('every field type printed by a theme: text escaped, rich text sanitised, addresses without script', async () => {
    const page = await getPage(t, `/${themedAlias}/${themedItem}.html`, themedDomain);
    expect(page.status).toBe(200);
    expectInert(page.body, 'theme printing model fields');
    const $ = load(page.body);
    expect($('[data-f="f_text"]').text()).toBe(`Text ${PAYLOAD}`);
    expect($('[data-f="f_area"]').text()).toBe(`Area ${PAYLOAD}`);
    expect($('[data-f="f_select"]').text()).toBe(OPTION_VALUE);
    expect($('img.image').attr('alt')).toBe(`Text ${PAYLOAD}`);
    expect($('.rich').html()).toContain(`<p>${TEXT}</p>`);
    expect($('img.images').map((_, i) => $(i).attr('src')).get()).toEqual(VALUES.f_images);
  });

  it('the admin reads the values as JSON with the rich field sanitised, and the labels as text', async () => {
    const res = await t.client(token, { siteId }).get('/content/read', { id: defaultItem });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.fields.f_text).toBe(`Text ${PAYLOAD}`);
    expectInert(`<div>${res.data.fields.f_rich}</div>`, '/content/read rich field');
    expect(res.data.fields.f_rich).toContain(`<p>${TEXT}</p>`);
    const fields = await t.client(token).get('/modelField/index', { model_id: modelId, limit: 100 });
    expect(fields.data.map((f: { title: string }) => f.title)).toEqual(Object.keys(TYPES).map(() => LABEL));
  });

  it.each([
    ['image field with javascript:', { f_image: 'javascript:alert(1)' }],
    ['image field with data:', { f_image: 'data:text/html,<script>alert(1)</script>' }],
    ['image field breaking out of an attribute', { f_image: '/uploads/a.png"onerror="alert(1)' }],
    ["image field breaking out of url('…')", { f_image: "/uploads/a.png'),url('https://evil.example/track" }],
    ['file field with javascript:', { f_file: 'JavaScript:alert(1)' }],
    ['images field with javascript:', { f_images: ['/uploads/ok.png', 'javascript:alert(1)'] }],
    ['select field with a value not in its options', { f_select: '<script>alert(1)</script>' }],
  ])('content with an %s is refused and nothing is written', async (_name, bad) => {
    await expectRefusedUnchanged(() => en().post('/content/save', { category_id: fieldsColumn, title: 'Refused', body: '<p>x</p>', fields: { ...VALUES, ...bad } }), 400, /L Xq7 ok/);
  });
});

describe('stored XSS: the admin views that render HTML (dangerouslySetInnerHTML)', () => {
  beforeAll(async () => {
    await insertProhibitedWords(t, [{ word: 'Xq7', paraphrase: `"><img src=x onerror=alert(1)>`, level: 1 }]);
  });

  it('audit page: /content/auditDetail marked_body is the sanitised body with inert word marks', async () => {
    const res = await t.client(token, { siteId }).get('/content/auditDetail', { id: articleId });
    expect(res.code, res.msg).toBe(0);
    const html = String(res.data.marked_body);
    expectInert(`<div>${html}</div>`, 'audit marked_body');
    const $ = load(html);
    expect($('mark.word-level-1').first().text()).toBe('Xq7');
    expect($('mark.word-level-1').first().attr('title')).toBe(`"><img src=x onerror=alert(1)>`);
  });

  it("editor's word drawer: /content/wordSearch return_str, as the drawer renders it, carries no script, handler or javascript: URL", async () => {
    // The check answers the caller's own editor HTML with marks added; the drawer (WordsDrawer) renders it after
    // the editor's allowlist round trip, serialize(deserialize(return_str)): that round trip is the defence.
    const res = await t.client(token, { siteId }).post('/content/wordSearch', { content: RICH });
    expect(res.code, res.msg).toBe(0);
    const shown = serialize(deserialize(String(res.data.return_str), new new HappyWindow().DOMParser() as unknown as DOMParser));
    expectInert(`<div>${shown}</div>`, 'word drawer');
    expect(shown).not.toMatch(/<script|onerror\s*=|onbegin\s*=|javascript:/i);
    expect(shown).toContain('Xq7');
    expect(shown).toContain(' ok');
  });
});
