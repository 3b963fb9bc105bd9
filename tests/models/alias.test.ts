import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aliasFromTitle, ALIAS_FALLBACK, ALIAS_MAX_LENGTH, makeAlias, uniqueAlias } from '../../models/alias';
import { Alias } from '../../models/category';
import { ALIAS_RULES } from '../../models/website';

/** Titles as editors type them: Chinese, Latin with accents, digits, punctuation, emoji, spaces. */
const titleArb = fc
  .array(
    fc.oneof(
      fc.constantFrom(...'新闻中心关于我们产品展示联系绿色女儿重庆行长〇'.split('')),
      fc.constantFrom(...'AbcXyz09 -_.!?/#&é ǜ Ⅷ'.split('')),
      fc.constantFrom('😀', '（', '）', '，', '\t', '\u00a0'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));
const ruleArb = fc.constantFrom(...ALIAS_RULES);
/** Aliases as stored: URL-safe, not ending in a dash. */
const aliasArb = fc.stringMatching(/^[a-z0-9]([a-z0-9_-]{0,29}[a-z0-9])?$/);

describe('aliases from titles', () => {
  it('spells Chinese by full pinyin or by initials, per the site rule', () => {
    expect(aliasFromTitle('新闻中心', 'full')).toBe('xin-wen-zhong-xin');
    expect(aliasFromTitle('新闻中心', 'initial')).toBe('xwzx');
    expect(aliasFromTitle('About 我们', 'full')).toBe('about-wo-men');
    expect(aliasFromTitle('About 我们', 'initial')).toBe('about-wm');
    expect(aliasFromTitle('2024年 新品', 'initial')).toBe('2024-n-xp');
    expect(aliasFromTitle('绿色 Café', 'full')).toBe('lv-se-cafe');
    expect(aliasFromTitle('！！', 'full')).toBe('');
  });

  it('is always URL-safe and within the length limit', () => {
    fc.assert(
      fc.property(titleArb, ruleArb, (title, rule) => {
        const alias = aliasFromTitle(title, rule);
        expect(Alias.safeParse(alias).success).toBe(true);
        expect(alias.length).toBeLessThanOrEqual(ALIAS_MAX_LENGTH);
        expect(alias).not.toMatch(/^-|-$|--/);
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic: the same title and rule always give the same alias', () => {
    fc.assert(
      fc.property(titleArb, ruleArb, (title, rule) => {
        expect(aliasFromTitle(title, rule)).toBe(aliasFromTitle(title, rule));
      }),
    );
  });

  it('ignores surrounding spaces and letter case', () => {
    fc.assert(
      fc.property(titleArb, ruleArb, (title, rule) => {
        expect(aliasFromTitle(`  ${title} `, rule)).toBe(aliasFromTitle(title, rule));
        expect(aliasFromTitle(title.toUpperCase(), rule)).toBe(aliasFromTitle(title.toLowerCase(), rule));
      }),
    );
  });

  it('a long title is cut to the limit', () => {
    expect(aliasFromTitle('新'.repeat(200), 'full').length).toBeLessThanOrEqual(ALIAS_MAX_LENGTH);
    expect(aliasFromTitle('新'.repeat(200), 'initial')).toBe('x'.repeat(ALIAS_MAX_LENGTH));
  });
});

describe('unique aliases', () => {
  it('keeps a free alias, else suffixes -2, -3… with the first free number', () => {
    expect(uniqueAlias('news', new Set())).toBe('news');
    expect(uniqueAlias('news', new Set(['news']))).toBe('news-2');
    expect(uniqueAlias('news', new Set(['news', 'news-2', 'news-3']))).toBe('news-4');
    expect(uniqueAlias('', new Set())).toBe(ALIAS_FALLBACK);
  });

  it('never returns a taken alias, and the result is URL-safe and within the limit', () => {
    fc.assert(
      fc.property(fc.oneof(aliasArb, fc.constant('x'.repeat(ALIAS_MAX_LENGTH))), fc.uniqueArray(aliasArb, { maxLength: 20 }), fc.integer({ min: 0, max: 12 }), (base, others, suffixes) => {
        const taken = new Set([...others, ...(suffixes > 0 ? [base] : []), ...Array.from({ length: suffixes }, (_, i) => uniqueAlias(base, new Set()) + `-${i + 2}`)]);
        const alias = uniqueAlias(base, taken);
        expect(taken.has(alias)).toBe(false);
        expect(Alias.safeParse(alias).success).toBe(true);
        expect(alias.length).toBeLessThanOrEqual(ALIAS_MAX_LENGTH);
      }),
      { numRuns: 300 },
    );
  });

  it('the base itself when free; otherwise the base with the lowest free number', () => {
    fc.assert(
      fc.property(aliasArb, fc.integer({ min: 0, max: 10 }), (base, n) => {
        const taken = new Set(n === 0 ? [] : [base, ...Array.from({ length: n - 1 }, (_, i) => `${base}-${i + 2}`)]);
        expect(uniqueAlias(base, taken)).toBe(n === 0 ? base : `${base}-${n + 1}`);
      }),
    );
  });

  it('giving each new column the next free alias never repeats one', () => {
    fc.assert(
      fc.property(fc.array(titleArb, { maxLength: 30 }), ruleArb, (titles, rule) => {
        const taken = new Set<string>();
        for (const title of titles) {
          const alias = makeAlias(title, rule, taken);
          expect(taken.has(alias)).toBe(false);
          taken.add(alias);
        }
        expect(taken.size).toBe(titles.length);
      }),
      { numRuns: 100 },
    );
  });
});
