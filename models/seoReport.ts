import { z } from 'zod';

// SEO diagnosis (/seoCheck/index, /seoCheck/report; spec §2, §4 "Diagnosis report: testing, then completed").
// A report crawls the site's own pages through the public renderer, checks each page and the site, scores
// every check and links each finding to the admin screen that fixes it. Its lifecycle is replayed from its
// stored events through machines/seoReport.machine.ts.

export const SEO_REPORT_STATES = ['testing', 'completed', 'failed', 'cancelled'] as const;
export type SeoReportState = (typeof SEO_REPORT_STATES)[number];

/** Pages one diagnosis crawls at most (home first, then internal links breadth-first). */
export const SEO_CRAWL_LIMIT = 200;
/** Title length bounds (characters) search engines show in full. */
export const SEO_TITLE_MIN = 4;
export const SEO_TITLE_MAX = 60;
/** An HTML page heavier than this (bytes) is flagged. */
export const SEO_PAGE_WEIGHT_MAX = 300 * 1024;
/** Reports kept per site; older ones are dropped when a new diagnosis starts. */
export const SEO_REPORTS_KEPT = 50;

export const SEO_SEVERITIES = ['error', 'warning', 'notice'] as const;
export type SeoSeverity = (typeof SEO_SEVERITIES)[number];

/** Every check, with its severity. Page checks run on each crawled page; site checks once. */
export const SEO_CHECKS = {
  status: 'error',
  titleMissing: 'error',
  titleLength: 'warning',
  titleDuplicate: 'warning',
  descriptionMissing: 'warning',
  keywordsMissing: 'notice',
  h1: 'warning',
  imageAlt: 'warning',
  brokenLink: 'error',
  canonical: 'notice',
  viewport: 'warning',
  pageWeight: 'notice',
  robots: 'error',
  sitemap: 'warning',
  notFound: 'error',
  https: 'notice',
} as const satisfies Record<string, SeoSeverity>;
export type SeoCheck = keyof typeof SEO_CHECKS;
export const SEO_CHECK_KEYS = Object.keys(SEO_CHECKS) as SeoCheck[];
export const SEO_SITE_CHECKS: readonly SeoCheck[] = ['robots', 'sitemap', 'notFound', 'https'];
/** Weight of a check in the overall score, by severity. */
export const SEO_SEVERITY_WEIGHT: Record<SeoSeverity, number> = { error: 3, warning: 2, notice: 1 };

/** The admin screen that fixes a finding. */
export type SeoFix = { screen: 'content'; id: number } | { screen: 'column'; id: number } | { screen: 'site' };

export interface SeoFinding {
  /** Stable identity across reports (check + page + detail): how two reports are compared. */
  key: string;
  check: SeoCheck;
  severity: SeoSeverity;
  /** The page's path ('' for a site check). */
  url: string;
  /** What was found (a title, a link, an image source, a count); shown beside the check's sentence. */
  detail: string;
  fix: SeoFix;
}

/** One check's score: the share of what it looked at that passed. */
export interface SeoItemScore {
  check: SeoCheck;
  severity: SeoSeverity;
  checked: number;
  failed: number;
  /** 0-100 */
  score: number;
}

export interface SeoReportSummary {
  id: number;
  state: SeoReportState;
  /** 0-100, null until completed. */
  score: number | null;
  pages: number;
  errors: number;
  warnings: number;
  notices: number;
  job_id: number | null;
  /** 0-100 while testing. */
  progress: number;
  error: string;
  created_by_name: string;
  created_at: string;
  finished_at: string | null;
}

export interface SeoReport extends SeoReportSummary {
  items: SeoItemScore[];
  findings: SeoFinding[];
  /** What may happen next (the chart decides). */
  can_cancel: boolean;
}

export interface SeoComparison {
  base: SeoReportSummary;
  report: SeoReportSummary;
  /** In the report, not in the base. */
  added: SeoFinding[];
  /** In the base, gone from the report. */
  fixed: SeoFinding[];
}

/** Events stored per report; the chart replays them. */
export type SeoReportEvent =
  | { type: 'report.progress'; checked: number; total: number }
  | { type: 'report.complete'; score: number; pages: number }
  | { type: 'report.fail'; message: string }
  | { type: 'report.cancel'; by: number };
export const SEO_REPORT_EVENT_TYPES = ['report.progress', 'report.complete', 'report.fail', 'report.cancel'] as const;

export const SeoReportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type SeoReportListQuery = z.infer<typeof SeoReportListQuery>;

export const SeoCompareQuery = z.object({
  base: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
export type SeoCompareQuery = z.infer<typeof SeoCompareQuery>;

/** The admin path that fixes a finding. */
export function fixPath(fix: SeoFix): string {
  if (fix.screen === 'content') return `/updateContent?id=${fix.id}`;
  if (fix.screen === 'column') return `/updateColumn?id=${fix.id}`;
  return '/WebsiteSetting/index';
}

/** Findings in `report` not in `base` (added) and in `base` not in `report` (fixed). */
export function compareFindings(base: readonly SeoFinding[], report: readonly SeoFinding[]) {
  const before = new Set(base.map((f) => f.key));
  const after = new Set(report.map((f) => f.key));
  return { added: report.filter((f) => !before.has(f.key)), fixed: base.filter((f) => !after.has(f.key)) };
}
