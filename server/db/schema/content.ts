import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { created, softDelete, ts, updated } from './columns';
import { admins, sites } from './core';

// Models, columns, content and what hangs on content (revisions, tags), issue 3.

/** Content models (global): a model's fields drive the content form of every column bound to it. */
export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Identifier used by themes (e.g. "article", "product"). */
    key: text('key').notNull(),
    description: text('description').notNull().default(''),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('models_key_uq').on(t.key).where(sql`deleted_at is null`)],
);

export interface FieldOption {
  value: string;
  label: string;
}

export const modelFields = pgTable(
  'model_fields',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    /** Identifier of the value in content.fields. */
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** text | textarea | number | select | radio | checkbox | switch | date | datetime | image | images | file | richtext */
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    defaultValue: jsonb('default_value').$type<unknown>(),
    options: jsonb('options').$type<FieldOption[]>().notNull().default([]),
    placeholder: text('placeholder').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('model_fields_name_uq').on(t.modelId, t.name), index('model_fields_model_idx').on(t.modelId)],
);

/** Columns (categories): a site's tree, each bound to a model. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    parentId: integer('parent_id').notNull().default(0),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    title: text('title').notNull(),
    alias: text('alias').notNull(),
    /** 1 list, 2 single page, 3 external link */
    type: integer('type').notNull().default(1),
    linkUrl: text('link_url').notNull().default(''),
    image: text('image').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The body of a single-page column. */
    content: text('content').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoKeywords: text('seo_keywords').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    listTemplate: text('list_template').notNull().default(''),
    detailTemplate: text('detail_template').notNull().default(''),
    pageSize: integer('page_size').notNull().default(10),
    sort: integer('sort').notNull().default(0),
    /** 1 shown, 2 hidden */
    status: integer('status').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [
    index('categories_site_idx').on(t.siteId, t.parentId),
    uniqueIndex('categories_alias_uq').on(t.siteId, t.alias).where(sql`deleted_at is null`),
  ],
);

export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    alias: text('alias').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    author: text('author').notNull().default(''),
    source: text('source').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The main rich-text body (sanitised HTML). */
    body: text('body').notNull().default(''),
    /** Values of the column's model fields, by field name. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** 1 published, 2 draft (unpublished). The audit flow (issue 5) decides when drafts publish. */
    status: integer('status').notNull().default(2),
    isTop: boolean('is_top').notNull().default(false),
    isRecommend: boolean('is_recommend').notNull().default(false),
    /**
     * Audit projection (issue 5), re-derived from audit_events in the transaction that appends one:
     * the AuditState (draft | reviewing | rejected | published), the 1-based step under review (0 when not
     * in review), the flow's step count and the current step's mode, the reviewers who may still approve
     * the current step, who submitted and when.
     */
    checkStatus: text('check_status').notNull().default('draft'),
    auditStep: integer('audit_step').notNull().default(0),
    auditSteps: integer('audit_steps').notNull().default(0),
    auditMode: text('audit_mode').notNull().default(''),
    auditPending: jsonb('audit_pending').$type<number[]>().notNull().default([]),
    auditSubmitter: integer('audit_submitter'),
    submittedAt: ts('submitted_at'),
    views: integer('views').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /** Bumped on every save: a save naming an older version is refused (409). */
    version: integer('version').notNull().default(1),
    publishedAt: ts('published_at'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => {
    // `by` makes the sort key's column(s) afresh for each index (drizzle's .asc() configures the column it is given).
    const sortIndexes = (key: string, by: () => Array<Parameters<ReturnType<typeof index>['on']>[number]>) => [
      index(`contents_sort_${key}_site_idx`).on(t.siteId, ...by(), t.id).where(sql`deleted_at is null`),
      index(`contents_sort_${key}_column_idx`).on(t.siteId, t.categoryId, ...by(), t.id).where(sql`deleted_at is null`),
      index(`contents_sort_${key}_recycled_idx`).on(t.siteId, ...by(), t.id).where(sql`deleted_at is not null`),
    ];
    return [
      index('contents_list_idx').on(t.siteId, t.categoryId, t.deletedAt),
      index('contents_published_idx').on(t.siteId, t.status, t.publishedAt),
      index('contents_audit_idx').on(t.siteId, t.checkStatus),
      // The admin list's order (pinned, newest, id; read backwards) under each of its usual filters, so a
      // page is read from the index instead of sorting the column (server/operations/content/listing.ts).
      index('contents_admin_site_idx').on(t.siteId, t.isTop, t.createdAt, t.id).where(sql`deleted_at is null`),
      index('contents_admin_column_idx').on(t.siteId, t.categoryId, t.isTop, t.createdAt, t.id).where(sql`deleted_at is null`),
      index('contents_admin_status_idx').on(t.siteId, t.status, t.isTop, t.createdAt, t.id).where(sql`deleted_at is null`),
      index('contents_admin_column_status_idx').on(t.siteId, t.categoryId, t.status, t.isTop, t.createdAt, t.id).where(sql`deleted_at is null`),
      index('contents_admin_recycled_idx').on(t.siteId, t.isTop, t.createdAt, t.id).where(sql`deleted_at is not null`),
      // The admin list sorted by a column header (models/content.ts CONTENT_SORT_KEYS; id breaks ties, read
      // either way): per key, a site's live rows, a column's live rows and a site's recycle bin. A status
      // filter reads the same index and skips the other status. Unpublished rows (no published_at) come first
      // going up and last going down, so "latest published" reads no draft first.
      ...sortIndexes('id', () => []),
      ...sortIndexes('published_at', () => [t.publishedAt.asc().nullsFirst()]),
      ...sortIndexes('updated_at', () => [t.updatedAt]),
      ...sortIndexes('views', () => [t.views]),
      ...sortIndexes('sort', () => [t.sort]),
      // The public lists' order (pinned, newest, id; read backwards) over published rows, so a public page is
      // read from the index; scheduled rows (published_at ahead) are found without reading the rest (server/public/data.ts).
      index('contents_public_column_idx')
        .on(t.siteId, t.categoryId, t.isTop, sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id)
        .where(sql`status = 1 and deleted_at is null`),
      index('contents_public_site_idx')
        .on(t.siteId, t.isTop, sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id)
        .where(sql`status = 1 and deleted_at is null`),
      index('contents_public_recommend_idx')
        .on(t.siteId, t.isTop, sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id)
        .where(sql`status = 1 and deleted_at is null and is_recommend`),
      index('contents_public_scheduled_idx').on(t.siteId, t.categoryId, t.publishedAt).where(sql`status = 1 and deleted_at is null`),
    ];
  },
);

