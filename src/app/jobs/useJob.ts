import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useChart } from '../useChart';
import { jobMachine, type JobMachine, type JobOutcome } from '../../../machines/job.machine';
import { cancelJob, jobProgress } from './jobApi';
import type { JobProgress } from './jobProgress';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface UseJobOptions<P, R> {
  /** Starts the job (POST the kind's route) and resolves to its id. */
  start: (params: P) => Promise<number>;
  /** The run ended: reload what it changed, tell the admin. */
  onFinished?: (status: JobOutcome, result: R | null, error: string | null) => void;
  /** The progress actor (tests may pass their own). */
  progress?: JobProgress;
}

/**
 * Connects a view to one job kind: the shared job chart, started through `start`, followed through the
 * app's one progress actor, cancelled through POST /job/cancel.
 */
export function useJob<P, R>(options: UseJobOptions<P, R>) {
  const latest = useRef(options);
  latest.current = options;
  const unfollow = useRef<(() => void) | undefined>(undefined);
  const actor = useChart(
    (jobMachine as unknown as JobMachine<P, R>).provide({
      actions: {
        startJob: (_, { params }) => {
          latest.current
            .start(params)
            .then((jobId) => actor.send({ type: 'job.started', jobId }))
            .catch((e: unknown) => actor.send({ type: 'job.startFailed', message: messageOf(e) }));
        },
        follow: (_, { jobId }) => {
          unfollow.current?.();
          unfollow.current = (latest.current.progress ?? jobProgress).follow(jobId, (event) => actor.send(event as never));
        },
        unfollow: () => {
          unfollow.current?.();
          unfollow.current = undefined;
        },
        cancelJob: (_, { jobId }) => {
          cancelJob(jobId).catch((e: unknown) => actor.send({ type: 'job.cancelFailed', message: messageOf(e) }));
        },
        finished: (_, { status, result, error }) => latest.current.onFinished?.(status, result, error),
      },
    }),
  );
  // The view went away mid-run: stop following (the job itself keeps running on the server).
  useEffect(() => () => unfollow.current?.(), []);
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  return {
    /** Nothing started yet (or reset): the form may be edited. */
    idle: state.hasTag('idle'),
    /** Starting, running or being cancelled. */
    busy: state.hasTag('busy'),
    /** Waiting for the job id. */
    starting: state.hasTag('starting'),
    /** Started and followed (running or being cancelled): show the progress. */
    running: state.hasTag('progress'),
    cancelling: state.hasTag('cancelling'),
    cancellable: state.can({ type: 'job.cancel' }),
    finished: state.hasTag('finished'),
    succeeded: state.hasTag('succeeded'),
    failed: state.hasTag('failed'),
    cancelled: state.hasTag('cancelled'),
    canStart: state.can({ type: 'job.start', params: undefined as P }),
    canReset: state.can({ type: 'job.reset' }),
    jobId: context.jobId,
    progress: context.progress,
    result: context.result,
    error: context.error,
    start: (params: P) => actor.send({ type: 'job.start', params }),
    cancel: () => actor.send({ type: 'job.cancel' }),
    reset: () => actor.send({ type: 'job.reset' }),
  };
}

export type JobView<P, R> = ReturnType<typeof useJob<P, R>>;
