import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { registerJob } from '../../server/jobs/runner';
import { createJobProgress, type JobListener } from '../../src/app/jobs/jobProgress';
import type { JobProgressEvent } from '../../machines/job.machine';
import type { Job } from '../../models/job';

// The client's one progress actor, following real server jobs through GET /job/read.

let t: TestApp;
let token: string;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  token = await t.login();
  adminId = (await t.client(token).get<{ id: number }>('/admin/current')).data.id;
  registerJob('progress.wait', async (ctx) => {
    while (!ctx.cancelled()) await ctx.progress(1, 2);
    return { stopped: true };
  });
  registerJob('progress.count', async (ctx) => {
    for (let i = 1; i <= 3; i++) await ctx.progress(i, 3);
    return { counted: 3 };
  });
  registerJob('progress.fail', async () => {
    throw new Error('disk full');
  });
});
afterAll(() => t?.close());

/** The progress actor over real HTTP; `reads` lists the job ids read, in order. */
function progressOverHttp() {
  const reads: number[] = [];
  const progress = createJobProgress({
    intervalMs: 10,
    read: async (id) => {
      reads.push(id);
      const res = await t.client(token).get<Job>('/job/read', { id });
      if (res.code !== 0) throw new Error(res.msg);
      return res.data;
    },
  });
  return { progress, reads };
}

/** Follows a job and collects what it is told, until it is told it ended or cannot be followed. */
function follow(progress: ReturnType<typeof createJobProgress>, jobId: number) {
  const events: JobProgressEvent[] = [];
  let listener: JobListener = () => {};
  const ended = new Promise<JobProgressEvent>((resolve) => {
    listener = (event) => {
      events.push(event);
      if (event.type === 'job.followFailed' || ['done', 'failed', 'cancelled'].includes(event.status)) resolve(event);
    };
  });
  const unfollow = progress.follow(jobId, listener);
  return { events, ended, unfollow, sawRunning: () => events.some((e) => e.type === 'job.update' && e.status === 'running') };
}

const enqueue = (kind: string) => t.app.ctx.jobs.enqueue(kind, {}, { createdBy: adminId });

describe('the job progress actor', () => {
  it('one poll loop follows several jobs and tells each how it ended', async () => {
    const { progress, reads } = progressOverHttp();
    const waiting = await enqueue('progress.wait');
    const queued = await enqueue('progress.count'); // runs once the first one is cancelled
    const a = follow(progress, waiting);
    const b = follow(progress, queued);
    const alsoA = follow(progress, waiting); // a second view on the same job costs no extra read
    expect(progress.following()).toEqual([waiting, queued]);

    // Wait until the first job is seen running (and the second still queued), then cancel it.
    await expect.poll(() => a.sawRunning(), { timeout: 10_000, interval: 20 }).toBe(true);
    await expect.poll(() => reads.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(6);
    expect(b.events.at(-1)).toMatchObject({ type: 'job.update', status: 'queued' });
    expect((await t.client(token).post('/job/cancel', { id: waiting })).code).toBe(0);

    expect(await a.ended).toMatchObject({ type: 'job.update', status: 'cancelled', result: { stopped: true } });
    expect(await alsoA.ended).toEqual(await a.ended);
    expect(await b.ended).toMatchObject({ type: 'job.update', status: 'done', progress: 100, result: { counted: 3 } });
    expect(a.events).toEqual(alsoA.events);

    // One loop: while both were followed, every round read each job exactly once, in turn.
    const bothFollowed = reads.slice(0, reads.lastIndexOf(waiting) + 1);
    expect(bothFollowed.length).toBeGreaterThanOrEqual(5);
    bothFollowed.forEach((id, i) => expect(id).toBe(i % 2 === 0 ? waiting : queued));
    // Nothing followed any more: the loop has stopped.
    expect(progress.following()).toEqual([]);
    expect(progress.polling()).toBe(false);
  });

  it('delivers a failed job with its error, and an unreadable job as followFailed', async () => {
    const { progress } = progressOverHttp();
    const failing = await enqueue('progress.fail');
    const failed = follow(progress, failing);
    const missing = follow(progress, 999_999);
    expect(await failed.ended).toMatchObject({ type: 'job.update', status: 'failed', error: 'disk full' });
    expect(await missing.ended).toMatchObject({ type: 'job.followFailed', message: expect.any(String) });
    expect(missing.events).toHaveLength(1);
    expect(progress.polling()).toBe(false);
  });

  it('stops polling when the last follower leaves, and starts again with the next', async () => {
    const { progress, reads } = progressOverHttp();
    const id = await enqueue('progress.count');
    const first = follow(progress, id);
    expect(progress.polling()).toBe(true);
    first.unfollow();
    first.unfollow(); // idempotent
    expect(progress.following()).toEqual([]);
    expect(progress.polling()).toBe(false);
    expect(reads).toEqual([]);

    const again = follow(progress, id);
    expect(await again.ended).toMatchObject({ status: 'done' });
    expect(first.events).toEqual([]);
    expect(progress.polling()).toBe(false);
  });
});
