import { defaultTreeAdapter, html as parse5Html, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, styleAllowed, urlAllowed } from '../../models/html';
import { escapeAttribute, escapeText } from '../operations/content/htmlFragment';
import { writeTree, type Written } from './allowlistWriter';

// Rich-text bodies are sanitised with the one allowlist of models/html.ts, so the server stores exactly
// what the editor's serializer can produce: nothing else is configured here.
//
// The body is parsed the way a browser parses it (parse5 follows the HTML standard, in the context of a <div>
// as a page inserts it) and written out again from the tree, keeping only allowlisted elements and
// attributes. Every byte of the result is written here: text is escaped, attribute values are quoted and
// escaped, so nothing of the input's markup reaches the output except through the allowlist. Elements outside
// the allowlist are dropped and their text kept, except those whose content is not document text (scripts,
// styles, raw-text and embedded elements), which are dropped whole.

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements whose content is dropped with them. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'title', 'template', 'iframe', 'frame', 'frameset',
  'object', 'embed', 'xmp', 'noembed', 'noframes', 'plaintext', 'svg', 'math', 'head', 'canvas', 'video', 'audio',
]);
/** Allowlisted elements with no end tag. */
const VOID = new Set(['br', 'img', 'hr']);
/** Deeper elements are left out (their text stays): keeps every walk of a stored body shallow. */
const NESTING_LIMIT = 200;
/** Attributes written with an explicit empty value (as `alt=""` means "decorative", unlike no alt). */
const EMPTY_VALUE_KEPT = new Set(['alt']);

const TAGS = new Set<string>(ALLOWED_TAGS);
const GLOBAL_ATTRIBUTES = new Set(ALLOWED_ATTRIBUTES['*'] ?? []);

/** The fragment context: a <div> in an HTML document, as the theme inserts a body. */
const CONTEXT = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);

/**
 * Whether a link or image URL may stay: the shared rule on the value as written, and on the value a browser
 * reads after dropping the spaces and control characters it ignores inside URLs (`java\tscript:`, `/ /host`).
 */
function urlKept(value: string): boolean {
  return urlAllowed(value) && urlAllowed(value.replace(/[\u0000-\u0020\u007f]+/g, ''));
}

/** The allowlisted declarations of a style attribute, as `prop:value;prop:value` (empty when none is left). */
function cleanStyle(value: string): string {
  const out: string[] = [];
  for (const declaration of value.replace(/\/\*[\s\S]*?(\*\/|$)/g, '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const v = declaration.slice(colon + 1).trim();
    if (styleAllowed(property, v)) out.push(`${property}:${v}`);
  }
  return out.join(';');
}

function attributesOf(el: Element): string {
  const allowed = ALLOWED_ATTRIBUTES[el.tagName] ?? [];
  let out = '';
  for (const { name, value, namespace } of el.attrs) {
    if (namespace || !(allowed.includes(name) || GLOBAL_ATTRIBUTES.has(name))) continue;
    let v = value;
    if (name === 'href' || name === 'src') {
      if (!urlKept(v)) continue;
    } else if (name === 'style') {
      v = cleanStyle(v);
      if (!v) continue;
    }
    out += v || EMPTY_VALUE_KEPT.has(name) ? ` ${name}="${escapeAttribute(v)}"` : ` ${name}`;
  }
  return out;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

const DROP = { drop: true } as const;

/** What the allowlist keeps of one node of the parsed body. */
function keep(node: Node, depth: number): Written<Node> {
  if (node.nodeName === '#text') return { text: escapeText((node as DefaultTreeAdapterMap['textNode']).value) };
  if (!isElement(node)) return DROP; // comments and doctypes
  if (DROPPED_WITH_CONTENT.has(node.tagName.toLowerCase()) || node.namespaceURI !== parse5Html.NS.HTML) return DROP;
  if (!TAGS.has(node.tagName) || depth >= NESTING_LIMIT) return { unwrap: node.childNodes };
  if (VOID.has(node.tagName)) return { open: `<${node.tagName}${attributesOf(node)} />`, children: [], close: '' };
  return { open: `<${node.tagName}${attributesOf(node)}>`, children: node.childNodes, close: `</${node.tagName}>` };
}

/** One pass: parse as a browser would, write out what the allowlist keeps. */
function sanitizeOnce(input: string): string {
  return writeTree(parseFragment(CONTEXT, input, {}).childNodes, keep);
}

/**
 * The stored form of a rich-text body: only allowlisted tags, attributes, URL schemes and styles remain.
 * The output is parsed again until it is stable (a browser reads a few nestings, like a <p> inside a <p>,
 * differently from how they are written), so saving a stored body again never changes it.
 */
export function sanitizeBody(html: string): string {
  let current = sanitizeOnce(html);
  for (let pass = 0; pass < 4; pass++) {
    const next = sanitizeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}
