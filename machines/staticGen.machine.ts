import { assign, setup } from 'xstate';
import type { StaticGenResult, StaticScope } from '../models/staticGen';

// Static generation (/StaticFile/index): choose a scope (the whole site, a column, chosen content), start a
// run (POST /staticFile/generate → a job), follow it until it is done, failed or cancelled, cancel while it
// runs, then start again. The app provides startGen (→ gen.started / gen.failed), pollJob (after a pause,
// GET /job/read → job.update / poll.failed), cancelJob (POST /job/cancel; → cancel.failed when refused) and
// finished (reload the last runs).

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface StaticGenContext {
  scope: StaticScope;
  categoryId: number | null;
  ids: number[];
  jobId: number | null;
  progress: number;
  result: StaticGenResult | null;
  error: string | null;
}

export type StaticGenEvent =
  | { type: 'scope.change'; scope?: StaticScope; categoryId?: number | null; ids?: number[] }
  | { type: 'gen.start' }
  | { type: 'gen.started'; jobId: number }
  | { type: 'gen.failed'; message: string }
  | { type: 'job.update'; status: JobStatus; progress: number; result?: StaticGenResult | null; error?: string }
  | { type: 'poll.failed'; message: string }
  | { type: 'gen.cancel' }
  | { type: 'cancel.failed'; message: string }
  | { type: 'gen.reset' };

export interface StartParams {
  scope: StaticScope;
  category_id?: number;
  ids?: number[];
}

const initial: StaticGenContext = { scope: 'site', categoryId: null, ids: [], jobId: null, progress: 0, result: null, error: null };

type Update = Extract<StaticGenEvent, { type: 'job.update' }>;
const progressOf = ({ event }: { event: StaticGenEvent }) => (event as Update).progress;

/** The request body for the chosen scope. */
export const startParams = (c: StaticGenContext): StartParams =>
  c.scope === 'column' ? { scope: 'column', category_id: c.categoryId! } : c.scope === 'content' ? { scope: 'content', ids: c.ids } : { scope: 'site' };

export const staticGenMachine = setup({
  types: { context: {} as StaticGenContext, events: {} as StaticGenEvent },
  actions: {
    startGen: (_, _params: StartParams) => {},
    pollJob: (_, _params: { jobId: number }) => {},
    cancelJob: (_, _params: { jobId: number }) => {},
    finished: (_, _params: { status: JobStatus }) => {},
  },
  guards: {
    canStart: ({ context }) =>
      context.scope === 'site' || (context.scope === 'column' && context.categoryId !== null) || (context.scope === 'content' && context.ids.length > 0),
    jobDone: ({ event }) => (event as Update).status === 'done',
    jobFailed: ({ event }) => (event as Update).status === 'failed',
    jobCancelled: ({ event }) => (event as Update).status === 'cancelled',
  },
}).createMachine({
  id: 'staticGen',
  context: initial,
  initial: 'idle',
  states: {
    idle: {
      tags: ['editable'],
      on: {
        'scope.change': {
          actions: assign(({ context, event }) => ({
            scope: event.scope ?? context.scope,
            categoryId: event.categoryId !== undefined ? event.categoryId : context.categoryId,
            ids: event.ids ?? context.ids,
            error: null,
          })),
        },
        'gen.start': {
          guard: 'canStart',
          target: 'starting',
          actions: [assign({ error: null, result: null, progress: 0 }), { type: 'startGen', params: ({ context }) => startParams(context) }],
        },
      },
    },
    starting: {
      tags: ['busy'],
      on: {
        'gen.started': {
          target: 'running',
          actions: [assign({ jobId: ({ event }) => event.jobId, progress: 0 }), { type: 'pollJob', params: ({ event }) => ({ jobId: event.jobId }) }],
        },
        'gen.failed': { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    running: {
      tags: ['busy', 'progress', 'cancellable'],
      on: {
        'job.update': [
          { guard: 'jobDone', target: 'done' },
          { guard: 'jobFailed', target: 'failed', actions: assign({ progress: progressOf, error: ({ event }) => event.error ?? null }) },
          { guard: 'jobCancelled', target: 'cancelled', actions: assign({ progress: progressOf, result: ({ event }) => event.result ?? null }) },
          { actions: [assign({ progress: progressOf }), { type: 'pollJob', params: ({ context }) => ({ jobId: context.jobId! }) }] },
        ],
        'poll.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        'gen.cancel': { target: 'cancelling', actions: { type: 'cancelJob', params: ({ context }) => ({ jobId: context.jobId! }) } },
      },
    },
    cancelling: {
      tags: ['busy', 'progress'],
      on: {
        'job.update': [
          { guard: 'jobDone', target: 'done' },
          { guard: 'jobFailed', target: 'failed', actions: assign({ progress: progressOf, error: ({ event }) => event.error ?? null }) },
          { guard: 'jobCancelled', target: 'cancelled', actions: assign({ progress: progressOf, result: ({ event }) => event.result ?? null }) },
          { actions: [assign({ progress: progressOf }), { type: 'pollJob', params: ({ context }) => ({ jobId: context.jobId! }) }] },
        ],
        'poll.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        // Refused (the job had just ended): keep following it.
        'cancel.failed': { target: 'running', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    done: {
      tags: ['finished', 'succeeded'],
      entry: [assign({ progress: 100, result: ({ event }) => (event as Update).result ?? null, error: null }), { type: 'finished', params: { status: 'done' as const } }],
      on: { 'gen.reset': 'idle' },
    },
    failed: { tags: ['finished', 'failed'], entry: { type: 'finished', params: { status: 'failed' as const } }, on: { 'gen.reset': 'idle' } },
    cancelled: { tags: ['finished', 'cancelled'], entry: { type: 'finished', params: { status: 'cancelled' as const } }, on: { 'gen.reset': 'idle' } },
  },
});
