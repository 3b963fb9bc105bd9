import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { isReportFinished, replaySeoReport, SeoReportReplayError, seoReportMachine, seoReportState } from '../../machines/seoReport.machine';
import type { SeoReportEvent } from '../../models/seoReport';
import { assertEveryTransitionWalked, trackTransitions } from './coverage';
import { seoReportModelTests } from './seoReport.model';

const coverage = trackTransitions(seoReportMachine);

describe('diagnosis report chart, every path of the model', () => {
  for (const test of seoReportModelTests(seoReportMachine, coverage)) it(test.name, test.run);
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
