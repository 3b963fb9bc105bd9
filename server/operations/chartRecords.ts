import { asc, eq } from 'drizzle-orm';
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { auditEvents, contents, pluginEvents, plugins, seoReportEvents, seoReports } from '../db/schema/index';
import type { Executor } from '../db/client';
import { ApiError, notFound } from '../http/errors';
import { auditMachine, replayAudit } from '../../machines/audit.machine';
import { pluginMachine, replayPlugin } from '../../machines/plugin.machine';
import { replaySeoReport, seoReportMachine } from '../../machines/seoReport.machine';
import { toAuditEvent } from './audit/events';
import { toPluginEvent } from './plugins/events';
import type { ChartRecord, ChartRecordEvent, ChartRecordQuery } from '../../models/chartViewer';

// The statechart viewer's live record (issue 16): a record's stored events, each with the state the chart is
// in after it, and the state the server's own replay derives from all of them (the same replay functions the
// audit, plugin and SEO report operations use; a log they refuse is reported, not half-shown).

interface Stored {
  time: Date;
  event: EventObject;
}

/** The state after each stored event, walked through the chart event by event (linear in the log). */
function statesAfterEach(machine: AnyStateMachine, stored: readonly Stored[]): ChartRecordEvent[] {
  const actor = createActor(machine).start();
  const out = stored.map(({ time, event }) => {
    actor.send(event);
    return { time: time.toISOString(), event: event as ChartRecordEvent['event'], state: actor.getSnapshot().value };
  });
  actor.stop();
  return out;
}

async function storedOf(db: Executor, query: ChartRecordQuery): Promise<{ machine: AnyStateMachine; stored: Stored[]; replay: () => { value: unknown } }> {
  if (query.chart === 'audit') {
    const id = Number(query.id);
    const [row] = await db.select({ id: contents.id }).from(contents).where(eq(contents.id, id));
    if (!row) throw notFound('chartViewer.notFound');
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.contentId, id)).orderBy(asc(auditEvents.id));
    const events = rows.map(toAuditEvent);
    return { machine: auditMachine, stored: rows.map((r, i) => ({ time: r.createdAt, event: events[i]! })), replay: () => replayAudit(events) };
  }
  if (query.chart === 'plugin') {
    const rows = await db.select().from(pluginEvents).where(eq(pluginEvents.pluginId, query.id)).orderBy(asc(pluginEvents.id));
    const [row] = rows.length ? [true] : await db.select({ id: plugins.id }).from(plugins).where(eq(plugins.id, query.id));
    if (!row) throw notFound('chartViewer.notFound');
    const events = rows.map(toPluginEvent);
    return { machine: pluginMachine, stored: rows.map((r, i) => ({ time: r.createdAt, event: events[i]! })), replay: () => replayPlugin(events) };
  }
  const id = Number(query.id);
  const [row] = await db.select({ id: seoReports.id }).from(seoReports).where(eq(seoReports.id, id));
  if (!row) throw notFound('chartViewer.notFound');
  const rows = await db.select().from(seoReportEvents).where(eq(seoReportEvents.reportId, id)).orderBy(asc(seoReportEvents.id));
  return { machine: seoReportMachine, stored: rows.map((r) => ({ time: r.createdAt, event: r.event })), replay: () => replaySeoReport(rows.map((r) => r.event)) };
}

export async function chartRecord(db: Executor, query: ChartRecordQuery): Promise<ChartRecord> {
  const { machine, stored, replay } = await storedOf(db, query);
  let state: unknown;
  try {
    state = replay().value;
  } catch (error) {
    throw new ApiError(409, 'chartViewer.replayFailed', { message: (error as Error).message });
  }
  return { chart: query.chart, id: query.id, state, events: statesAfterEach(machine, stored) };
}
