import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, softDelete, stamp, ts, updated } from './columns';
import { sites } from './core';

// Friendly links (/Link/index) and their back-link check records. The last check's outcome and the run of
// "missing" checks are kept on the link, so the list and the dashboard never scan the check records.

export const friendLinks = pgTable(
  'friend_links',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** 1 friendly exchange, 2 sale, 3 purchase, 4 copyright */
    linkType: integer('link_type').notNull().default(1),
    /** 1 enterprise, 2 news, 3 blog, 4 forum, 5 portal */
    siteType: integer('site_type').notNull().default(1),
    weight: integer('weight').notNull().default(0),
    pr: integer('pr').notNull().default(0),
    /** yyyy-mm-dd or '' */
    deadline: text('deadline').notNull().default(''),
    platform: text('platform').notNull().default(''),
    phone: text('phone').notNull().default(''),
    adder: text('adder').notNull().default(''),
    /** 1 this page, 2 new page */
    jump: integer('jump').notNull().default(2),
    logo: text('logo').notNull().default(''),
    anchor: text('anchor').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
    lastCheck: text('last_check').notNull().default(''),
    lastCheckedAt: ts('last_checked_at'),
    missingStreak: integer('missing_streak').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [index('friend_links_site_sort_idx').on(t.siteId, t.sort, t.id)],
);

export const friendLinkChecks = pgTable(
  'friend_link_checks',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => friendLinks.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    detail: text('detail').notNull().default(''),
    checkedAt: stamp('checked_at'),
  },
  (t) => [index('friend_link_checks_link_idx').on(t.linkId, t.id)],
);
