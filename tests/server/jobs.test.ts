import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { registerJob, JobRunner } from '../../server/jobs/runner';
import { jobs } from '../../server/db/schema/index';
import type { Job } from '../../models/job';

let t: TestApp;
let superToken: string;
let superId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  superId = (await t.client(superToken).get('/admin/current')).data.id;
  registerJob('test.count', async (ctx) => {
    const total = Number(ctx.payload.total);
    for (let i = 1; i <= total; i++) {
      if (ctx.cancelled()) return { counted: i - 1 };
      await ctx.progress(i, total);
    }
    return { counted: total };
  });
  registerJob('test.fail', async () => {
    throw new Error('disk full');
  });
  registerJob('test.wait', async (ctx) => {
    while (!ctx.cancelled()) await ctx.progress(0, 1);
    return { stopped: true };
  });
});
afterAll(() => t?.close());

const read = async (id: number, token = superToken) => (await t.client(token).get<Job>('/job/read', { id })).data;

describe('background jobs', () => {
  it('a job runs off the request, reports progress and its result', async () => {
    const id = await t.app.ctx.jobs.enqueue('test.count', { total: 50 }, { createdBy: superId });
    await t.app.ctx.jobs.whenIdle();
    expect(await read(id)).toMatchObject({ status: 'done', progress: 100, total: 50, result: { counted: 50 } });
  });

  it('requests are answered while a long job runs', async () => {
    const id = await t.app.ctx.jobs.enqueue('test.wait', {}, { createdBy: superId });
    // The runner claims the job soon after it is queued (how soon depends on the machine's load): wait for it.
    await expect.poll(async () => (await read(id)).status, { timeout: 20_000, interval: 50 }).toBe('running');
    // The job never ends by itself: a request answered now was answered while it ran.
    const res = await t.client(superToken).get('/admin/current');
    expect(res.code).toBe(0);
    expect((await read(id)).status).toBe('running');
    expect((await t.client(superToken).post('/job/cancel', { id })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect(await read(id)).toMatchObject({ status: 'cancelled', result: { stopped: true } });
  });

  it('a failing job is marked failed with its error, and the next job still runs', async () => {
    const failed = await t.app.ctx.jobs.enqueue('test.fail', {}, { createdBy: superId });
    const next = await t.app.ctx.jobs.enqueue('test.count', { total: 3 }, { createdBy: superId });
    await t.app.ctx.jobs.whenIdle();
    expect(await read(failed)).toMatchObject({ status: 'failed', error: 'disk full' });
    expect((await read(next)).status).toBe('done');
  });

  it('another admin can neither follow nor cancel someone else’s job', async () => {
    const other = await adminWithRole(t, superToken, ['adminLoginLog']);
    const id = await t.app.ctx.jobs.enqueue('test.count', { total: 1 }, { createdBy: superId });
    await t.app.ctx.jobs.whenIdle();
    expect((await t.client(other.token).get('/job/read', { id })).code).toBe(403);
    expect((await t.client(other.token).post('/job/cancel', { id })).code).toBe(403);
    expect((await t.client(superToken).get('/job/read', { id: 999999 })).code).toBe(404);
  });

  it('jobs interrupted by a restart are marked failed, not left running forever', async () => {
    const [row] = await t.db.insert(jobs).values({ kind: 'test.count', status: 'running', createdBy: superId }).returning();
    await new JobRunner(t.db).recover();
    const [after] = await t.db.select().from(jobs).where(eq(jobs.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', error: 'interrupted' });
  });
});
