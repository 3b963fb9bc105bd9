import { describe, expect, it } from 'vitest';
import { holdsUnsavedWork, leaveGuardMachine } from '../../machines/leaveGuard.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { startRecorded } from './harness';
import { EDIT, EDIT_AT, EFFECTS, leaveGuardModelTests, LIST } from './leaveGuard.model';

const coverage = trackTransitions(leaveGuardMachine);
const start = () => startRecorded(leaveGuardMachine, EFFECTS, coverage);

describe('leave guard chart, every path of the model', () => {
  for (const test of leaveGuardModelTests(leaveGuardMachine, coverage)) it(test.name, test.run);
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
