import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertPublished, runStaticJob } from '../helpers/publicFixtures';
import { jobs } from '../../server/db/schema/index';
import { regenerateForContent, REPUBLISH_MERGE_MAX, STATIC_GEN_JOB } from '../../server/operations/staticGen/job';

// Issue 15's load run found one automatic republish queued per save (700-1,300 jobs a round): a save while the
// site's republish still waits in the queue now joins it. Queued rows are inserted straight into the jobs table
// (the runner's in-memory queue never sees them), so they stay queued while each case looks at them.

let t: TestApp;
let siteId: number;
let items: number[] = [];

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  const token = await t.login();
  siteId = await createSite(t, token, { name: 'Merge Co', domain: uniqueDomain('merge') });
  const column = await insertColumn(t, siteId, await insertModel(t), { title: 'News' });
  for (let i = 0; i < 4; i++) items.push((await insertPublished(t, siteId, column)).id);
  await runStaticJob(t, token, siteId, { scope: 'site' }); // the site has static output: saves republish
  // On PostgreSQL the runner also polls (every 500 ms) for any server's queued jobs, and would claim the rows this
  // file queues by hand while a case looks at them (a flake whose odds moved with the file's timing): stopped here.
  await t.app.ctx.jobs.stop();
});
afterAll(() => t?.close());

async function queued(payload: Record<string, unknown>): Promise<number> {
  const [row] = await t.db.insert(jobs).values({ kind: STATIC_GEN_JOB, payload, siteId, status: 'queued' }).returning({ id: jobs.id });
  return row!.id;
}
const payloadOf = async (id: number) => (await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, id)))[0]!.payload;
const jobCount = async () => (await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.siteId, siteId))).length;
const done = (id: number) => t.db.update(jobs).set({ status: 'cancelled' }).where(eq(jobs.id, id));

describe('automatic republish while one waits in the queue', () => {
  it('a save joins the waiting content run: one job, both items', async () => {
    const waiting = await queued({ site_id: siteId, scope: 'content', ids: [items[0]], auto: true });
    const before = await jobCount();
    expect(await regenerateForContent(t.app, items[1]!)).toBe(waiting);
    expect(await regenerateForContent(t.app, items[1]!)).toBe(waiting); // already in it
    expect(await jobCount()).toBe(before);
    expect((await payloadOf(waiting)).ids).toEqual([items[0], items[1]]);
    await done(waiting);
  });

  it('a waiting whole-site run already covers the item: nothing is added', async () => {
    const site = await queued({ site_id: siteId, scope: 'site', auto: true });
    const before = await jobCount();
    expect(await regenerateForContent(t.app, items[2]!)).toBe(site);
    expect(await jobCount()).toBe(before);
    expect(await payloadOf(site)).toEqual({ site_id: siteId, scope: 'site', auto: true });
    await done(site);
  });

  it('never joins a run that has started, an admin-started run, or a full one: a new job is queued', async () => {
    const running = await queued({ site_id: siteId, scope: 'content', ids: [items[0]], auto: true });
    await t.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, running));
    const manual = await queued({ site_id: siteId, scope: 'content', ids: [items[0]] });
    const full = await queued({ site_id: siteId, scope: 'content', ids: Array.from({ length: REPUBLISH_MERGE_MAX }, (_, i) => -1 - i), auto: true });
    const id = await regenerateForContent(t.app, items[3]!);
    expect(id).not.toBeNull();
    expect([running, manual, full]).not.toContain(id);
    expect((await payloadOf(running)).ids).toEqual([items[0]]);
    expect((await payloadOf(manual)).ids).toEqual([items[0]]);
    expect((await payloadOf(full)).ids).toHaveLength(REPUBLISH_MERGE_MAX);
    await t.app.ctx.jobs.whenIdle();
    for (const j of [running, manual, full]) await done(j);
  });
});
