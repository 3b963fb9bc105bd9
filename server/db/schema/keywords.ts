import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, stamp, ts, updated } from './columns';
import { sites } from './core';

// Site keywords, their rank history and each site's rank-provider settings (issue 11).

export const siteKeywords = pgTable(
  'site_keywords',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    link: text('link').notNull(),
    weight: integer('weight').notNull().default(0),
    /** Links the editor's inner-link action inserted. */
    linkCount: integer('link_count').notNull().default(0),
    /** 1 active, 2 paused. */
    status: integer('status').notNull().default(1),
    innerLink: boolean('inner_link').notNull().default(false),
    /** The latest check, copied here so the list needs no history scan. */
    position: integer('position'),
    resultUrl: text('result_url').notNull().default(''),
    indexed: integer('indexed'),
    checkedAt: ts('checked_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('site_keywords_site_name_idx').on(t.siteId, t.name), index('site_keywords_site_weight_idx').on(t.siteId, t.weight, t.id)],
);

export const keywordRanks = pgTable(
  'keyword_ranks',
  {
    id: serial('id').primaryKey(),
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => siteKeywords.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    position: integer('position'),
    url: text('url').notNull().default(''),
    indexed: integer('indexed'),
    error: text('error').notNull().default(''),
    checkedAt: stamp('checked_at'),
  },
  (t) => [index('keyword_ranks_keyword_idx').on(t.keywordId, t.checkedAt)],
);

export const rankSettings = pgTable('rank_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  enabled: boolean('enabled').notNull().default(false),
  engine: text('engine').notNull().default('baidu'),
  urlTemplate: text('url_template').notNull().default(''),
  apiKey: text('api_key').notNull().default(''),
  resultsPath: text('results_path').notNull().default(''),
  resultUrlPath: text('result_url_path').notNull().default(''),
  resultPositionPath: text('result_position_path').notNull().default(''),
  positionPath: text('position_path').notNull().default(''),
  urlPath: text('url_path').notNull().default(''),
  indexedPath: text('indexed_path').notNull().default(''),
  intervalHours: integer('interval_hours').notNull().default(24),
  lastRunAt: ts('last_run_at'),
  updatedAt: updated(),
});
