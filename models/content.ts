import { z } from 'zod';
import { DateFilter, Id, IdsBody, NumberFilter, Paging, TextFilter } from './common';
import { sortQuery } from './listSort';
import type { ModelField } from './contentModel';
import type { Category } from './category';

// Content (spec §3 "Content", §4, §7 "Content"; issue 3).

/** 1 published, 2 draft / unpublished. */
export const CONTENT_PUBLISHED = 1;
export const CONTENT_DRAFT = 2;
export const ContentStatus = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));

export const ContentListItem = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  category_id: z.number().int(),
  category_title: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  author: z.string(),
  status: ContentStatus,
  is_top: z.boolean(),
  is_recommend: z.boolean(),
  check_status: z.string(),
  views: z.number().int(),
  sort: z.number().int(),
  tags: z.array(z.string()),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type ContentListItem = z.infer<typeof ContentListItem>;

export const Content = ContentListItem.extend({
  alias: z.string(),
  subtitle: z.string(),
  source: z.string(),
  keywords: z.string(),
  description: z.string(),
  body: z.string(),
  fields: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  updated_by_name: z.string(),
});
export type Content = z.infer<typeof Content>;

const contentFields = {
  category_id: Id,
  title: z.string().trim().min(1, { message: 'validation.required' }).max(200),
  alias: z.string().trim().toLowerCase().max(100).regex(/^([a-z0-9][a-z0-9_-]*)?$/, { message: 'validation.alias' }).default(''),
  subtitle: z.string().trim().max(200).default(''),
  author: z.string().trim().max(100).default(''),
  source: z.string().trim().max(200).default(''),
  thumbnail: z.string().trim().max(500).default(''),
  keywords: z.string().trim().max(500).default(''),
  description: z.string().trim().max(1000).default(''),
  /** Rich-text HTML; sanitised by the server with the shared allowlist (models/html.ts). */
  body: z.string().max(2_000_000).default(''),
  /** Values of the column's model fields; validated against the model on the server. */
  fields: z.record(z.string(), z.unknown()).default({}),
  status: ContentStatus.default(2),
  is_top: z.boolean().default(false),
  is_recommend: z.boolean().default(false),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
  published_at: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.date().optional()),
  tags: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
};
export const ContentSave = z.object(contentFields);
export type ContentSave = z.infer<typeof ContentSave>;
/** `version` is the one the editor loaded: an older one than stored answers 409 (edited meanwhile). */
export const ContentUpdate = z.object({ id: Id, version: z.coerce.number().int().min(1), ...contentFields });
export type ContentUpdate = z.infer<typeof ContentUpdate>;

/** What the content list sorts by (each has an index per list shape: server/db/schema/content.ts). */
export const CONTENT_SORT_KEYS = ['id', 'published_at', 'updated_at', 'views', 'sort'] as const;
export type ContentSortKey = (typeof CONTENT_SORT_KEYS)[number];

export const ContentListQuery = Paging.extend({
  category_id: NumberFilter,
  status: NumberFilter,
  keyword: TextFilter,
  is_recommend: NumberFilter,
  is_top: NumberFilter,
  start: DateFilter,
  end: DateFilter,
  /** 1 lists the content in the recycle bin (delAll'd) instead. */
  deleted: NumberFilter,
  ...sortQuery(CONTENT_SORT_KEYS),
});

/** GET /content/create?category_id → what the add form needs. */
export interface ContentScaffold {
  category: Category;
  fields: ModelField[];
  defaults: Record<string, unknown>;
}

/** 409 answer of a stale save: who saved meanwhile and when. */
export interface StaleSave {
  version: number;
  updated_by_name: string;
  updated_at: string;
}

export const TopOpt = IdsBody.extend({ is_top: z.boolean() });
export const RecommendAndStatus = IdsBody.extend({ is_recommend: z.boolean().optional(), status: ContentStatus.optional() });
export const EditStatus = IdsBody.extend({ status: ContentStatus });

/**
 * ContentRevision.note says how a version came about: 'created', 'updated', or 'restored:<n>' when
 * revision version n was restored.
 */
export const REVISION_CREATED = 'created';
export const REVISION_UPDATED = 'updated';
export const revisionRestoredNote = (fromVersion: number) => `restored:${fromVersion}`;

export const ContentRevision = z.object({
  id: z.number().int(),
  version: z.number().int(),
  note: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type ContentRevision = z.infer<typeof ContentRevision>;
/** What a revision keeps of the content (the editorial fields and the flags at that time). */
export type RevisionSnapshot = {
  title: string;
  subtitle: string;
  alias: string;
  author: string;
  source: string;
  thumbnail: string;
  keywords: string;
  description: string;
  body: string;
  fields: Record<string, unknown>;
  tags: string[];
  category_id: number;
  status: number;
  is_top: boolean;
  is_recommend: boolean;
  sort: number;
  published_at: string | null;
};

/** GET /content/revision?id=<revision id> → data: the revision and the content as it is now, for a diff. */
export interface ContentRevisionDetail {
  revision: ContentRevision & { snapshot: RevisionSnapshot };
  current: RevisionSnapshot & { version: number };
}

/** POST /content/save | update | restoreRevision → data: the content's id and its new version. */
export interface ContentSaved {
  id: number;
  version: number;
}

/** POST delete | delAll | recoverAll | topOpt | recommendAndStatus | editStatus | checkAll → data. */
export interface ContentBulkResult {
  /** How many content items changed (checkAll: how many were in review and got approved). */
  affected: number;
}

/** POST /content/restoreRevision: the revision becomes the content again (as a new version). */
export const RestoreRevision = z.object({ id: Id, revision_id: Id, version: z.coerce.number().int().min(1) });

// Editor actions. Each refuses empty content with 'content cannot be empty'.
const EditorContent = z.string().max(2_000_000);
export const InnerLinkBody = z.object({ website_id: Id, content: EditorContent, sub_id: z.coerce.number().int().min(0).default(0) });
export const ContentBody = z.object({ content: EditorContent });

/** POST /content/wordSearch → data (spec §3 "Prohibited-word result"): level 1 sensitive, 2 prohibited. */
export interface WordSearchResult {
  return_str: string;
  word_list: Array<{ title: string; paraphrase: string; type: string; level: 1 | 2 }>;
}

/** POST /content/imgLocal → data */
export interface ImageLocalResult {
  content: string;
  localized: number;
  /** Images left as they were: `code` says why (e.g. 'private_address', 'too_large'), `reason` in the caller's language. */
  failed: Array<{ url: string; reason: string; code?: string }>;
}

/** Uploaded file response (spec §3). */
export interface UploadedFile {
  id: number;
  name: string;
  url: string;
}
