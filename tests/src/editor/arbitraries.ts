import fc from 'fast-check';
import { FONT_SIZES } from '../../../models/html';
import type {
  FormattedText,
  HeadingElement,
  ImageElement,
  InlineNode,
  LinkElement,
  ListItemElement,
  ParagraphElement,
  QuoteElement,
  TableCellElement,
  TopBlock,
} from '../../../src/components/editor/html/document';

// Generated editor documents for the serializer's property tests: ordinary content plus the awkward
// cases (runs of spaces, line breaks, markup characters, refused URLs, styles outside the allowlist).

const awkwardText = fc.constantFrom(' ', '  ', '\n', ' a ', 'a  b', '&<>"\'', '\u00a0', '\tx', 'x\ny', 'a\r\nb', '\u0000', '<script>x</script>', '中文 内容');
export const text = fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) }, { weight: 2, arbitrary: awkwardText });

const color = fc.oneof(fc.constantFrom('#f00', '#1a2B3c', 'rgb(1, 2, 3)', 'rgba(0,0,0,0.5)', 'red', 'url(javascript:x)', '#12345g'), fc.string({ maxLength: 8 }));
const fontSize = fc.oneof(fc.constantFrom(...FONT_SIZES), fc.integer({ min: -5, max: 80 }));

export const leaf: fc.Arbitrary<FormattedText> = fc.record(
  {
    text,
    bold: fc.boolean(),
    italic: fc.boolean(),
    underline: fc.boolean(),
    strikethrough: fc.boolean(),
    subscript: fc.boolean(),
    superscript: fc.boolean(),
    highlight: fc.boolean(),
    code: fc.boolean(),
    color,
    background: color,
    fontSize,
  },
  { requiredKeys: ['text'] },
);

export const url = fc.oneof(
  fc.constantFrom('https://example.com/a?b=1&c=2', '/local/path.png', '#anchor', 'mailto:a@b.c', 'tel:+86123', 'javascript:alert(1)', 'data:text/html,x', '//evil.com/x', ' http://x.test ', 'JAVASCRIPT:x', 'java\tscript:x', '/\u0001/evil'),
  fc.webUrl(),
  fc.string({ maxLength: 12 }),
);

const link: fc.Arbitrary<LinkElement> = fc.record(
  { type: fc.constant('link' as const), url, title: fc.string({ maxLength: 6 }), newTab: fc.boolean(), children: fc.array(leaf, { minLength: 1, maxLength: 3 }) },
  { requiredKeys: ['type', 'url', 'children'] },
);

const image: fc.Arbitrary<ImageElement> = fc.record(
  {
    type: fc.constant('image' as const),
    url,
    alt: fc.string({ maxLength: 6 }),
    title: fc.string({ maxLength: 6 }),
    width: fc.oneof(fc.constantFrom('120', '50%', 'x'), fc.nat(2000).map(String)),
    height: fc.nat(2000).map(String),
    children: fc.constant([{ text: '' }]),
  },
  { requiredKeys: ['type', 'url', 'children'] },
);

export const inlines: fc.Arbitrary<InlineNode[]> = fc.array(fc.oneof({ weight: 5, arbitrary: leaf }, { weight: 1, arbitrary: link }, { weight: 1, arbitrary: image }), {
  minLength: 1,
  maxLength: 5,
});

const align = fc.constantFrom(undefined, 'left', 'center', 'right', 'justify');

const cell: fc.Arbitrary<TableCellElement> = fc.record(
  { type: fc.constant('table-cell' as const), header: fc.boolean(), colspan: fc.integer({ min: 0, max: 4 }), rowspan: fc.integer({ min: 0, max: 3 }), align, children: inlines },
  { requiredKeys: ['type', 'children'] },
);
const item: fc.Arbitrary<ListItemElement> = fc.record({ type: fc.constant('list-item' as const), align, children: inlines }, { requiredKeys: ['type', 'children'] });

const withOptionalAlign = <T extends ParagraphElement | HeadingElement | QuoteElement>(a: fc.Arbitrary<T>): fc.Arbitrary<TopBlock> =>
  fc.tuple(a, align).map(([block, al]): TopBlock => (al ? { ...block, align: al } : block));

const paragraphBlock = withOptionalAlign<ParagraphElement>(fc.record({ type: fc.constant('paragraph' as const), children: inlines }));
const headingBlock = withOptionalAlign<HeadingElement>(
  fc.record({ type: fc.constant('heading' as const), level: fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<1 | 2 | 3 | 4 | 5 | 6>, children: inlines }),
);
const quoteBlock = withOptionalAlign<QuoteElement>(fc.record({ type: fc.constant('quote' as const), children: inlines }));
const codeBlock: fc.Arbitrary<TopBlock> = fc.record({ type: fc.constant('code-block' as const), children: fc.array(leaf, { minLength: 1, maxLength: 3 }) });
const listBlock: fc.Arbitrary<TopBlock> = fc.record({ type: fc.constantFrom('bulleted-list' as const, 'numbered-list' as const), children: fc.array(item, { maxLength: 4 }) });
const tableBlock: fc.Arbitrary<TopBlock> = fc.record({
  type: fc.constant('table' as const),
  children: fc.array(fc.record({ type: fc.constant('table-row' as const), children: fc.array(cell, { maxLength: 3 }) }), { maxLength: 3 }),
});
const ruleBlock: fc.Arbitrary<TopBlock> = fc.constant({ type: 'hr' as const, children: [{ text: '' }] });

export const block: fc.Arbitrary<TopBlock> = fc.oneof(
  { weight: 4, arbitrary: paragraphBlock },
  { weight: 1, arbitrary: headingBlock },
  { weight: 1, arbitrary: quoteBlock },
  { weight: 1, arbitrary: codeBlock },
  { weight: 1, arbitrary: listBlock },
  { weight: 1, arbitrary: tableBlock },
  { weight: 1, arbitrary: ruleBlock },
);

export const documentArb = fc.array(block, { maxLength: 6 });

/** Arbitrary markup: known and unknown tags, hostile attributes, broken nesting. */
const TAGS = ['p', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'a', 'img', 'br', 'hr', 'h1', 'h3', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'pre', 'code', 'blockquote', 'script', 'style', 'iframe', 'font', 'section', 'sub', 'sup', 'mark', 'svg', 'custom-x', 'textarea'];
const ATTRIBUTES = [
  'href="javascript:alert(1)"', 'href="https://ok.test"', 'src="/a.png"', 'src="data:image/png;base64,xx"', 'onclick="x()"', 'style="color:red;font-size:18px;text-align:center"',
  'style="color:#abc;background-color:rgb(1,2,3);font-size:15px;position:fixed"', 'style="font-weight:bold;font-style:italic;text-decoration:underline line-through"',
  'colspan="2"', 'rowspan="x"', 'target="_blank"', 'width="10"', 'align="right"', 'color="#00f"', 'class="x"',
];
export const htmlArb: fc.Arbitrary<string> = fc.letrec<{ node: string; nodes: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text.map((s) => s.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))),
    fc.tuple(fc.constantFrom(...TAGS), fc.subarray(ATTRIBUTES, { maxLength: 3 }), tie('nodes')).map(([tag, attrs, inner]) => `<${tag}${attrs.map((a) => ` ${a}`).join('')}>${inner}</${tag}>`),
    fc.constantFrom('<br>', '<hr>', '<img src="https://x.test/a.png" alt="a">', '</p>', '<p>', '<td>', '<li>', '&nbsp;', '<!-- c -->', '<![CDATA[x]]>', '\n  '),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }).map((parts) => parts.join('')),
})).nodes;
