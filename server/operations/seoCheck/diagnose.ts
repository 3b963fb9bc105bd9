import * as cheerio from 'cheerio';
import { crawlable, crawlSite, type CrawledPage, type CrawlOptions, type SiteRenderer } from './crawl';
import type { SiteRow } from '../../public/data';
import { parsePath } from '../../public/urls';
import {
  SEO_CHECK_KEYS,
  SEO_CHECKS,
  SEO_PAGE_WEIGHT_MAX,
  SEO_SEVERITY_WEIGHT,
  SEO_TITLE_MAX,
  SEO_TITLE_MIN,
  type SeoCheck,
  type SeoFinding,
  type SeoFix,
  type SeoItemScore,
} from '../../../models/seoReport';

// Judges a crawl: page checks on every crawled page, site checks once, a score per check (the share of what
// it looked at that passed) and an overall score weighted by severity.

export interface Diagnosis {
  pages: number;
  score: number;
  items: SeoItemScore[];
  findings: SeoFinding[];
}

const SITE: SeoFix = { screen: 'site' };

class Tally {
  readonly findings: SeoFinding[] = [];
  private readonly counts = new Map<SeoCheck, { checked: number; failed: number }>();

  /** `check` looked at one more thing; `failed` says whether it failed. */
  count(check: SeoCheck, failed: boolean) {
    const c = this.counts.get(check) ?? { checked: 0, failed: 0 };
    c.checked += 1;
    if (failed) c.failed += 1;
    this.counts.set(check, c);
  }

  find(check: SeoCheck, url: string, detail: string, fix: SeoFix) {
    const key = `${check}|${url}|${detail}`;
    if (this.findings.some((f) => f.key === key)) return;
    this.findings.push({ key, check, severity: SEO_CHECKS[check], url, detail, fix });
  }

  items(): SeoItemScore[] {
    return SEO_CHECK_KEYS.map((check) => {
      const { checked, failed } = this.counts.get(check) ?? { checked: 0, failed: 0 };
      return { check, severity: SEO_CHECKS[check], checked, failed, score: checked ? Math.round((100 * (checked - failed)) / checked) : 100 };
    });
  }
}

export function overallScore(items: readonly SeoItemScore[]): number {
  const weighed = items.filter((i) => i.checked > 0);
  const weight = weighed.reduce((sum, i) => sum + SEO_SEVERITY_WEIGHT[i.severity], 0);
  if (!weight) return 100;
  return Math.round(weighed.reduce((sum, i) => sum + i.score * SEO_SEVERITY_WEIGHT[i.severity], 0) / weight);
}

/** A check every page fails is the theme's doing: one site finding instead of one per page. */
function themeWide(t: Tally, check: SeoCheck, html: CrawledPage[], fails: (p: CrawledPage) => string | null) {
  const failing = html.map((p) => [p, fails(p)] as const).filter(([, detail]) => detail !== null);
  for (const p of html) t.count(check, failing.some(([f]) => f === p));
  if (failing.length > 1 && failing.length === html.length) t.find(check, '', `${failing.length}/${html.length}`, SITE);
  else for (const [p, detail] of failing) t.find(check, p.path, detail!, p.fix);
}

function pageChecks(t: Tally, pages: CrawledPage[], brokenTargets: Map<string, number>) {
  const html = pages.filter((p) => p.facts);
  for (const p of pages) {
    const failed = p.status >= 500 || (p.path === '/' && p.status !== 200);
    t.count('status', failed);
    if (failed) t.find('status', p.path, String(p.status), p.fix);
  }
  const byTitle = new Map<string, CrawledPage[]>();
  for (const p of html) {
    const f = p.facts!;
    t.count('titleMissing', !f.title);
    if (!f.title) t.find('titleMissing', p.path, '', p.fix);
    else {
      const length = [...f.title].length;
      const bad = length < SEO_TITLE_MIN || length > SEO_TITLE_MAX;
      t.count('titleLength', bad);
      if (bad) t.find('titleLength', p.path, String(length), p.fix);
      if (!p.paged) byTitle.set(f.title, [...(byTitle.get(f.title) ?? []), p]);
    }
    t.count('descriptionMissing', !f.description);
    if (!f.description) t.find('descriptionMissing', p.path, '', p.fix);
    t.count('keywordsMissing', !f.keywords);
    if (!f.keywords) t.find('keywordsMissing', p.path, '', p.fix);
    t.count('h1', f.h1 !== 1);
    if (f.h1 !== 1) t.find('h1', p.path, String(f.h1), p.fix);
    t.count('imageAlt', f.imagesWithoutAlt.length > 0);
    for (const src of f.imagesWithoutAlt) t.find('imageAlt', p.path, src, p.fix);
    const broken = f.links.filter((l) => (brokenTargets.get(l) ?? 0) >= 400);
    t.count('brokenLink', broken.length > 0);
    for (const link of broken) t.find('brokenLink', p.path, link, p.fix);
    t.count('pageWeight', f.bytes > SEO_PAGE_WEIGHT_MAX);
    if (f.bytes > SEO_PAGE_WEIGHT_MAX) t.find('pageWeight', p.path, String(f.bytes), p.fix);
  }
  for (const [title, same] of byTitle) {
    for (const p of same) {
      t.count('titleDuplicate', same.length > 1);
      if (same.length > 1) t.find('titleDuplicate', p.path, title, p.fix);
    }
  }
  themeWide(t, 'canonical', html, (p) => (p.facts!.canonical ? null : ''));
  themeWide(t, 'viewport', html, (p) => (p.facts!.viewport ? null : ''));
}

