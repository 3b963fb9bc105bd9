import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element, Text } from 'domhandler';

// Walking the text of a rich-text fragment the way a browser parses it (cheerio with parse5): the
// editor actions change text nodes only, never markup or attributes.

export type { Element, Text };

export function parseFragment(html: string): CheerioAPI {
  return load(html, null, false);
}

export function serializeFragment($: CheerioAPI): string {
  return $.root().html() ?? '';
}

/** Elements whose content is not document text. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'template', 'iframe', 'xmp', 'noembed', 'noframes', 'svg', 'math']);

const isElement = (node: AnyNode): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style';

/**
 * Visits the text nodes in document order, not descending into raw-text elements or elements `skip`
 * refuses. A visitor may replace the node it is given; returning true stops the walk.
 */
export function eachText($: CheerioAPI, skip: (el: Element) => boolean, visit: (text: Text) => boolean | void): void {
  const walk = (nodes: readonly AnyNode[]): boolean => {
    for (const node of [...nodes]) {
      if (node.type === 'text') {
        if (visit(node as Text)) return true;
      } else if (isElement(node)) {
        if (RAW_TEXT.has(node.name) || skip(node)) continue;
        if (walk(node.children)) return true;
      }
    }
    return false;
  };
  walk($.root()[0]!.children);
}

export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
export const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Elements that end a line of text: their text is kept apart from the next one's. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'td', 'tfoot', 'th',
  'thead', 'tr', 'ul',
]);

/** The document text, blocks separated by a line break (raw-text elements left out). */
export function plainText($: CheerioAPI): string {
  let out = '';
  const walk = (nodes: readonly AnyNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') out += (node as Text).data;
      else if (isElement(node) && !RAW_TEXT.has(node.name)) {
        const block = BLOCKS.has(node.name);
        if (block) out += '\n';
        walk(node.children);
        if (block) out += '\n';
      }
    }
  };
  walk($.root()[0]!.children);
  return out;
}

/** The concatenated text nodes, exactly (what an editor action must leave unchanged). */
export function textContent($: CheerioAPI): string {
  let out = '';
  eachText($, () => false, (t) => void (out += t.data));
  return out;
}

/** No visible text and no image: what the editor actions refuse. */
export function isEmptyContent(html: string): boolean {
  const $ = parseFragment(html);
  return $('img').length === 0 && plainText($).replace(/[\s\u00a0\u200b\u3000]/g, '') === '';
}
