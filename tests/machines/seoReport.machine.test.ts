import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import fc from 'fast-check';
import { createActor, type SnapshotFrom } from 'xstate';
import { canCancelReport, isReportFinished, replaySeoReport, SeoReportReplayError, seoReportMachine, seoReportState } from '../../machines/seoReport.machine';
import type { SeoReportEvent } from '../../models/seoReport';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { describePath, serializeTransition, startRecorded, walkPath, type StepCheck } from './harness';

type Snapshot = SnapshotFrom<typeof seoReportMachine>;

const coverage = trackTransitions(seoReportMachine);
const start = () => startRecorded(seoReportMachine, [], coverage);

// Valid and invalid payloads of every event: the guards keep a report's numbers sane.
const EVENTS: SeoReportEvent[] = [
  { type: 'report.progress', checked: 10, total: 40 },
  { type: 'report.progress', checked: 50, total: 40 },
  { type: 'report.complete', score: 87, pages: 40 },
  { type: 'report.complete', score: 140, pages: 40 },
  { type: 'report.fail', message: 'render failed' },
  { type: 'report.cancel', by: 3 },
];

/** A followed run (the public state `testing`), read from the chart's own states. */
const testing = (s: Snapshot) => s.matches('following');

function oracle({ before, after, event }: StepCheck<Snapshot, SeoReportEvent>) {
  // The job lifecycle's tags: testing is a followed run that may be cancelled, or exactly one ending.
  expect(after.hasTag('cancellable')).toBe(testing(after));
  expect([after.hasTag('succeeded'), after.hasTag('failed'), after.hasTag('cancelled')].filter(Boolean)).toHaveLength(after.hasTag('finished') ? 1 : 0);
  // Testing, or exactly one ending; only a testing report may be cancelled; a score only once completed.
  expect(seoReportState(after)).toBe(testing(after) ? 'testing' : after.matches('done') ? 'completed' : String(after.value));
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
      } else expect(testing(after)).toBe(true);
      return;
    case 'report.fail':
      expect(seoReportState(after)).toBe('failed');
      return expect(after.context.error).toBe(event.message);
    case 'report.cancel':
      expect(seoReportState(after)).toBe('cancelled');
      return expect(after.context.cancelledBy).toBe(event.by);
  }
}

describe('diagnosis report chart, every path of the model', () => {
  const model = createTestModel(seoReportMachine, { events: coverage.examples(EVENTS), serializeState: serializeTransition, limit: 1000 });
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(describePath(path), () => walkPath(path, start, oracle));
  }
});

describe('diagnosis report replay', () => {
  it('a report replayed from its events is testing, then completed with its score', () => {
    const snapshot = replaySeoReport([
      { type: 'report.progress', checked: 10, total: 30 },
      { type: 'report.complete', score: 72, pages: 30 },
    ]);
    expect(seoReportState(snapshot)).toBe('completed');
    expect(snapshot.context.score).toBe(72);
    expect(isReportFinished(snapshot)).toBe(true);
  });

  it('replay refuses the first event the chart does not accept, naming its index', () => {
    const events: SeoReportEvent[] = [{ type: 'report.cancel', by: 1 }, { type: 'report.complete', score: 50, pages: 3 }];
    expect(() => replaySeoReport(events)).toThrow(SeoReportReplayError);
    try {
      replaySeoReport(events);
    } catch (err) {
      expect((err as SeoReportReplayError).index).toBe(1);
    }
  });
});

// What the client's chart shows and what the server derives by replay agree on every history: the server keeps
// only the events the chart accepts (it answers 409 to the others), the client sees every event sent.
const anyEvent: fc.Arbitrary<SeoReportEvent> = fc.oneof(
  fc.record({ type: fc.constant('report.progress' as const), checked: fc.integer({ min: -2, max: 60 }), total: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ type: fc.constant('report.complete' as const), score: fc.integer({ min: -5, max: 120 }), pages: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ type: fc.constant('report.fail' as const), message: fc.string({ maxLength: 8 }) }),
  fc.record({ type: fc.constant('report.cancel' as const), by: fc.integer({ min: 1, max: 9 }) }),
);

describe('client and server replay agree', () => {
  it('the live chart and the replay of the accepted events reach the same state and context', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 12 }), (events) => {
        const live = createActor(seoReportMachine).start();
        const stored: SeoReportEvent[] = [];
        for (const event of events) {
          if (live.getSnapshot().can(event)) stored.push(event);
          live.send(event);
        }
        const replayed = replaySeoReport(stored);
        expect(replayed.value).toEqual(live.getSnapshot().value);
        expect(replayed.context).toEqual(live.getSnapshot().context);
        live.stop();
      }),
      { numRuns: 300 },
    );
  });
});

describe('diagnosis report chart coverage', () => {
  it('walks every transition the chart declares', () => assertEveryTransitionWalked(coverage));
});
