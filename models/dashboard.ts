/**
 * GET /dashboard/index → data. A null count means its module is not installed yet; a missing one,
 * that the admin may not see that screen.
 */
export interface DashboardData {
  running_days: number;
  /** Sites this admin manages. */
  sites: number;
  admins?: number;
  roles?: number;
  logins_today?: number;
  /** Distinct visitor IPs of the last 30 days, on the sites this admin manages. */
  visitors: number | null;
  articles: number | null;
  keywords: number | null;
  inquiries: number | null;
  imported_links: number | null;
  exported_links: number | null;
  version: string;
  authorization: 'community';
  database: 'pglite' | 'postgres';
  recent_logins: Array<{ ip: string; location: string; device: string; created_at: string }>;
  /** Visitors (distinct IPs) and page views per period, on the sites this admin manages. */
  traffic: Record<TrafficPeriod, VisitFigures>;
  /** One point per day of the last 30 days, oldest first (local dates, yyyy-mm-dd). */
  trend: Array<VisitFigures & { date: string }>;
  /** Last 30 days by province, most page views first; '' is an unknown region. */
  regions: Array<VisitFigures & { region: string }>;
}

export const TRAFFIC_PERIODS = ['today', 'yesterday', 'last7', 'last30'] as const;
export type TrafficPeriod = (typeof TRAFFIC_PERIODS)[number];

export interface VisitFigures {
  /** Distinct IPs. */
  visitors: number;
  page_views: number;
}

/** Days of the trend series. */
export const TREND_DAYS = 30;
