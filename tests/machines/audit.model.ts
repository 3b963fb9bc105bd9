import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { type auditMachine, auditRefusal, canApprove, canReject } from '../../machines/audit.machine';
import type { AuditEvent } from '../../models/audit';
import { describePath, serializeWith, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { EDITOR, EVENTS, project } from './examples/audit.examples';
export { EDITOR, TWO_STEPS, ONE_STEP } from './examples/audit.examples';

// The audit chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof auditMachine>;

/** The rules of issue 5, stated independently of the chart. */
function auditOracle({ before, after, event }: StepCheck<Snapshot, AuditEvent>) {
  const b = before.context;
  const reviewing = before.matches('reviewing');
  const current = b.steps[b.step];
  const accepted = after !== before;
  // The refusal explanation agrees with the chart, both ways.
  expect(auditRefusal(before, event) === null).toBe(before.can(event));
  expect(accepted).toBe(before.can(event));
  // Exactly one state; the views' tags follow it.
  expect(after.hasTag('inReview')).toBe(after.matches('reviewing'));
  expect(after.hasTag('editable')).toBe(!after.matches('reviewing'));
  switch (event.type) {
    case 'audit.submit':
      if (reviewing) {
        expect(accepted).toBe(false);
        expect(auditRefusal(before, event)).toBe('inReview');
        break;
      }
      expect(after.context.submitter).toBe(EDITOR);
      expect(after.context.decisions).toEqual([]);
      expect(after.context.approvals).toEqual([]);
      if (event.steps.length === 0) {
        expect(after.value).toBe('published');
        // Published at once: the next submission starts at the first step again.
        expect(after.context.resumeStep).toBe(0);
      }
      else {
        expect(after.value).toBe('reviewing');
        // Review starts where the last rejection said (clamped to this flow), else at the first step.
        expect(after.context.step).toBe(Math.min(b.resumeStep, event.steps.length - 1));
      }
      break;
    case 'audit.approve': {
      const allowed = reviewing && !!current && current.reviewers.includes(event.by) && !b.approvals.includes(event.by);
      expect(accepted).toBe(allowed);
      if (!allowed) {
        if (reviewing) expect(auditRefusal(before, event)).toBe(current?.reviewers.includes(event.by) ? 'alreadyApproved' : 'notReviewer');
        else expect(auditRefusal(before, event)).toBe('notInReview');
        break;
      }
      expect(after.context.decisions.at(-1)).toEqual({ step: b.step, by: event.by, decision: 'approved', comment: '' });
      const stepDone = current.mode === 'either' || current.reviewers.every((r) => r === event.by || b.approvals.includes(r));
      if (!stepDone) {
        expect(after.value).toBe('reviewing');
        expect(after.context.step).toBe(b.step);
        expect(after.context.approvals).toEqual([...b.approvals, event.by]);
      } else if (b.step === b.steps.length - 1) {
        expect(after.value).toBe('published');
        expect(after.context.resumeStep).toBe(0);
      } else {
        expect(after.value).toBe('reviewing');
        expect(after.context.step).toBe(b.step + 1);
        expect(after.context.approvals).toEqual([]);
      }
      break;
    }
    case 'audit.reject': {
      const reviewer = reviewing && !!current && current.reviewers.includes(event.by);
      const allowed = reviewer && event.comment.trim() !== '' && event.to_step >= 1 && event.to_step <= b.step + 1;
      expect(accepted).toBe(allowed);
      if (!allowed) {
        if (reviewing && reviewer) expect(auditRefusal(before, event)).toBe(event.comment.trim() === '' ? 'commentRequired' : 'badStep');
        break;
      }
      expect(after.value).toBe('rejected');
      expect(after.context.resumeStep).toBe(event.to_step - 1);
      expect(after.context.lastComment).toBe(event.comment);
      expect(after.context.decisions.at(-1)).toMatchObject({ by: event.by, decision: 'rejected', comment: event.comment });
      break;
    }
    case 'audit.withdraw':
      expect(accepted).toBe(reviewing);
      if (reviewing) {
        expect(after.value).toBe('draft');
        expect(after.context.resumeStep).toBe(0);
      }
      break;
  }
  // canApprove / canReject are what the audit page offers.
  for (const by of [1, 2, 3, 4, 5, 6]) {
    const c = after.context;
    const mayAct = after.matches('reviewing') && (c.steps[c.step]?.reviewers.includes(by) ?? false);
    expect(canReject(after, by)).toBe(mayAct);
    expect(canApprove(after, by)).toBe(mayAct && !c.approvals.includes(by));
    // A rejection needs a comment, and sends the item back to this step or an earlier one, never a later one.
    expect(after.can({ type: 'audit.reject', by, comment: '   ', to_step: 1 }), `reject by ${by} without a comment`).toBe(false);
    expect(after.can({ type: 'audit.reject', by, comment: 'later', to_step: c.step + 2 }), `reject by ${by} to a later step`).toBe(false);
  }
}

/** Every shortest path of the model (duplicates allowed: each event from each vertex). */
export const auditModelTests: ModelSuite<typeof auditMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeWith(project), limit: 50_000 });
  return model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, [] as const, coverage), auditOracle, project),
  }));
};

