import type { CheerioAPI } from 'cheerio';
import { urlAllowed } from '../../../models/html';
import { eachText, escapeAttribute, escapeText, parseFragment, serializeFragment, type Element } from './htmlFragment';

// Inner links (spec §7 addInnerChat): the site's keyword → URL pairs, each linked at its FIRST
// occurrence in the text, never inside an existing link, a heading or code.

export interface InnerLinkRule {
  /** inner_links.id (or site_keywords.id for a keyword rule), when the rule is stored. */
  id?: number;
  /** Where a stored rule comes from: the internal-link list (default) or a site keyword. */
  source?: 'innerLink' | 'keyword';
  keyword: string;
  url: string;
  newWindow: boolean;
  weight: number;
}

export interface InnerLinkResult {
  html: string;
  /** Rules that were applied (keyword trimmed), in the order they were applied. */
  linked: InnerLinkRule[];
}

const NO_LINK_INSIDE = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code', 'pre', 'button', 'select', 'option', 'label']);

/** Heavier weight first, then longer keywords (so "Banyan CMS" wins over "Banyan"); one rule per keyword. */
export function orderRules(rules: readonly InnerLinkRule[]): InnerLinkRule[] {
  const sorted = [...rules].sort((a, b) => b.weight - a.weight || [...b.keyword].length - [...a.keyword].length);
  const seen = new Set<string>();
  return sorted.filter((r) => {
    const keyword = r.keyword.trim();
    if (!keyword || seen.has(keyword) || !urlAllowed(r.url)) return false;
    seen.add(keyword);
    return true;
  });
}

const LATIN_EDGE = /[A-Za-z0-9_]/;

/**
 * Where the keyword occurs in the text as a whole word: a keyword that starts or ends with a Latin letter
 * or digit does not match inside a longer word ("cat" is not in "concatenate"); CJK keywords match anywhere.
 */
export function findKeyword(text: string, keyword: string, from = 0): number {
  const startsLatin = LATIN_EDGE.test(keyword[0] ?? '');
  const endsLatin = LATIN_EDGE.test(keyword[keyword.length - 1] ?? '');
  for (let i = text.indexOf(keyword, from); i !== -1; i = text.indexOf(keyword, i + 1)) {
    const before = text[i - 1] ?? '';
    const after = text[i + keyword.length] ?? '';
    if (startsLatin && LATIN_EDGE.test(before)) continue;
    if (endsLatin && LATIN_EDGE.test(after)) continue;
    return i;
  }
  return -1;
}

function anchorHtml(rule: InnerLinkRule, text: string): string {
  const target = rule.newWindow ? ' target="_blank" rel="noopener noreferrer"' : '';
  return `<a href="${escapeAttribute(rule.url)}"${target}>${escapeText(text)}</a>`;
}

function linkFirst($: CheerioAPI, rule: InnerLinkRule): boolean {
  const keyword = rule.keyword;
  let done = false;
  eachText(
    $,
    (el: Element) => NO_LINK_INSIDE.has(el.name),
    (node) => {
      const at = findKeyword(node.data, keyword);
      if (at === -1) return false;
      const text = node.data;
      $(node).replaceWith(escapeText(text.slice(0, at)) + anchorHtml(rule, keyword) + escapeText(text.slice(at + keyword.length)));
      done = true;
      return true;
    },
  );
  return done;
}

/** Links the first occurrence of each rule's keyword (see orderRules for precedence). Pure. */
export function insertInnerLinks(html: string, rules: readonly InnerLinkRule[]): InnerLinkResult {
  const $ = parseFragment(html);
  const linked: InnerLinkRule[] = [];
  for (const rule of orderRules(rules)) {
    const trimmed = { ...rule, keyword: rule.keyword.trim() };
    if (linkFirst($, trimmed)) linked.push(trimmed);
  }
  return { html: linked.length ? serializeFragment($) : html, linked };
}
