import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../db/schema/index';
import type { Db } from '../db/client';
import { isMessageKey, translate } from '../i18n/messages';
import type { Language } from '../../models/language';

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  id: number;
  payload: Record<string, unknown>;
  db: Db;
  /** Records progress (0-100 derived from done/total) so the admin's progress bar moves. */
  progress(done: number, total: number): Promise<void>;
  /** True once someone asked to cancel: the handler stops at its next step. */
  cancelled(): boolean;
}

/** The error of a job the server's stop or restart interrupted (GET /job/read answers it in the caller's language). */
export const JOB_INTERRUPTED = 'interrupted';

/**
 * A job that failed on the file system (disk full, a folder it may not write) records a message key, not the
 * system's message (which names server paths): GET /job/read answers it in the caller's language.
 */
export function storageErrorKey(err: unknown): 'job.noSpace' | 'job.unwritable' | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'job.noSpace';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EISDIR') return 'job.unwritable';
  return null;
}

/** A job's recorded error as the admin reads it: the runner's own keys in the caller's language, others as recorded. */
export function jobErrorText(lang: Language, error: string): string {
  if (error === JOB_INTERRUPTED) return translate(lang, 'job.interrupted');
  if (error.startsWith('job.') && isMessageKey(error)) return translate(lang, error);
  return error;
}

export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;

const handlers = new Map<string, JobHandler>();

/** Declares what a kind of job does; handlers register when their module loads. */
export function registerJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

/** Yields to the event loop so requests are served between a job's steps. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs jobs one at a time, off the request path: a request only enqueues and answers with the job id;
 * the admin polls GET /job/read for progress and may cancel.
 */
export class JobRunner {
  private queue: number[] = [];
  private running = false;
  private cancelRequested = new Set<number>();
  private idle: Promise<void> = Promise.resolve();
  private release: () => void = () => {};
  /** Set when the server closes: no new job starts, the running one stops at its next step. */
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /** Jobs that were running when the server stopped did not finish: mark them failed. */
  async recover() {
    await this.db
      .update(jobs)
      .set({ status: 'failed', error: JOB_INTERRUPTED, finishedAt: new Date() })
      .where(inArray(jobs.status, ['queued', 'running']));
  }

  /**
   * The server is closing (SIGTERM): the running job finishes its current step and is marked failed
   * ('interrupted'), unless it completes first; queued jobs stay queued and recover() fails them at the next start.
   * Resolves once nothing runs.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue = [];
    await this.whenIdle();
  }

  async enqueue(kind: string, payload: Record<string, unknown>, meta: { siteId?: number | null; createdBy?: number } = {}): Promise<number> {
    if (!handlers.has(kind)) throw new Error(`No job handler for ${kind}`);
    const [row] = await this.db
      .insert(jobs)
      .values({ kind, payload, siteId: meta.siteId ?? null, createdBy: meta.createdBy ?? null })
      .returning({ id: jobs.id });
    this.queue.push(row!.id);
    if (!this.running && !this.stopping) {
      // Marked before the drain starts, so a second enqueue joins this drain instead of starting another.
      this.running = true;
      this.idle = new Promise((resolve) => (this.release = resolve));
      setImmediate(() => void this.drain());
    }
    return row!.id;
  }

  async cancel(id: number): Promise<boolean> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    if (!row || !['queued', 'running'].includes(row.status)) return false;
    this.cancelRequested.add(id);
    if (row.status === 'queued') {
      this.queue = this.queue.filter((q) => q !== id);
      await this.db.update(jobs).set({ status: 'cancelled', finishedAt: new Date() }).where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
    }
    return true;
  }

  /** Resolves when the queue is empty (tests, shutdown). */
  whenIdle(): Promise<void> {
    return this.running || this.queue.length ? this.idle : Promise.resolve();
  }

  private async drain() {
    try {
      for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) await this.run(id);
    } finally {
      this.running = false;
      this.release();
    }
  }

  private async run(id: number) {
    // Claimed in one statement: a job still queued may be changed until then (a republish merges more items into
    // it), and the payload run is the one it had when claimed.
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'running', startedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning();
    if (!row) return;
    const handler = handlers.get(row.kind)!;
    let written = { progress: row.progress, total: row.total };
    /** The handler asked whether to stop after the server began closing, and was told to: it stopped early. */
    let stoppedEarly = false;
    const ctx: JobContext = {
      id,
      payload: row.payload,
      db: this.db,
      progress: async (done, total) => {
        const progress = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
        // Written when the bar moves (a percent or a new total), not on every step of a long job.
        if (progress !== written.progress || total !== written.total) {
          written = { progress, total };
          await this.db.update(jobs).set({ progress, total }).where(eq(jobs.id, id));
        }
        await yieldToRequests();
      },
      cancelled: () => {
        if (this.cancelRequested.has(id)) return true;
        if (this.stopping) stoppedEarly = true;
        return this.stopping;
      },
    };
    try {
      const result = await handler(ctx);
      const cancelled = this.cancelRequested.has(id);
      if (stoppedEarly && !cancelled) {
        // Stopped by the shutdown at a step boundary: not the admin's cancel, not done.
        await this.db.update(jobs).set({ status: 'failed', error: JOB_INTERRUPTED, finishedAt: new Date() }).where(eq(jobs.id, id));
        return;
      }
      await this.db
        .update(jobs)
        .set({ status: cancelled ? 'cancelled' : 'done', progress: cancelled ? row.progress : 100, result, finishedAt: new Date() })
        .where(eq(jobs.id, id));
    } catch (err) {
      this.log(`job ${id} (${row.kind}) failed`, err);
      const error = stoppedEarly ? JOB_INTERRUPTED : (storageErrorKey(err) ?? (err instanceof Error ? err.message.slice(0, 500) : String(err)));
      await this.db
        .update(jobs)
        .set({ status: 'failed', error, finishedAt: new Date() })
        .where(eq(jobs.id, id));
    } finally {
      this.cancelRequested.delete(id);
    }
  }
}
