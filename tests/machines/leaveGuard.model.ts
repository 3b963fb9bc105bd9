import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { droppedBy, type leaveGuardMachine, type LeaveGuardEvent } from '../../machines/leaveGuard.machine';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { EVENTS } from './examples/leaveGuard.examples';
export { EDIT, EDIT_AT, LIST } from './examples/leaveGuard.examples';

// The leave guard chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof leaveGuardMachine>;

export const EFFECTS = ['proceed', 'restore', 'discard'] as const;

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

/** Every shortest path of the model. */
export const leaveGuardModelTests: ModelSuite<typeof leaveGuardMachine> = (machine, coverage) => {
  const model = createTestModel(machine, {
    events: coverage.examples(EVENTS),
    serializeState: serializeTransition,
    limit: 100_000,
  });
  return model.getShortestPaths().map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, EFFECTS, coverage), oracle),
  }));
};
