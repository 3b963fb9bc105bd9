import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_AVAILABLE, startCluster, type Cluster } from '../helpers/cluster';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertPublished } from '../helpers/publicFixtures';
import { jobs, scheduleRuns } from '../../server/db/schema/index';
import { claimScheduleSlot, registerJob, JOB_INTERRUPTED } from '../../server/jobs/runner';
import { backupIfDue } from '../../server/operations/database/jobs';
import { runDueSchedules } from '../../server/pluginHost/hookPoints';
import type { PluginHost } from '../../server/pluginHost/host';
import type { Job } from '../../models/job';

// Issue 17, jobs and schedules across a cluster: two servers on one PostgreSQL share one durable queue (the jobs
// table, claimed with FOR UPDATE SKIP LOCKED under a lease): each job runs exactly once, progress and cancel work
// from either server, a job whose server died is failed ('interrupted') once its lease expires, and a scheduled
// firing runs on one server only (table schedule_runs). Alone on PGlite, the runner works as before.

const INTERRUPTED_EN = 'The server stopped while this job was running; it was interrupted, please start it again';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs of each job id, counted across both servers (they share this process). */
const runs = new Map<number, number>();
/** Jobs of kind test.cluster.hang wait for this (released when the file ends). */
let releaseHung: () => void = () => {};
const hung = new Promise<void>((r) => (releaseHung = r));

registerJob('test.cluster.count', async (ctx) => {
  runs.set(ctx.id, (runs.get(ctx.id) ?? 0) + 1);
  for (let i = 1; i <= 3; i++) {
    await sleep(60);
    await ctx.progress(i, 3);
  }
  return { counted: 3 };
});
registerJob('test.cluster.wait', async (ctx) => {
  let steps = 0;
  while (!ctx.cancelled()) {
    await sleep(20);
    await ctx.progress(++steps % 50, 100);
  }
  return { stopped: true };
});
registerJob('test.cluster.hang', async () => {
  // A server that died mid-job: never steps, never ends on its own.
  await hung;
  return { finished: true };
});

async function settle(t: TestApp, id: number, within = 20_000): Promise<typeof jobs.$inferSelect> {
  for (const until = Date.now() + within; Date.now() < until; await sleep(100)) {
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    if (row && !['queued', 'running'].includes(row.status)) return row;
  }
  throw new Error(`job ${id} never finished`);
}

async function runningRow(t: TestApp, id: number) {
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(50)) {
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    if (row?.status === 'running') return row;
  }
  throw new Error(`job ${id} never started`);
}

describe.skipIf(!CLUSTER_AVAILABLE)('jobs and schedules on two servers sharing one PostgreSQL', () => {
  let c: Cluster;
  let a: TestApp;
  let b: TestApp;
  let token: string;
  let siteId: number;
  const serverOf = (lockedBy: string | null) => c.servers.find((s) => s.app.ctx.jobs.serverId === lockedBy);
  beforeAll(async () => {
    c = await startCluster(2, {}, { sharedDataDir: true });
    [a, b] = c.servers as [TestApp, TestApp];
    token = await a.login();
    siteId = await createSite(a, token, { name: 'Cluster Jobs', domain: uniqueDomain('cjobs') });
    const column = await insertColumn(a, siteId, await insertModel(a), { title: 'News' });
    for (let i = 0; i < 3; i++) await insertPublished(a, siteId, column);
  });
  afterAll(async () => {
    releaseHung();
    await c?.close();
  });

  it('a static generation enqueued on A runs exactly once, and B answers its progress and result', async () => {
    const started = await a.client(token, { siteId }).post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
    expect(started.code, started.msg).toBe(0);
    const id = started.data.job_id;
    const row = await settle(b, id);
    expect(row).toMatchObject({ status: 'done', progress: 100, leaseUntil: null });
    expect(serverOf(row.lockedBy)).toBeDefined();
    const read = await b.client(token, { siteId }).get<Job>('/job/read', { id });
    expect(read.code, read.msg).toBe(0);
    expect(read.data).toMatchObject({ status: 'done', progress: 100 });
    expect((read.data.result as { pages: number }).pages).toBeGreaterThan(3);
    expect(await b.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'static.generate'))).toHaveLength(1);
  });

  it('jobs queued on both servers each run exactly once, shared between the two runners', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await (i % 2 ? b : a).app.ctx.jobs.enqueue('test.cluster.count', {}));
    // Bounded, so a job left claimed but never run shows in the statuses below rather than as a timeout.
    await Promise.race([Promise.all([a.app.ctx.jobs.whenIdle(), b.app.ctx.jobs.whenIdle()]), sleep(15_000)]);
    const rows = await a.db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.id);
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'done'));
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    // Both servers took jobs from the one queue.
    expect(new Set(rows.map((r) => r.lockedBy))).toEqual(new Set([a.app.ctx.jobs.serverId, b.app.ctx.jobs.serverId]));
  });

  it('a job running on one server is cancelled from the other', async () => {
    const id = await a.app.ctx.jobs.enqueue('test.cluster.wait', {});
    const running = await runningRow(a, id);
    const runner = serverOf(running.lockedBy)!;
    const other = runner === a ? b : a;
    const res = await other.client(token).post('/job/cancel', { id });
    expect(res.code, res.msg).toBe(0);
    const row = await settle(other, id, 5000);
    expect(row).toMatchObject({ status: 'cancelled', result: { stopped: true }, cancelRequested: true });
  });

  it('a job whose server died is failed ("interrupted") by the other once its lease expires, never left running', async () => {
    const id = await b.app.ctx.jobs.enqueue('test.cluster.hang', {});
    const running = await runningRow(b, id);
    const dead = serverOf(running.lockedBy)!;
    const alive = dead === a ? b : a;
    // The server loses its database (as if killed): it can no longer renew its lease, which then runs out.
    await dead.database.close();
    await alive.db.update(jobs).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
    const row = await settle(alive, id, 10_000);
    expect(row).toMatchObject({ status: 'failed', error: JOB_INTERRUPTED, lockedBy: running.lockedBy });
    const read = await alive.client(token, { language: 'en' }).get<Job>('/job/read', { id });
    expect(read.data).toMatchObject({ status: 'failed', error: INTERRUPTED_EN });
    // The dead server's handler ending later changes nothing.
    releaseHung();
    await sleep(200);
    expect((await alive.db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: 'failed' });
  });
});

