import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { storageTestMachine, type StorageTestEvent } from '../../machines/storageTest.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { VALUES, EVENTS } from './examples/storageTest.examples';

type Snapshot = SnapshotFrom<typeof storageTestMachine>;

const coverage = trackTransitions(storageTestMachine);
const start = () => startRecorded(storageTestMachine, ['runTest'], coverage);

function oracle({ before, after, event, effects }: StepCheck<Snapshot, StorageTestEvent>) {
  const busy = after.hasTag('busy');
  // One answer at a time: testing, passed, failed or nothing yet.
  expect([busy, after.hasTag('passed'), after.hasTag('failed')].filter(Boolean).length).toBeLessThanOrEqual(1);
  expect(after.context.message !== null).toBe(after.hasTag('passed') || after.hasTag('failed'));
  // A second test cannot start while one runs.
  expect(after.can({ type: 'test.run', values: VALUES })).toBe(!busy);
  if (event.type === ('xstate.init' as string) || !before.can(event)) {
    expect(after.value).toEqual(before.value);
    return expect(effects).toEqual([]);
  }
  switch (event.type) {
    case 'test.run':
      expect(busy).toBe(true);
      return expect(effects).toEqual([{ type: 'runTest', params: { values: event.values } }]);
    case 'test.passed':
      expect(after.hasTag('passed')).toBe(true);
      expect(after.context.message).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'test.failed':
      expect(after.hasTag('failed')).toBe(true);
      expect(after.context.message).toBe(event.message);
      return expect(effects).toEqual([]);
    case 'settings.changed':
      expect(after.matches('idle')).toBe(true);
      return expect(effects).toEqual([]);
  }
}

describe('storage connection test chart, every path of the model', () => {
  const model = createTestModel(storageTestMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 1000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, oracle));
  }
});

describe('storage connection test, what an admin sees', () => {
  it('a failed test says why, and editing a field clears the stale answer', () => {
    const { actor, take } = start();
    actor.send({ type: 'test.run', values: VALUES });
    expect(take()).toEqual([{ type: 'runTest', params: { values: VALUES } }]);
    actor.send({ type: 'test.failed', message: 'access denied' });
    expect(actor.getSnapshot().context.message).toBe('access denied');
    actor.send({ type: 'settings.changed' });
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('an answer that arrives when no test runs is ignored', () => {
    const { actor } = start();
    actor.send({ type: 'test.passed', message: 'late' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});

describe('storage connection test chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
