// Every public URL is built and parsed here, so the live server and static generation agree on paths.

export interface ColumnRef {
  id: number;
  alias: string;
}

/** Path segments the router answers before it looks for a column. */
export const RESERVED_SEGMENTS = ['tag', 'search', 'contact', 'jobs', 'form', 'theme-assets', 'sitemap.xml', 'robots.txt'] as const;

const safeSegment = (s: string) => /^[A-Za-z0-9_-]+$/.test(s) && !(RESERVED_SEGMENTS as readonly string[]).includes(s);

export const urls = {
  home: () => '/',
  /** A column by alias (when it is a safe path segment) or by id. */
  column: (c: ColumnRef, page = 1) => {
    const base = `/${c.alias && safeSegment(c.alias) ? c.alias : String(c.id)}/`;
    return page > 1 ? `${base}page/${page}/` : base;
  },
  content: (c: ColumnRef, contentId: number) => `${urls.column(c)}${contentId}.html`,
  tag: (tagId: number, page = 1) => (page > 1 ? `/tag/${tagId}/page/${page}/` : `/tag/${tagId}/`),
  search: (q = '', page = 1) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (page > 1) params.set('page', String(page));
    const qs = params.toString();
    return qs ? `/search/?${qs}` : '/search/';
  },
  /** The contact form (GET shows it, POST sends an inquiry); `sent` is the thank-you state after a post. */
  contact: (sent = false) => (sent ? '/contact/?sent=1' : '/contact/'),
  /** A published form (GET shows it, POST sends it); `sent` is the thank-you state after a post. */
  form: (code: string, sent = false) => (sent ? `/form/${code}/?sent=1` : `/form/${code}/`),
  /** Open positions (recruitment) and one position's page with its apply form (POST there sends a resume). */
  positions: (page = 1) => (page > 1 ? `/jobs/page/${page}/` : '/jobs/'),
  position: (id: number, sent = false) => (sent ? `/jobs/${id}.html?sent=1` : `/jobs/${id}.html`),
  asset: (file: string) => `/theme-assets/${file.replace(/^\/+/, '')}`,
  sitemap: () => '/sitemap.xml',
  /** A part of a split sitemap (server/public/seoFiles.ts): the site's other pages or a block of item ids. */
  sitemapPart: (part: 'pages' | number) => `/sitemap-${part}.xml`,
  robots: () => '/robots.txt',
};

export type Route =
  | { kind: 'home' }
  | { kind: 'column'; key: string; page: number }
  | { kind: 'content'; key: string; id: number }
  | { kind: 'tag'; id: number; page: number }
  | { kind: 'search'; page: number; q: string }
  | { kind: 'contact'; sent: boolean }
  | { kind: 'form'; code: string; sent: boolean }
  | { kind: 'positions'; page: number }
  | { kind: 'position'; id: number; sent: boolean }
  | { kind: 'asset'; file: string }
  | { kind: 'sitemap'; part?: 'pages' | number }
  | { kind: 'robots' }
  | { kind: 'notFound' };

const positive = (s: string | undefined) => {
  if (!s || !/^\d{1,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= 1 ? n : undefined;
};

/** Reads a request path (with or without a query string) into the page it names. */
export function parsePath(rawPath: string): Route {
  const [pathname = '/', query = ''] = rawPath.split('?', 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'notFound' };
  }
  if (decoded === '/' || decoded === '/index.html') return { kind: 'home' };
  if (decoded === '/sitemap.xml') return { kind: 'sitemap' };
  const sitemapPart = /^\/sitemap-(pages|[1-9]\d{0,8}|0)\.xml$/.exec(decoded);
  if (sitemapPart) return { kind: 'sitemap', part: sitemapPart[1] === 'pages' ? 'pages' : Number(sitemapPart[1]) };
  if (decoded === '/robots.txt') return { kind: 'robots' };
  if (decoded.startsWith('/theme-assets/')) return { kind: 'asset', file: decoded.slice('/theme-assets/'.length) };
  if (!decoded.startsWith('/')) return { kind: 'notFound' };
  const parts = decoded.slice(1).replace(/\/$/, '').split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return { kind: 'notFound' };
  const params = new URLSearchParams(query);
  if (parts[0] === 'search' && parts.length === 1) {
    // Control characters (a NUL cannot even reach PostgreSQL text) are dropped, not searched for.
    const q = (params.get('q') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 100);
    return { kind: 'search', q, page: positive(params.get('page') ?? undefined) ?? 1 };
  }
  if (parts[0] === 'contact' && parts.length === 1) return { kind: 'contact', sent: params.get('sent') === '1' };
  if (parts[0] === 'form') return parts.length === 2 && /^[a-z0-9_-]{1,50}$/.test(parts[1]!) ? { kind: 'form', code: parts[1]!, sent: params.get('sent') === '1' } : { kind: 'notFound' };
  if (parts[0] === 'jobs') {
    if (parts.length === 1) return { kind: 'positions', page: 1 };
    const m = parts.length === 2 ? /^(\d{1,9})\.html$/.exec(parts[1]!) : null;
    if (m && positive(m[1])) return { kind: 'position', id: Number(m[1]), sent: params.get('sent') === '1' };
    if (parts.length === 3 && parts[1] === 'page' && positive(parts[2])) return { kind: 'positions', page: positive(parts[2])! };
    return { kind: 'notFound' };
  }
  if (parts[0] === 'tag') {
    const id = positive(parts[1]);
    if (!id) return { kind: 'notFound' };
    if (parts.length === 2) return { kind: 'tag', id, page: 1 };
    if (parts.length === 4 && parts[2] === 'page' && positive(parts[3])) return { kind: 'tag', id, page: positive(parts[3])! };
    return { kind: 'notFound' };
  }
  const [key, second, third] = parts;
  if (!key || !/^[A-Za-z0-9_-]+$/.test(key)) return { kind: 'notFound' };
  if (parts.length === 1) return { kind: 'column', key, page: 1 };
  if (parts.length === 2) {
    const m = /^(\d{1,9})\.html$/.exec(second!);
    if (m) return { kind: 'content', key, id: Number(m[1]) };
    return { kind: 'notFound' };
  }
  if (parts.length === 3 && second === 'page' && positive(third)) return { kind: 'column', key, page: positive(third)! };
  return { kind: 'notFound' };
}
