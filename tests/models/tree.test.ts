import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { subtreeIds, treeOrder } from '../../models/tree';

/** Rows under the root, under another row, under a missing id, or in cycles. */
const rowsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 25 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.tuple(fc.oneof(fc.constant(0), fc.constantFrom(...(ids.length ? ids : [0])), fc.integer({ min: 41, max: 45 })), fc.integer({ min: -2, max: 2 })), {
        minLength: ids.length,
        maxLength: ids.length,
      }),
    ),
  )
  .map(([ids, links]) => ids.map((id, i) => ({ id, parent_id: links[i]![0], sort: links[i]![1] })));

describe('tree order', () => {
  it('keeps every row once, and puts a parent before its children, one level deeper', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const out = treeOrder(rows);
        expect(out.map((r) => r.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
        const at = new Map(out.map((r, i) => [r.id, i]));
        for (const r of out) {
          const parent = out[at.get(r.parent_id) ?? -1];
          if (r.depth > 0) {
            expect(parent).toBeDefined();
            expect(at.get(r.parent_id)!).toBeLessThan(at.get(r.id)!);
            expect(r.depth).toBe(parent!.depth + 1);
          }
        }
      }),
    );
  });

  it('shows a row whose parent is missing as a top-level row, and orders siblings by sort then id', () => {
    const rows = [
      { id: 5, parent_id: 0, sort: 2 },
      { id: 3, parent_id: 0, sort: 2 },
      { id: 9, parent_id: 5, sort: 0 },
      { id: 7, parent_id: 99, sort: 1 },
    ];
    expect(treeOrder(rows).map((r) => [r.id, r.depth])).toEqual([
      [7, 0],
      [3, 0],
      [5, 0],
      [9, 1],
    ]);
  });

  it('a subtree holds the row and exactly the rows whose chain of parents reaches it', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        if (!rows.length) return;
        const root = rows[0]!.id;
        const sub = subtreeIds(rows, root);
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const r of rows) {
          let at: (typeof rows)[number] | undefined = r;
          const seen = new Set<number>();
          let reaches = false;
          while (at && !seen.has(at.id)) {
            if (at.id === root) reaches = true;
            seen.add(at.id);
            at = byId.get(at.parent_id);
          }
          expect(sub.has(r.id), String(r.id)).toBe(reaches);
        }
      }),
    );
  });
});
