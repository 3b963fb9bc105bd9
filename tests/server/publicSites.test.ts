import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished, insertSlide, installTheme, setSiteSettings } from '../helpers/publicFixtures';
import { insertContent } from '../helpers/sites';
import { categories, contents, sites, tags, visits } from '../../server/db/schema/index';
import { visitRecorder } from '../../server/operations/visits/record';
import { renderPage } from '../../server/public/pages';
import { urls } from '../../server/public/urls';

let t: TestApp;
let token: string;
let modelId: number;
const main = { id: 0, domain: uniqueDomain('main'), column: 0, alias: '', articles: [] as Array<{ id: number; title: string }> };
const sub = { id: 0, domain: uniqueDomain('sub'), column: 0, alias: '' };

const columnAlias = async (id: number) => (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, id)))[0]!.alias;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  token = await t.login();
  modelId = await insertModel(t);
  main.id = await createSite(t, token, { name: 'Acme Global', domain: main.domain });
  await setSiteSettings(t, main.id, {
    language: 'en',
    logo: '/uploads/acme-logo.png',
    favicon: '/uploads/acme.ico',
    icp_number: '京ICP备12345678号',
    police_number: '京公网安备11010502030000号',
    police_link: 'https://www.beian.gov.cn/',
    statistics_code: '<script>window.acmeStats=1</script>',
    grey_out: true,
    seo_title: 'Acme SEO Title',
    seo_keywords: 'acme,widgets',
    seo_description: 'Acme makes widgets',
  });
  main.column = await insertColumn(t, main.id, modelId, { title: 'News' });
  main.alias = await columnAlias(main.column);
  await t.db.update(categories).set({ pageSize: 2 }).where(eq(categories.id, main.column));
  for (let i = 1; i <= 3; i++) {
    main.articles.push(
      await insertPublished(t, main.id, main.column, {
        title: `Acme news ${i}`,
        tags: ['widgets'],
        recommend: i === 1,
        description: `Summary ${i}`,
        publishedAt: new Date(Date.now() - (10 - i) * 60_000),
      }),
    );
  }
  await insertSlide(t, main.id, 'Acme slide headline');

  sub.id = await createSite(t, token, { name: '子站点', domain: sub.domain, parent_id: main.id });
  await setSiteSettings(t, sub.id, { language: 'zh', seo_title: '子站标题' });
  sub.column = await insertColumn(t, sub.id, modelId, { title: '公司新闻' });
  sub.alias = await columnAlias(sub.column);
  await insertPublished(t, sub.id, sub.column, { title: '子站文章一' });
});
afterAll(() => t?.close());

describe('host-based routing', () => {
  it('each domain is answered by its own site, a sub-site included', async () => {
    const home = await getPage(t, '/', main.domain);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('Acme news 3');
    expect(home.body).not.toContain('子站文章一');

    const subHome = await getPage(t, '/', sub.domain);
    expect(subHome.status).toBe(200);
    expect(subHome.body).toContain('子站文章一');
    expect(subHome.body).toContain('最新动态');
    expect(subHome.body).not.toContain('Acme news');
    // The host may carry a port.
    expect((await getPage(t, '/', `${sub.domain}:8080`)).body).toContain('子站文章一');
  });

  it('localhost and 127.0.0.1 get the default site; other unknown hosts get 404', async () => {
    const [first] = await t.db.select().from(sites).where(eq(sites.parentId, 0)).orderBy(sites.sort, sites.id).limit(1);
    const local = await getPage(t, '/', '127.0.0.1:3000');
    expect(local.status).toBe(200);
    expect(local.body).toContain(first!.name);
    expect((await getPage(t, '/', 'unknown-host.example.org')).status).toBe(404);
  });

  it('a disabled site stops answering its domain', async () => {
    const domain = uniqueDomain('off');
    const id = await createSite(t, token, { domain });
    expect((await getPage(t, '/', domain)).status).toBe(200);
    await t.db.update(sites).set({ status: 2 }).where(eq(sites.id, id));
    expect((await getPage(t, '/', domain)).status).toBe(404);
  });

  it('the admin, the API and uploads are not website paths', async () => {
    const api = await getPage(t, '/api/nothing-here', main.domain);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toMatchObject({ code: 404 });
    expect((await getPage(t, '/uploads/missing.png', main.domain)).status).toBe(404);
  });
});

