import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changedDetails } from '../../server/operations/staticGen/changes';
import { relatedInOrder } from '../../server/public/related';

// Which detail pages a content run rewrites (server/operations/staticGen/changes.ts): those whose related items
// (the next ones in their column) changed or include an edited item. The run compares the column's order as
// written with the order now; when nothing moved it looks only at the items just before the edited ones.

/** The definition, item by item. */
function reference(before: number[], now: number[], edited: Set<number>): number[] {
  const at = new Map(before.map((id, i) => [id, i]));
  return now.filter((id, i) => {
    const shown = relatedInOrder(now, i);
    const index = at.get(id);
    const was = index === undefined ? null : relatedInOrder(before, index);
    return !was || was.join(',') !== shown.join(',') || shown.some((r) => edited.has(r));
  });
}

describe('detail pages a content run rewrites', () => {
  it('an edit that moved nothing: exactly the five items before each edited one', () => {
    const order = Array.from({ length: 10_000 }, (_, i) => 10_000 - i);
    expect(changedDetails(order, [...order], new Set([order[5_000]!]))).toEqual(order.slice(4_995, 5_000));
    expect(changedDetails(order, [...order], new Set([order[0]!]))).toEqual([]);
    expect(changedDetails(order, [...order], new Set([order[2]!, order[9_999]!]))).toEqual([...order.slice(0, 2), ...order.slice(9_994, 9_999)]);
  });

  it('answers what the definition gives, whether the order moved or not', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 4 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 40 }),
        (before, editedIds, moved, cut) => {
          const now = moved ? [...before.slice(cut), ...before.slice(0, cut)].filter((id) => id % 7 !== 0) : [...before];
          const edited = new Set(editedIds);
          expect(changedDetails(before, now, edited)).toEqual(reference(before, now, edited));
        },
      ),
      { numRuns: 500 },
    );
  });
});