/**
 * How many content rows each (site, column, status, recycled) holds: the admin list's totals without a
 * count over the column. Kept by statement triggers on contents (migration 0011_content_counts.sql), so
 * every write path and plugin updates it in its own transaction; derived data, left out of backups.
 */
export const contentCounts = pgTable(
  'content_counts',
  {
    siteId: integer('site_id').notNull(),
    categoryId: integer('category_id').notNull(),
    status: integer('status').notNull(),
    recycled: boolean('recycled').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.categoryId, t.status, t.recycled] })],
);

export interface ContentSnapshot {
  title: string;
  body: string;
  fields: Record<string, unknown>;
  [key: string]: unknown;
}

/** Every save keeps the content as it was saved; the edit page diffs and restores them. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<ContentSnapshot>().notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('content_revisions_content_idx').on(t.contentId, t.version)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    alias: text('alias').notNull().default(''),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(t.siteId, t.name).where(sql`deleted_at is null`)],
);

export const contentTags = pgTable(
  'content_tags',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    // The content row's public order keys, copied by triggers (migration 0013_page_cache.sql: on insert from
    // contents, and whenever contents change), so a tag page reads its page from one index.
    siteId: integer('site_id'),
    categoryId: integer('category_id'),
    isTop: boolean('is_top').notNull().default(false),
    /** coalesce(published_at, created_at) of the item. */
    sortAt: ts('sort_at'),
    /** status = 1 and not recycled. */
    live: boolean('live').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.tagId] }),
    index('content_tags_tag_idx').on(t.tagId),
    index('content_tags_public_idx').on(t.tagId, t.isTop, t.sortAt, t.contentId).where(sql`live`),
    index('content_tags_scheduled_idx').on(t.tagId, t.sortAt).where(sql`live`),
  ],
);

/**
 * Live (status 1, not recycled) tagged items per tag and column, kept by statement triggers on content_tags
 * (migration 0013): a tag page's total adds its live columns' counts, less the scheduled items not yet due.
 */
export const tagCounts = pgTable(
  'tag_counts',
  {
    tagId: integer('tag_id').notNull(),
    categoryId: integer('category_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.categoryId] })],
);
