import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { loaderMachine, type LoaderEvent } from '../../machines/loader.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { EVENTS } from './examples/loader.examples';

type Snapshot = SnapshotFrom<typeof loaderMachine>;

const coverage = trackTransitions(loaderMachine);
const start = () => startRecorded(loaderMachine, ['fetch'], coverage);

function loaderOracle({ before, after, event, effects }: StepCheck<Snapshot, LoaderEvent>) {
  const busy = after.hasTag('busy');
  // Exactly one of the three answers a screen can show.
  expect([busy, after.hasTag('ready'), after.hasTag('failed')].filter(Boolean)).toHaveLength(1);
  expect(after.can({ type: 'reload' })).toBe(!busy);
  switch (event.type) {
    case 'loaded':
      if (before.hasTag('busy')) {
        expect(after.hasTag('ready')).toBe(true);
        expect(after.context).toEqual({ data: event.data, error: null });
      } else expect(after).toBe(before);
      expect(effects).toEqual([]);
      break;
    case 'failed':
      if (before.hasTag('busy')) {
        expect(after.hasTag('failed')).toBe(true);
        expect(after.context.error).toBe(event.message);
        // What loaded before stays on screen.
        expect(after.context.data).toEqual(before.context.data);
      } else expect(after).toBe(before);
      expect(effects).toEqual([]);
      break;
    case 'reload':
      if (before.hasTag('busy')) {
        expect(after).toBe(before);
        expect(effects).toEqual([]);
      } else {
        expect(busy).toBe(true);
        expect(effects).toEqual([{ type: 'fetch', params: null }]);
      }
      break;
  }
}

describe('loader chart, every path of the model', () => {
  const model = createTestModel(loaderMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 1000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, () => start(), loaderOracle));
  }
});

describe('loader chart, what a screen sees', () => {
  it('fetches at once, then shows the data', () => {
    const { actor, take } = start();
    expect(take()).toEqual([{ type: 'fetch', params: null }]);
    actor.send({ type: 'loaded', data: [1, 2] });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual([1, 2]);
  });

  it('a failure can be retried', () => {
    const { actor, take } = start();
    actor.send({ type: 'failed', message: 'offline' });
    take();
    actor.send({ type: 'reload' });
    expect(take()).toEqual([{ type: 'fetch', params: null }]);
    actor.send({ type: 'loaded', data: 'ok' });
    expect(actor.getSnapshot().context).toEqual({ data: 'ok', error: null });
  });
});

describe('loader chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