describe.skipIf(!CLUSTER_AVAILABLE)('scheduled work on two servers fires once per slot', () => {
  let c: Cluster;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    c = await startCluster(2, {}, { sharedDataDir: true });
    [a, b] = c.servers as [TestApp, TestApp];
  });
  afterAll(() => c?.close());

  it('each slot is claimed by exactly one of the servers racing for it', async () => {
    const slots = Array.from({ length: 10 }, (_, i) => `slot-${i}`);
    const won = await Promise.all(slots.flatMap((slot) => [claimScheduleSlot(a.db, 'test.race', slot), claimScheduleSlot(b.db, 'test.race', slot)]));
    for (let i = 0; i < slots.length; i++) expect(won[2 * i]! !== won[2 * i + 1]!).toBe(true);
    expect(await a.db.select().from(scheduleRuns).where(eq(scheduleRuns.name, 'test.race'))).toHaveLength(10);
  });

  it('a due scheduled backup checked by both servers at once is enqueued by one of them only', async () => {
    const token = await a.login();
    expect((await a.client(token).post('/database/schedule', { interval_hours: 1, retention: 2 })).code).toBe(0);
    const now = Date.now();
    // Both ticks must see "due" before either enqueues (the race the claim settles): writes to jobs wait behind a
    // lock held on another connection while both servers read the schedule and the last backup.
    const locker = new pg.Client({ connectionString: c.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE jobs IN SHARE MODE');
    const both = Promise.all([backupIfDue(a.app, now), backupIfDue(b.app, now)]);
    await sleep(500);
    await locker.query('COMMIT');
    await locker.end();
    const [fromA, fromB] = await both;
    expect([fromA, fromB].filter((id) => id !== null)).toHaveLength(1);
    await Promise.all([a.app.ctx.jobs.whenIdle(), b.app.ctx.jobs.whenIdle()]);
    expect(await a.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'backup'))).toHaveLength(1);
    // A later tick in the same period, on either server, fires nothing more.
    expect(await backupIfDue(b.app, now + 60_000)).toBeNull();
    expect((await a.client(token).post('/database/schedule', { interval_hours: 0, retention: 2 })).code).toBe(0);
  });

  it("a plugin's schedule hook runs once per period across both servers", async () => {
    const heard: string[] = [];
    const def = {
      manifest: { id: 'cluster-sched', schedule_minutes: 5, hooks: ['schedule'], capabilities: ['schedule'] },
      hooks: { schedule: async () => void heard.push('ran') },
    };
    const host = { enabledPlugins: () => [def], context: () => ({ log: () => undefined }) } as unknown as PluginHost;
    const claimOn = (t: TestApp) => (id: string, slot: string) => claimScheduleSlot(t.db, `plugin:${id}`, slot);
    const lastA = new Map<string, number>();
    const lastB = new Map<string, number>();
    const base = Math.floor(Date.now() / 300_000) * 300_000 + 1000;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    // Each server first sees the plugin at a different time; both then tick every minute.
    await runDueSchedules(host, lastA, at(0), claimOn(a));
    await runDueSchedules(host, lastB, at(1), claimOn(b));
    for (let m = 1; m <= 14; m++) {
      await Promise.all([runDueSchedules(host, lastA, at(m), claimOn(a)), runDueSchedules(host, lastB, at(m), claimOn(b))]);
    }
    // Periods 1 and 2 (minutes 5-9 and 10-14): each fired once, not once per server.
    expect(heard).toEqual(['ran', 'ran']);
  });
});

describe.skipIf(process.env.BANYAN_TEST_DB !== 'pglite')('one server on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('runs its queue in order, each job once, cancels a running job, and whenIdle waits for all of it', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await t.app.ctx.jobs.enqueue('test.cluster.count', {}));
    const waiting = await t.app.ctx.jobs.enqueue('test.cluster.wait', {});
    await runningRow(t, waiting);
    expect(await t.app.ctx.jobs.cancel(waiting)).toBe(true);
    await t.app.ctx.jobs.whenIdle();
    const rows = await t.db.select().from(jobs).where(inArray(jobs.id, [...ids, waiting])).orderBy(jobs.id);
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'cancelled']);
    expect(ids.map((id) => runs.get(id))).toEqual([1, 1, 1]);
    expect(new Set(rows.map((r) => r.lockedBy))).toEqual(new Set([t.app.ctx.jobs.serverId]));
    // Started in the order queued.
    const starts = rows.map((r) => r.startedAt!.getTime());
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);
  });
});
