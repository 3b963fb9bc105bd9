import type { JobProgressEvent, JobStatus } from '../../../machines/job.machine';
import type { Job } from '../../../models/job';

// The one progress actor: it follows any number of job ids with a single poll loop (one read per
// followed job per round, GET /job/read in the app) and delivers `job.update` / `job.followFailed` to
// each job's subscribers. A job is dropped once it ends or cannot be read; the loop stops when nothing
// is followed and starts again with the next follow. No view hook keeps a timer of its own.

export type JobListener = (event: JobProgressEvent) => void;

export interface JobProgressOptions {
  /** Reads one job (the app: GET /job/read). */
  read: (jobId: number) => Promise<Job>;
  /** The pause between two rounds. */
  intervalMs: number;
  messageOf?: (error: unknown) => string;
}

export interface JobProgress {
  /** Follows a job; returns the unsubscribe (idempotent). */
  follow(jobId: number, listener: JobListener): () => void;
  /** The job ids followed now. */
  following(): number[];
  /** Whether another round will read: one is scheduled, or one is under way for jobs still followed. */
  polling(): boolean;
}

const ENDED: ReadonlySet<JobStatus> = new Set(['done', 'failed', 'cancelled']);
const defaultMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createJobProgress({ read, intervalMs, messageOf = defaultMessage }: JobProgressOptions): JobProgress {
  const listeners = new Map<number, Set<JobListener>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inRound = false;

  const schedule = () => {
    if (timer === undefined && !inRound && listeners.size > 0) timer = setTimeout(round, intervalMs);
  };

  const readOne = async (jobId: number): Promise<JobProgressEvent> => {
    try {
      const job = await read(jobId);
      return { type: 'job.update', status: job.status, progress: job.progress, result: job.result, error: job.error || null };
    } catch (e) {
      return { type: 'job.followFailed', message: messageOf(e) };
    }
  };

  async function round() {
    timer = undefined;
    inRound = true;
    try {
      await Promise.all(
        [...listeners.keys()].map(async (jobId) => {
          const event = await readOne(jobId);
          const subscribers = listeners.get(jobId);
          if (!subscribers) return; // unfollowed while the read was under way
          if (event.type === 'job.followFailed' || ENDED.has(event.status)) listeners.delete(jobId);
          for (const listener of [...subscribers]) listener(event);
        }),
      );
    } finally {
      inRound = false;
      schedule();
    }
  }

  return {
    follow(jobId, listener) {
      const subscribers = listeners.get(jobId) ?? new Set<JobListener>();
      subscribers.add(listener);
      listeners.set(jobId, subscribers);
      schedule();
      return () => {
        const current = listeners.get(jobId);
        if (!current?.delete(listener)) return;
        if (current.size === 0) listeners.delete(jobId);
        if (listeners.size === 0 && timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
    following: () => [...listeners.keys()],
    polling: () => timer !== undefined || (inRound && listeners.size > 0),
  };
}