const isIp = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

async function siteChecks(t: Tally, site: SiteRow, renderer: SiteRenderer, pages: CrawledPage[]) {
  const robots = await renderer.render('/robots.txt');
  const robotsText = String(robots.body);
  const blocksAll = /^disallow:\s*\/\s*$/im.test(robotsText);
  const robotsBad = robots.status !== 200 ? String(robots.status) : blocksAll ? 'Disallow: /' : !/^sitemap:/im.test(robotsText) ? 'Sitemap' : null;
  t.count('robots', robotsBad !== null);
  if (robotsBad !== null) t.find('robots', '', robotsBad, SITE);

  const sitemap = await renderer.render('/sitemap.xml');
  t.count('sitemap', sitemap.status !== 200);
  if (sitemap.status !== 200) t.find('sitemap', '', String(sitemap.status), SITE);
  else {
    const listed = new Set<string>();
    const addListed = (xml: string) => {
      const $ = cheerio.load(xml, { xml: true });
      $('url > loc').each((_, el) => {
        try {
          const url = new URL($(el).text().trim());
          listed.add(url.pathname + url.search);
        } catch {
          // a loc that is not a URL shows as unreachable below
          listed.add($(el).text().trim());
        }
      });
      return $;
    };
    const $ = addListed(String(sitemap.body));
    // A large site's sitemap.xml is an index of sitemap parts (server/public/seoFiles.ts): their URLs count.
    for (const el of $('sitemapindex > sitemap > loc').toArray()) {
      const loc = $(el).text().trim();
      let part;
      try {
        part = await renderer.render(new URL(loc).pathname);
      } catch {
        part = { status: 0, body: '' };
      }
      t.count('sitemap', part.status !== 200);
      if (part.status !== 200) t.find('sitemap', loc, String(part.status), SITE);
      else addListed(String(part.body));
    }
    // Listed but not answering; answering (as a column or article) but not listed.
    for (const path of listed) {
      const status = await renderer.statusOf(path);
      t.count('sitemap', status !== 200);
      if (status !== 200) t.find('sitemap', path, String(status), SITE);
    }
    for (const p of pages) {
      const kind = parsePath(p.path).kind;
      if (p.status !== 200 || p.paged || (kind !== 'content' && kind !== 'column' && kind !== 'home')) continue;
      t.count('sitemap', !listed.has(p.path));
      if (!listed.has(p.path)) t.find('sitemap', p.path, 'unlisted', p.fix);
    }
  }

  const missing = await renderer.render(`/seo-check-missing-${Date.now().toString(36)}/`);
  t.count('notFound', missing.status !== 404);
  if (missing.status !== 404) t.find('notFound', '', String(missing.status), SITE);

  const host = (site.domain || '').replace(/:\d+$/, '');
  const hostBad = !host || host === 'localhost' || isIp(host) || !host.includes('.') || /:\d+$/.test(site.domain);
  t.count('https', hostBad);
  if (hostBad) t.find('https', '', site.domain || '-', SITE);
  const insecure = [...new Set(pages.flatMap((p) => p.facts?.insecure ?? []))];
  t.count('https', insecure.length > 0);
  for (const src of insecure) t.find('https', '', src, SITE);
}

/** Crawls and judges a site. Link targets the crawl did not reach are rendered once for their status. */
export async function diagnoseSite(site: SiteRow, renderer: SiteRenderer, opts: CrawlOptions): Promise<Diagnosis> {
  const pages = await crawlSite(renderer, opts);
  const targets = new Map<string, number>();
  let extra = 0;
  for (const p of pages) {
    for (const link of p.facts?.links ?? []) {
      if (targets.has(link) || !crawlable(link)) continue;
      const known = pages.find((q) => q.path === link);
      if (!known && extra++ >= opts.limit) continue;
      targets.set(link, known ? known.status : await renderer.statusOf(link));
    }
  }
  const t = new Tally();
  pageChecks(t, pages, targets);
  await siteChecks(t, site, renderer, pages);
  const items = t.items();
  return { pages: pages.length, score: overallScore(items), items, findings: t.findings };
}
