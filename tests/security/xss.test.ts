import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { load } from 'cheerio';
import type { Element } from 'domhandler';
import { startTestApp, type TestApp } from '../helpers/app';
import { createModel, createColumn, createSite, uniqueDomain } from '../helpers/sites';
import { saveContent } from '../helpers/contentFixtures';
import { getPage, setSiteSettings } from '../helpers/publicFixtures';
import { categories, contents, slides } from '../../server/db/schema/index';

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
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
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
