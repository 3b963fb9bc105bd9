import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { jobs, scheduleRuns } from '../db/schema/index';
import type { Db, Executor } from '../db/client';
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

/** How long a schedule's claimed firings are kept (longer than any schedule's period). */
const SCHEDULE_RUNS_KEEP_DAYS = 40;

/**
 * Issue 17: claims one firing of a schedule for the whole cluster. Every server's timer asks; the one whose insert
 * lands runs the firing, the others skip it. `slot` names the firing (e.g. the last run it follows and the period).
 */
export async function claimScheduleSlot(db: Executor, name: string, slot: string): Promise<boolean> {
  const rows = await db.insert(scheduleRuns).values({ name, slot }).onConflictDoNothing().returning({ name: scheduleRuns.name });
  if (!rows.length) return false;
  // A slot names its period, which never comes back: the schedule's old firings are forgotten (the table stays small).
  await db.delete(scheduleRuns).where(and(eq(scheduleRuns.name, name), lt(scheduleRuns.createdAt, sql`now() - make_interval(days => ${SCHEDULE_RUNS_KEEP_DAYS})`)));
  return true;
}

/** The period a time falls in, for a schedule that fires every `periodMs` (a slot's second half). */
export const schedulePeriod = (now: number, periodMs: number) => String(Math.floor(now / Math.max(1, periodMs)));

export interface JobRunnerOptions {
  /**
   * No other server can share the database (PGlite is embedded in one process): the runner takes only the jobs this
   * process queued, and a start fails every unfinished job (whoever ran it is gone). Otherwise (PostgreSQL) any
   * server takes any queued job, and only a job whose lease expired is failed.
   */
  exclusive?: boolean;
  /** How long a claim holds without renewal: a server killed mid-job has its job failed within about this. */
  leaseMs?: number;
  /** How often start()'s loop looks for queued jobs, cancels asked elsewhere and expired leases. */
  pollMs?: number;
}

/** A claim holds this long without renewal; the running server renews it every third of it. */
export const JOB_LEASE_MS = 30_000;
export const JOB_POLL_MS = 500;
/** The expired-lease check runs every this many polls. */
const REAP_EVERY = 4;

const ACTIVE = ['queued', 'running'];

/**
 * Runs jobs one at a time per server, off the request path: a request only enqueues and answers with the job id;
 * the admin polls GET /job/read for progress and may cancel.
 *
 * Issue 17, a durable queue in the jobs table: a server claims the oldest queued job with
 * `SELECT ... FOR UPDATE SKIP LOCKED` inside the claiming UPDATE (no new dependency, PostgreSQL and PGlite alike), so
 * two servers never claim one job. The claim records the server (`locked_by`) and a lease (`lease_until`) that the
 * running server renews; every write the runner makes to a running job is conditional on still holding it. Cancel
 * from any server sets `cancel_requested`, which the running server reads at its next poll or progress write. A job
 * whose lease expired (its server died) is failed ('interrupted'), not re-queued: handlers (a restore, a mail pull,
 * a publish) are not all safe to run twice from the start after a partial run; the admin starts it again.
 */
export class JobRunner {
  /** This server's id in `locked_by` (random per start). */
  readonly serverId = randomUUID();
  private running = false;
  /** An enqueue or poll asked for a claim while the drain was claiming: it claims once more before ending. */
  private again = false;
  /** Ids this process queued that it has not seen finish (whenIdle waits for them). */
  private mine = new Set<number>();
  private cancelRequested = new Set<number>();
  private idle: Promise<void> = Promise.resolve();
  private release: () => void = () => {};
  /** Set when the server closes: no new job starts, the running one stops at its next step. */
  private stopping = false;
  /** The job this server runs now, and whether it lost its claim (its lease expired and another server failed it). */
  private current: { id: number; lost: boolean; renewedAt: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  private ticking = false;
  private readonly exclusive: boolean;
  private readonly leaseMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
    opts: JobRunnerOptions = {},
  ) {
    this.exclusive = opts.exclusive ?? false;
    this.leaseMs = opts.leaseMs ?? JOB_LEASE_MS;
    this.pollMs = opts.pollMs ?? JOB_POLL_MS;
  }

  private lease() {
    return sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
  }

