import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AnyNode, Element } from 'domhandler';
import { sanitizeBody } from '../../server/services/sanitize';
import { insertInnerLinks, findKeyword, type InnerLinkRule } from '../../server/operations/content/innerLinks';
import { markProhibitedWords, unmarkWords, type ProhibitedWord } from '../../server/operations/content/wordMarks';
import { DESCRIPTION_MAX_CJK, DESCRIPTION_MAX_LATIN, bodyText, extractDescription } from '../../server/operations/content/description';
import { isEmptyContent, parseFragment, serializeFragment, textContent } from '../../server/operations/content/htmlFragment';
import { sniffImage } from '../../server/operations/content/imageType';
import { urlAllowed } from '../../models/html';

// Property tests of the pure HTML transformations behind the content calls (no database involved).

const RUNS = { numRuns: 300 };

/** Text made of words the rules and dictionaries below know, and characters HTML treats specially. */
const WORDS = ['Banyan', 'Banyan CMS', 'banyan', 'Banyans', '榕树', '赌博', 'casino', 'Casino', ' ', ' ', '。', '.', '&', '<', '>', '"', "'", '\u00a0', 'x', 'javascript:', 'on', '=', '最好'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((parts) => parts.join(''));
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const HOSTILE_ATTRIBUTES = [
  'onclick="steal()"', 'onerror=alert(1)', 'href="javascript:alert(1)"', 'href=" JaVaScRiPt:alert(1)"', 'href="jav&#x09;ascript:alert(1)"',
  'href="&#106;avascript:alert(1)"', 'src="javascript:alert(1)"', 'src="data:text/html,<script>x</script>"', 'href="//evil.example"',
  'style="position:fixed;color:#fff"', 'style="background:url(javascript:alert(1))"', 'href="/ok"', 'src="/a.png"', 'href="https://e.com/?a=1&b=2"',
  'title="Banyan"', 'class="word-level-1"', 'target="_blank"', 'colspan="2"', 'formaction="javascript:x"', 'xlink:href="javascript:x"',
];
const TAGS = ['p', 'h2', 'a', 'code', 'pre', 'strong', 'span', 'ul', 'li', 'blockquote', 'td', 'img', 'script', 'style', 'iframe', 'svg', 'math', 'div', 'textarea', 'mark', 'object'];

/** Arbitrary (often invalid) HTML: nested elements with hostile attributes, stray brackets and comments. */
const hostileHtml: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text.map(escapeText),
    text,
    fc.constantFrom('<!-- x -->', '<![CDATA[x]]>', '</p>', '<', '<scr<script>ipt>alert(1)</script>', '<img src=x onerror=alert(1)//', '<a href="javascript:x">'),
    fc
      .tuple(fc.constantFrom(...TAGS), fc.array(fc.constantFrom(...HOSTILE_ATTRIBUTES), { maxLength: 3 }), fc.array(tie('node'), { maxLength: 4 }))
      .map(([tag, attrs, children]) => `<${tag}${attrs.map((a) => ' ' + a).join('')}>${children.join('')}</${tag}>`),
  ),
})).node as fc.Arbitrary<string>;

/** Well-formed editor HTML (what the editor actually sends): allowed tags, safe attributes, no nested links. */
const editorHtml: fc.Arbitrary<string> = fc.letrec<{ block: string; inline: string; inlineNoLink: string }>((tie) => ({
  inlineNoLink: fc.oneof(
    { depthSize: 'small' },
    text.map(escapeText),
    fc.tuple(fc.constantFrom('strong', 'em', 'span', 'code'), fc.array(tie('inlineNoLink'), { maxLength: 3 })).map(([tag, c]) => `<${tag}>${c.join('')}</${tag}>`),
  ),
  inline: fc.oneof(
    { depthSize: 'small' },
    tie('inlineNoLink'),
    fc.array(tie('inlineNoLink'), { maxLength: 3 }).map((c) => `<a href="/existing">${c.join('')}</a>`),
    fc.constant('<img src="/a.png" alt="Banyan">'),
  ),
  block: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(fc.constantFrom('p', 'h1', 'h3', 'blockquote', 'pre', 'li'), fc.array(tie('inline'), { maxLength: 4 })).map(([tag, c]) => `<${tag}>${c.join('')}</${tag}>`),
    fc.array(tie('inline'), { maxLength: 3 }).map((c) => `<table><tbody><tr><td>${c.join('')}</td></tr></tbody></table>`),
  ),
})).block as fc.Arbitrary<string>;
const editorDocument = fc.array(editorHtml, { minLength: 1, maxLength: 5 }).map((blocks) => blocks.join(''));

/** Attribute names and URL values of every element, parsed the way a browser would. */
function attributesOf(html: string) {
  const $ = parseFragment(html);
  return $('*')
    .toArray()
    .filter((node): node is Element => node.type === 'tag')
    .flatMap((el) => Object.entries(el.attribs).map(([name, value]) => ({ tag: el.name, name, value })));
}

