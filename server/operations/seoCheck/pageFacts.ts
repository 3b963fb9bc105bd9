import * as cheerio from 'cheerio';

// What one rendered page says about itself, read from its HTML: the facts the page checks judge.

export interface PageFacts {
  title: string;
  description: string;
  keywords: string;
  h1: number;
  /** src of each <img> without a non-empty alt. */
  imagesWithoutAlt: string[];
  /** Internal link targets (paths with query, no fragment), in page order, once each. */
  links: string[];
  canonical: string | null;
  viewport: boolean;
  bytes: number;
  /** Resources loaded over plain http:// (mixed content once the site is served over HTTPS). */
  insecure: string[];
}

const meta = ($: cheerio.CheerioAPI, name: string) => ($(`meta[name="${name}" i]`).attr('content') ?? '').trim();

/** An href as a path of this site, or null (another host, mailto:, javascript:, a fragment alone). */
export function internalPath(href: string, pageUrl: URL): string | null {
  const raw = href.trim();
  if (!raw || raw.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, pageUrl);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.host !== pageUrl.host) return null;
  return url.pathname + url.search;
}

export function pageFacts(html: string, pageUrl: URL): PageFacts {
  const $ = cheerio.load(html);
  const links = new Set<string>();
  $('a[href]').each((_, el) => {
    const path = internalPath($(el).attr('href') ?? '', pageUrl);
    if (path) links.add(path);
  });
  const imagesWithoutAlt: string[] = [];
  $('img').each((_, el) => {
    if (!($(el).attr('alt') ?? '').trim()) imagesWithoutAlt.push($(el).attr('src') ?? '');
  });
  const canonical = $('link[rel="canonical" i]').attr('href');
  const insecure: string[] = [];
  $('img[src], script[src], iframe[src], link[rel="stylesheet" i][href]').each((_, el) => {
    const src = ($(el).attr('src') ?? $(el).attr('href') ?? '').trim();
    if (/^http:\/\//i.test(src)) insecure.push(src);
  });
  return {
    title: $('head title').first().text().trim(),
    description: meta($, 'description'),
    keywords: meta($, 'keywords'),
    h1: $('h1').length,
    imagesWithoutAlt,
    links: [...links],
    canonical: canonical === undefined ? null : canonical.trim(),
    viewport: meta($, 'viewport') !== '',
    bytes: Buffer.byteLength(html),
    insecure,
  };
}
