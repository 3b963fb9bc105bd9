import { fetchRemote, RemoteFetchError } from './remoteFetch';

// Where a site's keyword ranks: an interface, and the one real implementation — an HTTP search API
// asked through the SSRF-safe fetch with a URL template, whose JSON answer is read with JSON pointers.

export interface RankQuery {
  engine: string;
  keyword: string;
  /** The site's domain, without scheme ("www.example.com"). */
  domain: string;
}

export interface RankAnswer {
  /** 1-based position of the site in the results; null when the site is not among them. */
  position: number | null;
  /** The site's page the engine ranked. */
  url: string;
  /** Pages the engine has indexed (for the keyword or the site, as the provider reports). */
  indexed: number | null;
}

export interface RankProvider {
  check(query: RankQuery): Promise<RankAnswer>;
}

/** Why a provider could not answer; `key`/`params` word it in the admin's language. */
export class RankProviderError extends Error {
  constructor(
    readonly key: 'keyword.providerStatus' | 'keyword.providerBadJson' | 'keyword.providerUnreachable' | 'keyword.providerNoList',
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}

export interface HttpRankProviderConfig {
  /** e.g. https://api.example/search?q={keyword}&site={domain}&engine={engine}&key={key} */
  urlTemplate: string;
  apiKey?: string;
  /** Pointer to a list of results; the first one on the site's domain gives position and URL. */
  resultsPath?: string;
  /** Within a result: its URL (default /url) and its position (default: its place in the list). */
  resultUrlPath?: string;
  resultPositionPath?: string;
  /** Without a list: pointers straight to the position and URL. */
  positionPath?: string;
  urlPath?: string;
  indexedPath?: string;
}

export interface HttpRankProviderOptions {
  timeoutMs?: number;
  /** The address guard of fetchRemote; only tests allow loopback. */
  isForbidden?: (address: string) => boolean;
}

/** Reads an RFC 6901 JSON pointer ("/a/0/b"; ~1 is "/", ~0 is "~"); '' is the whole document. */
export function readPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let node = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = /^\d+$/.test(part) ? node[Number(part)] : undefined;
    else if (node && typeof node === 'object') node = Object.prototype.hasOwnProperty.call(node, part) ? (node as Record<string, unknown>)[part] : undefined;
    else return undefined;
  }
  return node;
}

const toInt = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v.replace(/[,\s]/g, '')) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

/** Whether a result URL is on the site (the domain itself or one of its subdomains). */
export function onDomain(url: string, domain: string): boolean {
  let host: string;
  try {
    host = new URL(/^[a-z]+:\/\//i.test(url) ? url : `http://${url}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  const d = domain.toLowerCase().replace(/^www\./, '');
  const h = host.replace(/^www\./, '');
  return h === d || h.endsWith(`.${d}`);
}

export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(keyword|domain|engine|key)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Reads a provider's JSON answer with the configured pointers. Pure. */
export function mapAnswer(doc: unknown, config: HttpRankProviderConfig, domain: string): RankAnswer {
  const indexed = config.indexedPath ? toInt(readPointer(doc, config.indexedPath)) : null;
  if (config.resultsPath) {
    const list = readPointer(doc, config.resultsPath);
    if (!Array.isArray(list)) throw new RankProviderError('keyword.providerNoList', { path: config.resultsPath });
    for (let i = 0; i < list.length; i++) {
      const url = readPointer(list[i], config.resultUrlPath || '/url');
      if (typeof url !== 'string' || !onDomain(url, domain)) continue;
      const position = config.resultPositionPath ? toInt(readPointer(list[i], config.resultPositionPath)) : null;
      return { position: position ?? i + 1, url, indexed };
    }
    return { position: null, url: '', indexed };
  }
  const position = config.positionPath ? toInt(readPointer(doc, config.positionPath)) : null;
  const url = config.urlPath ? readPointer(doc, config.urlPath) : '';
  // Providers answer 0 or a missing field for "not ranked".
  return { position: position && position > 0 ? position : null, url: typeof url === 'string' ? url : '', indexed };
}

/** Asks an HTTP search API, one GET per keyword. */
export class HttpRankProvider implements RankProvider {
  constructor(
    private readonly config: HttpRankProviderConfig,
    private readonly options: HttpRankProviderOptions = {},
  ) {}

  async check(query: RankQuery): Promise<RankAnswer> {
    const url = fillTemplate(this.config.urlTemplate, { ...query, key: this.config.apiKey ?? '' });
    let bytes: Buffer;
    try {
      ({ bytes } = await fetchRemote(url, {
        accept: 'application/json',
        userAgent: 'Banyan-RankMonitor/1.0',
        timeoutMs: this.options.timeoutMs,
        isForbidden: this.options.isForbidden,
        maxBytes: 2 * 1024 * 1024,
      }));
    } catch (err) {
      if (err instanceof RemoteFetchError && err.reason === 'http_status') throw new RankProviderError('keyword.providerStatus', { status: err.message.split(': ')[1] ?? '' });
      throw new RankProviderError('keyword.providerUnreachable', { reason: err instanceof RemoteFetchError ? err.reason : 'unreachable' });
    }
    let doc: unknown;
    try {
      doc = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new RankProviderError('keyword.providerBadJson');
    }
    return mapAnswer(doc, this.config, query.domain);
  }
}
