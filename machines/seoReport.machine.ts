import { createActor, setup, type SnapshotFrom } from 'xstate';
import type { SeoReportEvent, SeoReportState } from '../models/seoReport';
import { jobLifecycle } from './jobLifecycle';

// A diagnosis report's lifecycle (spec §4: testing, then completed): the shared job lifecycle (jobLifecycle.ts,
// the states and tags of job.machine.ts) driven by the report's own events. The server stores a report's events
// and derives its state by replaying them through this chart; an event the chart refuses answers 409. The client
// asks the same chart what may happen (cancel while testing).
//
// following.running --report.progress(checked, total)--> following.running (the crawl moved on)
// following --report.complete(score, pages)--> done
// following --report.fail(message)--> failed
// following --report.cancel(by)--> cancelled (at once: the job stops at its next page; no cancelling stage)
// done | failed | cancelled accept nothing more (not final states: the client's actor keeps answering `can`).
// The public state (models/seoReport.ts) is read from the tags: testing, completed, failed, cancelled.

export interface SeoReportContext {
  checked: number;
  total: number;
  score: number | null;
  pages: number;
  error: string;
  cancelledBy: number;
}

export const initialSeoReportContext: SeoReportContext = { checked: 0, total: 0, score: null, pages: 0, error: '', cancelledBy: 0 };

type E<T extends SeoReportEvent['type']> = Extract<SeoReportEvent, { type: T }>;

const report = setup({
  types: { context: {} as SeoReportContext, events: {} as SeoReportEvent },
  guards: {
    validProgress: ({ event }) => {
      const e = event as E<'report.progress'>;
      return Number.isInteger(e.checked) && Number.isInteger(e.total) && e.checked >= 0 && e.checked <= e.total;
    },
    validScore: ({ event }) => {
      const e = event as E<'report.complete'>;
      return Number.isInteger(e.score) && e.score >= 0 && e.score <= 100 && Number.isInteger(e.pages) && e.pages >= 0;
    },
  },
});

export const seoReportMachine = report.createMachine({
  id: 'seoReport',
  context: initialSeoReportContext,
  initial: 'following',
  states: jobLifecycle({
    following: report.createStateConfig({
      on: {
        'report.complete': {
          guard: 'validScore',
          target: 'done',
          actions: report.assign(({ context, event }) => {
            const e = event as E<'report.complete'>;
            return { score: e.score, pages: e.pages, checked: Math.max(context.checked, e.pages), total: Math.max(context.total, e.pages) };
          }),
        },
        'report.fail': { target: 'failed', actions: report.assign({ error: ({ event }) => (event as E<'report.fail'>).message }) },
        'report.cancel': { target: 'cancelled', actions: report.assign({ cancelledBy: ({ event }) => (event as E<'report.cancel'>).by }) },
      },
    }),
    running: report.createStateConfig({
      on: {
        'report.progress': {
          guard: 'validProgress',
          actions: report.assign(({ event }) => ({ checked: (event as E<'report.progress'>).checked, total: (event as E<'report.progress'>).total })),
        },
      },
    }),
    done: {},
    failed: {},
    cancelled: {},
  }),
});

export type SeoReportSnapshot = SnapshotFrom<typeof seoReportMachine>;

/** The report's public state, from the lifecycle's tags. */
export const seoReportState = (snapshot: SeoReportSnapshot): SeoReportState =>
  snapshot.hasTag('succeeded') ? 'completed' : snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('cancelled') ? 'cancelled' : 'testing';

/** Thrown by replaySeoReport at the first event the chart refuses. */
export class SeoReportReplayError extends Error {
  constructor(
    readonly index: number,
    readonly event: SeoReportEvent,
  ) {
    super(`seo report event ${index} (${event.type}) refused`);
  }
}

/** Replays stored events from testing; every event must be accepted. */
export function replaySeoReport(events: readonly SeoReportEvent[]): SeoReportSnapshot {
  const actor = createActor(seoReportMachine).start();
  events.forEach((event, index) => {
    if (!actor.getSnapshot().can(event)) throw new SeoReportReplayError(index, event);
    actor.send(event);
  });
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

/** May the report still be cancelled? */
export const canCancelReport = (snapshot: SeoReportSnapshot) => snapshot.can({ type: 'report.cancel', by: 0 });
/** Is the diagnosis still under way (testing)? */
export const isReportTesting = (snapshot: SeoReportSnapshot) => !snapshot.hasTag('finished');
/** Is the diagnosis over (completed, failed or cancelled)? */
export const isReportFinished = (snapshot: SeoReportSnapshot) => snapshot.hasTag('finished');
