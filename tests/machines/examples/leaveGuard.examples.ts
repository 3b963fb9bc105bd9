import { leaveGuardMachine, type Leave, type LeaveGuardEvent } from '../../../machines/leaveGuard.machine';
import { defineExamples } from './chart';

// The example events of the leaveGuard chart: its model-based test walks them and `npm run paths` prints them.

export const EDIT = '/updateContent';
export const EDIT_AT = '/updateContent?id=7';
export const LIST = '/Content/index';

export const leaves: Leave[] = [
  { kind: 'navigate', to: LIST },
  { kind: 'navigate', to: EDIT_AT },
  { kind: 'navigate', to: LIST, close: [EDIT] },
  { kind: 'tabs', event: { type: 'tab.close', path: EDIT }, drops: [EDIT] },
  { kind: 'tabs', event: { type: 'tab.close', path: LIST }, drops: [LIST] },
  { kind: 'history', to: LIST },
];

export const EVENTS: LeaveGuardEvent[] = [
  { type: 'form.dirty', path: EDIT, at: EDIT_AT },
  { type: 'form.clean', path: EDIT },
  ...leaves.map((leave) => ({ type: 'leave.request' as const, leave })),
  { type: 'leave.confirm' },
  { type: 'leave.cancel' },
];

export const leaveGuardExamples = defineExamples({
  machine: leaveGuardMachine,
  events: EVENTS,
});
