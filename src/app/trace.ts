import type { InspectionEvent } from 'xstate';

// Event traces (issue 16). This is the part the login page carries: each chart's actor gets an `inspect`
// that does nothing while no trace is recorded, and hands its inspection events to the recorder
// (src/app/traceTools.ts, loaded when recording starts or a page error happens) otherwise. With `?trace=1`
// or a recording on in this tab, the events of the first moments wait here until the recorder has loaded.

/** The recorder's entry: an inspection event of the actor `self` (one per inspector) running `machine`. */
export type TraceTap = (ev: InspectionEvent, machine: string, input: unknown, self: object, at?: number) => void;

let tap: TraceTap | null = null;
let early: Parameters<TraceTap>[] | null = null;
const tools = () => import('./traceTools');

/** The `inspect` option for one chart's actor: `machine` is the chart, `input` what the actor is created with. */
export function traceInspector(machine: { id: string }, input?: unknown): (ev: InspectionEvent) => void {
  const self = {};
  return (ev) => (tap ? tap(ev, machine.id, input, self) : early?.push([ev, machine.id, input, self, Date.now()]));
}

/** Connects the recorder (null: none), which first gets what waited for it. */
export function connectTrace(next: TraceTap | null) {
  tap = next;
  const waited = early ?? [];
  early = null;
  if (next) waited.forEach((args) => next(...args));
}

/** Saves the error report (with the trace while one is recorded). */
export const downloadErrorReport = (error: unknown) => void tools().then((m) => m.downloadErrorReport(error));

if (typeof window !== 'undefined') {
  // A page error no error screen caught (a handler, a promise): the control offers its report.
  const failed = (error: unknown) => void tools().then((m) => m.pageError(error));
  window.addEventListener('error', (e) => failed(e.error ?? new Error(e.message)));
  window.addEventListener('unhandledrejection', (e) => failed(e.reason));
  try {
    if (new URLSearchParams(location.search).get('trace') === '1' || sessionStorage.getItem('banyan.trace')) {
      const since = Date.now();
      early = [];
      void tools().then((m) => m.startTracing(since));
    }
  } catch {
    /* no storage: not recording */
  }
}
