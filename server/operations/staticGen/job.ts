import fs from 'node:fs/promises';
import nodePath from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { contents, jobs } from '../../db/schema/index';
import { registerJob, storageErrorKey, yieldToRequests, type JobContext } from '../../jobs/runner';
import { prefetchContents, rendererOf, renderPage, withRenderer } from '../../public/pages';
import type { RunCache } from '../../public/lists';
import { parsePath } from '../../public/urls';
import type { PageRenderer } from '../../public/render/engine';
import { generationPoolSize, RenderPool } from '../../public/render/pool';
import { prepareWorkerScript } from '../../public/render/workerBundle';
import { wants } from '../../pluginHost/hookPoints';
import { columnsOf, siteById } from '../../public/data';
import { descendantIds } from '../../public/view';
import { iso } from '../../db/listing';
import { claimRunFolder, fileFor, hasOutput, keepAsSpare, listRunFolder, MARKER, markOutput, outputDirOf, ownsOrEmpty, pruneUnwritten, readManifest, removeOutput, removeStaleRuns, swapIn, writeOutput, type OutputManifest } from './output';
import { contentRunPaths, listSignature, ordersOf } from './changes';
import { planPaths, type PlannedPath } from './paths';
import { renderDetails, splitDetails } from './detailPages';
import type { StaticGenResult, StaticIndex } from '../../../models/staticGen';
import { notify } from '../../pluginHost/hookPoints';

// The static generation job: plans the paths, renders each with the public renderer (no HTTP) and writes
// the files (a large run's detail pages are built, rendered and written in the render workers from their rows:
// detailPages.ts). A whole-site run writes into a temporary folder swapped in at the end, so a cancelled or failed
// run leaves the previous output untouched (that folder is the output before the previous one when it is kept,
// output.ts claimRunFolder: its files are written over and the rest removed); column and content runs update the output in place, each page
// through a temporary file renamed over the old one (atomicWrite.ts), so a failed write leaves the old page whole.

export const STATIC_GEN_JOB = 'static.generate';

export const StaticGenPayload = z.object({
  site_id: z.number().int(),
  scope: z.enum(['site', 'column', 'content']),
  category_id: z.number().int().optional(),
  ids: z.array(z.number().int()).optional(),
  /** Set by regenerateForContent: only runs when the site already has static output. */
  auto: z.boolean().optional(),
});
export type StaticGenPayload = z.infer<typeof StaticGenPayload>;


/** The app a job renders with, by its database (the runner's job context carries only the database). */
const apps = new WeakMap<Db, FastifyInstance>();
export const attachStaticGen = (app: FastifyInstance) => apps.set(app.ctx.db, app);

/** Runs with at least this many pages render in worker threads; smaller ones (one article) in-process. */
export const POOL_MIN_PAGES = 24;
/** Pages in flight per render worker. */
const LANES_PER_WORKER = 8;
/** Detail pages whose rows are read in one query. */
const PREFETCH_BATCH = 200;

/**
 * The renderer of one lane of a pooled run: the page's file goes with its data, so the worker writes the page
 * itself and no HTML comes back to this thread. renderPage then answers an empty body (a page whose form
 * markers need the database comes back as HTML and is written here, as before).
 */
class LaneRenderer implements PageRenderer {
  /** The file of the page being rendered; taken by its one render. */
  file: string | undefined;
  /** Bytes the worker wrote for the current page, or null. */
  wrote: number | null = null;

  constructor(private pool: RenderPool) {}

  async render(themeDir: string, template: string, data: Record<string, unknown>): Promise<string> {
    // A not-found page (404 template) is never written: its path is removed or reported as failed.
    const file = template === '404' ? undefined : this.file;
    this.file = undefined;
    const reply = await this.pool.renderTo(themeDir, template, data, file);
    if ('bytes' in reply) {
      this.wrote = reply.bytes;
      return '';
    }
    return 'html' in reply ? reply.html : '';
  }

  has(themeDir: string, template: string) {
    return this.pool.has(themeDir, template);
  }

  clear() {
    this.pool.clear();
  }
}

