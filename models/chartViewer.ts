import { z } from 'zod';

// The statechart viewer's record endpoint (issue 16, /ChartViewer/index, super-admins only): the live state
// of one record of a chart the server replays from stored events (audit, plugin, SEO report).

/** The charts the server keeps an event log for, by their machines/ file name. */
export const RECORD_CHARTS = ['audit', 'plugin', 'seoReport'] as const;
export type RecordChart = (typeof RECORD_CHARTS)[number];

/** A plugin id as the plugin host names them (manifest ids). */
const PLUGIN_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

/** GET /chartViewer/record?chart=audit&id=N: a content id (audit), a report id (seoReport) or a plugin id. */
export const ChartRecordQuery = z
  .object({
    chart: z.enum(RECORD_CHARTS, { message: 'chartViewer.chartInvalid' }),
    id: z.string().trim().min(1, { message: 'chartViewer.idInvalid' }).max(64, { message: 'chartViewer.idInvalid' }),
  })
  .superRefine((q, ctx) => {
    const ok = q.chart === 'plugin' ? PLUGIN_ID.test(q.id) : /^[1-9]\d{0,9}$/.test(q.id) && Number(q.id) <= 2_147_483_647;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['id'], message: 'chartViewer.idInvalid' });
  });
export type ChartRecordQuery = z.infer<typeof ChartRecordQuery>;

/** One stored event and the state the chart is in after it. */
export interface ChartRecordEvent {
  /** ISO time the event was stored. */
  time: string;
  event: { type: string } & Record<string, unknown>;
  /** The state value after the event (a string for these flat charts). */
  state: unknown;
}

export interface ChartRecord {
  chart: RecordChart;
  id: string;
  /** The state replayed from every stored event (the initial state when there are none). */
  state: unknown;
  events: ChartRecordEvent[];
}
