import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { auditAt, auditMachine, auditRefusal, AuditReplayError, canApprove, canReject, canSubmit, isInReview, isOutstanding, replayAudit } from '../../machines/audit.machine';
import type { AuditEvent, AuditStep } from '../../models/audit';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeWith, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof auditMachine>;

const coverage = trackTransitions(auditMachine);
const start = () => startRecorded(auditMachine, [] as const, coverage);

// Editor 9 submits; step 1 is a countersign of reviewers 1, 2 and 3, step 2 an either-one of 4 and 5.
// Admin 6 reviews nothing.
const EDITOR = 9;
const TWO_STEPS: AuditStep[] = [
  { reviewers: [1, 2, 3], mode: 'countersign' },
  { reviewers: [4, 5], mode: 'either' },
];
const ONE_STEP: AuditStep[] = [{ reviewers: [4], mode: 'either' }];

const EVENTS: AuditEvent[] = [
  { type: 'audit.submit', by: EDITOR, steps: TWO_STEPS },
  { type: 'audit.submit', by: EDITOR, steps: ONE_STEP },
  { type: 'audit.submit', by: EDITOR, steps: [] },
  ...[1, 2, 3, 4, 5, 6].map((by): AuditEvent => ({ type: 'audit.approve', by })),
  { type: 'audit.reject', by: 2, comment: 'sources missing', to_step: 1 },
  { type: 'audit.reject', by: 4, comment: 'title too long', to_step: 2 },
  { type: 'audit.reject', by: 4, comment: 'start over', to_step: 1 },
  { type: 'audit.reject', by: 1, comment: '   ', to_step: 1 },
  { type: 'audit.reject', by: 1, comment: 'later step', to_step: 2 },
  { type: 'audit.reject', by: 6, comment: 'not mine', to_step: 1 },
  { type: 'audit.withdraw', by: EDITOR },
];

/** What the guards read; the round's decisions only grow with it, so the graph stays finite without them. */
const project = (s: Snapshot) => ({ steps: s.context.steps.length, step: s.context.step, approvals: s.context.approvals, resumeStep: s.context.resumeStep });

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
      if (event.steps.length === 0) expect(after.value).toBe('published');
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
  }
}

describe('audit chart, every path of the model', () => {
  const model = createTestModel(auditMachine, { events: coverage.examples(EVENTS), serializeState: serializeWith(project), limit: 50_000 });
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  it('the model has paths to walk', () => expect(paths.length).toBeGreaterThan(40));
  for (const path of paths) {
    it(describePath(path), () => walkPath(path, () => start(), auditOracle, project));
  }
});

const submit = (steps = TWO_STEPS): AuditEvent => ({ type: 'audit.submit', by: EDITOR, steps });
const approve = (by: number): AuditEvent => ({ type: 'audit.approve', by });
const reject = (by: number, to_step: number, comment = 'please fix'): AuditEvent => ({ type: 'audit.reject', by, comment, to_step });

describe('audit flows as reviewers live them', () => {
  it('countersign waits for all three reviewers, then either-one passes with one approval', () => {
    let s = replayAudit([submit(), approve(2), approve(1)]);
    expect([s.value, s.context.step, s.context.approvals]).toEqual(['reviewing', 0, [2, 1]]);
    s = replayAudit([submit(), approve(2), approve(1), approve(3)]);
    expect([s.value, s.context.step]).toEqual(['reviewing', 1]);
    s = replayAudit([submit(), approve(2), approve(1), approve(3), approve(5)]);
    expect(s.value).toBe('published');
    expect(s.context.decisions.map((d) => [d.step, d.by])).toEqual([
      [0, 2],
      [0, 1],
      [0, 3],
      [1, 5],
    ]);
  });

  it('a rejection to a chosen step makes the resubmission start there', () => {
    const s = replayAudit([submit(), approve(1), approve(2), approve(3), reject(4, 2), submit()]);
    expect([s.value, s.context.step, s.context.approvals]).toEqual(['reviewing', 1, []]);
    const back = replayAudit([submit(), approve(1), approve(2), approve(3), reject(5, 1), submit()]);
    expect([back.value, back.context.step]).toEqual(['reviewing', 0]);
  });

  it('editing content in review withdraws it; the next submission starts from the first step', () => {
    const s = replayAudit([submit(), approve(1), approve(2), approve(3), { type: 'audit.withdraw', by: EDITOR }]);
    expect(s.value).toBe('draft');
    expect(replayAudit([submit(), approve(1), approve(2), approve(3), { type: 'audit.withdraw', by: EDITOR }, submit()]).context.step).toBe(0);
  });

  it('a flow without steps publishes directly', () => {
    expect(replayAudit([submit([])]).value).toBe('published');
  });

  it('replay names the first refused event and why', () => {
    const cases: [AuditEvent[], number, string][] = [
      [[submit(), approve(6)], 1, 'notReviewer'],
      [[submit(), approve(4)], 1, 'notReviewer'],
      [[submit(), approve(1), approve(1)], 2, 'alreadyApproved'],
      [[submit(), reject(1, 1, '')], 1, 'commentRequired'],
      [[submit(), reject(1, 2)], 1, 'badStep'],
      [[approve(1)], 0, 'notInReview'],
      [[submit(), submit()], 1, 'inReview'],
    ];
    for (const [events, index, reason] of cases) {
      let error: unknown;
      try {
        replayAudit(events);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AuditReplayError);
      expect(error).toMatchObject({ index, reason });
    }
  });
});

describe('views that only hold a stored audit state ask the chart', () => {
  it('content in review cannot be submitted again; draft, rejected and published content can', () => {
    expect(canSubmit(auditAt('reviewing'))).toBe(false);
    for (const state of ['draft', 'rejected', 'published']) expect(canSubmit(auditAt(state))).toBe(true);
  });

  it('in review and sent back say more than the publishing status; draft and published do not', () => {
    expect(['draft', 'reviewing', 'rejected', 'published'].filter((s) => isOutstanding(auditAt(s)))).toEqual(['reviewing', 'rejected']);
    expect(['draft', 'reviewing', 'rejected', 'published'].filter((s) => isInReview(auditAt(s)))).toEqual(['reviewing']);
  });

  it('the resolved state agrees with replaying the stored history to it', () => {
    const reviewing = replayAudit([{ type: 'audit.submit', by: EDITOR, steps: TWO_STEPS }]);
    expect(canSubmit(auditAt(reviewing.value))).toBe(reviewing.can({ type: 'audit.submit', by: EDITOR, steps: TWO_STEPS }));
    expect(auditAt('something else').value).toBe('draft');
  });
});

describe('audit chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
