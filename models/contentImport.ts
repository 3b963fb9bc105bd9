import { z } from 'zod';
import { Id } from './common';

// Content import (spec §7 "Import"): rows of a CSV or Excel file become content of a chosen column.
// The six calls are the original product's import kinds (a brokerage site's tables); each imports the
// same way and is recorded under its kind.

export const IMPORT_KINDS = ['commission', 'margin', 'variety', 'rule', 'calendar', 'intermediary'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows shown in a preview; the counts cover the whole file. */
export const IMPORT_PREVIEW_ROWS = 200;

/** ?category_id=&commit=0|1 of POST /ContentImport/{kind} (the file is the multipart body). */
export const ImportQuery = z.object({
  category_id: Id,
  commit: z.enum(['0', '1']).default('0'),
});

export interface ImportIssue {
  field: string;
  message: string;
}

export interface ImportRow {
  /** Row number in the file (the header is row 1). */
  row: number;
  title: string;
  errors: ImportIssue[];
}

export interface ImportPreview {
  kind: ImportKind;
  total: number;
  valid: number;
  invalid: number;
  /** Which file column went to which content field. */
  mapping: Array<{ header: string; field: string }>;
  /** File columns nothing matched. */
  ignored: string[];
  rows: ImportRow[];
  /** Set when committed: the job creating the valid rows. */
  job_id?: number;
}

/** The result a finished import job reports. */
export interface ImportReport {
  created: number;
  failed: ImportRow[];
}

/** Header names (lower-cased) each built-in content field answers to, in English and Chinese. */
export const IMPORT_HEADERS: Record<string, readonly string[]> = {
  title: ['title', 'name', '标题', '名称'],
  subtitle: ['subtitle', '副标题'],
  body: ['body', 'content', '正文', '内容'],
  description: ['description', 'summary', '描述', '摘要', '简介'],
  keywords: ['keywords', '关键词', '关键字'],
  author: ['author', '作者'],
  source: ['source', '来源'],
  thumbnail: ['thumbnail', 'image', '缩略图', '图片'],
  alias: ['alias', '别名'],
  published_at: ['published_at', 'date', '发布时间', '日期'],
  status: ['status', '状态'],
  sort: ['sort', 'order', '排序'],
  tags: ['tags', '标签'],
};
