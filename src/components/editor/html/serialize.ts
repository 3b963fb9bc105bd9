import {
  FLAG_MARKS,
  isText,
  plainText,
  type Align,
  type DocumentNode,
  type FlagMark,
  type FormattedText,
  type InlineNode,
  type TableCellElement,
  type TopBlock,
} from './document';
import { cleanFlow, closeTag, flowText, openTag, preText, safeUrl, wrap, type Attributes, type Flow } from './markup';

// slate document → HTML. Emits only what models/html.ts allows: every tag, attribute, style and URL
// goes through openTag, which checks it against the allowlist shared with the server's sanitiser.

/** Outermost first: <span style><strong><em>…<code>text. */
const FLAG_ORDER: FlagMark[] = ['bold', 'italic', 'underline', 'strikethrough', 'subscript', 'superscript', 'highlight', 'code'];

const alignStyle = (align: Align | undefined): Attributes => [['text-align', align]];

/** The tags around a text: <span style><strong><em>…<code>, as an opening and a closing string. */
function wrappers(leaf: FormattedText): [string, string] {
  const flags = FLAG_ORDER.filter((mark) => leaf[mark] === true).map((mark) => FLAG_MARKS[mark]);
  const styled = openTag('span', [], [
    ['color', leaf.color],
    ['background-color', leaf.background],
    ['font-size', leaf.fontSize === undefined ? undefined : `${leaf.fontSize}px`],
  ]);
  const tags = styled === '<span>' ? flags : ['span', ...flags];
  const open = (styled === '<span>' ? '' : styled) + flags.map((tag) => openTag(tag)).join('');
  return [open, [...tags].reverse().map(closeTag).join('')];
}

const sameWrappers = (a: FormattedText, b: FormattedText) => wrappers(a).join() === wrappers(b).join();

/**
 * Inline content as it will be written: links and images the allowlist refuses give way to their text
 * (or nothing), empty links and texts go, and adjacent texts with the same tags become one, as a
 * re-parse would read them.
 */
function prepare(children: readonly InlineNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  const push = (node: InlineNode) => {
    const last = out[out.length - 1];
    if (isText(node) && last && isText(last) && sameWrappers(last, node)) out[out.length - 1] = { ...last, text: last.text + node.text };
    else out.push(node);
  };
  for (const node of children) {
    if (isText(node)) {
      if (cleanFlow(node.text) !== '') push(node);
    } else if (safeUrl(node.url) === null) {
      if (node.type === 'link') prepare(node.children).forEach(push);
    } else if (node.type === 'image') push(node);
    else {
      const inner = prepare(node.children) as FormattedText[];
      if (inner.length) push({ ...node, children: inner });
    }
  }
  return out;
}

/** The text written last in a block: its final space must survive a re-parse (null when an image ends it). */
function lastText(nodes: readonly InlineNode[]): FormattedText | null {
  const last = nodes[nodes.length - 1];
  if (!last) return null;
  if (isText(last)) return last;
  return last.type === 'link' ? lastText(last.children) : null;
}

function textLeaf(leaf: FormattedText, flow: Flow, blockEnd: boolean): string {
  const lines = leaf.text.split('\n');
  const html = lines
    .map((line, i) => {
      if (i > 0) flow.afterSpace = true;
      return flowText(line, flow, blockEnd && i === lines.length - 1);
    })
    .join('<br>');
  const [open, close] = wrappers(leaf);
  return `${open}${html}${close}`;
}

const size = (v: string | undefined) => (v !== undefined && /^\d{1,5}$/.test(v) ? v : undefined);

function emit(nodes: readonly InlineNode[], flow: Flow, end: FormattedText | null): string {
  return nodes
    .map((node) => {
      if (isText(node)) return textLeaf(node, flow, node === end);
      if (node.type === 'image') {
        flow.afterSpace = false;
        return openTag('img', [
          ['src', node.url],
          ['alt', node.alt],
          ['title', node.title],
          ['width', size(node.width)],
          ['height', size(node.height)],
        ]);
      }
      const tag = openTag('a', [
        ['href', node.url],
        ['title', node.title],
        ['target', node.newTab ? '_blank' : undefined],
        ['rel', node.newTab ? 'noopener noreferrer' : undefined],
      ]);
      return `${tag}${emit(node.children, flow, end)}${closeTag('a')}`;
    })
    .join('');
}

/** A block's inline content, starting a new line of flowing text. */
function inlines(children: readonly InlineNode[]): string {
  const prepared = prepare(children);
  return emit(prepared, { afterSpace: true }, lastText(prepared));
}

const span = (n: number | undefined) => (n !== undefined && Number.isInteger(n) && n > 1 && n <= 1000 ? n : undefined);

function cell(node: TableCellElement): string {
  return wrap(node.header ? 'th' : 'td', inlines(node.children), [['colspan', span(node.colspan)], ['rowspan', span(node.rowspan)]], alignStyle(node.align));
}

function block(node: TopBlock): string {
  switch (node.type) {
    case 'paragraph':
      return wrap('p', inlines(node.children), [], alignStyle(node.align));
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.trunc(node.level) || 1));
      return wrap(`h${level}`, inlines(node.children), [], alignStyle(node.align));
    }
    case 'quote':
      return wrap('blockquote', inlines(node.children), [], alignStyle(node.align));
    case 'code-block':
      return `<pre><code>${preText(plainText(node))}</code></pre>`;
    case 'bulleted-list':
    case 'numbered-list': {
      const items = node.children.map((item) => wrap('li', inlines(item.children), [], alignStyle(item.align))).join('');
      return items === '' ? '' : wrap(node.type === 'bulleted-list' ? 'ul' : 'ol', items);
    }
    case 'table': {
      const rows = node.children.filter((row) => row.children.length > 0);
      // Ragged rows of a table without spans are padded, as loading would pad them.
      const spanned = rows.some((row) => row.children.some((c) => span(c.colspan) || span(c.rowspan)));
      const width = Math.max(0, ...rows.map((row) => row.children.length));
      const html = rows.map((row) => wrap('tr', row.children.map(cell).join('') + (spanned ? '' : '<td></td>'.repeat(width - row.children.length))));
      return rows.length ? wrap('table', wrap('tbody', html.join(''))) : '';
    }
    case 'hr':
      return '<hr>';
    default:
      return '';
  }
}

const BLANK_PARAGRAPH = '<p></p>';

/** The HTML of a document: one top-level block per line; trailing blank paragraphs are not written (an empty editor is ''). */
export function serialize(nodes: readonly DocumentNode[]): string {
  const blocks = nodes.filter((n): n is TopBlock => !isText(n)).map(block).filter((html) => html !== '');
  while (blocks[blocks.length - 1] === BLANK_PARAGRAPH) blocks.pop();
  return blocks.join('\n');
}