async function generate(ctx: JobContext, app: FastifyInstance, p: StaticGenPayload): Promise<StaticGenResult> {
  const started = Date.now();
  // The render workers' bundled script is built (once per process) while the run plans its pages.
  const workerScriptReady = prepareWorkerScript();
  const site = await siteById(ctx.db, p.site_id);
  if (!site) throw new Error(`site ${p.site_id} is not live`);
  const dir = await outputDirOf(app.ctx.config.sharedDir, site);
  const base = { scope: p.scope, pages: 0, bytes: 0, failed: [] as string[], removed: 0, ms: 0, output: dir, workers: 0, from_rows: 0 };
  if (p.auto && !(await hasOutput(dir))) return { ...base, skipped: true };
  if (!(await ownsOrEmpty(dir))) throw new Error(`the static folder ${dir} holds files the generator did not write`);
  const whole = p.scope === 'site';
  const target = whole ? `${dir}.tmp-${ctx.id}` : dir;
  if (whole) await removeStaleRuns(dir);
  const reused = whole ? await claimRunFolder(dir, target) : false;
  if (!whole) await fs.mkdir(target, { recursive: true });
  // What a reused folder holds, listed while the run plans (before it writes): the end of the run removes the rest.
  const listing = reused ? listRunFolder(target) : null;
  listing?.catch(() => undefined);
  /** The files a run in a reused folder wrote: the rest of that folder is removed before it is swapped in. */
  const kept = new Set<string>([nodePath.join(target, MARKER)]);
  // Reads shared by the run's pages; the manifest says what the output holds (a whole-site run starts afresh).
  const runCache: RunCache = new Map();
  const columns = await columnsOf(ctx.db, site.id);
  runCache.set('columns', Promise.resolve(columns));
  const manifest: OutputManifest = whole ? { lists: {}, orders: {} } : await readManifest(dir);
  // A whole-site run starts its render workers while it plans its pages (they load meanwhile; parked ones are
  // reset). A run too small for them gives them back (parked) once planned.
  const poolOf = () => new RenderPool(generationPoolSize(), undefined, { memoPartials: true, atomicWrites: !whole, freshFolder: whole && !reused, parkWorkers: true });
  const early = whole
    ? workerScriptReady.then(() => {
        const started = poolOf();
        started.warm();
        return started;
      })
    : null;
  // (Its failure, the worker script not built, is the run's once a pool is needed.)
  early?.catch(() => undefined);
  let planned: PlannedPath[];
  let orders: Record<string, number[]>;
  try {
    planned = await planPaths(ctx.db, app.ctx.config.sharedDir, site, { scope: p.scope, categoryId: p.category_id, ids: p.ids }, runCache);
    if (p.scope === 'content') {
      ({ planned, orders } = await contentRunPaths(ctx.db, site, columns, planned, p.ids ?? [], manifest, runCache));
    } else {
      const covered = p.scope === 'site' ? columns.map((c) => c.id) : descendantIds(columns, p.category_id ?? -1);
      orders = await ordersOf(ctx.db, site.id, columns, covered, runCache);
    }
  } catch (err) {
    await early?.then((pool) => pool.close(), () => undefined);
    throw err;
  }
  const result = { ...base };
  // A large run renders in worker threads that parse the templates afresh; a small one (a republish) renders
  // with the public server's own renderer, whose parsed templates are kept until a theme changes (the
  // 'publicThemes' cache): the same templates the live pages use, without parsing them again per run.
  // Pages written over the live output (column and content runs) go through a temporary file and a rename.
  let pool: RenderPool | null = null;
  if (planned.length >= POOL_MIN_PAGES) {
    await workerScriptReady;
    pool = early ? await early : poolOf();
  } else await early?.then((unused) => unused.close(), () => undefined);
  result.workers = pool?.size ?? 0;
  const own = withRenderer(app, pool ?? rendererOf(app));
  /** A pooled run's lanes each render with a LaneRenderer of their own (the worker writes the page). */
  const laneApp = () => {
    if (!pool) return { app: own, renderer: null };
    const renderer = new LaneRenderer(pool);
    return { app: withRenderer(app, renderer), renderer };
  };
  // Pages in flight at once: data is read and files written on this thread while the workers render.
  // (A small run renders in this thread: a few lanes still overlap one page's reads with another's.)
  const lanes = pool ? pool.size * LANES_PER_WORKER : 4;
  const made = new Set<string>();
  // A pooled run's detail pages are built in the workers from their rows (detailPages.ts) unless plugins inject
  // into pages; the other pages, and any detail page a worker hands back, go through renderPage in the lanes.
  const inWorkers = pool !== null && !wants(app.ctx.plugins, 'page.render');
  const { details, rest } = inWorkers ? splitDetails(planned) : { details: [], rest: planned };
  /** The paths the lanes render: the rest of the plan, then the detail pages handed back. */
  let work: PlannedPath[] = rest;
  // Detail pages read their rows and tags in batches ahead of rendering.
  const batches = new Map<number, Promise<void>>();
  const prefetch = (index: number) => {
    const b = Math.floor(index / PREFETCH_BATCH);
    const ready = batch(b);
    // The next batch is read while this one renders, so no lane waits for a read at a batch's start.
    if ((b + 1) * PREFETCH_BATCH < work.length) batch(b + 1).catch(() => undefined);
    return ready;
  };
  const batch = (b: number) => {
    let ready = batches.get(b);
    if (!ready) {
      const ids = work.slice(b * PREFETCH_BATCH, (b + 1) * PREFETCH_BATCH).flatMap(({ path }) => {
        const route = parsePath(path);
        return route.kind === 'content' ? [route.id] : [];
      });
      batches.set(b, (ready = prefetchContents(ctx.db, site.id, ids, runCache)));
    }
    return ready;
  };
  let next = 0;
  let finished = 0;
  /** The HTML pages this run wrote (static.published tells plugins their URLs). */
  const written: string[] = [];
  /** The first failure of a lane: the other lanes stop at their next page, so nothing writes after the run fails. */
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    try {
      await laneRun();
    } catch (err) {
      failure ??= { err };
    }
  };
  const laneRun = async () => {
    const { app: laneOwn, renderer } = laneApp();
    while (next < work.length && !failure && !ctx.cancelled()) {
      const index = next++;
      const { path, optional } = work[index]!;
      await prefetch(index);
      let page;
      if (renderer) {
        // Plugins that inject into pages (page.render) change the HTML after rendering: then it comes back here.
        renderer.file = wants(app.ctx.plugins, 'page.render') ? undefined : fileFor(target, path);
        renderer.wrote = null;
        page = await renderPage(laneOwn, site, path, { runCache });
        renderer.file = undefined;
        if (renderer.wrote !== null && (page.status !== 200 || page.body !== '')) {
          // Written by the worker but not the page as answered (a plugin began injecting meanwhile, or an
          // error status): rendered again here, the usual way.
          await removeOutput(target, path);
          renderer.wrote = null;
          page = await renderPage(own, site, path, { runCache });
        }
      } else {
        page = await renderPage(own, site, path, { runCache });
      }
      // A page the disk refused (full, not writable) fails the run: its output would be incomplete.
      if (page.status !== 200 && page.error && storageErrorKey(page.error)) throw page.error;
      if (page.status === 200) {
        const bytes = renderer?.wrote ?? (await writeOutput(target, path, page.body, made, !whole));
        if (reused) kept.add(fileFor(target, path));
        result.bytes += bytes;
        if (page.contentType.startsWith('text/html')) written.push(path);
        result.pages++;
        const signature = await listSignature(ctx.db, site.id, columns, path, runCache);
        if (signature !== null) manifest.lists[path] = signature;
      } else {
        delete manifest.lists[path];
        if (optional && page.status === 404) {
          await removeOutput(target, path);
          result.removed++;
        } else {
          if (page.error) app.log.warn({ err: page.error, path }, 'static generation: page failed');
          result.failed.push(path);
        }
      }
      await ctx.progress(++finished, planned.length);
      await yieldToRequests();
    }
  };
  /** Detail pages the workers handed back (or could not take): rendered in the lanes once the rest is done. */
  const handedBack: PlannedPath[] = [];
  const detailRun = async () => {
    try {
      const again = await renderDetails(
        {
          app,
          site,
          columns,
          runCache,
          pool: pool!,
          fileOf: (path) => fileFor(target, path),
          stopped: () => Boolean(failure) || ctx.cancelled(),
          done: async (pages) => {
            for (const { planned: { path, optional }, file, outcome } of pages) {
              if ('again' in outcome) {
                handedBack.push({ path, optional });
                continue;
              }
              if ('failed' in outcome) {
                // As a page whose template fails in the lanes (renderPage answers 500): reported, the run goes on.
                const err = Object.assign(new Error(outcome.failed.message), { name: outcome.failed.name });
                app.log.warn({ err, path }, 'static generation: page failed');
                result.failed.push(path);
                finished++;
                continue;
              }
              if (reused) kept.add(file);
              result.bytes += outcome.bytes;
              written.push(path);
              result.pages++;
              result.from_rows++;
              finished++;
            }
            await ctx.progress(finished, planned.length);
          },
        },
        details,
      );
      handedBack.push(...again);
    } catch (err) {
      failure ??= { err };
    }
  };
  try {
    await Promise.all([...Array.from({ length: lanes }, lane), ...(details.length ? [detailRun()] : [])]);
    if (handedBack.length && !failure && !ctx.cancelled()) {
      work = handedBack;
      next = 0;
      batches.clear();
      await Promise.all(Array.from({ length: lanes }, lane));
    }
    if (failure) throw (failure as { err: unknown }).err;
    if (ctx.cancelled()) {
      // (Its pages stay as the spare when there is none: the next run writes over them.)
      if (whole) await keepAsSpare(target, dir);
      return { ...result, cancelled: true, ms: Date.now() - started };
    }
    Object.assign(manifest.orders, orders);
    if (reused) await pruneUnwritten(target, kept, await listing!);
    await markOutput(target, manifest);
    if (whole) await swapIn(target, dir);
    notify(app.ctx.plugins, 'static.published', () => ({ siteId: site.id, urls: written.sort().map((p) => `http://${site.domain}${p}`) }));
  } catch (err) {
    if (whole) await fs.rm(target, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  } finally {
    await pool?.close();
  }
  result.failed.sort();
  return { ...result, ms: Date.now() - started };
}

