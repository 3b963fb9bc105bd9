import { ALIGNMENTS, FONT_SIZES, styleAllowed } from '../../../../models/html';
import {
  emptyText,
  isText,
  paragraph,
  plainText,
  type Align,
  type FormattedText,
  type HeadingElement,
  type HeadingLevel,
  type ParagraphElement,
  type QuoteElement,
  type InlineNode,
  type ListItemElement,
  type Marks,
  type TableCellElement,
  type TableRowElement,
  type TopBlock,
} from './document';
import { normalizeInlines } from './inlines';
import { CONTROL, parseStyle, safeUrl } from './markup';

// HTML → slate document. Accepts anything (pasted Word HTML, old content, a hand-edited source view)
// and keeps only what the editor can represent; the rest is unwrapped to its text or dropped.

const ELEMENT = 1;
const TEXT = 3;

/** Dropped with everything inside. */
const SKIPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'head', 'title', 'meta', 'link', 'svg', 'math', 'canvas', 'video', 'audio', 'select', 'textarea', 'input', 'button', 'option']);
/** Blocks the editor has. */
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'li', 'table', 'hr']);
/** Wrappers of blocks, unwrapped to their content. */
const CONTAINERS = new Set(['html', 'body', 'div', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption', 'center', 'address', 'dl', 'dt', 'dd', 'details', 'summary', 'fieldset', 'form', 'hgroup', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);

const tagOf = (n: Node) => (n.nodeType === ELEMENT ? (n as Element).tagName.toLowerCase() : '');
const isBlockish = (n: Node) => BLOCKS.has(tagOf(n)) || CONTAINERS.has(tagOf(n));
const childrenOf = (n: Node): Node[] => Array.from(n.childNodes);

function alignOf(el: Element): Align | undefined {
  const value = parseStyle(el.getAttribute('style'))['text-align'] ?? el.getAttribute('align') ?? '';
  const v = value.trim().toLowerCase();
  return (ALIGNMENTS as readonly string[]).includes(v) ? (v as Align) : undefined;
}

const TAG_MARKS: Record<string, keyof Marks> = {
  strong: 'bold', b: 'bold', em: 'italic', i: 'italic', u: 'underline', ins: 'underline', s: 'strikethrough', strike: 'strikethrough',
  del: 'strikethrough', sub: 'subscript', sup: 'superscript', mark: 'highlight', code: 'code', kbd: 'code', tt: 'code',
};

/** The marks an element adds to (or takes from) its content: by tag and by inline style. */
function marksOf(el: Element, inherited: Marks): Marks {
  const marks: Marks = { ...inherited };
  const byTag = TAG_MARKS[tagOf(el)];
  if (byTag) (marks as Record<string, unknown>)[byTag] = true;
  const style = parseStyle(el.getAttribute('style'));
  const color = style.color ?? (tagOf(el) === 'font' ? el.getAttribute('color') ?? undefined : undefined);
  if (color !== undefined && styleAllowed('color', color)) marks.color = color.trim();
  const background = style['background-color'] ?? style.background;
  if (background !== undefined && styleAllowed('background-color', background)) marks.background = background.trim();
  const fontSize = style['font-size'];
  if (fontSize !== undefined && styleAllowed('font-size', fontSize)) marks.fontSize = parseInt(fontSize, 10);
  const weight = style['font-weight'];
  if (weight) marks.bold = /^(bold|bolder|[6-9]00)$/i.test(weight) ? true : /^(normal|lighter|[1-4]00)$/i.test(weight) ? false : marks.bold;
  if (style['font-style']) marks.italic = /italic|oblique/i.test(style['font-style']);
  const decoration = style['text-decoration-line'] ?? style['text-decoration'];
  if (decoration) {
    if (/underline/i.test(decoration)) marks.underline = true;
    if (/line-through/i.test(decoration)) marks.strikethrough = true;
  }
  return marks;
}

/** Only the marks that are set, so equal formatting gives equal objects. */
function textWith(text: string, marks: Marks): FormattedText {
  const leaf: FormattedText = { text };
  for (const [k, v] of Object.entries(marks)) if (v !== undefined && v !== false) (leaf as unknown as Record<string, unknown>)[k] = v;
  if (leaf.fontSize !== undefined && !FONT_SIZES.includes(leaf.fontSize)) delete leaf.fontSize;
  return leaf;
}

const digits = (v: string | null) => (v !== null && /^\s*\d{1,5}\s*$/.test(v) ? v.trim() : undefined);

/**
 * Inline content of a node. Blocks met inside inline content (a <p> in a <td>, a list in a quote) are
 * flattened, separated by line breaks.
 */
function inlinesFrom(node: Node, marks: Marks, pre = false): InlineNode[] {
  if (node.nodeType === TEXT) {
    const data = (node as Text).data.replace(CONTROL, '');
    return [textWith(pre ? data : data.replace(/[ \t\n\r\f]+/g, ' '), marks)];
  }
  if (node.nodeType !== ELEMENT) return [];
  const el = node as Element;
  const tag = tagOf(el);
  if (SKIPPED.has(tag)) return [];
  if (tag === 'br') return [textWith('\n', marks)];
  if (tag === 'hr') return [textWith('\n', marks)];
  if (tag === 'img') {
    const url = safeUrl(el.getAttribute('src') ?? '');
    if (url === null || url.trim() === '') return [];
    const image: InlineNode = { type: 'image', url, children: [emptyText()] };
    for (const [key, value] of [['alt', el.getAttribute('alt')], ['title', el.getAttribute('title')], ['width', digits(el.getAttribute('width'))], ['height', digits(el.getAttribute('height'))]] as const) {
      if (value !== null && value !== undefined && value !== '') image[key] = value;
    }
    return [image];
  }
  const inner = marksOf(el, marks);
  const content = inlinesOfChildren(childrenOf(el), inner, pre || tag === 'pre');
  if (tag === 'a') {
    const url = safeUrl(el.getAttribute('href') ?? '');
    const texts = content.filter(isText);
    if (url === null || url.trim() === '' || texts.every((t) => t.text === '')) return content;
    const link: InlineNode = { type: 'link', url, children: texts };
    const title = el.getAttribute('title');
    if (title) link.title = title;
    if (el.getAttribute('target') === '_blank') link.newTab = true;
    // Images inside a link follow it: links hold text only.
    return [link, ...content.filter((n) => !isText(n))];
  }
  return content;
}

const meaningful = (nodes: InlineNode[]) => nodes.some((n) => !isText(n) || /[^ \t\n\r\f]/.test(n.text));

function inlinesOfChildren(children: Node[], marks: Marks, pre = false): InlineNode[] {
  const out: InlineNode[] = [];
  let hasContent = false;
  let afterBlock = false;
  for (const child of children) {
    const nodes = inlinesFrom(child, marks, pre);
    if (isBlockish(child) && tagOf(child) !== 'hr') {
      // Empty blocks inside inline content vanish; others start on a new line.
      if (!meaningful(nodes)) continue;
      if (hasContent) out.push(textWith('\n', marks));
      out.push(...nodes);
      hasContent = afterBlock = true;
    } else {
      if (afterBlock) {
        if (!meaningful(nodes)) continue;
        out.push(textWith('\n', marks));
        afterBlock = false;
      }
      out.push(...nodes);
      hasContent ||= meaningful(nodes);
    }
  }
  return out;
}

function withAlign<T extends ParagraphElement | HeadingElement | QuoteElement | ListItemElement | TableCellElement>(block: T, align: Align | undefined): T {
  if (align) block.align = align;
  return block;
}

function listItems(list: Element, inherited: Align | undefined): ListItemElement[] {
  const items: ListItemElement[] = [];
  for (const child of childrenOf(list)) {
    const tag = tagOf(child);
    if (tag === 'ul' || tag === 'ol') {
      items.push(...listItems(child as Element, inherited));
      continue;
    }
    if (tag !== 'li') {
      const stray = inlinesFrom(child, {});
      if (meaningful(stray)) items.push({ type: 'list-item', children: normalizeInlines(stray) });
      continue;
    }
    const li = child as Element;
    const nested = childrenOf(li).filter((n) => tagOf(n) === 'ul' || tagOf(n) === 'ol');
    const own = childrenOf(li).filter((n) => !nested.includes(n));
    const align = alignOf(li) ?? inherited;
    items.push(withAlign<ListItemElement>({ type: 'list-item', children: normalizeInlines(inlinesOfChildren(own, {})) }, align));
    // Nested lists are flattened into the outer one.
    for (const n of nested) items.push(...listItems(n as Element, align));
  }
  return items;
}

function tableRows(table: Element): TableRowElement[] {
  const rows: Element[] = [];
  const collect = (el: Element) => {
    for (const child of childrenOf(el)) {
      const tag = tagOf(child);
      if (tag === 'tr') rows.push(child as Element);
      else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') collect(child as Element);
    }
  };
  collect(table);
  const span = (v: string | null) => {
    const n = v === null ? NaN : parseInt(v, 10);
    return Number.isInteger(n) && n > 1 && n <= 1000 ? n : undefined;
  };
  const out: TableRowElement[] = [];
  for (const tr of rows) {
    const cells: TableCellElement[] = [];
    for (const child of childrenOf(tr)) {
      const tag = tagOf(child);
      if (tag !== 'td' && tag !== 'th') continue;
      const el = child as Element;
      const cell: TableCellElement = { type: 'table-cell', children: normalizeInlines(inlinesOfChildren(childrenOf(el), marksOf(el, {}))) };
      if (tag === 'th') cell.header = true;
      const colspan = span(el.getAttribute('colspan'));
      const rowspan = span(el.getAttribute('rowspan'));
      if (colspan) cell.colspan = colspan;
      if (rowspan) cell.rowspan = rowspan;
      cells.push(withAlign(cell, alignOf(el)));
    }
    if (cells.length) out.push({ type: 'table-row', children: cells });
  }
  // Ragged rows of a table without spans are padded, so row and column edits line up.
  if (!out.some((r) => r.children.some((c) => c.colspan || c.rowspan))) {
    const width = Math.max(0, ...out.map((r) => r.children.length));
    for (const row of out) while (row.children.length < width) row.children.push({ type: 'table-cell', children: [emptyText()] });
  }
  return out;
}

function blockFrom(el: Element, inherited: Align | undefined): TopBlock[] {
  const tag = tagOf(el);
  const align = alignOf(el) ?? inherited;
  const inline = () => normalizeInlines(inlinesOfChildren(childrenOf(el), marksOf(el, {})));
  switch (tag) {
    case 'p':
    case 'li':
      return [withAlign(paragraph(inline()), align)];
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6':
      return [withAlign<HeadingElement>({ type: 'heading', level: Number(tag[1]) as HeadingLevel, children: inline() }, align)];
    case 'blockquote':
      return [withAlign<QuoteElement>({ type: 'quote', children: inline() }, align)];
    case 'pre': {
      const text = inlinesOfChildren(childrenOf(el), {}, true).map(plainText).join('');
      return [{ type: 'code-block', children: [{ text }] }];
    }
    case 'ul':
    case 'ol': {
      const items = listItems(el, align);
      return items.length ? [{ type: tag === 'ul' ? 'bulleted-list' : 'numbered-list', children: items }] : [];
    }
    case 'table': {
      const rows = tableRows(el);
      return rows.length ? [{ type: 'table', children: rows }] : [];
    }
    case 'hr':
      return [{ type: 'hr', children: [emptyText()] }];
    default:
      return blocksFrom(childrenOf(el), align);
  }
}

function blocksFrom(nodes: Node[], align: Align | undefined): TopBlock[] {
  const out: TopBlock[] = [];
  let run: InlineNode[] = [];
  const flush = () => {
    if (meaningful(run)) out.push(withAlign(paragraph(normalizeInlines(run)), align));
    run = [];
  };
  for (const node of nodes) {
    if (node.nodeType === ELEMENT && SKIPPED.has(tagOf(node))) continue;
    if (isBlockish(node)) {
      flush();
      out.push(...blockFrom(node as Element, align));
    } else run.push(...inlinesFrom(node, {}));
  }
  flush();
  return out;
}

/** Parses HTML into editor blocks; never throws, and an empty or blank input gives one empty paragraph. */
export function deserialize(html: string, parser: DOMParser = new DOMParser()): TopBlock[] {
  let blocks: TopBlock[] = [];
  try {
    const doc = parser.parseFromString(html, 'text/html');
    blocks = blocksFrom(childrenOf(doc.body), undefined);
  } catch {
    blocks = [];
  }
  return blocks.length ? blocks : [paragraph()];
}