describe('sanitising a body', () => {
  it('never leaves scripts, event handlers, unsafe URLs or disallowed styles', () => {
    fc.assert(
      fc.property(hostileHtml, (dirty) => {
        const clean = sanitizeBody(dirty);
        const $ = parseFragment(clean);
        expect($('script, style, iframe, svg, math, object, textarea').length).toBe(0);
        for (const { name, value } of attributesOf(clean)) {
          expect(name.startsWith('on'), `${name} in ${clean}`).toBe(false);
          if (name === 'href' || name === 'src') expect(urlAllowed(value), `${value} in ${clean}`).toBe(true);
          if (name === 'style') expect(value).not.toMatch(/position|url\(|expression/i);
        }
        expect(clean).not.toMatch(/<script/i);
      }),
      RUNS,
    );
  });

  it('is idempotent: sanitising clean HTML changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(hostileHtml, editorDocument, fc.string()), (dirty) => {
        const once = sanitizeBody(dirty);
        expect(sanitizeBody(once)).toBe(once);
      }),
      RUNS,
    );
  });

  it('is idempotent on a link written inside a link (found by the property above)', () => {
    const once = sanitizeBody('<p><p><a href="javascript:x"><scr<script>ipt>alert(1)</script><a href="javascript:x"></p></p>');
    expect(sanitizeBody(once)).toBe(once);
    expect(once).not.toMatch(/<a>[^<]*<a>/);
  });

  it('keeps what the editor produces', () => {
    const html = '<h2 style="text-align:center">T</h2><p><span style="color:#ff0000;font-size:18px">c</span><a href="/x" target="_blank" rel="noopener">l</a></p><hr /><pre><code>x</code></pre>';
    expect(sanitizeBody(html)).toBe(html);
  });
});

const RULES: InnerLinkRule[] = [
  { keyword: 'Banyan', url: '/r/banyan', newWindow: true, weight: 0 },
  { keyword: 'Banyan CMS', url: '/r/cms', newWindow: false, weight: 0 },
  { keyword: '榕树', url: '/r/tree', newWindow: false, weight: 3 },
  { keyword: 'casino', url: 'https://example.com/c?a=1&b=2', newWindow: true, weight: 1 },
];
const anchors = (html: string, selector = 'a') => parseFragment(html)(selector).toArray().filter((node): node is Element => node.type === 'tag');
const hrefCount = (html: string, url: string) => anchors(html).filter((a) => a.attribs.href === url).length;

describe('inner-link insertion', () => {
  it('keeps the text, adds at most one link per keyword, never nests links and never links inside headings or code', () => {
    fc.assert(
      fc.property(editorDocument, fc.subarray(RULES), (html, rules) => {
        const { html: out, linked } = insertInnerLinks(html, rules);
        expect(textContent(parseFragment(out))).toBe(textContent(parseFragment(html)));
        expect(anchors(out, 'a a')).toHaveLength(0);
        expect(new Set(linked.map((r) => r.keyword)).size).toBe(linked.length);
        for (const rule of rules) {
          const added = hrefCount(out, rule.url) - hrefCount(html, rule.url);
          expect(added).toBe(linked.some((r) => r.url === rule.url) ? 1 : 0);
        }
        const guarded = 'h1 a, h2 a, h3 a, pre a, code a';
        expect(anchors(out, guarded)).toHaveLength(anchors(html, guarded).length);
        expect(anchors(out).length - anchors(html).length).toBe(linked.length);
      }),
      RUNS,
    );
  });

  it('links the first place a keyword may be linked', () => {
    fc.assert(
      fc.property(editorDocument, (html) => {
        const rule = RULES[2]!;
        const { html: out, linked } = insertInnerLinks(html, [rule]);
        if (!linked.length) return;
        // The linkable text before the new link does not contain the keyword.
        const $ = parseFragment(out);
        const link = $(`a[href="${rule.url}"]`)[0]!;
        for (let node: AnyNode | null = link; node && node.type !== 'root'; node = node.parent) {
          while (node.next) $(node.next).remove();
        }
        $(link).remove();
        $('a, h1, h2, h3, h4, h5, h6, pre, code').remove();
        expect(findKeyword(textContent($), rule.keyword)).toBe(-1);
      }),
      RUNS,
    );
  });

  it('applying the rules again adds nothing where every keyword is already linked', () => {
    fc.assert(
      fc.property(editorDocument, (html) => {
        const first = insertInnerLinks(html, RULES);
        const second = insertInnerLinks(first.html, first.linked);
        // A keyword occurring again later may be linked once more, but never inside the first link.
        expect(anchors(second.html, 'a a')).toHaveLength(0);
      }),
      RUNS,
    );
  });

  it('matches Latin keywords as whole words only', () => {
    expect(findKeyword('concatenate cat', 'cat')).toBe(12);
    expect(findKeyword('Banyans, Banyan.', 'Banyan')).toBe(9);
    expect(findKeyword('我爱榕树林', '榕树')).toBe(2);
  });
});

