import { auditMachine } from '../../../machines/audit.machine';
import type { AuditEvent, AuditStep } from '../../../models/audit';
import type { SnapshotFrom } from 'xstate';
import { defineExamples } from './chart';

type Snapshot = SnapshotFrom<typeof auditMachine>;

// The example events of the audit chart: its model-based test walks them and `npm run paths` prints them.


// Editor 9 submits; step 1 is a countersign of reviewers 1, 2 and 3, step 2 an either-one of 4 and 5.
// Admin 6 reviews nothing.
export const EDITOR = 9;
export const TWO_STEPS: AuditStep[] = [
  { reviewers: [1, 2, 3], mode: 'countersign' },
  { reviewers: [4, 5], mode: 'either' },
];
export const ONE_STEP: AuditStep[] = [{ reviewers: [4], mode: 'either' }];

export const EVENTS: AuditEvent[] = [
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
export const project = (s: Snapshot) => ({ steps: s.context.steps.length, step: s.context.step, approvals: s.context.approvals, resumeStep: s.context.resumeStep });

export const auditExamples = defineExamples({
  machine: auditMachine,
  project,
  events: EVENTS,
});
