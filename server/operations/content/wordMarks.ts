import type { WordSearchResult } from '../../../models/content';
import { eachText, escapeAttribute, escapeText, parseFragment, serializeFragment, type Element } from './htmlFragment';

// The prohibited-word check (spec §3 "Prohibited-word result"): words of the dictionary found in the
// text are wrapped in <mark class="word-level-N" title="paraphrase">; tags and attributes are never touched.

export interface ProhibitedWord {
  word: string;
  paraphrase: string;
  type: string;
  level: 1 | 2;
}

const MARK_CLASS = /^word-level-[12]$/;
const isWordMark = (el: Element) => el.name === 'mark' && MARK_CLASS.test(el.attribs.class ?? '');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Marks every occurrence of every word (longest first, case-insensitive) and lists each word found once. Pure. */
export function markProhibitedWords(html: string, words: readonly ProhibitedWord[]): WordSearchResult {
  const byKey = new Map<string, ProhibitedWord>();
  for (const w of words) {
    const word = w.word.trim();
    if (word && !byKey.has(word.toLowerCase())) byKey.set(word.toLowerCase(), { ...w, word });
  }
  if (!byKey.size) return { return_str: html, word_list: [] };
  const alternatives = [...byKey.values()].map((w) => w.word).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(alternatives.map(escapeRegExp).join('|'), 'giu');
  /** Case-insensitive matches map back to their dictionary entry (lower-casing can differ from regex folding). */
  const entryOf = (match: string) =>
    byKey.get(match.toLowerCase()) ?? [...byKey.values()].find((w) => new RegExp(`^${escapeRegExp(w.word)}$`, 'iu').test(match))!;

  const $ = parseFragment(html);
  const found = new Map<string, ProhibitedWord>();
  eachText($, isWordMark, (node) => {
    const text = node.data;
    let out = '';
    let last = 0;
    for (const m of text.matchAll(pattern)) {
      const entry = entryOf(m[0]);
      found.set(entry.word, entry);
      out += escapeText(text.slice(last, m.index)) + markHtml(entry, m[0]);
      last = m.index + m[0].length;
    }
    if (last > 0) $(node).replaceWith(out + escapeText(text.slice(last)));
  });
  return {
    return_str: found.size ? serializeFragment($) : html,
    word_list: [...found.values()].map((w) => ({ title: w.word, paraphrase: w.paraphrase, type: w.type, level: w.level })),
  };
}

function markHtml(word: ProhibitedWord, text: string): string {
  const title = word.paraphrase ? ` title="${escapeAttribute(word.paraphrase)}"` : '';
  return `<mark class="word-level-${word.level}"${title}>${escapeText(text)}</mark>`;
}

/** The HTML without the check's marks (their text stays): what an editor keeps after reviewing them. */
export function unmarkWords(html: string): string {
  const $ = parseFragment(html);
  const marks = $('mark').filter((_, el) => isWordMark(el));
  if (!marks.length) return html;
  marks.each((_, el) => void $(el).replaceWith($(el).contents()));
  return serializeFragment($);
}
