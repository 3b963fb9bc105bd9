import { assign, setup } from 'xstate';

// Copying a column subtree to another site or parent (POST /category/copy → a job). The dialog picks the
// target, the copy starts, then the job is polled until it is done, failed or cancelled; the admin may
// cancel while it runs. The app provides startCopy (→ copy.started / copy.failed), pollJob (after a pause,
// GET /job/read → job.update / poll.failed), cancelJob (POST /job/cancel; → cancel.failed when refused)
// and copied (tell the admin, reload the columns).

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface CopyContext {
  source: { id: number; title: string } | null;
  targetSiteId: number | null;
  targetParentId: number;
  withContent: boolean;
  jobId: number | null;
  progress: number;
  result: Record<string, unknown> | null;
  error: string | null;
}

export type CopyEvent =
  | { type: 'copy.open'; source: { id: number; title: string }; siteId: number | null }
  | { type: 'target.change'; siteId?: number; parentId?: number; withContent?: boolean }
  | { type: 'copy.submit' }
  | { type: 'copy.started'; jobId: number }
  | { type: 'copy.failed'; message: string }
  | { type: 'job.update'; status: JobStatus; progress: number; result?: Record<string, unknown> | null; error?: string }
  | { type: 'poll.failed'; message: string }
  | { type: 'copy.cancel' }
  | { type: 'cancel.failed'; message: string }
  | { type: 'copy.close' };

const initial: CopyContext = { source: null, targetSiteId: null, targetParentId: 0, withContent: true, jobId: null, progress: 0, result: null, error: null };

type Update = Extract<CopyEvent, { type: 'job.update' }>;
const progressOf = ({ event }: { event: CopyEvent }) => (event as Update).progress;

export const categoryCopyMachine = setup({
  types: { context: {} as CopyContext, events: {} as CopyEvent },
  actions: {
    startCopy: (_, _params: { id: number; target_site_id: number; target_parent_id: number; with_content: boolean }) => {},
    pollJob: (_, _params: { jobId: number }) => {},
    cancelJob: (_, _params: { jobId: number }) => {},
    copied: (_, _params: { targetSiteId: number; result: Record<string, unknown> | null }) => {},
  },
  guards: {
    hasTarget: ({ context }) => context.source !== null && context.targetSiteId !== null,
    jobDone: ({ event }) => (event as Update).status === 'done',
    jobFailed: ({ event }) => (event as Update).status === 'failed',
    jobCancelled: ({ event }) => (event as Update).status === 'cancelled',
  },
}).createMachine({
  id: 'categoryCopy',
  context: initial,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'copy.open': {
          target: 'choosing',
          actions: assign(({ event }) => ({ ...initial, source: event.source, targetSiteId: event.siteId })),
        },
      },
    },
    choosing: {
      tags: ['open', 'editable'],
      on: {
        'target.change': {
          actions: assign(({ context, event }) => {
            const siteChanged = event.siteId !== undefined && event.siteId !== context.targetSiteId;
            return {
              targetSiteId: event.siteId ?? context.targetSiteId,
              // A parent belongs to its site: a new site starts at its top level.
              targetParentId: siteChanged ? 0 : (event.parentId ?? context.targetParentId),
              withContent: event.withContent ?? context.withContent,
              error: null,
            };
          }),
        },
        'copy.submit': {
          guard: 'hasTarget',
          target: 'starting',
          actions: [
            assign({ error: null }),
            {
              type: 'startCopy',
              params: ({ context }) => ({
                id: context.source!.id,
                target_site_id: context.targetSiteId!,
                target_parent_id: context.targetParentId,
                with_content: context.withContent,
              }),
            },
          ],
        },
        'copy.close': 'closed',
      },
    },
    starting: {
      tags: ['open', 'busy'],
      on: {
        'copy.started': {
          target: 'running',
          actions: [assign({ jobId: ({ event }) => event.jobId, progress: 0 }), { type: 'pollJob', params: ({ event }) => ({ jobId: event.jobId }) }],
        },
        'copy.failed': { target: 'choosing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    running: {
      tags: ['open', 'busy', 'progress', 'cancellable'],
      on: {
        'job.update': [
          { guard: 'jobDone', target: 'done' },
          { guard: 'jobFailed', target: 'failed', actions: assign({ progress: progressOf, error: ({ event }) => event.error ?? null }) },
          { guard: 'jobCancelled', target: 'cancelled', actions: assign({ progress: progressOf }) },
          { actions: [assign({ progress: progressOf }), { type: 'pollJob', params: ({ context }) => ({ jobId: context.jobId! }) }] },
        ],
        'poll.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        'copy.cancel': { target: 'cancelling', actions: { type: 'cancelJob', params: ({ context }) => ({ jobId: context.jobId! }) } },
      },
    },
    cancelling: {
      tags: ['open', 'busy', 'progress'],
      on: {
        'job.update': [
          { guard: 'jobDone', target: 'done' },
          { guard: 'jobFailed', target: 'failed', actions: assign({ progress: progressOf, error: ({ event }) => event.error ?? null }) },
          { guard: 'jobCancelled', target: 'cancelled', actions: assign({ progress: progressOf }) },
          { actions: [assign({ progress: progressOf }), { type: 'pollJob', params: ({ context }) => ({ jobId: context.jobId! }) }] },
        ],
        'poll.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
        // Refused (the job had just ended): keep following it.
        'cancel.failed': { target: 'running', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    done: {
      tags: ['open', 'finished', 'succeeded'],
      entry: [
        assign({ progress: 100, result: ({ event }) => (event as Update).result ?? null, error: null }),
        { type: 'copied', params: ({ context }) => ({ targetSiteId: context.targetSiteId!, result: context.result }) },
      ],
      on: { 'copy.close': 'closed' },
    },
    failed: { tags: ['open', 'finished', 'failed'], on: { 'copy.close': 'closed' } },
    cancelled: { tags: ['open', 'finished', 'cancelled'], on: { 'copy.close': 'closed' } },
  },
});