  /**
   * At start: jobs left unfinished by a server that is gone are marked failed. Alone on the database, that is every
   * queued or running job; in a cluster, only running jobs whose lease expired (or that never had one), since the
   * others belong to live servers and queued jobs are simply taken by the next free server.
   */
  async recover() {
    const stale = this.exclusive
      ? inArray(jobs.status, ACTIVE)
      : and(eq(jobs.status, 'running'), or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, sql`now()`)));
    await this.db.update(jobs).set({ status: 'failed', error: JOB_INTERRUPTED, finishedAt: new Date(), leaseUntil: null }).where(stale);
  }

  /** Starts the poll loop (cluster only: alone on the database, local enqueues start every run). */
  start() {
    if (this.exclusive || this.timer || this.stopping) return;
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  /**
   * The server is closing (SIGTERM): the running job finishes its current step and is marked failed
   * ('interrupted'), unless it completes first; queued jobs stay queued (another server takes them, or alone on the
   * database recover() fails them at the next start). Resolves once nothing runs.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.whenIdle();
  }

  async enqueue(kind: string, payload: Record<string, unknown>, meta: { siteId?: number | null; createdBy?: number } = {}): Promise<number> {
    if (!handlers.has(kind)) throw new Error(`No job handler for ${kind}`);
    const [row] = await this.db
      .insert(jobs)
      .values({ kind, payload, siteId: meta.siteId ?? null, createdBy: meta.createdBy ?? null })
      .returning({ id: jobs.id });
    this.mine.add(row!.id);
    this.kick();
    return row!.id;
  }

  /** Cancels from any server: a queued job at once, a running one at its server's next step. */
  async cancel(id: number): Promise<boolean> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    if (!row || !ACTIVE.includes(row.status)) return false;
    if (row.status === 'queued') {
      const done = await this.db
        .update(jobs)
        .set({ status: 'cancelled', cancelRequested: true, finishedAt: new Date() })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      if (done.length) {
        this.mine.delete(id);
        return true;
      }
      // Claimed meanwhile: cancel it as a running job.
    }
    const asked = await this.db
      .update(jobs)
      .set({ cancelRequested: true })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    if (this.current?.id === id) this.cancelRequested.add(id);
    return asked.length > 0;
  }

  /** Resolves when every job this process queued has finished (here or on another server) and nothing runs here. */
  async whenIdle(): Promise<void> {
    for (;;) {
      if (this.running) await this.idle;
      if (this.stopping || this.mine.size === 0) return;
      const open = await this.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inArray(jobs.id, [...this.mine]), inArray(jobs.status, ACTIVE)));
      const still = new Set(open.map((r) => r.id));
      for (const id of this.mine) if (!still.has(id)) this.mine.delete(id);
      if (!still.size) return;
      if (this.running) continue;
      // Running on another server (or about to be claimed): look again shortly.
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Starts a drain unless one runs; a drain under way claims once more before it ends. */
  private kick() {
    this.again = true;
    if (this.running || this.stopping) return;
    // Marked before the drain starts, so a second enqueue joins this drain instead of starting another.
    this.running = true;
    this.idle = new Promise((resolve) => (this.release = resolve));
    setImmediate(() => void this.drain());
  }

  private async tick() {
    if (this.ticking || this.stopping) return;
    this.ticking = true;
    try {
      if (this.current) await this.heartbeat();
      if (++this.ticks % REAP_EVERY === 0) await this.reap();
      this.kick();
    } catch (err) {
      this.log('job runner poll failed', err);
    } finally {
      this.ticking = false;
    }
  }

  /** Renews the running job's lease (every third of it) and reads whether a cancel was asked from any server. */
  private async heartbeat() {
    const cur = this.current!;
    const held = and(eq(jobs.id, cur.id), eq(jobs.lockedBy, this.serverId), eq(jobs.status, 'running'));
    let rows: { cancelRequested: boolean }[];
    if (Date.now() - cur.renewedAt >= this.leaseMs / 3) {
      rows = await this.db.update(jobs).set({ leaseUntil: this.lease() }).where(held).returning({ cancelRequested: jobs.cancelRequested });
      if (rows.length) cur.renewedAt = Date.now();
    } else {
      rows = await this.db.select({ cancelRequested: jobs.cancelRequested }).from(jobs).where(held);
    }
    if (!rows.length) cur.lost = true;
    else if (rows[0]!.cancelRequested) this.cancelRequested.add(cur.id);
  }

  /** Fails the running jobs whose lease expired: their server died or lost the database. */
  private async reap() {
    const reaped = await this.db
      .update(jobs)
      .set({ status: 'failed', error: JOB_INTERRUPTED, finishedAt: new Date(), leaseUntil: null })
      .where(and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, sql`now()`)))
      .returning({ id: jobs.id });
    for (const { id } of reaped) this.log(`job ${id} failed: its server stopped renewing its lease`);
  }

  /** Claims the oldest queued job this server can run; two servers never claim the same one (SKIP LOCKED). */
  private async claim(): Promise<JobRow | null> {
    const kinds = [...handlers.keys()];
    if (!kinds.length) return null;
    if (this.exclusive && !this.mine.size) return null;
    const next = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, kinds), this.exclusive ? inArray(jobs.id, [...this.mine]) : undefined))
      .orderBy(jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    // Claimed in one statement: a job still queued may be changed until then (a republish merges more items into
    // it), and the payload run is the one it had when claimed. `id = (scalar subquery)` is evaluated once; an
    // `id IN (... LIMIT 1)` may be re-run per row and claim several jobs at once.
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'running', startedAt: new Date(), lockedBy: this.serverId, leaseUntil: this.lease() })
      .where(and(eq(jobs.id, sql`(${next})`), eq(jobs.status, 'queued')))
      .returning();
    return row ?? null;
  }

  private async drain() {
    try {
      while (!this.stopping) {
        this.again = false;
        const row = await this.claim();
        if (!row) {
          if (this.again) continue;
          break;
        }
        await this.run(row);
      }
    } catch (err) {
      this.log('job runner failed to claim a job', err);
    } finally {
      this.running = false;
      this.release();
    }
  }

  private async run(row: JobRow) {
    const id = row.id;
    const cur: { id: number; lost: boolean; renewedAt: number } = { id, lost: false, renewedAt: Date.now() };
    this.current = cur;
    if (row.cancelRequested) this.cancelRequested.add(id);
    const handler = handlers.get(row.kind)!;
    /** Every write to the job is conditional on this server still holding it. */
    const held = and(eq(jobs.id, id), eq(jobs.lockedBy, this.serverId), eq(jobs.status, 'running'));
    let written = { progress: row.progress, total: row.total };
    /** The handler asked whether to stop after the server began closing, and was told to: it stopped early. */
    let stoppedEarly = false;
    const ctx: JobContext = {
      id,
      payload: row.payload,
      db: this.db,
      progress: async (done, total) => {
        const progress = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
        // Written when the bar moves (a percent or a new total), not on every step of a long job; renews the lease.
        if (progress !== written.progress || total !== written.total) {
          written = { progress, total };
          const [r] = await this.db
            .update(jobs)
            .set({ progress, total, leaseUntil: this.lease() })
            .where(held)
            .returning({ cancelRequested: jobs.cancelRequested });
          if (!r) cur.lost = true;
          else {
            cur.renewedAt = Date.now();
            if (r.cancelRequested) this.cancelRequested.add(id);
          }
        }
        await yieldToRequests();
      },
      cancelled: () => {
        if (cur.lost || this.cancelRequested.has(id)) return true;
        if (this.stopping) stoppedEarly = true;
        return this.stopping;
      },
    };
    try {
      try {
        const result = await handler(ctx);
        const cancelled = this.cancelRequested.has(id);
        if (stoppedEarly && !cancelled) {
          // Stopped by the shutdown at a step boundary: not the admin's cancel, not done.
          await this.db.update(jobs).set({ status: 'failed', error: JOB_INTERRUPTED, finishedAt: new Date(), leaseUntil: null }).where(held);
          return;
        }
        await this.db
          .update(jobs)
          .set({ status: cancelled ? 'cancelled' : 'done', progress: cancelled ? row.progress : 100, result, finishedAt: new Date(), leaseUntil: null })
          .where(held);
      } catch (err) {
        this.log(`job ${id} (${row.kind}) failed`, err);
        const error = stoppedEarly ? JOB_INTERRUPTED : (storageErrorKey(err) ?? (err instanceof Error ? err.message.slice(0, 500) : String(err)));
        await this.db.update(jobs).set({ status: 'failed', error, finishedAt: new Date(), leaseUntil: null }).where(held);
      }
    } catch (err) {
      // The database is gone (this server lost it): the lease expires and another server fails the job.
      this.log(`job ${id} (${row.kind}): could not record its end`, err);
    } finally {
      this.cancelRequested.delete(id);
      this.mine.delete(id);
      this.current = null;
    }
  }
}
