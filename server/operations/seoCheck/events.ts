import { asc, eq } from 'drizzle-orm';
import { seoReportEvents, seoReports } from '../../db/schema/index';
import type { Executor, Tx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { replaySeoReport, seoReportState, type SeoReportSnapshot } from '../../../machines/seoReport.machine';
import type { SeoReportEvent } from '../../../models/seoReport';

// A report's event log and its projection on `seo_reports`. Appending locks the report row, replays the stored
// events through the report chart, refuses (409) what the chart refuses, stores the event and writes the
// projection of the new replay, in one transaction.

export async function reportEventsOf(db: Executor, reportId: number): Promise<SeoReportEvent[]> {
  const rows = await db.select({ event: seoReportEvents.event }).from(seoReportEvents).where(eq(seoReportEvents.reportId, reportId)).orderBy(asc(seoReportEvents.id));
  return rows.map((r) => r.event);
}

export async function reportSnapshotOf(db: Executor, reportId: number): Promise<SeoReportSnapshot> {
  return replaySeoReport(await reportEventsOf(db, reportId));
}

export function projectionOf(snapshot: SeoReportSnapshot) {
  const c = snapshot.context;
  return { state: seoReportState(snapshot), checked: c.checked, total: c.total, score: c.score, pages: c.pages, error: c.error };
}

/**
 * Appends `event` (or what `build` makes of the current state; null sends nothing) to a report's log.
 * `extra` columns are written with the projection (the findings, with the completing event).
 */
export async function appendReportEvent(
  tx: Tx,
  reportId: number,
  build: SeoReportEvent | ((snapshot: SeoReportSnapshot) => SeoReportEvent | null),
  extra: Partial<typeof seoReports.$inferInsert> = {},
): Promise<{ snapshot: SeoReportSnapshot; appended: boolean }> {
  const [locked] = await tx.select({ id: seoReports.id }).from(seoReports).where(eq(seoReports.id, reportId)).for('update');
  if (!locked) throw notFound();
  const events = await reportEventsOf(tx, reportId);
  const before = replaySeoReport(events);
  const event = typeof build === 'function' ? build(before) : build;
  if (!event) return { snapshot: before, appended: false };
  if (!before.can(event)) throw conflict('seoCheck.refused');
  const after = replaySeoReport([...events, event]);
  await tx.insert(seoReportEvents).values({ reportId, event });
  await tx
    .update(seoReports)
    .set({ ...projectionOf(after), ...(after.hasTag('finished') ? { finishedAt: new Date() } : {}), ...extra })
    .where(eq(seoReports.id, reportId));
  return { snapshot: after, appended: true };
}
