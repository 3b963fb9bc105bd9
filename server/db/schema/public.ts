import { bigint, boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, softDelete, updated } from './columns';
import { sites } from './core';

// Front-end menus that themes render (/NavCate/index) and the visits public pages record (issue 6).

export const navCates = pgTable('nav_cates', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  name: text('name').notNull(),
  /** Identifier themes use to place the menu ("main", "footer"). */
  key: text('key').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
  updatedAt: updated(),
  ...softDelete(),
});

export const navItems = pgTable(
  'nav_items',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    cateId: integer('cate_id')
      .notNull()
      .references(() => navCates.id),
    /** 0 for a top-level item. */
    parentId: integer('parent_id').notNull().default(0),
    title: text('title').notNull(),
    /** column | content | url */
    linkType: text('link_type').notNull().default('url'),
    /** The column or content linked to (0 for a URL). */
    targetId: integer('target_id').notNull().default(0),
    url: text('url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    newWindow: boolean('new_window').notNull().default(false),
    status: integer('status').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [index('nav_items_cate_idx').on(t.cateId, t.parentId)],
);

export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    path: text('path').notNull(),
    ip: text('ip').notNull().default(''),
    /** Province from the offline IP database; '' when unknown. */
    region: text('region').notNull().default(''),
    /** pc | mobile | tablet */
    device: text('device').notNull().default('pc'),
    createdAt: created(),
  },
  (t) => [index('visits_site_time_idx').on(t.siteId, t.createdAt), index('visits_time_idx').on(t.createdAt)],
);

/**
 * The public page cache's version of each site's data (server/public/pageCache.ts): statement triggers on every
 * table a public page shows bump the site's row in the writer's transaction (migration 0013_page_cache.sql);
 * row 0 is every site's (sites, settings, plugins, themes). A cached page is served while both are unchanged.
 */
export const siteVersions = pgTable('site_versions', {
  siteId: integer('site_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
