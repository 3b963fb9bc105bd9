import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, ts } from './columns';
import { sites } from './core';
import type { SeoFinding, SeoItemScore, SeoReportEvent } from '../../../models/seoReport';

// SEO diagnosis (issue 11): the reports a site keeps and the event log each report's state is replayed from
// (machines/seoReport.machine.ts). The columns after `state` are the projection the last replay wrote.

export const seoReports = pgTable(
  'seo_reports',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    jobId: integer('job_id'),
    createdBy: integer('created_by').notNull(),
    /** testing | completed | failed | cancelled, replayed from the events. */
    state: text('state').notNull().default('testing'),
    checked: integer('checked').notNull().default(0),
    total: integer('total').notNull().default(0),
    score: integer('score'),
    pages: integer('pages').notNull().default(0),
    error: text('error').notNull().default(''),
    /** Written once with the completing event. */
    items: jsonb('items').$type<SeoItemScore[]>().notNull().default([]),
    findings: jsonb('findings').$type<SeoFinding[]>().notNull().default([]),
    createdAt: created(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('seo_reports_site_idx').on(t.siteId, t.id)],
);

/** Every event of every report, append-only. */
export const seoReportEvents = pgTable(
  'seo_report_events',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => seoReports.id, { onDelete: 'cascade' }),
    event: jsonb('event').$type<SeoReportEvent>().notNull(),
    createdAt: created(),
  },
  (t) => [index('seo_report_events_report_idx').on(t.reportId, t.id)],
);
