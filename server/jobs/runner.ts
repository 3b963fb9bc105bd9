import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../db/schema/index';
import type { Db } from '../db/client';

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

  constructor(
    private readonly db: Db,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /** Jobs that were running when the server stopped did not finish: mark them failed. */
  async recover() {
    await this.db
      .update(jobs)
      .set({ status: 'failed', error: 'interrupted', finishedAt: new Date() })
      .where(inArray(jobs.status, ['queued', 'running']));
  }

  async enqueue(kind: string, payload: Record<string, unknown>, meta: { siteId?: number | null; createdBy?: number } = {}): Promise<number> {
    if (!handlers.has(kind)) throw new Error(`No job handler for ${kind}`);
    const [row] = await this.db
      .insert(jobs)
      .values({ kind, payload, siteId: meta.siteId ?? null, createdBy: meta.createdBy ?? null })
      .returning({ id: jobs.id });
    this.queue.push(row!.id);
    if (!this.running) {
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
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    if (!row || row.status !== 'queued') return;
    const handler = handlers.get(row.kind)!;
    await this.db.update(jobs).set({ status: 'running', startedAt: new Date() }).where(eq(jobs.id, id));
    let written = { progress: row.progress, total: row.total };
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
      cancelled: () => this.cancelRequested.has(id),
    };
    try {
      const result = await handler(ctx);
      const cancelled = this.cancelRequested.has(id);
      await this.db
        .update(jobs)
        .set({ status: cancelled ? 'cancelled' : 'done', progress: cancelled ? row.progress : 100, result, finishedAt: new Date() })
        .where(eq(jobs.id, id));
    } catch (err) {
      this.log(`job ${id} (${row.kind}) failed`, err);
      await this.db
        .update(jobs)
        .set({ status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : String(err), finishedAt: new Date() })
        .where(eq(jobs.id, id));
    } finally {
      this.cancelRequested.delete(id);
    }
  }
}