registerJob(STATIC_GEN_JOB, async (ctx) => {
  const p = StaticGenPayload.parse(ctx.payload);
  const app = apps.get(ctx.db);
  if (!app) throw new Error('static generation is not attached to this app');
  return { ...(await generate(ctx, app, p)) };
});

/** Items one automatic republish gathers at most; the next save starts another job. */
export const REPUBLISH_MERGE_MAX = 500;

/**
 * A save while the site's republish is still waiting in the queue joins it instead of queueing one more run (a
 * busy editor would otherwise queue one job per save): a queued whole-site run already covers the item; a queued
 * automatic content run takes the item into its ids. The update only applies while the job is still queued (the
 * runner claims a job in one statement), so an item never joins a run that has started. Answers the job's id, or
 * null when there is nothing to join.
 */
async function mergeIntoQueued(db: Db, siteId: number, contentId: number): Promise<number | null> {
  const waiting = await db
    .select({ id: jobs.id, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, STATIC_GEN_JOB), eq(jobs.siteId, siteId), eq(jobs.status, 'queued')))
    .orderBy(desc(jobs.id));
  for (const job of waiting) {
    const p = StaticGenPayload.safeParse(job.payload);
    if (!p.success || !p.data.auto) continue;
    if (p.data.scope === 'site') return job.id;
    if (p.data.scope !== 'content' || !p.data.ids) continue;
    if (p.data.ids.includes(contentId)) return job.id;
    if (p.data.ids.length >= REPUBLISH_MERGE_MAX) continue;
    const payload: StaticGenPayload = { ...p.data, ids: [...p.data.ids, contentId] };
    const [joined] = await db
      .update(jobs)
      .set({ payload })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'queued'), sql`${jobs.payload} = ${JSON.stringify(job.payload)}::jsonb`))
      .returning({ id: jobs.id });
    if (joined) return joined.id;
  }
  return null;
}

