import { describe, expect, it } from 'vitest';
import { crawlSite, type SiteRenderer } from '../../server/operations/seoCheck/crawl';
import { diagnoseSite, overallScore } from '../../server/operations/seoCheck/diagnose';
import { internalPath, pageFacts } from '../../server/operations/seoCheck/pageFacts';
import type { SiteRow } from '../../server/public/data';
import type { PageResult } from '../../server/public/pages';

// The diagnosis's judgement without a database: pages answered by a stand-in renderer.

const ORIGIN = 'http://shop.example.com';
const html = (title: string, body: string, head = '<meta name="viewport" content="width=device-width"><link rel="canonical" href="/">') =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="d"><meta name="keywords" content="k">${head}</head><body><h1>${title}</h1>${body}</body></html>`;

function fakeRenderer(pages: Record<string, PageResult>, fallback: PageResult = { status: 404, contentType: 'text/html', body: html('Not found', '') }): SiteRenderer & { rendered: string[] } {
  const rendered: string[] = [];
  const render = async (path: string) => {
    rendered.push(path);
    return pages[path] ?? fallback;
  };
  return { origin: ORIGIN, columns: [], rendered, render, statusOf: async (path) => (await render(path)).status };
}
const page = (body: string, title = `Page ${body.length}`): PageResult => ({ status: 200, contentType: 'text/html; charset=utf-8', body: html(title, body) });
const text = (body: string, status = 200): PageResult => ({ status, contentType: 'text/plain', body });
const site = (domain: string) => ({ id: 1, domain }) as SiteRow;
const options = (limit = 50) => ({ limit, onProgress: async () => {}, cancelled: () => false });

describe('page facts', () => {
  it('keeps internal links only, once each, without fragments', () => {
    const url = new URL(`${ORIGIN}/news/`);
    expect(internalPath('/a/', url)).toBe('/a/');
    expect(internalPath('b.html#top', url)).toBe('/news/b.html');
    expect(internalPath('https://other.example.com/', url)).toBeNull();
    expect(internalPath('mailto:a@b.c', url)).toBeNull();
    expect(internalPath('#top', url)).toBeNull();
    const facts = pageFacts(html('T', '<a href="/a/">1</a><a href="/a/#x">2</a><img src="/x.png"><img src="/y.png" alt=" "><img src="/z.png" alt="z"><h1>two</h1>'), url);
    expect(facts.links).toEqual(['/a/']);
    expect(facts.imagesWithoutAlt).toEqual(['/x.png', '/y.png']);
    expect(facts.h1).toBe(2);
  });
});

describe('the crawl', () => {
  it('stops at its page limit however many links the site has', async () => {
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/p${i}/">${i}</a>`).join('');
    const pages: Record<string, PageResult> = { '/': page(links) };
    for (let i = 0; i < 30; i++) pages[`/p${i}/`] = page(links, `P${i}`);
    const renderer = fakeRenderer(pages);
    const crawled = await crawlSite(renderer, options(10));
    expect(crawled).toHaveLength(10);
    expect(crawled[0]!.path).toBe('/');
  });

  it('never fetches files, the search page or the admin', async () => {
    const renderer = fakeRenderer({ '/': page('<a href="/uploads/a.pdf">f</a><a href="/search/?q=x">s</a><a href="/admin/">a</a><a href="/theme-assets/x.css">c</a>') });
    expect((await crawlSite(renderer, options())).map((p) => p.path)).toEqual(['/']);
  });

  it('stops when cancelled', async () => {
    const renderer = fakeRenderer({ '/': page('<a href="/a/">a</a>'), '/a/': page('x') });
    expect(await crawlSite(renderer, { ...options(), cancelled: () => true })).toEqual([]);
  });
});

describe('site checks', () => {
  it('flag robots.txt without a sitemap, a sitemap listing a dead page and missing a live one, a missing page answering 200, an IP host and http resources', async () => {
    const renderer = fakeRenderer(
      {
        '/': page('<a href="/a/">a</a><img src="http://cdn.example.com/i.png" alt="i">', 'Home page'),
        '/a/': page('a', 'Page a'),
        '/robots.txt': text('User-agent: *\nAllow: /\n'),
        '/sitemap.xml': text(`<?xml version="1.0"?><urlset><url><loc>${ORIGIN}/</loc></url><url><loc>${ORIGIN}/gone/</loc></url></urlset>`),
        '/gone/': { status: 404, contentType: 'text/html', body: '' },
      },
      // Every other path answers 200: a site without a 404 page.
      page('anything', 'Anything'),
    );
    const report = await diagnoseSite(site('10.0.0.8'), renderer, options());
    const found = (check: string) => report.findings.filter((f) => f.check === check).map((f) => `${f.url}|${f.detail}`);
    expect(found('robots')).toEqual(['|Sitemap']);
    expect(found('sitemap').sort()).toEqual(['/gone/|404', '/a/|unlisted'].sort());
    expect(found('notFound')).toEqual(['|200']);
    expect(found('https').sort()).toEqual(['|10.0.0.8', '|http://cdn.example.com/i.png'].sort());
    expect(report.findings.every((f) => f.fix.screen === 'site' || f.check === 'sitemap')).toBe(true);
  });

  it('a site whose theme has no canonical link gets one site-wide finding, not one per page', async () => {
    const bare = (title: string, body: string): PageResult => ({ status: 200, contentType: 'text/html', body: html(title, body, '<meta name="viewport" content="x">') });
    const renderer = fakeRenderer({
      '/': bare('Home page', '<a href="/a/">a</a>'),
      '/a/': bare('Page a', ''),
      '/robots.txt': text(`User-agent: *\nSitemap: ${ORIGIN}/sitemap.xml\n`),
      '/sitemap.xml': text(`<urlset><url><loc>${ORIGIN}/</loc></url><url><loc>${ORIGIN}/a/</loc></url></urlset>`),
    });
    const report = await diagnoseSite(site('shop.example.com'), renderer, options());
    expect(report.findings.map((f) => [f.check, f.url, f.detail])).toEqual([['canonical', '', '2/2']]);
    expect(report.items.find((i) => i.check === 'canonical')).toMatchObject({ checked: 2, failed: 2, score: 0 });
  });
});

describe('the score', () => {
  it('weighs each check by severity and is 100 when nothing fails', () => {
    expect(overallScore([])).toBe(100);
    expect(
      overallScore([
        { check: 'brokenLink', severity: 'error', checked: 4, failed: 2, score: 50 },
        { check: 'keywordsMissing', severity: 'notice', checked: 4, failed: 0, score: 100 },
        { check: 'pageWeight', severity: 'notice', checked: 0, failed: 0, score: 100 },
      ]),
    ).toBe(Math.round((50 * 3 + 100 * 1) / 4));
  });
});
