import { assign, setup } from 'xstate';
import { jobLifecycle } from './jobLifecycle';

// One background job's lifecycle, shared by every job kind (static generation, column copy, SEO crawl…):
// start it (→ a job id), follow its progress until it is done, failed or cancelled, cancel while it runs,
// then reset for another run. The app provides, per kind:
//   startJob({params})    POST the kind's start route → job.started {jobId} | job.startFailed {message}
//   follow({jobId})       subscribe to the shared progress actor → job.update … | job.followFailed {message}
//   unfollow({jobId})     stop listening (idempotent; also done by the app when the view goes away)
//   cancelJob({jobId})    POST /job/cancel; refused → job.cancelFailed {message}
//   finished({status, result, error})  the run ended (reload lists, tell the admin)
// The chart holds no timers and no HTTP: progress arrives as events.

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type JobOutcome = 'done' | 'failed' | 'cancelled';

export interface JobContext<P, R> {
  /** What the last run was started with. */
  params: P | null;
  jobId: number | null;
  /** 0–100 */
  progress: number;
  result: R | null;
  error: string | null;
}

export type JobUpdate<R = unknown> = { type: 'job.update'; status: JobStatus; progress: number; result?: R | null; error?: string | null };

export type JobEvent<P = unknown, R = unknown> =
  | { type: 'job.start'; params: P }
  | { type: 'job.started'; jobId: number }
  | { type: 'job.startFailed'; message: string }
  | JobUpdate<R>
  | { type: 'job.followFailed'; message: string }
  | { type: 'job.cancel' }
  | { type: 'job.cancelFailed'; message: string }
  | { type: 'job.reset' };

/** The events the shared progress actor delivers to a followed job. */
export type JobProgressEvent<R = unknown> = JobUpdate<R> | { type: 'job.followFailed'; message: string };

/** The job chart for one kind's start params P and result R. */
export function createJobMachine<P, R>() {
  type Update = JobUpdate<R>;
  type JobFailure = Extract<JobProgressEvent, { type: 'job.followFailed' }>;
  const progressOf = ({ event }: { event: JobEvent<P, R> }) => (event as Update).progress;
  const cleared = assign<JobContext<P, R>, JobEvent<P, R>, undefined, JobEvent<P, R>, never>({ jobId: null, progress: 0, result: null, error: null });
  const jobIdOf = ({ context }: { context: JobContext<P, R> }) => ({ jobId: context.jobId! });
  const outcome = (status: JobOutcome) => ({
    type: 'finished' as const,
    params: ({ context }: { context: JobContext<P, R> }) => ({ status, result: context.result, error: context.error }),
  });
  const job = setup({
    types: { context: {} as JobContext<P, R>, events: {} as JobEvent<P, R> },
    actions: {
      startJob: (_, _params: { params: P }) => {},
      follow: (_, _params: { jobId: number }) => {},
      unfollow: (_, _params: { jobId: number }) => {},
      cancelJob: (_, _params: { jobId: number }) => {},
      finished: (_, _params: { status: JobOutcome; result: R | null; error: string | null }) => {},
    },
    guards: {
      jobDone: ({ event }) => (event as Update).status === 'done',
      jobFailed: ({ event }) => (event as Update).status === 'failed',
      jobCancelled: ({ event }) => (event as Update).status === 'cancelled',
    },
  });
  const ended = (status: JobOutcome) => job.createStateConfig({ entry: outcome(status), on: { 'job.reset': { target: 'idle', actions: cleared } } });
  return job.createMachine({
    id: 'job',
    context: { params: null, jobId: null, progress: 0, result: null, error: null },
    initial: 'idle',
    states: {
      idle: {
        tags: ['idle'],
        on: {
          // Forget the last refusal (the admin changed the form, closed the dialog).
          'job.reset': { actions: cleared },
          'job.start': {
            target: 'starting',
            actions: [
              assign({ params: ({ event }) => event.params, jobId: null, progress: 0, result: null, error: null }),
              { type: 'startJob', params: ({ event }) => ({ params: event.params }) },
            ],
          },
        },
      },
      starting: {
        tags: ['busy', 'starting'],
        on: {
          'job.started': { target: 'following', actions: assign({ jobId: ({ event }) => event.jobId, progress: 0 }) },
          'job.startFailed': { target: 'idle', actions: assign({ error: ({ event }) => event.message }) },
        },
      },
      // The shared lifecycle (jobLifecycle.ts), driven by the progress actor's job.update.
      ...jobLifecycle({
        // Running or being cancelled: the job is followed until it ends, whatever the admin does meanwhile.
        following: job.createStateConfig({
          entry: { type: 'follow', params: jobIdOf },
          exit: { type: 'unfollow', params: jobIdOf },
          on: {
            'job.update': [
              { guard: 'jobDone', target: 'done', actions: job.assign({ progress: 100, result: ({ event }) => (event as Update).result ?? null, error: null }) },
              { guard: 'jobFailed', target: 'failed', actions: job.assign({ progress: progressOf, error: ({ event }) => (event as Update).error || null }) },
              { guard: 'jobCancelled', target: 'cancelled', actions: job.assign({ progress: progressOf, result: ({ event }) => (event as Update).result ?? null }) },
              { actions: job.assign({ progress: progressOf }) },
            ],
            'job.followFailed': { target: 'failed', actions: job.assign({ error: ({ event }) => (event as JobFailure).message }) },
          },
        }),
        running: job.createStateConfig({
          on: { 'job.cancel': { target: 'cancelling', actions: { type: 'cancelJob', params: jobIdOf } } },
        }),
        // Refused (the job had just ended): keep following it.
        cancelling: job.createStateConfig({ on: { 'job.cancelFailed': { target: 'running', actions: assign({ error: ({ event }) => event.message }) } } }),
        done: ended('done'),
        failed: ended('failed'),
        cancelled: ended('cancelled'),
      }),
    },
  });
}

export type JobMachine<P = unknown, R = unknown> = ReturnType<typeof createJobMachine<P, R>>;

/** The job chart; `useJob` narrows it to a kind's params and result. */
export const jobMachine: JobMachine = createJobMachine<unknown, unknown>();
