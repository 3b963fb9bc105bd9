import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { siteOptions, type SiteNode } from '../../models/site';

/**
 * A random site tree described by its pre-order listing: each entry's depth is at most one more than
 * the previous entry's. The tree is built from the listing, so the listing is the expected output.
 */
const listing = fc
  .array(fc.tuple(fc.nat({ max: 3 }), fc.string({ maxLength: 6 })), { maxLength: 25 })
  .map((steps) => {
    const out: Array<{ id: number; name: string; depth: number }> = [];
    steps.forEach(([climb, name], i) => {
      const previous = out.length ? out[out.length - 1].depth : -1;
      out.push({ id: i + 1, name, depth: Math.max(0, previous + 1 - climb) });
    });
    return out;
  });

function treeOf(entries: ReadonlyArray<{ id: number; name: string; depth: number }>): SiteNode[] {
  const roots: SiteNode[] = [];
  const open: SiteNode[] = [];
  for (const { id, name, depth } of entries) {
    const node: SiteNode = { id, name, domain: `s${id}.example`, status: 1, parent_id: depth ? open[depth - 1].id : 0, children: [] };
    (depth ? open[depth - 1].children : roots).push(node);
    open[depth] = node;
    open.length = depth + 1;
  }
  return roots;
}

describe('siteOptions', () => {
  it('lists every site once, in pre-order, child sites prefixed with two dashes per level', () => {
    fc.assert(
      fc.property(listing, (entries) => {
        expect(siteOptions(treeOf(entries))).toEqual(entries.map(({ id, name, depth }) => ({ id, label: `${'--'.repeat(depth)}${name}` })));
      }),
    );
  });

  it('shows a child site under its parent with two dashes', () => {
    const tree = treeOf([
      { id: 1, name: 'Main', depth: 0 },
      { id: 2, name: 'Shop', depth: 1 },
      { id: 3, name: 'EU', depth: 2 },
      { id: 4, name: 'Blog', depth: 0 },
    ]);
    expect(siteOptions(tree).map((o) => o.label)).toEqual(['Main', '--Shop', '----EU', 'Blog']);
  });
});
