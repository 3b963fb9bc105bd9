import { load } from 'cheerio';
import type { CheckStatus } from '../../../models/friendLink';

// Reads a partner page for a link back to our site: any <a href> whose host is ours (with or without
// "www."). The best link decides: a followed link with the expected anchor text is "found", a followed
// link with other text "wrong_anchor", and only nofollow links (rel nofollow/sponsored/ugc, or a robots
// meta nofollow on the page) "nofollow".

const NOFOLLOW = /\b(nofollow|sponsored|ugc)\b/i;
const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
const normalText = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The host of a site's domain setting ("www.example.com", "https://example.com:8080/x" → "example.com"). */
export function siteHost(domain: string): string {
  const raw = domain.trim();
  if (!raw) return '';
  try {
    return bareHost(new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `http://${raw}`).hostname);
  } catch {
    return '';
  }
}

export interface BacklinkVerdict {
  status: Exclude<CheckStatus, 'fetch_error'>;
  /** The anchor text of the deciding link ('' when missing). */
  anchor: string;
}

export function findBacklink(html: string, pageUrl: string, ourHost: string, expectedAnchor: string): BacklinkVerdict {
  const $ = load(html);
  const pageNofollow = $('meta[name="robots" i]')
    .toArray()
    .some((el) => NOFOLLOW.test($(el).attr('content') ?? ''));
  const links = $('a[href]')
    .toArray()
    .flatMap((el) => {
      let host = '';
      try {
        host = bareHost(new URL($(el).attr('href')!.trim(), pageUrl).hostname);
      } catch {
        return [];
      }
      if (host !== ourHost) return [];
      const a = $(el);
      const text = a.text().trim() || a.find('img[alt]').first().attr('alt')?.trim() || '';
      return [{ text, followed: !pageNofollow && !NOFOLLOW.test(a.attr('rel') ?? '') }];
    });
  if (!links.length) return { status: 'missing', anchor: '' };
  const wanted = normalText(expectedAnchor);
  const right = (l: { text: string }) => normalText(l.text) === wanted;
  const followed = links.filter((l) => l.followed);
  const best = followed.find(right);
  if (best) return { status: 'found', anchor: best.text };
  if (followed.length) return { status: 'wrong_anchor', anchor: followed[0]!.text };
  return { status: 'nofollow', anchor: (links.find(right) ?? links[0]!).text };
}
