import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editFlow, emptyDraft, flowToSave, stepWithoutReviewers, type FlowDraft, type FlowEdit } from '../../../src/features/audit/flowDraft';
import { auditColumnOf, auditPaths } from '../../../src/features/audit/paths';
import { AuditFlowSave, MAX_AUDIT_STEPS, MAX_STEP_REVIEWERS } from '../../../models/audit';

const run = (edits: FlowEdit[], from: FlowDraft = emptyDraft) => edits.reduce(editFlow, from);

describe('audit flow editor', () => {
  it('a reviewer-admin builds a two-step flow: countersign by two, then either-one by a third', () => {
    const draft = run([
      { type: 'addStep' },
      { type: 'setMode', index: 0, mode: 'countersign' },
      { type: 'addReviewer', index: 0, id: 2 },
      { type: 'addReviewer', index: 0, id: 3 },
      { type: 'addReviewer', index: 0, id: 2 },
      { type: 'addStep' },
      { type: 'addReviewer', index: 1, id: 4 },
    ]);
    expect(draft.steps).toEqual([
      { mode: 'countersign', reviewers: [2, 3] },
      { mode: 'either', reviewers: [4] },
    ]);
    expect(stepWithoutReviewers(draft)).toBe(-1);
    expect(AuditFlowSave.parse(flowToSave(0, draft))).toEqual({ category_id: 0, steps: draft.steps });
  });

  it('steps are reordered and removed; moving past either end changes nothing', () => {
    const two = run([{ type: 'addStep' }, { type: 'addReviewer', index: 0, id: 1 }, { type: 'addStep' }, { type: 'addReviewer', index: 1, id: 2 }]);
    const swapped = run([{ type: 'moveStep', index: 1, by: -1 }], two);
    expect(swapped.steps.map((s) => s.reviewers)).toEqual([[2], [1]]);
    expect(run([{ type: 'moveStep', index: 0, by: -1 }], two)).toBe(two);
    expect(run([{ type: 'moveStep', index: 1, by: 1 }], two)).toBe(two);
    // A step that does not exist moves nowhere (it once pulled an empty slot into the flow).
    expect(run([{ type: 'moveStep', index: 2, by: -1 }], two)).toBe(two);
    expect(run([{ type: 'removeStep', index: 0 }], two).steps).toEqual([{ mode: 'either', reviewers: [2] }]);
    expect(run([{ type: 'removeReviewer', index: 1, id: 2 }], two).steps[1]!.reviewers).toEqual([]);
  });

  it('a step without reviewers is named before saving', () => {
    expect(stepWithoutReviewers(run([{ type: 'addStep' }, { type: 'addReviewer', index: 0, id: 1 }, { type: 'addStep' }]))).toBe(1);
  });

  it('a column that inherits saves null, cannot be edited, and keeps its steps when inheritance is switched off', () => {
    const loaded = run([{ type: 'load', flow: { category_id: 7, steps: [{ mode: 'either', reviewers: [5] }], inherited: true } }]);
    expect(flowToSave(7, loaded)).toEqual({ category_id: 7, steps: null });
    expect(run([{ type: 'addStep' }], loaded)).toBe(loaded);
    const own = run([{ type: 'inherit', on: false }, { type: 'addStep' }, { type: 'addReviewer', index: 1, id: 6 }], loaded);
    expect(flowToSave(7, own)).toEqual({ category_id: 7, steps: [{ mode: 'either', reviewers: [5] }, { mode: 'either', reviewers: [6] }] });
    // The site's own flow never inherits.
    expect(flowToSave(0, { inherit: true, steps: [] })).toEqual({ category_id: 0, steps: [] });
  });

  it('any sequence of edits keeps within the contract limits (steps, reviewers, no duplicates)', () => {
    const edit: fc.Arbitrary<FlowEdit> = fc.oneof(
      fc.constant<FlowEdit>({ type: 'addStep' }),
      fc.record({ type: fc.constant('removeStep' as const), index: fc.nat(12) }),
      fc.record({ type: fc.constant('moveStep' as const), index: fc.nat(12), by: fc.constantFrom(-1 as const, 1 as const) }),
      fc.record({ type: fc.constant('setMode' as const), index: fc.nat(12), mode: fc.constantFrom('either' as const, 'countersign' as const) }),
      fc.record({ type: fc.constant('addReviewer' as const), index: fc.nat(12), id: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ type: fc.constant('removeReviewer' as const), index: fc.nat(12), id: fc.integer({ min: 1, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 80 }), (edits) => {
        const draft = run(edits);
        expect(draft.steps.length).toBeLessThanOrEqual(MAX_AUDIT_STEPS);
        for (const s of draft.steps) {
          expect(s.reviewers.length).toBeLessThanOrEqual(MAX_STEP_REVIEWERS);
          expect(new Set(s.reviewers).size).toBe(s.reviewers.length);
        }
        // What passes the editor's own check, the contract accepts.
        if (stepWithoutReviewers(draft) === -1) expect(AuditFlowSave.safeParse(flowToSave(0, draft)).success).toBe(true);
      }),
    );
  });
});

describe('audit paths', () => {
  it('the site check list opens /auditingContent?id=, a column list opens /auditingContent/{column}?id=, each returns to its list', () => {
    expect(auditPaths().audit(5)).toBe('/auditingContent?id=5');
    expect(auditPaths().list).toBe('/Content/checkList');
    expect(auditPaths(12).audit(5)).toBe('/auditingContent/12?id=5');
    expect(auditPaths(12).list).toBe('/contentCheck/12');
    expect(auditColumnOf('/contentCheck/12')).toBe(12);
    expect(auditColumnOf('/auditingContent/12')).toBe(12);
    expect(auditColumnOf('/auditingContent')).toBeUndefined();
    expect(auditColumnOf('/Content/checkList')).toBeUndefined();
  });
});
