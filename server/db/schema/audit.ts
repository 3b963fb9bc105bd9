import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, updated } from './columns';
import { sites } from './core';
import { contents } from './content';
import type { AuditStep } from '../../../models/audit';

// Content audit (issue 5): the flows in force and the event log each content's audit state is replayed from.

/** A site's audit flow (category_id 0) or a column's override of it. */
export const auditFlows = pgTable(
  'audit_flows',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** 0 = the site's own flow. */
    categoryId: integer('category_id').notNull().default(0),
    steps: jsonb('steps').$type<AuditStep[]>().notNull().default([]),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('audit_flows_scope_uq').on(t.siteId, t.categoryId)],
);

/**
 * Every audit event of every content item, append-only. `by` keeps the admin id even after the admin is
 * deleted (the trail then shows no name). A submission stores the flow it was made under.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** audit.submit | audit.approve | audit.reject | audit.withdraw */
    type: text('type').notNull(),
    by: integer('by').notNull(),
    /** 1-based step the event acted on (submit: where review starts; 0 when not in review). */
    step: integer('step').notNull().default(0),
    /** A rejection's step the next submission starts at. */
    toStep: integer('to_step'),
    comment: text('comment').notNull().default(''),
    /** The flow a submission was made under. */
    steps: jsonb('steps').$type<AuditStep[]>(),
    createdAt: created(),
  },
  (t) => [index('audit_events_content_idx').on(t.contentId, t.id)],
);
