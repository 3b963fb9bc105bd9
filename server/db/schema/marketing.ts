import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, softDelete, ts, updated } from './columns';
import { sites } from './core';

// Slides, ads, internal links and the prohibited-word dictionary (issue 3; marketing screens grow later).

export const slideCates = pgTable('slide_cates', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  name: text('name').notNull(),
  /** Identifier themes use to place the slide group. */
  key: text('key').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
  updatedAt: updated(),
  ...softDelete(),
});

export const slides = pgTable(
  'slides',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    cateId: integer('cate_id')
      .notNull()
      .references(() => slideCates.id),
    title: text('title').notNull(),
    image: text('image').notNull(),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [index('slides_cate_idx').on(t.cateId)],
);

export const ads = pgTable('ads', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  /** Where themes show it (e.g. "home-top", "sidebar"). */
  position: text('position').notNull(),
  title: text('title').notNull(),
  /** 1 image, 2 code */
  kind: integer('kind').notNull().default(1),
  image: text('image').notNull().default(''),
  code: text('code').notNull().default(''),
  link: text('link').notNull().default(''),
  startAt: ts('start_at'),
  endAt: ts('end_at'),
  status: integer('status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
  updatedAt: updated(),
  ...softDelete(),
}, (t) => [index('ads_site_position_idx').on(t.siteId, t.position, t.sort)]);

/** Keyword → URL pairs the editor's inner-link action inserts into content. */
export const innerLinks = pgTable(
  'inner_links',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    keyword: text('keyword').notNull(),
    url: text('url').notNull(),
    weight: integer('weight').notNull().default(0),
    /** How many links to it have been inserted. */
    linkCount: integer('link_count').notNull().default(0),
    newWindow: integer('new_window').notNull().default(1),
    status: integer('status').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [index('inner_links_site_idx').on(t.siteId)],
);

/** The dictionary of the prohibited-word check: level 1 sensitive, 2 prohibited. */
export const prohibitedWords = pgTable('prohibited_words', {
  id: serial('id').primaryKey(),
  word: text('word').notNull(),
  paraphrase: text('paraphrase').notNull().default(''),
  type: text('type').notNull().default(''),
  level: integer('level').notNull().default(1),
  createdAt: created(),
  updatedAt: updated(),
});
