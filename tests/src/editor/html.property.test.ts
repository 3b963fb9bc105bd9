// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, styleAllowed, urlAllowed } from '../../../models/html';
import { sanitizeBody } from '../../../server/services/sanitize';
import { deserialize } from '../../../src/components/editor/html/deserialize';
import { parseStyle } from '../../../src/components/editor/html/markup';
import { serialize } from '../../../src/components/editor/html/serialize';
import { documentArb, htmlArb } from './arbitraries';

/** Everything in the HTML that the shared allowlist would not let through, described. */
function outsideAllowlist(html: string): string[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const problems: string[] = [];
  for (const el of Array.from(body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (!(ALLOWED_TAGS as readonly string[]).includes(tag)) problems.push(`tag <${tag}>`);
    const allowed = [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(ALLOWED_ATTRIBUTES['*'] ?? [])];
    for (const attr of Array.from(el.attributes)) {
      if (!allowed.includes(attr.name)) problems.push(`attribute ${attr.name} on <${tag}>`);
      if ((attr.name === 'href' || attr.name === 'src') && !urlAllowed(attr.value)) problems.push(`URL ${attr.value}`);
      if (attr.name === 'style') {
        for (const [property, value] of Object.entries(parseStyle(attr.value))) if (!styleAllowed(property, value)) problems.push(`style ${property}: ${value}`);
      }
    }
  }
  return problems;
}

const RUNS = { numRuns: 400 };

describe('editor HTML, for any document', () => {
  it('saving what was loaded from saved HTML gives the same HTML (serialize ∘ deserialize is stable)', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        const html = serialize(doc);
        expect(serialize(deserialize(html))).toBe(html);
      }),
      RUNS,
    );
  });

  it('what the server stores after sanitising loads back into the editor as the same content', () => {
    // The sanitiser may spell things differently (<hr />, style="a:b", raw no-break spaces), never lose them.
    fc.assert(
      fc.property(documentArb, (doc) => {
        const html = serialize(doc);
        expect(serialize(deserialize(sanitizeBody(html)))).toBe(html);
      }),
      RUNS,
    );
  });

  it('the editor never writes a tag, attribute, style or URL outside the shared allowlist', () => {
    fc.assert(
      fc.property(documentArb, (doc) => {
        expect(outsideAllowlist(serialize(doc))).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe('editor HTML, for any markup pasted or typed in the source view', () => {
  it('loading never throws and always gives at least one block', () => {
    fc.assert(
      fc.property(fc.oneof(htmlArb, fc.string()), (html) => {
        expect(deserialize(html).length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('what is kept stays inside the allowlist, and cleaning twice changes nothing more', () => {
    fc.assert(
      fc.property(htmlArb, (html) => {
        const once = serialize(deserialize(html));
        expect(outsideAllowlist(once)).toEqual([]);
        expect(serialize(deserialize(once))).toBe(once);
      }),
      RUNS,
    );
  });
});
