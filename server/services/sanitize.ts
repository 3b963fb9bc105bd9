import sanitizeHtml from 'sanitize-html';
import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_STYLES, ALLOWED_TAGS, urlAllowed } from '../../models/html';

// Rich-text bodies are sanitised with the one allowlist of models/html.ts, so the server stores exactly
// what the editor's serializer can produce: nothing else is configured here.

/** Drops a link/image URL the shared rule refuses (e.g. relative paths without a leading slash). */
function keepAllowedUrl(attribute: 'href' | 'src') {
  return (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const value = attribs[attribute];
    if (value !== undefined && !urlAllowed(value)) {
      const { [attribute]: _dropped, ...rest } = attribs;
      return { tagName, attribs: rest };
    }
    return { tagName, attribs };
  };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: { '*': ALLOWED_STYLES },
  disallowedTagsMode: 'discard',
  transformTags: { a: keepAllowedUrl('href'), img: keepAllowedUrl('src') },
};

/**
 * The stored form of a rich-text body: only allowlisted tags, attributes, URL schemes and styles remain.
 * One pass can leave markup that parses differently the next time (a link inside a link is written out
 * nested but read back as two siblings), so passes repeat until the text is stable: saving a stored body
 * again never changes it.
 */
export function sanitizeBody(html: string): string {
  let current = sanitizeHtml(html, OPTIONS);
  for (let pass = 0; pass < 4; pass++) {
    const next = sanitizeHtml(current, OPTIONS);
    if (next === current) break;
    current = next;
  }
  return current;
}
