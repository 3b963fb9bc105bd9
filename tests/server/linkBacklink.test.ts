import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findBacklink, siteHost } from '../../server/operations/links/backlink';
import { linkRel } from '../../models/friendLink';

// The back-link reader on its own: which links count as ours, and how nofollow and anchor text decide.

const PAGE = 'https://partner.example.org/friends/';

describe('reading a partner page for our back-link', () => {
  it('our host is the site domain without scheme, port, path or "www."', () => {
    expect(siteHost('www.Example.com')).toBe('example.com');
    expect(siteHost('https://example.com:8080/cn/')).toBe('example.com');
    expect(siteHost('  ')).toBe('');
  });

  it('any link to our host counts, whatever its scheme, case, "www.", path or relative form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', '//'),
        fc.constantFrom('', 'www.', 'WWW.'),
        fc.constantFrom('example.com', 'EXAMPLE.com'),
        fc.webPath(),
        (scheme, www, host, path) => {
          const html = `<a href="${scheme}${www}${host}${path}">Example</a>`;
          expect(findBacklink(html, PAGE, 'example.com', 'Example').status).toBe('found');
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a look-alike host is not ours', () => {
    for (const href of ['https://example.com.evil.org/', 'https://notexample.com/', 'https://example.co/', '/example.com', 'mailto:me@example.com']) {
      expect(findBacklink(`<a href="${href}">Example</a>`, PAGE, 'example.com', 'Example').status, href).toBe('missing');
    }
  });

  it('a followed link with the right text wins over nofollow and wrong-text links on the same page', () => {
    const html = '<a href="https://example.com/" rel="nofollow">Example</a><a href="https://example.com/">here</a><a href="https://example.com/x">  example </a>';
    expect(findBacklink(html, PAGE, 'example.com', 'Example')).toEqual({ status: 'found', anchor: 'example' });
    expect(findBacklink(html.replace(/ {2}example /, 'there'), PAGE, 'example.com', 'Example')).toEqual({ status: 'wrong_anchor', anchor: 'here' });
  });

  it('sponsored and ugc links pass no weight either; an image link is named by its alt text', () => {
    for (const rel of ['nofollow', 'sponsored', 'UGC noopener']) {
      expect(findBacklink(`<a href="https://example.com/" rel="${rel}">Example</a>`, PAGE, 'example.com', 'Example').status, rel).toBe('nofollow');
    }
    expect(findBacklink('<a href="https://example.com/"><img src="/l.png" alt="Example"></a>', PAGE, 'example.com', 'Example').status).toBe('found');
  });

  it('our pages mark paid links sponsored and nofollow, copyright links nofollow, and new pages noopener', () => {
    expect([linkRel(1, 1), linkRel(1, 2), linkRel(2, 1), linkRel(3, 2), linkRel(4, 1)]).toEqual(['', 'noopener', 'sponsored nofollow', 'sponsored nofollow noopener', 'nofollow']);
  });
});
