import type { PluginDefinition } from '../types';

// Visit statistics export: its menu page lists the current site's page views and unique visitors (distinct
// IPs) per day over the last 30 days, newest first, and offers them as a CSV download.

export const VISITSTATS_ID = 'visitstats';
export const VISITSTATS_DAYS = 30;

const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const t = (zh: string, en: string) => ({ zh, en });

export const visitstatsPlugin: PluginDefinition = {
  source: 'builtin',
  manifest: {
    id: VISITSTATS_ID,
    name: t('访问统计导出', 'Visit statistics export'),
    version: '1.0.0',
    author: 'Banyan',
    description: t('按天查看并导出当前站点近 30 天的浏览量（PV）和访客数（UV）。', 'Daily page views (PV) and visitors (UV) of the current site over the last 30 days, with a CSV export.'),
    capabilities: ['stats.read'],
    hooks: [],
    menus: [{ page: 'daily', title: t('每日访问', 'Daily visits'), icon: 'chart' }],
    settings: [],
    schedule_minutes: 0,
  },
  hooks: {},
  pages: {
    daily: async (ctx, query) => {
      const siteId = Number(query.site_id);
      const to = new Date();
      const from = new Date(to.getTime() - (VISITSTATS_DAYS - 1) * 86_400_000);
      const days = Number.isInteger(siteId) && siteId > 0 && ctx.stats ? await ctx.stats.daily(siteId, dayKey(from), dayKey(to)) : [];
      return {
        columns: [
          { name: 'day', title: t('日期', 'Date') },
          { name: 'pv', title: t('浏览量（PV）', 'Page views (PV)') },
          { name: 'uv', title: t('访客数（UV）', 'Visitors (UV)') },
        ],
        rows: [...days].reverse().map((d) => ({ day: d.day, pv: d.pv, uv: d.uv })),
        exportable: true,
      };
    },
  },
};
