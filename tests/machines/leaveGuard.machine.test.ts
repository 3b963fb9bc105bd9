import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { droppedBy, holdsUnsavedWork, leaveGuardMachine, type Leave, type LeaveGuardEvent } from '../../machines/leaveGuard.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof leaveGuardMachine>;

const EDIT = '/updateContent';
const EDIT_AT = '/updateContent?id=7';
const LIST = '/Content/index';

const leaves: Leave[] = [
  { kind: 'navigate', to: LIST },
  { kind: 'navigate', to: EDIT_AT },
  { kind: 'navigate', to: LIST, close: [EDIT] },
  { kind: 'tabs', event: { type: 'tab.close', path: EDIT }, drops: [EDIT] },
  { kind: 'tabs', event: { type: 'tab.close', path: LIST }, drops: [LIST] },
  { kind: 'history', to: LIST },
];

const EVENTS: LeaveGuardEvent[] = [
  { type: 'form.dirty', path: EDIT, at: EDIT_AT },
  { type: 'form.clean', path: EDIT },
  ...leaves.map((leave) => ({ type: 'leave.request' as const, leave })),
  { type: 'leave.confirm' },
  { type: 'leave.cancel' },
];

const coverage = trackTransitions(leaveGuardMachine);
const start = () => startRecorded(leaveGuardMachine, ['proceed', 'restore', 'discard'], coverage);

function oracle({ before, after, event, effects }: StepCheck<Snapshot, LeaveGuardEvent>) {
  expect(after.hasTag('confirming')).toBe(after.context.pending !== null);
  expect(after.can({ type: 'leave.confirm' })).toBe(after.hasTag('confirming'));
  switch (event.type) {
    case 'form.dirty':
      expect(after.context.forms[event.path]).toBe(event.at);
      expect(effects).toEqual([]);
      break;
    case 'form.clean':
      expect(after.context.forms).not.toHaveProperty(event.path);
      expect(effects).toEqual([]);
      break;
    case 'leave.request': {
      const drops = droppedBy(before.context.forms, event.leave);
      if (before.hasTag('confirming')) {
        // Already asking: only a back/forward is undone again.
        expect(after.context).toEqual(before.context);
        expect(effects).toEqual(event.leave.kind === 'history' ? [{ type: 'restore', params: { to: before.context.forms[before.context.dropping[0]!] } }] : []);
      } else if (drops.length) {
        // Unsaved work in the way: nothing happens until the user answers.
        expect(after.hasTag('confirming')).toBe(true);
        expect(after.context.dropping).toEqual(drops);
        expect(effects).toEqual(event.leave.kind === 'history' ? [{ type: 'restore', params: { to: before.context.forms[drops[0]!] } }] : []);
      } else {
        expect(after.hasTag('confirming')).toBe(false);
        // The browser's back/forward already happened; anything else is performed now.
        expect(effects).toEqual(event.leave.kind === 'history' ? [] : [{ type: 'proceed', params: { leave: event.leave } }]);
      }
      break;
    }
    case 'leave.confirm':
      if (!before.hasTag('confirming')) {
        expect(effects).toEqual([]);
        break;
      }
      expect(effects).toEqual([
        { type: 'proceed', params: { leave: before.context.pending } },
        { type: 'discard', params: { paths: before.context.dropping } },
      ]);
      for (const p of before.context.dropping) expect(after.context.forms).not.toHaveProperty(p);
      break;
    case 'leave.cancel':
      expect(effects).toEqual([]);
      expect(after.context.forms).toEqual(before.context.forms);
      expect(after.hasTag('confirming')).toBe(false);
      break;
  }
}

describe('leave guard chart, every path of the model', () => {
  const model = createTestModel(leaveGuardMachine, {
    events: coverage.examples(EVENTS),
    serializeState: serializeTransition,
    limit: 100_000,
  });
  for (const path of model.getShortestPaths()) {
    it(describePath(path), () => walkPath(path, () => start(), oracle));
  }
});

describe('leave guard chart, what a user sees leaving unsaved work', () => {
  it('leaving a changed article for the list waits; keep editing stays, discard goes and remounts the editor', () => {
    const { actor, take } = start();
    actor.send({ type: 'form.dirty', path: EDIT, at: EDIT_AT });
    actor.send({ type: 'leave.request', leave: { kind: 'navigate', to: LIST } });
    expect(take()).toEqual([]);
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    actor.send({ type: 'leave.cancel' });
    expect(take()).toEqual([]);
    actor.send({ type: 'leave.request', leave: { kind: 'navigate', to: LIST } });
    actor.send({ type: 'leave.confirm' });
    expect(take()).toEqual([
      { type: 'proceed', params: { leave: { kind: 'navigate', to: LIST } } },
      { type: 'discard', params: { paths: [EDIT] } },
    ]);
    expect(holdsUnsavedWork(actor.getSnapshot().context)).toBe(false);
  });

  it('the browser’s back from a changed form puts the form’s address back while asking', () => {
    const { actor, take } = start();
    actor.send({ type: 'form.dirty', path: EDIT, at: EDIT_AT });
    actor.send({ type: 'leave.request', leave: { kind: 'history', to: LIST } });
    expect(take()).toEqual([{ type: 'restore', params: { to: EDIT_AT } }]);
    actor.send({ type: 'leave.confirm' });
    expect(take().map((c) => c.type)).toEqual(['proceed', 'discard']);
  });

  it('back with nothing unsaved needs nothing (the browser already went); back again while asked is undone again', () => {
    const { actor, take } = start();
    actor.send({ type: 'leave.request', leave: { kind: 'history', to: LIST } });
    expect(take()).toEqual([]);
    actor.send({ type: 'form.dirty', path: EDIT, at: EDIT_AT });
    actor.send({ type: 'leave.request', leave: { kind: 'navigate', to: LIST } });
    actor.send({ type: 'leave.request', leave: { kind: 'history', to: '/' } });
    expect(take()).toEqual([{ type: 'restore', params: { to: EDIT_AT } }]);
    expect(actor.getSnapshot().context.pending).toEqual({ kind: 'navigate', to: LIST });
  });

  it('moving within the form’s own address, or with nothing unsaved, asks nothing', () => {
    const { actor, take } = start();
    actor.send({ type: 'leave.request', leave: { kind: 'navigate', to: LIST } });
    expect(take()).toEqual([{ type: 'proceed', params: { leave: { kind: 'navigate', to: LIST } } }]);
    actor.send({ type: 'form.dirty', path: EDIT, at: EDIT_AT });
    actor.send({ type: 'leave.request', leave: { kind: 'navigate', to: EDIT_AT } });
    expect(take()).toEqual([{ type: 'proceed', params: { leave: { kind: 'navigate', to: EDIT_AT } } }]);
    // Closing another tab drops nothing unsaved.
    actor.send({ type: 'leave.request', leave: { kind: 'tabs', event: { type: 'tab.close', path: LIST }, drops: [LIST] } });
    expect(take()).toHaveLength(1);
  });

  it('after saving (the form reports clean) nothing asks, and the browser has nothing to warn about', () => {
    const { actor, take } = start();
    actor.send({ type: 'form.dirty', path: EDIT, at: EDIT_AT });
    expect(holdsUnsavedWork(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'form.clean', path: EDIT });
    expect(holdsUnsavedWork(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'leave.request', leave: { kind: 'navigate', to: LIST, close: [EDIT] } });
    expect(take().map((c) => c.type)).toEqual(['proceed']);
  });
});

describe('leave guard chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
