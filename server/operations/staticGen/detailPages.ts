import type { FastifyInstance } from 'fastify';
import type { ColumnRow, ContentRow, SiteRow } from '../../public/data';
import type { SiteSeo } from '../../public/detailData';
import { columnByKey, type RunCache } from '../../public/lists';
import { listedBodiesInRun, prefetchContents, renderPage, withRenderer } from '../../public/pages';
import { relatedIdsOf } from '../../public/related';
import type { PageRenderer } from '../../public/render/engine';
import type { RenderPool } from '../../public/render/pool';
import type { DetailOutcome, DetailPage, DetailShared } from '../../public/render/workerMain';
import { parsePath } from '../../public/urls';
import type { PlannedPath } from './paths';

// A pooled run's detail pages, built in the render workers from their rows. The server's thread reads the rows of a
// batch of pages at once and hands them over with one message; a worker builds each page's data with the function
// renderPage uses (detailParts), renders it and writes it. What every page of a column shares (site, strings,
// navigation, column…) is taken once per column from renderPage itself (CaptureRenderer) and crosses to each worker
// once. A page whose template fails is reported by the worker (`failed`), as a failing page of the lanes is. Pages the
// workers cannot do (a row gone or moved, a form marker, a failed write) come back as `again` and are rendered the
// usual way, which answers or reports them exactly as before.

/** Detail pages in one message to a worker. */
export const DETAIL_BATCH = 100;
/** Batches in flight per render worker (one rendering while the next is read and sent). */
const BATCHES_PER_WORKER = 2;

/** Takes the template, theme and data renderPage would render, rendering nothing. */
class CaptureRenderer implements PageRenderer {
  captured: { themeDir: string; template: string; data: Record<string, unknown> } | null = null;
  constructor(private pool: RenderPool) {}
  async render(themeDir: string, template: string, data: Record<string, unknown>): Promise<string> {
    this.captured = { themeDir, template, data };
    return '';
  }
  has(themeDir: string, template: string) {
    return this.pool.has(themeDir, template);
  }
  clear() {}
}

interface ColumnPlan {
  themeDir: string;
  template: string;
  shared: DetailShared;
}

export interface DetailRun {
  app: FastifyInstance;
  site: SiteRow;
  columns: ColumnRow[];
  runCache: RunCache;
  pool: RenderPool;
  /** The file of a path in the run's output folder. */
  fileOf(path: string): string;
  /** Stop before the next batch (the run failed or was cancelled). */
  stopped(): boolean;
  /** A batch is done: each of its paths with its file (fileOf) and its outcome. */
  done(pages: Array<{ planned: PlannedPath; file: string; outcome: DetailOutcome }>): Promise<void>;
}

/** The detail paths of a plan (the rest stay with renderPage's lanes). */
export function splitDetails(planned: PlannedPath[]) {
  const details: Array<PlannedPath & { id: number; key: string }> = [];
  const rest: PlannedPath[] = [];
  for (const p of planned) {
    const route = parsePath(p.path);
    if (route.kind === 'content') details.push({ ...p, id: route.id, key: route.key });
    else rest.push(p);
  }
  return { details, rest };
}

/** What every detail page of the column of `path` shares, from renderPage's own data for that page; null if it is not a detail page now. */
async function columnPlan(run: DetailRun, path: string, column: ColumnRow): Promise<ColumnPlan | null> {
  const capture = new CaptureRenderer(run.pool);
  const page = await renderPage(withRenderer(run.app, capture), run.site, path, { runCache: run.runCache, withoutPluginInjections: true });
  const captured = capture.captured;
  if (page.status !== 200 || !captured || (captured.data.page as { kind?: string } | undefined)?.kind !== 'detail') return null;
  const { page: _page, content: _content, related: _related, ...base } = captured.data;
  const site = base.site as SiteSeo;
  const bodies = await listedBodiesInRun(run.runCache, captured.themeDir);
  return {
    themeDir: captured.themeDir,
    template: captured.template,
    shared: { base: JSON.stringify(base), site: { seo_title: site.seo_title, seo_keywords: site.seo_keywords, seo_description: site.seo_description }, column, columns: run.columns, bodies },
  };
}

const cached = <T>(cache: RunCache, key: string) => cache.get(key) as Promise<T> | undefined;

/**
 * Renders `details` (detail paths of the run) in batches; answers the paths to render again the usual way (their
 * column could not be planned, or a worker answered `again`).
 */
export async function renderDetails(run: DetailRun, details: Array<PlannedPath & { id: number; key: string }>): Promise<PlannedPath[]> {
  const again: PlannedPath[] = [];
  const plans = new Map<string, Promise<ColumnPlan | null>>();
  // Batches of one column each, in the plan's order.
  const batches: Array<typeof details> = [];
  for (const d of details) {
    const last = batches[batches.length - 1];
    if (last && last.length < DETAIL_BATCH && last[0]!.key === d.key) last.push(d);
    else batches.push([d]);
  }
  const { db } = run.app.ctx;
  const runBatch = async (batch: typeof details) => {
    const column = columnByKey(run.columns, batch[0]!.key);
    let plan = plans.get(batch[0]!.key);
    if (!plan && column) plans.set(batch[0]!.key, (plan = columnPlan(run, batch[0]!.path, column)));
    const ready = plan ? await plan : null;
    if (!ready || !column) {
      again.push(...batch);
      return;
    }
    // The related ids as renderPage reads them (relatedRowsOf): the next items in the column's own order. Then the
    // rows and tags of the pages' own and related items, in one read (those not read yet).
    const related = await Promise.all(batch.map((d) => relatedIdsOf(db, run.site.id, run.columns, { id: d.id, categoryId: column.id }, run.runCache)));
    const ids = [...new Set(batch.flatMap((d, i) => [d.id, ...related[i]!]))];
    await prefetchContents(db, run.site.id, ids, run.runCache);
    const pages: Array<{ planned: PlannedPath; page: DetailPage }> = [];
    for (let i = 0; i < batch.length; i++) {
      const row = await cached<ContentRow | undefined>(run.runCache, `published:${batch[i]!.id}`);
      // Gone, or moved to another column since the run was planned: renderPage answers it as the live server does.
      if (!row || row.categoryId !== column.id) again.push(batch[i]!);
      else pages.push({ planned: batch[i]!, page: { rowId: row.id, related: related[i]!, file: run.fileOf(batch[i]!.path) } });
    }
    if (!pages.length) return;
    const rows: ContentRow[] = [];
    const tags: Array<[number, Array<{ id: number; name: string }>]> = [];
    for (const id of ids) {
      const row = await cached<ContentRow | undefined>(run.runCache, `published:${id}`);
      if (!row) continue;
      rows.push(row);
      const list = await cached<Array<{ id: number; name: string }> | undefined>(run.runCache, `tags:${id}`);
      if (list) tags.push([id, list]);
    }
    const outcomes = await run.pool.renderDetails(ready.themeDir, ready.template, batch[0]!.key, () => ready.shared, { rows, tags, pages: pages.map((p) => p.page) });
    await run.done(pages.map((p, i) => ({ planned: p.planned, file: p.page.file, outcome: outcomes[i] ?? { again: true } })));
  };
  let next = 0;
  const runner = async () => {
    while (next < batches.length && !run.stopped()) await runBatch(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, run.pool.size * BATCHES_PER_WORKER) }, runner));
  return again;
}
