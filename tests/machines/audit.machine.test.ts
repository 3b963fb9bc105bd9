import { describe, expect, it } from 'vitest';
import { auditAt, auditMachine, AuditReplayError, canSubmit, isInReview, isOutstanding, replayAudit } from '../../machines/audit.machine';
import type { AuditEvent } from '../../models/audit';
import { auditModelTests, EDITOR, TWO_STEPS } from './audit.model';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';

const coverage = trackTransitions(auditMachine);

describe('audit chart, every path of the model', () => {
  const tests = auditModelTests(auditMachine, coverage);
  it('the model has paths to walk', () => expect(tests.length).toBeGreaterThan(40));
  for (const test of tests) it(test.name, test.run);
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
