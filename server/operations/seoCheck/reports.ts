import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { jobs, seoReports } from '../../db/schema/index';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { iso, offsetOf } from '../../db/listing';
import { siteById } from '../../public/data';
import { canManageSite } from '../sites';
import { adminNames } from '../audit/detail';
import { appendReportEvent, reportSnapshotOf } from './events';
import { SEO_CHECK_JOB, type SeoCheckPayload } from './job';
import { canCancelReport, isReportTesting } from '../../../machines/seoReport.machine';
import {
  compareFindings,
  SEO_REPORTS_KEPT,
  type SeoComparison,
  type SeoReport,
  type SeoReportEvent,
  type SeoReportListQuery,
  type SeoReportState,
  type SeoReportSummary,
} from '../../../models/seoReport';

// Starting, listing, reading, cancelling and comparing a site's diagnosis reports.

type ReportRow = typeof seoReports.$inferSelect;

function summaryOf(r: ReportRow, names: Map<number, string>, jobProgress?: number): SeoReportSummary {
  const by = (severity: string) => r.findings.filter((f) => f.severity === severity).length;
  return {
    id: r.id,
    state: r.state as SeoReportState,
    score: r.score,
    pages: r.pages,
    errors: by('error'),
    warnings: by('warning'),
    notices: by('notice'),
    job_id: r.jobId,
    progress: r.state === 'completed' ? 100 : (jobProgress ?? (r.total ? Math.floor((100 * r.checked) / r.total) : 0)),
    error: r.error,
    created_by_name: names.get(r.createdBy) ?? '',
    created_at: iso(r.createdAt)!,
    finished_at: iso(r.finishedAt),
  };
}

/** A report of a site the caller manages (403 for another site's, 404 when there is none). */
async function manageableReport(db: Executor, auth: AuthContext, id: number): Promise<ReportRow> {
  const [row] = await db.select().from(seoReports).where(eq(seoReports.id, id));
  if (!row) throw notFound();
  if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
  return row;
}

/**
 * Reports left testing by a job that no longer runs end the way the job did: cancelled while it was still
 * queued (its handler never ran), or failed (the server stopped mid-crawl). Answers whether any changed.
 */
async function settleInterrupted(db: Db, rows: Array<Pick<ReportRow, 'id' | 'jobId' | 'state'>>): Promise<boolean> {
  let changed = false;
  for (const r of rows.filter((row) => row.state === 'testing')) {
    const [job] = r.jobId ? await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, r.jobId)) : [];
    if (job && (job.status === 'queued' || job.status === 'running')) continue;
    const event: SeoReportEvent = job?.status === 'cancelled' ? { type: 'report.cancel', by: 0 } : { type: 'report.fail', message: 'interrupted' };
    const { appended } = await db.transaction((tx) => appendReportEvent(tx, r.id, (s) => (isReportTesting(s) ? event : null)));
    changed ||= appended;
  }
  return changed;
}

/** POST /seoCheck/start: a new report (testing) and its job; one diagnosis per site at a time. */
export async function startDiagnosis(app: FastifyInstance, auth: AuthContext, siteId: number) {
  const db = app.ctx.db;
  const site = await siteById(db, siteId);
  if (!site) throw new ApiError(400, 'seoCheck.siteUnavailable');
  await settleInterrupted(db, await db.select().from(seoReports).where(and(eq(seoReports.siteId, siteId), eq(seoReports.state, 'testing'))));
  const [running] = await db.select({ id: seoReports.id }).from(seoReports).where(and(eq(seoReports.siteId, siteId), eq(seoReports.state, 'testing')));
  if (running) throw conflict('seoCheck.running');
  const [report] = await db.insert(seoReports).values({ siteId, createdBy: auth.adminId }).returning({ id: seoReports.id });
  const payload: SeoCheckPayload = { report_id: report!.id, site_id: siteId, by: auth.adminId };
  const jobId = await app.ctx.jobs.enqueue(SEO_CHECK_JOB, payload, { siteId, createdBy: auth.adminId });
  await db.update(seoReports).set({ jobId }).where(eq(seoReports.id, report!.id));
  // Keep the last SEO_REPORTS_KEPT reports of the site.
  const kept = await db.select({ id: seoReports.id }).from(seoReports).where(eq(seoReports.siteId, siteId)).orderBy(desc(seoReports.id)).limit(1).offset(SEO_REPORTS_KEPT - 1);
  if (kept[0]) await db.delete(seoReports).where(and(eq(seoReports.siteId, siteId), lt(seoReports.id, kept[0].id)));
  return { id: report!.id, job_id: jobId, site: site.name };
}

/** GET /seoCheck/index: the site's reports, newest first. */
export async function listReports(db: Db, siteId: number, q: SeoReportListQuery) {
  const where = eq(seoReports.siteId, siteId);
  const [total] = await db.select({ n: count() }).from(seoReports).where(where);
  const page = () => db.select().from(seoReports).where(where).orderBy(desc(seoReports.id)).limit(q.limit).offset(offsetOf(q.page, q.limit));
  let rows = await page();
  if (await settleInterrupted(db, rows)) rows = await page();
  const names = await adminNames(db, rows.map((r) => r.createdBy));
  const jobIds = rows.filter((r) => r.state === 'testing' && r.jobId).map((r) => r.jobId!);
  const progress = new Map(
    jobIds.length ? (await db.select({ id: jobs.id, progress: jobs.progress }).from(jobs).where(inArray(jobs.id, jobIds))).map((j) => [j.id, j.progress]) : [],
  );
  return { rows: rows.map((r) => summaryOf(r, names, r.jobId ? progress.get(r.jobId) : undefined)), count: Number(total?.n ?? 0) };
}

/** GET /seoCheck/read: one report with its scores and findings. */
export async function readReport(db: Db, auth: AuthContext, id: number): Promise<SeoReport> {
  let row = await manageableReport(db, auth, id);
  if (await settleInterrupted(db, [row])) row = await manageableReport(db, auth, id);
  const names = await adminNames(db, [row.createdBy]);
  const [job] = row.jobId ? await db.select({ progress: jobs.progress }).from(jobs).where(eq(jobs.id, row.jobId)) : [];
  const snapshot = await reportSnapshotOf(db, id);
  return { ...summaryOf(row, names, row.state === 'testing' ? job?.progress : undefined), items: row.items, findings: row.findings, can_cancel: canCancelReport(snapshot) };
}

/** POST /seoCheck/cancel: records the cancel (409 once the report has ended) and stops the job. */
export async function cancelReport(app: FastifyInstance, auth: AuthContext, id: number) {
  const row = await manageableReport(app.ctx.db, auth, id);
  await app.ctx.db.transaction((tx) => appendReportEvent(tx, id, { type: 'report.cancel', by: auth.adminId }));
  if (row.jobId) await app.ctx.jobs.cancel(row.jobId);
  return { id, name: `#${id}` };
}

/** GET /seoCheck/compare: what is new and what was fixed between two reports of one site. */
export async function compareReports(db: Executor, auth: AuthContext, baseId: number, id: number): Promise<SeoComparison> {
  const [base, report] = [await manageableReport(db, auth, baseId), await manageableReport(db, auth, id)];
  if (base.siteId !== report.siteId) throw badRequest();
  const names = await adminNames(db, [base.createdBy, report.createdBy]);
  return { base: summaryOf(base, names), report: summaryOf(report, names), ...compareFindings(base.findings, report.findings) };
}
