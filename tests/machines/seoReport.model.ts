import { expect } from 'vitest';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { canCancelReport, type seoReportMachine, seoReportState } from '../../machines/seoReport.machine';
import type { SeoReportEvent } from '../../models/seoReport';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';
import type { ModelSuite } from './mutation';
import { EVENTS } from './examples/seoReport.examples';

// The diagnosis report chart's model-based tests, shared by its test file and the mutation check.

type Snapshot = SnapshotFrom<typeof seoReportMachine>;

/** A followed run (the public state `testing`), read from the chart's own states. */
const testing = (s: Snapshot) => s.matches('following');

function oracle({ before, after, event }: StepCheck<Snapshot, SeoReportEvent>) {
  // The job lifecycle's tags: testing is a followed run that may be cancelled, or exactly one ending.
  expect(after.hasTag('cancellable')).toBe(testing(after));
  expect([after.hasTag('succeeded'), after.hasTag('failed'), after.hasTag('cancelled')].filter(Boolean)).toHaveLength(after.hasTag('finished') ? 1 : 0);
  expect(seoReportState(after)).toBe(testing(after) ? 'testing' : after.matches('done') ? 'completed' : String(after.value));
  // Testing, or exactly one ending; only a testing report may be cancelled; a score only once completed.
  expect(after.hasTag('finished')).toBe(!testing(after));
  expect(canCancelReport(after)).toBe(testing(after));
  expect(after.context.score !== null).toBe(after.matches('done'));
  if (event.type === ('xstate.init' as string)) return;
  if (!testing(before)) {
    // An ended report accepts nothing: the server answers 409.
    expect(before.can(event)).toBe(false);
    return expect(after.value).toEqual(before.value);
  }
  switch (event.type) {
    case 'report.progress':
      expect(testing(after)).toBe(true);
      if (event.checked <= event.total) expect([after.context.checked, after.context.total]).toEqual([event.checked, event.total]);
      else expect(after.context).toEqual(before.context);
      return;
    case 'report.complete':
      if (event.score <= 100) {
        expect(seoReportState(after)).toBe('completed');
        expect([after.context.score, after.context.pages]).toEqual([event.score, event.pages]);
        // Every page scored counts as checked, even when the last progress was not reported.
        expect([after.context.checked, after.context.total]).toEqual([
          Math.max(before.context.checked, event.pages),
          Math.max(before.context.total, event.pages),
        ]);
      } else expect(after.context).toEqual(before.context);
      return;
    case 'report.fail':
      expect(seoReportState(after)).toBe('failed');
      return expect(after.context.error).toBe(event.message);
    case 'report.cancel':
      expect(seoReportState(after)).toBe('cancelled');
      return expect(after.context.cancelledBy).toBe(event.by);
  }
}

/** Every shortest path of the model (duplicates allowed: each event from each state). */
export const seoReportModelTests: ModelSuite<typeof seoReportMachine> = (machine, coverage) => {
  const model = createTestModel(machine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 1000 });
  return model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => ({
    name: describePath(path),
    run: () => walkPath(path, () => startRecorded(machine, [], coverage), oracle),
  }));
};