/**
 * After content is saved, edited or published: when its site has static output, queues a run for the
 * pages it touches (its detail page, its column's list pages, home). Never blocks or fails the caller.
 */
export async function regenerateForContent(app: FastifyInstance, contentId: number): Promise<number | null> {
  try {
    const [row] = await app.ctx.db.select({ siteId: contents.siteId }).from(contents).where(eq(contents.id, contentId));
    const site = row && (await siteById(app.ctx.db, row.siteId));
    if (!site || !(await hasOutput(await outputDirOf(app.ctx.config.sharedDir, site)))) return null;
    const merged = await mergeIntoQueued(app.ctx.db, site.id, contentId);
    if (merged !== null) return merged;
    const payload: StaticGenPayload = { site_id: site.id, scope: 'content', ids: [contentId], auto: true };
    return await app.ctx.jobs.enqueue(STATIC_GEN_JOB, payload, { siteId: site.id });
  } catch (err) {
    app.log.warn({ err, contentId }, 'static regeneration not queued');
    return null;
  }
}

/**
 * After a site's ads or friendly links change: a theme may show an ad position or the links on any page (the default theme's `footer`
 * position is on every page), so a site that has static output gets a whole-site run, unless one is already
 * waiting in the queue. Never blocks or fails the caller. (An ad's own start or end date passing changes no
 * data: static output follows it at the next run.)
 */
