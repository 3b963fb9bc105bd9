import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { contentImportMachine, type ImportEvent } from '../../machines/contentImport.machine';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeWith, startRecorded, walkPath, type StepCheck } from './harness';
import { FILE, preview, REPORT, EVENTS } from './examples/contentImport.examples';

type Snapshot = SnapshotFrom<typeof contentImportMachine>;

const coverage = trackTransitions(contentImportMachine);
const start = () => startRecorded(contentImportMachine, ['preview', 'commit', 'pollJob', 'imported'], coverage);
// The file object does not serialise: key vertices by whether one is chosen.
const serializeState = serializeWith<Snapshot>((s) => ({ ...s.context, file: s.context.file !== null }));

function oracle({ before, after, event, effects }: StepCheck<Snapshot, ImportEvent>) {
  expect(after.can({ type: 'import.commit' })).toBe(after.hasTag('editable') && (after.context.preview?.valid ?? 0) > 0);
  switch (event.type) {
    case 'file.choose':
      if (before.hasTag('editable')) expect(effects).toEqual([{ type: 'preview', params: { kind: before.context.kind, file: FILE } }]);
      break;
    case 'kind.change':
      if (before.hasTag('editable') && before.context.file) expect(effects).toEqual([{ type: 'preview', params: { kind: 'margin', file: FILE } }]);
      else expect(effects).toEqual([]);
      break;
    case 'import.commit':
      if (after.hasTag('busy') && !before.hasTag('busy')) expect(effects).toEqual([{ type: 'commit', params: { kind: before.context.kind, file: FILE } }]);
      break;
    case 'job.update':
      if (!before.hasTag('progress')) break;
      if (event.status === 'running') expect(effects).toEqual([{ type: 'pollJob', params: { jobId: 9 } }]);
      else {
        expect(after.hasTag('finished')).toBe(true);
        expect(effects).toEqual([{ type: 'imported', params: null }]);
      }
      break;
  }
}

describe('content import chart, every path of the model', () => {
  const model = createTestModel(contentImportMachine, { events: coverage.examples(EVENTS), serializeState, limit: 20_000 });
  for (const path of model.getShortestPaths()) {
    it(describePath(path), () => walkPath(path, start, oracle, (s) => ({ ...s.context, file: s.context.file !== null })));
  }
});

describe('content import chart, what an editor sees', () => {
  it('a file with no valid rows cannot be committed', () => {
    const { actor } = start();
    actor.send({ type: 'import.open' });
    actor.send({ type: 'file.choose', file: FILE });
    actor.send({ type: 'previewed', preview: preview(0) });
    expect(actor.getSnapshot().can({ type: 'import.commit' })).toBe(false);
  });

  it('a committed import is followed until its job reports', () => {
    const { actor, take } = start();
    actor.send({ type: 'import.open' });
    actor.send({ type: 'file.choose', file: FILE });
    actor.send({ type: 'previewed', preview: preview(1) });
    actor.send({ type: 'import.commit' });
    actor.send({ type: 'commit.started', jobId: 9 });
    actor.send({ type: 'job.update', status: 'done', progress: 100, report: REPORT });
    expect(actor.getSnapshot().context.report).toEqual(REPORT);
    expect(take().map((c) => c.type)).toEqual(['preview', 'commit', 'pollJob', 'imported']);
  });
});

describe('content import chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
