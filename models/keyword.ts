import { z } from 'zod';
import { Id, NumberFilter, Paging, TextFilter } from './common';
import { sortQuery } from './listSort';
import { SiteUrl } from './siteUrl';

// Site keywords (/Keyword/index, spec §3 "Site keyword", §4 "Keyword: paused or active"): the words a
// site wants to rank for, each with its landing link. An active keyword may also feed the editor's
// inner-link action, and only active keywords are sent to the rank provider.

export const KEYWORD_ACTIVE = 1;
export const KEYWORD_PAUSED = 2;
export const KeywordStatus = z.coerce.number().pipe(z.union([z.literal(KEYWORD_ACTIVE), z.literal(KEYWORD_PAUSED)]));

/** Most rows one import file may hold. */
export const KEYWORD_IMPORT_MAX_ROWS = 5000;
/** Largest import file (bytes). */
export const KEYWORD_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rank checks kept per keyword in the trend (newest). */
export const RANK_HISTORY_LIMIT = 90;
/** How often the server looks for sites whose rank check is due. */
export const RANK_SCHEDULER_TICK_MS = 60_000;
/** Search engines a provider may be asked about. */
export const RANK_ENGINES = ['baidu', 'google', 'bing', 'sogou', '360'] as const;

export const Keyword = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  link: z.string(),
  /** Heavier keywords are linked first when used as internal links. */
  weight: z.number().int(),
  /** How many links to it the editor's inner-link action inserted (read-only). */
  link_count: z.number().int(),
  status: KeywordStatus,
  /** Also offered to the editor's inner-link action while active. */
  inner_link: z.boolean(),
  /** Latest check: position (null = not in the results), result URL, indexed pages. */
  position: z.number().int().nullable(),
  result_url: z.string(),
  indexed: z.number().int().nullable(),
  checked_at: z.string().nullable(),
  created_at: z.string(),
});
export type Keyword = z.infer<typeof Keyword>;

export const KeywordFields = z.object({
  name: z.string({ message: 'validation.keywordName' }).trim().min(1, { message: 'validation.keywordName' }).max(100),
  link: z.string({ message: 'validation.keywordLink' }).trim().min(1, { message: 'validation.keywordLink' }).pipe(SiteUrl),
  weight: z.coerce.number().int().min(0).max(99999).default(0),
  status: KeywordStatus.default(KEYWORD_ACTIVE),
  inner_link: z.boolean().default(false),
});
export const KeywordCreate = KeywordFields;
export const KeywordUpdate = KeywordFields.extend({ id: Id });
/** The keyword list sorts by name or weight (indexes site_keywords_site_name_idx, site_keywords_site_weight_idx). */
export const KeywordListQuery = Paging.extend({ name: TextFilter, status: NumberFilter, ...sortQuery(['name', 'weight']) });

/** POST /keyword/status: pause or activate several keywords. */
export const KeywordStatusBody = z.object({ ids: z.array(Id).min(1).max(1000), status: KeywordStatus });
/** POST /keyword/innerLink: whether keywords also feed the inner-link action. */
export const KeywordInnerLinkBody = z.object({ ids: z.array(Id).min(1).max(1000), inner_link: z.boolean() });
/** GET /keyword/export?format= */
export const KeywordExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv'), name: TextFilter, status: NumberFilter });

/** Column headers of import and export files: English first, then the Chinese one. */
export const KEYWORD_HEADERS = {
  name: ['name', '关键词'],
  link: ['link', '链接'],
  weight: ['weight', '权重'],
  status: ['status', '状态'],
  inner_link: ['inner_link', '用作内链'],
} as const;

export interface KeywordImportError {
  /** Row number in the file (the header is row 1). */
  row: number;
  name: string;
  message: string;
}
export interface KeywordImportResult {
  total: number;
  imported: number;
  errors: KeywordImportError[];
}

/** One rank check of one keyword (GET /keyword/history). */
export interface RankCheck {
  id: number;
  engine: string;
  position: number | null;
  url: string;
  indexed: number | null;
  /** Why the provider could not answer; '' when it did. */
  error: string;
  checked_at: string;
}

/** JSON pointers (RFC 6901, e.g. /data/0/rank) into the provider's answer. */
const Pointer = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || v.startsWith('/'), { message: 'validation.jsonPointer' })
  .default('');

/**
 * A site's rank provider: an HTTP search API asked with a URL template ({keyword}, {domain}, {engine},
 * {key}) whose JSON answer is read with pointers. Either the position is read directly (position_path),
 * or results_path names a result list and the first result on the site's domain gives the position.
 */
export const RankSettings = z.object({
  enabled: z.boolean().default(false),
  engine: z.enum(RANK_ENGINES).default('baidu'),
  url_template: z
    .string()
    .trim()
    .max(1000)
    .refine((v) => v === '' || (/^https?:\/\//i.test(v) && v.includes('{keyword}')), { message: 'validation.rankTemplate' })
    .default(''),
  /** Write-only: blank keeps the stored key. */
  api_key: z.string().trim().max(500).default(''),
  results_path: Pointer,
  result_url_path: Pointer,
  result_position_path: Pointer,
  position_path: Pointer,
  url_path: Pointer,
  indexed_path: Pointer,
  /** Hours between scheduled checks. */
  interval_hours: z.coerce.number().int().min(1).max(24 * 30).default(24),
});
export type RankSettings = z.infer<typeof RankSettings>;
/** GET /keyword/rankSettings answer: the key itself is never sent back. */
export type RankSettingsView = Omit<RankSettings, 'api_key'> & { api_key: ''; has_api_key: boolean; last_run_at: string | null; domain: string };

/** Result of a rank-check job. */
export interface RankJobResult {
  checked: number;
  found: number;
  not_found: number;
  errors: number;
}

export const HistoryQuery = z.object({ id: Id });
