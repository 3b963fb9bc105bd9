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
}
