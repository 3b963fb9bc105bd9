import { pinyin } from 'pinyin-pro';
import type { AliasRule } from './website';

// Column aliases (URL segments) made from titles by pinyin, per the site's alias rule:
// 'full' → 新闻中心 = "xin-wen-zhong-xin", 'initial' → "xwzx". Pure: the same title always gives the same alias.

export const ALIAS_MAX_LENGTH = 100;
/** Used when a title has nothing to spell (only punctuation or symbols). */
export const ALIAS_FALLBACK = 'column';

/** Lower-case ASCII words of a non-Chinese chunk: accents dropped (lǜ → lu, Ⅷ → viii), other characters split words. */
function asciiWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Cuts to the length limit without leaving a dash at the end. */
function clip(alias: string, max: number): string {
  return alias.slice(0, max).replace(/-+$/, '');
}

/** The alias a title spells under the rule; '' when the title has no letters, digits or Chinese characters. */
export function aliasFromTitle(title: string, rule: AliasRule): string {
  const items = pinyin(title.trim(), { type: 'all', toneType: 'none', v: true, nonZh: 'consecutive' });
  const words: string[] = [];
  let initials = '';
  const flushInitials = () => {
    if (initials) words.push(initials);
    initials = '';
  };
  for (const item of items) {
    if (item.isZh) {
      const syllable = asciiWords(item.pinyin).join('');
      if (!syllable) continue;
      if (rule === 'initial') initials += syllable[0];
      else words.push(syllable);
    } else {
      flushInitials();
      words.push(...asciiWords(item.origin));
    }
  }
  flushInitials();
  return clip(words.join('-'), ALIAS_MAX_LENGTH);
}

/** The base alias, or base-2, base-3… — the first one not taken (the result stays within the length limit). */
export function uniqueAlias(base: string, taken: ReadonlySet<string>): string {
  const root = (base.length > ALIAS_MAX_LENGTH ? clip(base, ALIAS_MAX_LENGTH) : base) || ALIAS_FALLBACK;
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${clip(root, ALIAS_MAX_LENGTH - suffix.length) || ALIAS_FALLBACK}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A fresh alias for a title, unique among the taken ones. */
export function makeAlias(title: string, rule: AliasRule, taken: ReadonlySet<string>): string {
  return uniqueAlias(aliasFromTitle(title, rule), taken);
}