export async function regenerateSite(app: FastifyInstance, siteId: number): Promise<number | null> {
  try {
    const site = await siteById(app.ctx.db, siteId);
    if (!site || !(await hasOutput(await outputDirOf(app.ctx.config.sharedDir, site)))) return null;
    const waiting = await app.ctx.db
      .select({ id: jobs.id, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, STATIC_GEN_JOB), eq(jobs.siteId, site.id), eq(jobs.status, 'queued')));
    const queued = waiting.find((j) => (j.payload as StaticGenPayload).scope === 'site');
    if (queued) return queued.id;
    const payload: StaticGenPayload = { site_id: site.id, scope: 'site', auto: true };
    return await app.ctx.jobs.enqueue(STATIC_GEN_JOB, payload, { siteId: site.id });
  } catch (err) {
    app.log.warn({ err, siteId }, 'static regeneration not queued');
    return null;
  }
}

/** Queues the whole-site runs of sites whose site-wide rows (ads, friendly links) changed; answers once queued (never fails). */
export async function siteWideRowsChanged(db: Db, siteIds: Iterable<number>): Promise<void> {
  const app = apps.get(db);
  if (!app) return;
  for (const id of new Set(siteIds)) await regenerateSite(app, id);
}

/** The same, for callers that hold only the database (content saving, audit). Fire and forget. */
export function contentChanged(db: Db, contentIds: number | number[]) {
  const app = apps.get(db);
  if (!app) return;
  for (const id of Array.isArray(contentIds) ? contentIds : [contentIds]) void regenerateForContent(app, id);
}

/** The last runs of a site, newest first. */
export async function lastRuns(db: Db, siteId: number, limit = 10) {
  const rows = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, STATIC_GEN_JOB), eq(jobs.siteId, siteId)))
    .orderBy(desc(jobs.id))
    .limit(limit);
  return rows.map((r): StaticIndex['runs'][number] => ({
    id: r.id,
    status: r.status as StaticIndex['runs'][number]['status'],
    progress: r.progress,
    total: r.total,
    scope: (r.payload as StaticGenPayload).scope,
    auto: Boolean((r.payload as StaticGenPayload).auto),
    result: (r.result as StaticGenResult | null) ?? null,
    error: r.error,
    created_at: iso(r.createdAt)!,
    finished_at: iso(r.finishedAt),
  }));
}
