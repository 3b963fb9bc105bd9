import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTree, walkTree } from '../../models/menu';

interface Row {
  id: number;
  parent_id: number;
  sort: number;
  title: string;
}
type Node = Row & { children: Node[] };

/**
 * Random menus as the table holds them: unique ids, each row under the root (0), under another row,
 * or under an id that no longer exists; parents may come after their children and may form cycles.
 */
const rowsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 0, maxLength: 30 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(
        fc.tuple(fc.oneof(fc.constant(0), fc.constantFrom(...(ids.length ? ids : [0])), fc.integer({ min: 61, max: 70 })), fc.integer({ min: -2, max: 2 })),
        { minLength: ids.length, maxLength: ids.length },
      ),
    ),
  )
  .map(([ids, links]) => ids.map((id, i): Row => ({ id, parent_id: links[i][0], sort: links[i][1], title: `m${id}` })));

/** Rows whose chain of parents reaches the root without a missing link or a cycle. */
function rooted(rows: readonly Row[]): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept = new Set<number>();
  for (const row of rows) {
    const seen = new Set<number>();
    let at: Row | undefined = row;
    while (at && at.parent_id !== 0 && !seen.has(at.id)) {
      seen.add(at.id);
      at = byId.get(at.parent_id);
    }
    if (at && at.parent_id === 0 && !seen.has(at.id)) kept.add(row.id);
  }
  return kept;
}

const bySortThenId = (a: Row, b: Row) => a.sort - b.sort || a.id - b.id;

describe('buildTree', () => {
  it('keeps every row whose ancestors all exist exactly once, and drops the others', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const ids = [...walkTree(buildTree(rows) as Node[])].map((n) => n.id);
        expect(ids.length).toBe(new Set(ids).size);
        expect(new Set(ids)).toEqual(rooted(rows));
      }),
    );
  });

  it('puts each row under its parent, siblings ordered by sort then id, fields intact', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const tree = buildTree(rows) as Node[];
        const kept = rooted(rows);
        const childrenOf = (parent: number) => rows.filter((r) => r.parent_id === parent && kept.has(r.id)).sort(bySortThenId);
        expect(tree.map((n) => n.id)).toEqual(childrenOf(0).map((r) => r.id));
        for (const node of walkTree(tree)) {
          const { children, ...fields } = node;
          expect(fields).toEqual(rows.find((r) => r.id === node.id));
          expect(children.map((c) => c.id)).toEqual(childrenOf(node.id).map((r) => r.id));
        }
      }),
    );
  });

  it('leaves the rows it was given untouched', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const copy = structuredClone(rows);
        buildTree(rows);
        expect(rows).toEqual(copy);
      }),
    );
  });

  it('treats a missing sort as 0', () => {
    const tree = buildTree([
      { id: 2, parent_id: 0 },
      { id: 1, parent_id: 0, sort: 1 },
      { id: 3, parent_id: 0, sort: -1 },
    ]);
    expect(tree.map((n) => n.id)).toEqual([3, 2, 1]);
  });
});
