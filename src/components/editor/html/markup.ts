import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, styleAllowed, urlAllowed } from '../../../../models/html';

// Low-level HTML writing for the serializer: escaping, whitespace that survives a re-parse, and tags whose
// attributes and styles are checked against the shared allowlist as they are written.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\u00a0': '&nbsp;' };

/** Characters an HTML parser drops or rewrites (NUL, other C0 controls, DEL). */
export const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;

export const escapeText = (s: string) => s.replace(/[&<>\u00a0]/g, (c) => ESCAPES[c]!);
/** An attribute value as a parser would read it back (CR folded, controls dropped). */
const cleanAttribute = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROL, '');
/** The URL as it will be written, or null when the allowlist refuses it. */
export function safeUrl(url: string): string | null {
  const clean = cleanAttribute(url);
  return urlAllowed(clean) ? clean : null;
}

export const escapeAttribute = (s: string) => cleanAttribute(s).replace(/[&<>"\u00a0]/g, (c) => ESCAPES[c]!);

/** Text for a <pre>: kept verbatim apart from what a parser would not keep. */
export function preText(s: string): string {
  return escapeText(s.replace(/\r\n?/g, '\n').replace(/\f/g, ' ').replace(CONTROL, ''));
}

/** Where flowing text stands: after a collapsible space (or a line or block start), spaces would vanish. */
export interface Flow {
  afterSpace: boolean;
}

/** A line of flowing text as the parser will see it: tabs are spaces, controls are gone. */
export const cleanFlow = (s: string) => s.replace(/[\t\r\f]/g, ' ').replace(CONTROL, '');

/**
 * One line of flowing text (no newline). A space a browser would collapse or trim (after another
 * space, at the start of the block or a line, at the very end of the block) is written as a no-break
 * space, so that parsing the HTML gives the text back.
 */
export function flowText(line: string, flow: Flow, atBlockEnd: boolean): string {
  const s = cleanFlow(line);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === ' ' && (flow.afterSpace || (atBlockEnd && i === s.length - 1))) {
      out += '\u00a0';
      flow.afterSpace = false;
    } else {
      out += c;
      flow.afterSpace = c === ' ';
    }
  }
  return escapeText(out);
}

/** Parses a style attribute into lower-cased properties and trimmed values (later ones win). */
export function parseStyle(style: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().replace(/\s*!important$/i, '');
    if (property && value) out[property] = value;
  }
  return out;
}

export type Attributes = Array<[string, string | number | undefined | null | false]>;

/** Writes an opening tag, keeping only what the allowlist allows (attributes, styles, URLs). */
export function openTag(tag: string, attributes: Attributes = [], styles: Attributes = []): string {
  if (!(ALLOWED_TAGS as readonly string[]).includes(tag)) throw new Error(`tag outside the allowlist: ${tag}`);
  const allowed = [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(ALLOWED_ATTRIBUTES['*'] ?? [])];
  let out = `<${tag}`;
  for (const [name, raw] of attributes) {
    if (raw === undefined || raw === null || raw === false || !allowed.includes(name)) continue;
    const value = cleanAttribute(String(raw));
    if (value === '') continue;
    if ((name === 'href' || name === 'src') && safeUrl(value) === null) continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  const declarations = styles
    .filter(([property, value]) => value !== undefined && value !== null && value !== false && styleAllowed(property, String(value)))
    .map(([property, value]) => `${property}: ${String(value).trim()}`);
  if (declarations.length && allowed.includes('style')) out += ` style="${escapeAttribute(declarations.join('; '))}"`;
  return `${out}>`;
}

export const closeTag = (tag: string) => `</${tag}>`;

export const wrap = (tag: string, inner: string, attributes?: Attributes, styles?: Attributes) =>
  `${openTag(tag, attributes, styles)}${inner}${closeTag(tag)}`;
