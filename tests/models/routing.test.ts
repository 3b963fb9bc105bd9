import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authorityAllows, loginRedirect, pathOnly, redirectTarget, safeRedirect } from '../../models/routing';

const BASE = 'http://banyan.invalid';

/** What a browser would do with a redirect target: it must stay on this site. */
function staysOnSite(target: string): boolean {
  return new URL(target, BASE).origin === BASE && new URL(target, `https://other.invalid`).origin === 'https://other.invalid';
}

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
/** Same-site paths as the app writes them: segments, an optional query, no dot segments. */
const sitePath = fc
  .tuple(
    fc.array(segment, { minLength: 1, maxLength: 4 }),
    fc.option(fc.dictionary(segment, fc.string({ maxLength: 6 }), { minKeys: 1, maxKeys: 3 }), { nil: undefined }),
  )
  .map(([segments, query]) => `/${segments.join('/')}${query ? `?${new URLSearchParams(query)}` : ''}`)
  .filter((p) => pathOnly(p) !== '/login');

/** Strings built from the pieces redirect tricks are made of. */
const trickyTarget = fc
  .array(fc.constantFrom('/', '\\', '.', ':', '@', '%2F', '%5C', '?', '#', 'evil.com', 'http', '\t', ' '), { maxLength: 8 })
  .map((parts) => parts.join(''));
/** Paths whose segments may be empty, dot segments (plain or encoded) or backslashes. */
const trickyPath = fc
  .array(fc.constantFrom('', '.', '..', '%2e', '%2E%2e', 'a', 'evil.com', '\\', '%5C', 'http:', 'login', '@'), { minLength: 1, maxLength: 5 })
  .map((segments) => `/${segments.join('/')}`);

describe('safeRedirect', () => {
  const anyTarget = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), trickyTarget, trickyPath, sitePath);

  it('never leaves the site, whatever the redirect query holds', () => {
    fc.assert(
      fc.property(anyTarget, (value) => {
        const target = safeRedirect(value);
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
        expect(target).not.toMatch(/^\/\\|^[a-z][a-z0-9+.-]*:/i);
        expect(staysOnSite(target)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('follows a same-site path unchanged', () => {
    fc.assert(
      fc.property(sitePath, (path) => {
        expect(safeRedirect(path)).toBe(path);
      }),
    );
  });

  it('sends anything that is not a string, or points at /login, to the dashboard', () => {
    for (const value of [undefined, null, 42, {}, ['/x'], '', 'Tag/index', '/login', '/login?redirect=%2FTag'])
      expect(safeRedirect(value)).toBe('/');
  });

  it.each(['//evil.com', '/\\evil.com', 'http://x', 'https://evil.com/a', 'javascript:alert(1)', '/..//evil.com', '/a/..//evil.com', '/.//evil.com'])(
    '%s lands on the dashboard',
    (value) => expect(safeRedirect(value)).toBe('/'),
  );
});

describe('loginRedirect and pathOnly', () => {
  it('a login URL built for a page leads back to exactly that page', () => {
    fc.assert(
      fc.property(sitePath, (path) => {
        const login = loginRedirect(path);
        expect(pathOnly(login)).toBe('/login');
        const back = new URLSearchParams(login.slice(login.indexOf('?') + 1)).get('redirect');
        expect(back).toBe(path);
        expect(safeRedirect(back)).toBe(path);
      }),
    );
  });

  it('the dashboard needs no redirect query', () => {
    expect(loginRedirect('/')).toBe('/login');
    expect(loginRedirect('')).toBe('/login');
  });

  it('pathOnly drops the query and the hash, and keeps a bare path as it is', () => {
    fc.assert(
      fc.property(sitePath.map(pathOnly), fc.string(), fc.constantFrom('?', '#'), (path, rest, mark) => {
        expect(pathOnly(path)).toBe(path);
        expect(pathOnly(`${path}${mark}${rest}`)).toBe(path);
      }),
    );
  });
});

describe('authorityAllows', () => {
  const page = segment.map((s) => `/${s}`);
  const authority = fc.uniqueArray(fc.oneof(page, fc.tuple(page, segment).map(([a, b]) => `${a}/${b}`)), { maxLength: 6 });

  it('allows every listed page and, for a page with an id, the listed page without it', () => {
    fc.assert(
      fc.property(authority, fc.nat(), (list, id) => {
        for (const entry of list) {
          expect(authorityAllows(list, entry)).toBe(true);
          expect(authorityAllows(list, `${entry}/${id}`)).toBe(true);
        }
      }),
    );
  });

  it('refuses pages that are not listed, ids under unlisted pages and non-numeric children', () => {
    fc.assert(
      fc.property(authority, page, fc.nat(), fc.stringMatching(/^[a-z]{1,6}$/), (list, path, id, word) => {
        fc.pre(!list.includes(path));
        expect(authorityAllows(list, path)).toBe(false);
        expect(authorityAllows(list, `${path}/${id}`)).toBe(false);
        for (const entry of list) {
          if (!list.includes(`${entry}/${word}`)) expect(authorityAllows(list, `${entry}/${word}`)).toBe(false);
        }
      }),
    );
  });

  it('an empty list allows nothing, not even an id at the root', () => {
    fc.assert(
      fc.property(page, fc.nat(), (path, id) => {
        expect(authorityAllows([], path)).toBe(false);
        expect(authorityAllows([''], `/${id}`)).toBe(false);
      }),
    );
  });
});

describe('redirectTarget (the reload helper /redirect/{path})', () => {
  it('lands on paths with slashes, keeping the query', () => {
    expect(redirectTarget('/redirect/Category/index')).toBe('/Category/index');
    expect(redirectTarget('/redirect/Content/index?page=2&limit=10')).toBe('/Content/index?page=2&limit=10');
    expect(redirectTarget('/redirect/updateCustomContent/12?id=3')).toBe('/updateCustomContent/12?id=3');
    expect(redirectTarget('/redirect/Tag')).toBe('/Tag');
  });

  it('never leaves the site, and anything else goes to the dashboard', () => {
    expect(redirectTarget('/redirect//evil.com')).toBe('/');
    expect(redirectTarget('/redirect/')).toBe('/');
    expect(redirectTarget('/Category/index')).toBe('/');
  });

  it('any path of segments comes back as itself', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const target = '/' + segments.join('/');
        expect(redirectTarget('/redirect' + target)).toBe(target);
      }),
    );
  });
});
