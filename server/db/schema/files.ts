import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { created, softDelete, ts, updated } from './columns';
import { admins, sites } from './core';

// Attachments (issue 4 adds categories, chunked uploads and object storage) and background jobs.

export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    cateId: integer('cate_id').notNull().default(0),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** 1 other file, 2 image, 3 video, 4 archive, 5 audio */
    type: integer('type').notNull().default(1),
    /** 1 local disk, 2-4 object storage kinds, 5 network URL */
    storage: integer('storage').notNull().default(1),
    /** Location in its storage (a key or relative path); empty for network URLs. */
    path: text('path').notNull().default(''),
    mime: text('mime').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of the bytes, for instant upload of a file already stored. */
    hash: text('hash').notNull().default(''),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
    ...softDelete(),
  },
  (t) => [
    index('attachments_site_idx').on(t.siteId, t.cateId),
    index('attachments_hash_idx').on(t.hash),
    // The admin list's order (newest first) for the whole site, one category and one type.
    index('attachments_list_idx').on(t.siteId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('attachments_list_cate_idx').on(t.siteId, t.cateId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('attachments_list_type_idx').on(t.siteId, t.type, t.createdAt, t.id).where(sql`deleted_at is null`),
  ],
);

/** Attachment categories of a site: a tree of two levels at most (parent 0 is the root). */
export const attachmentCates = pgTable(
  'attachment_cates',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    parentId: integer('parent_id').notNull().default(0),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('attachment_cates_site_idx').on(t.siteId, t.parentId)],
);

/**
 * A chunked upload in progress. The server issues its identity (basename) and temporary location
 * (path); what clients send back is only matched against them, never used as a path.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: serial('id').primaryKey(),
    basename: text('basename').notNull(),
    tempPath: text('temp_path').notNull(),
    siteId: integer('site_id').notNull(),
    adminId: integer('admin_id').notNull(),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    cateId: integer('cate_id').notNull().default(0),
    chunkTotal: integer('chunk_total').notNull(),
    /** Size announced with the first chunk (0 when unknown). */
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    hash: text('hash').notNull().default(''),
    /** 1-based indexes received. */
    received: jsonb('received').$type<number[]>().notNull().default([]),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('upload_sessions_basename_uq').on(t.basename)],
);

/** Long work (column copy, static generation, backups) runs as a job with progress, never in a request. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** queued | running | done | failed | cancelled */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error').notNull().default(''),
    siteId: integer('site_id'),
    createdBy: integer('created_by'),
    createdAt: created(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** Issue 17: the server (its random id) running the job, and until when its claim holds unless renewed. */
    lockedBy: text('locked_by'),
    leaseUntil: ts('lease_until'),
    /** Cancel asked from any server: the running server sees it at its next heartbeat or step. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
  },
  (t) => [index('jobs_kind_idx').on(t.kind, t.status), index('jobs_status_idx').on(t.status, t.id)],
);

/** Issue 17: one row per firing of a schedule; the server that inserts it runs that firing (once in the cluster). */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    name: text('name').notNull(),
    slot: text('slot').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);