const DICTIONARY: ProhibitedWord[] = [
  { word: '赌博', paraphrase: '违法"内容"', type: '违法', level: 2 },
  { word: 'Casino', paraphrase: '', type: '', level: 2 },
  { word: '最好', paraphrase: '广告法 <禁用>', type: '广告', level: 1 },
  { word: 'Banyan CMS', paraphrase: '', type: '', level: 1 },
];

describe('prohibited-word marking', () => {
  it('removing the marks gives the original back, text included, and each found word is listed once', () => {
    fc.assert(
      fc.property(editorDocument, fc.subarray(DICTIONARY), (html, words) => {
        const { return_str, word_list } = markProhibitedWords(html, words);
        expect(unmarkWords(return_str)).toBe(word_list.length ? serializeFragment(parseFragment(html)) : html);
        expect(textContent(parseFragment(return_str))).toBe(textContent(parseFragment(html)));
        expect(new Set(word_list.map((w) => w.title)).size).toBe(word_list.length);
        const lower = textContent(parseFragment(html)).toLowerCase();
        for (const w of word_list) expect(lower).toContain(w.title.toLowerCase());
        expect(parseFragment(return_str)('mark mark')).toHaveLength(0);
      }),
      RUNS,
    );
  });

  it('checking marked content again changes nothing', () => {
    fc.assert(
      fc.property(editorDocument, (html) => {
        const once = markProhibitedWords(html, DICTIONARY).return_str;
        expect(markProhibitedWords(once, DICTIONARY).return_str).toBe(once);
      }),
      RUNS,
    );
  });

  it('never marks inside attributes', () => {
    const html = '<p title="赌博"><img alt="Casino" src="/a.png">clean</p>';
    expect(markProhibitedWords(html, DICTIONARY)).toEqual({ return_str: html, word_list: [] });
  });
});

describe('description extraction', () => {
  it('is plain text, a prefix of the body’s text and within the length limit', () => {
    fc.assert(
      fc.property(fc.oneof(editorDocument, hostileHtml), (html) => {
        const description = extractDescription(html);
        const full = bodyText(html);
        const cut = description.endsWith('…') && !full.startsWith(description) ? description.slice(0, -1) : description;
        expect(full.startsWith(cut)).toBe(true);
        expect([...description].length).toBeLessThanOrEqual(DESCRIPTION_MAX_LATIN);
        expect(description).not.toMatch(/\s{2}|^\s|\s$/);
      }),
      RUNS,
    );
  });

  it('cuts Chinese text on a sentence end within 120 characters', () => {
    const sentence = '这是一个用于测试的句子，长度大约二十个字。';
    const html = `<p>${sentence.repeat(10)}</p>`;
    const description = extractDescription(html);
    expect(description).toBe(sentence.repeat(Math.floor(DESCRIPTION_MAX_CJK / sentence.length)));
    expect(description.endsWith('。')).toBe(true);
  });

  it('cuts Latin text on a sentence end within 200 characters, not on an abbreviation or a decimal', () => {
    const html = '<p>Pi is about 3.14 and e.g. e is 2.71. ' + 'Another sentence follows here. '.repeat(10) + '</p>';
    const description = extractDescription(html);
    expect(description.startsWith('Pi is about 3.14 and e.g. e is 2.71. Another sentence follows here.')).toBe(true);
    expect(description.endsWith('here.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LATIN);
  });

  it('cuts a single over-long sentence on a word, with an ellipsis', () => {
    const description = extractDescription(`<p>${'word '.repeat(80)}</p>`);
    expect(description).toMatch(/^(word ){39}word…$/);
    expect(description.length).toBe(DESCRIPTION_MAX_LATIN);
  });

  it('short text comes back whole; scripts and tags never appear', () => {
    expect(extractDescription('<h1>Title</h1><p>Body <b>bold</b></p><script>alert(1)</script><style>p{}</style>')).toBe('Title Body bold');
  });
});

describe('empty content and image types', () => {
  it('content is empty without visible text and images', () => {
    for (const html of ['', '   ', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<script>x</script>', '<p>\u3000\u200b</p>']) expect(isEmptyContent(html), html).toBe(true);
    for (const html of ['<p>x</p>', '<img src="/a.png">', '<table><tr><td>0</td></tr></table>']) expect(isEmptyContent(html), html).toBe(false);
  });

  it('recognises JPEG, PNG, GIF, WEBP and BMP by their bytes and nothing else', () => {
    const bytes = (...parts: Array<number[] | string>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))?.mime).toBe('image/jpeg');
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))?.mime).toBe('image/png');
    expect(sniffImage(bytes('GIF89a', [1, 0]))?.mime).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.mime).toBe('image/webp');
    expect(sniffImage(bytes('BM', Array(12).fill(0), [40, 0, 0, 0], Array(40).fill(0)))?.mime).toBe('image/bmp');
    for (const other of [bytes('BM hello, not a bitmap'), bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), bytes('RIFF', [0, 0, 0, 0], 'WAVE'), bytes('%PDF-1.7'), bytes([])]) {
      expect(sniffImage(other)).toBeNull();
    }
  });
});