describe('pages', () => {
  it('home shows the site settings: language, logo, filings, favicon, statistics, grey-out and SEO', async () => {
    const { body } = await getPage(t, '/', main.domain);
    expect(body).toContain('<html lang="en" class="grey-out">');
    expect(body).toContain('<title>Acme SEO Title</title>');
    expect(body).toContain('<meta name="keywords" content="acme,widgets">');
    expect(body).toContain('<meta name="description" content="Acme makes widgets">');
    expect(body).toContain('src="/uploads/acme-logo.png"');
    expect(body).toContain('<link rel="icon" href="/uploads/acme.ico">');
    expect(body).toContain('京ICP备12345678号');
    expect(body).toContain('京公网安备11010502030000号');
    expect(body).toContain('<script>window.acmeStats=1</script>');
    expect(body).toContain('Acme slide headline');
    expect(body).toContain('Recommended');
    expect(body).toContain(`href="/${main.alias}/"`);
    const css = await getPage(t, urls.asset('style.css'), main.domain);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('the column list pages by the column page size, by alias or id', async () => {
    const first = await getPage(t, `/${main.alias}/`, main.domain);
    expect(first.status).toBe(200);
    expect(first.body).toContain('Acme news 3');
    expect(first.body).toContain('Acme news 2');
    expect(first.body).not.toContain('Acme news 1<');
    expect(first.body).toContain(`href="/${main.alias}/page/2/"`);
    const second = await getPage(t, `/${main.alias}/page/2/`, main.domain);
    expect(second.body).toContain('Acme news 1');
    expect(second.body).not.toContain('Acme news 3');
    expect((await getPage(t, `/${main.column}/`, main.domain)).body).toContain('Acme news 3');
    expect((await getPage(t, `/${main.alias}/page/9/`, main.domain)).status).toBe(404);
  });

  it('content detail, tag page and search render real content', async () => {
    const article = main.articles[0]!;
    const detail = await getPage(t, `/${main.alias}/${article.id}.html`, main.domain);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain(`<h1 class="article-title">${article.title}</h1>`);
    expect(detail.body).toContain(`<p>Body of ${article.title}</p>`);
    expect(detail.body).toContain(`<title>${article.title} - Acme SEO Title</title>`);
    const [tag] = await t.db.select().from(tags).where(eq(tags.siteId, main.id));
    expect(detail.body).toContain(`href="/tag/${tag!.id}/"`);

    const tagPage = await getPage(t, `/tag/${tag!.id}/`, main.domain);
    expect(tagPage.status).toBe(200);
    for (const a of main.articles) expect(tagPage.body).toContain(a.title);

    const search = await getPage(t, '/search/?q=' + encodeURIComponent('news 2'), main.domain);
    expect(search.status).toBe(200);
    expect(search.body).toContain('Acme news 2');
    expect(search.body).not.toContain('Acme news 3');
    const none = await getPage(t, '/search/?q=zzz-nothing', main.domain);
    expect(none.body).toContain('Nothing matched your search.');
    // A sub-site's tag id does not open on another site.
    expect((await getPage(t, `/tag/${tag!.id}/`, sub.domain)).status).toBe(404);
  });

  it('unknown paths answer the theme 404 in the site language', async () => {
    const en = await getPage(t, '/no-such-column/', main.domain);
    expect(en.status).toBe(404);
    expect(en.body).toContain('Page not found');
    const zh = await getPage(t, '/no/such/path', sub.domain);
    expect(zh.status).toBe(404);
    expect(zh.body).toContain('页面不存在');
  });

  it('drafts, deleted and scheduled content and content of another site are 404', async () => {
    const draft = await insertContent(t, main.id, main.column, { title: 'Draft secret' });
    const deleted = await insertPublished(t, main.id, main.column, { title: 'Deleted secret' });
    await t.db.update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, deleted.id));
    const later = await insertPublished(t, main.id, main.column, { title: 'Future secret', publishedAt: new Date(Date.now() + 86_400_000) });
    for (const id of [draft, deleted.id, later.id]) {
      expect((await getPage(t, `/${main.alias}/${id}.html`, main.domain)).status).toBe(404);
    }
    const list = await getPage(t, `/${main.alias}/`, main.domain);
    const search = await getPage(t, '/search/?q=secret', main.domain);
    for (const body of [list.body, search.body]) expect(body).not.toMatch(/Draft secret|Deleted secret|Future secret/);
    // The main site's article is not served under the sub-site's domain.
    expect((await getPage(t, `/${main.alias}/${main.articles[0]!.id}.html`, sub.domain)).status).toBe(404);
  });

  it('sitemap.xml and robots.txt are per site', async () => {
    const map = await getPage(t, '/sitemap.xml', main.domain);
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toContain('xml');
    for (const a of main.articles) expect(map.body).toContain(`<loc>http://${main.domain}/${main.alias}/${a.id}.html</loc>`);
    expect(map.body).not.toContain(sub.alias);
    const subMap = await getPage(t, '/sitemap.xml', sub.domain);
    expect(subMap.body).toContain(`http://${sub.domain}/${sub.alias}/`);
    expect(subMap.body).not.toContain(main.alias);
    const robots = await getPage(t, '/robots.txt', sub.domain);
    expect(robots.body).toContain(`Sitemap: http://${sub.domain}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /admin/');
  });

  it('single-page columns render their body, external-link columns redirect', async () => {
    const about = await insertColumn(t, main.id, modelId, { title: 'About Acme' });
    await t.db.update(categories).set({ type: 2, content: '<p>We build <strong>widgets</strong>.</p>' }).where(eq(categories.id, about));
    const page = await getPage(t, `/${await columnAlias(about)}/`, main.domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<p>We build <strong>widgets</strong>.</p>');
    const link = await insertColumn(t, main.id, modelId, { title: 'Shop' });
    await t.db.update(categories).set({ type: 3, linkUrl: 'https://shop.example.com/' }).where(eq(categories.id, link));
    const redirect = await getPage(t, `/${await columnAlias(link)}/`, main.domain);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('https://shop.example.com/');
    expect((await getPage(t, '/', main.domain)).body).toContain('href="https://shop.example.com/" target="_blank"');
  });

  it('a sub-site with template sharing renders with its parent site theme', async () => {
    const domain = uniqueDomain('shared');
    const parent = await createSite(t, token, { domain: uniqueDomain('parent') });
    const child = await createSite(t, token, { domain, parent_id: parent });
    await installTheme(t, parent, { 'templates/index.liquid': 'parent theme for {{ site.name }}' });
    expect((await getPage(t, '/', domain)).body).not.toContain('parent theme');
    await setSiteSettings(t, child, { template_sharing: true });
    const [row] = await t.db.select().from(sites).where(eq(sites.id, child));
    expect((await getPage(t, '/', domain)).body).toBe(`parent theme for ${row!.name}`);
  });

  it('served pages are recorded as visits; assets, 404s and sitemaps are not', async () => {
    const domain = uniqueDomain('visited');
    const id = await createSite(t, token, { domain });
    await getPage(t, '/', domain);
    await getPage(t, '/search/?q=x', domain);
    await getPage(t, '/missing/', domain);
    await getPage(t, '/sitemap.xml', domain);
    await getPage(t, urls.asset('style.css'), domain);
    await visitRecorder(t.app)?.flush();
    const rows = await t.db.select().from(visits).where(eq(visits.siteId, id));
    expect(rows.map((r) => r.path).sort()).toEqual(['/', '/search/']);
  });

  it("a front-end menu keyed 'main' replaces the column navigation in the header, with nested items and new-window links", async () => {
    const as = t.client(token, { siteId: sub.id });
    const before = await getPage(t, '/', sub.domain);
    expect(before.body).toContain(`href="/${sub.alias}/"`);
    const cate = await as.post<{ id: number }>('/navCate/save', { name: '主菜单', key: 'main' });
    expect(cate.code, cate.msg).toBe(0);
    const parent = await as.post<{ id: number }>('/navItem/save', { cate_id: cate.data.id, title: '关于我们', link_type: 'url', url: 'https://example.com/about', new_window: 1 });
    expect(parent.code, parent.msg).toBe(0);
    const child = await as.post('/navItem/save', { cate_id: cate.data.id, parent_id: parent.data.id, title: '新闻入口', link_type: 'column', target_id: sub.column });
    expect(child.code, child.msg).toBe(0);
    const after = await getPage(t, '/', sub.domain);
    expect(after.body).toContain('<a href="https://example.com/about" target="_blank" rel="noopener">关于我们</a>');
    expect(after.body).toMatch(new RegExp(`class="subnav">\\s*<li><a href="/${sub.alias}/">新闻入口</a>`));
    // Another site's header is untouched.
    expect((await getPage(t, '/', main.domain)).body).not.toContain('关于我们');
  });

  it('renderPage answers the same page without HTTP', async () => {
    const viaHttp = await getPage(t, `/${main.alias}/`, main.domain);
    const direct = await renderPage(t.app, main.id, `/${main.alias}/`);
    expect(direct.status).toBe(200);
    expect(String(direct.body)).toBe(viaHttp.body);
    expect((await renderPage(t.app, main.id, '/missing/')).status).toBe(404);
  });
});
