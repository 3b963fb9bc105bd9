import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { registerJob, type JobContext } from '../../jobs/runner';
import { siteById } from '../../public/data';
import { siteRenderer } from './crawl';
import { diagnoseSite } from './diagnose';
import { appendReportEvent } from './events';
import { isReportTesting, seoReportState } from '../../../machines/seoReport.machine';
import { SEO_CRAWL_LIMIT, type SeoReportEvent } from '../../../models/seoReport';

// The diagnosis job: crawls the site through the public renderer and judges it, telling the report's chart
// how far it got. Cancelling the job (POST /job/cancel, or /seoCheck/cancel which also records it on the
// report) stops the crawl at its next page and the report ends cancelled.

export const SEO_CHECK_JOB = 'seo.check';
export const SeoCheckPayload = z.object({ report_id: z.number().int(), site_id: z.number().int(), by: z.number().int() });
export type SeoCheckPayload = z.infer<typeof SeoCheckPayload>;

/** Report progress is stored every this many pages (the job's own progress moves on every page). */
const PROGRESS_EVENT_EVERY = 10;
/** robots.txt, sitemap.xml and the 404 probe, counted after the pages. */
const SITE_STEPS = 3;

const apps = new WeakMap<Db, FastifyInstance>();
export const attachSeoCheck = (app: FastifyInstance) => apps.set(app.ctx.db, app);

async function diagnose(ctx: JobContext, app: FastifyInstance, p: SeoCheckPayload) {
  // Appended only while the report is testing (a cancel recorded by /seoCheck/cancel ends it first).
  const testing = (event: SeoReportEvent) => ctx.db.transaction((tx) => appendReportEvent(tx, p.report_id, (s) => (isReportTesting(s) ? event : null)));
  const site = await siteById(ctx.db, p.site_id);
  if (!site) {
    await testing({ type: 'report.fail', message: 'site unavailable' });
    return { report_id: p.report_id, state: 'failed' };
  }
  let stopped = false;
  const renderer = await siteRenderer(app, site);
  const diagnosis = await diagnoseSite(site, renderer, {
    limit: SEO_CRAWL_LIMIT,
    cancelled: () => stopped || ctx.cancelled(),
    onProgress: async (checked, total) => {
      await ctx.progress(checked, total + SITE_STEPS);
      if (checked % PROGRESS_EVENT_EVERY === 0) {
        const { snapshot } = await testing({ type: 'report.progress', checked, total });
        // Cancelled through /seoCheck/cancel (the report already says so): stop here.
        if (!isReportTesting(snapshot)) stopped = true;
      }
    },
  });
  if (stopped || ctx.cancelled()) {
    await testing({ type: 'report.cancel', by: p.by });
    return { report_id: p.report_id, state: 'cancelled' };
  }
  const { snapshot } = await ctx.db.transaction((tx) =>
    appendReportEvent(tx, p.report_id, (s) => (isReportTesting(s) ? { type: 'report.complete', score: diagnosis.score, pages: diagnosis.pages } : null), {
      items: diagnosis.items,
      findings: diagnosis.findings,
    }),
  );
  return { report_id: p.report_id, state: seoReportState(snapshot), score: diagnosis.score, pages: diagnosis.pages, findings: diagnosis.findings.length };
}

registerJob(SEO_CHECK_JOB, async (ctx) => {
  const p = SeoCheckPayload.parse(ctx.payload);
  const app = apps.get(ctx.db);
  if (!app) throw new Error('SEO diagnosis is not attached to this app');
  try {
    return await diagnose(ctx, app, p);
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 500) : String(err);
    await ctx.db
      .transaction((tx) => appendReportEvent(tx, p.report_id, (s) => (isReportTesting(s) ? { type: 'report.fail', message } : null)))
      .catch(() => undefined);
    throw err;
  }
});
