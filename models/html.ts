import { EDITOR_FONT_SIZE_MAX_PX, EDITOR_FONT_SIZE_MIN_PX } from './constants';

// The one HTML allowlist: the server sanitises every rich-text body with it, and the editor's
// serializer emits nothing outside it, so what an editor sees is what gets stored and served.

export const ALLOWED_TAGS = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'u', 's', 'span', 'a', 'img',
  'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr',
  'sub', 'sup', 'mark',
] as const;
export type AllowedTag = (typeof ALLOWED_TAGS)[number];

export const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  '*': ['style'],
};

export const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const COLOR = [/^#[0-9a-f]{3}$/i, /^#[0-9a-f]{6}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i];

/** Font sizes the editor offers: 14-36 px (spec §9). */
export const FONT_SIZES = Array.from({ length: (EDITOR_FONT_SIZE_MAX_PX - EDITOR_FONT_SIZE_MIN_PX) / 2 + 1 }, (_, i) => EDITOR_FONT_SIZE_MIN_PX + i * 2);
const FONT_SIZE = new RegExp(`^(${FONT_SIZES.join('|')})px$`);

/** Inline styles allowed, by property: colours, the editor's font sizes and alignment. */
export const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'font-size': [FONT_SIZE],
  'text-align': [/^(left|right|center|justify)$/],
};

export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** Whether a style declaration survives sanitising. */
export function styleAllowed(property: string, value: string): boolean {
  return (ALLOWED_STYLES[property.toLowerCase()] ?? []).some((re) => re.test(value.trim()));
}

/** Whether a link or image URL is allowed: http(s), mailto, tel, site-relative and #anchors. */
export function urlAllowed(url: string): boolean {
  const v = url.trim();
  // Site-relative paths, but not //host or /\host (browsers read both as another host).
  if (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\')) return true;
  if (v.startsWith('#')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  return scheme !== undefined && (ALLOWED_SCHEMES as readonly string[]).includes(scheme);
}
