import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { editorSourceMachine, type EditorSourceEvent } from '../../machines/editorSource.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import { EVENTS } from './examples/editorSource.examples';

type Snapshot = SnapshotFrom<typeof editorSourceMachine>;

const coverage = trackTransitions(editorSourceMachine);
const start = () => startRecorded(editorSourceMachine, ['draftChanged', 'applySource'], coverage);

function sourceOracle({ before, after, event, effects }: StepCheck<Snapshot, EditorSourceEvent>) {
  expect(after.hasTag('source')).toBe(after.matches('source'));
  expect(after.hasTag('rich')).toBe(after.matches('rich'));
  expect(after.can({ type: 'source.edit', html: 'x' })).toBe(after.matches('source'));
  if (event.type === ('xstate.init' as string) || !before.can(event)) return expect(effects).toEqual([]);
  switch (event.type) {
    case 'source.open':
      expect(after.context.draft).toBe(event.html);
      return expect(effects).toEqual([]);
    case 'source.edit':
      // Every edit is reported, so saving while in source view keeps it.
      expect(after.context.draft).toBe(event.html);
      return expect(effects).toEqual([{ type: 'draftChanged', params: { html: event.html } }]);
    case 'source.close':
      expect(after.matches('rich')).toBe(true);
      return expect(effects).toEqual([{ type: 'applySource', params: { html: before.context.draft } }]);
  }
}

describe('source view chart, every path of the model', () => {
  const model = createTestModel(editorSourceMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 1000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, sourceOracle));
  }
});

describe('source view chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
