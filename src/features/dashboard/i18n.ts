import { defineMessages } from '../../i18n/define';

// Dashboard strings added with visits (issue 6) and the link figures' hints; the rest of the dashboard's strings
// are in the core catalog. They load with the shell (loadShellStrings), so the dashboard uses no other feature's.
export const messages = defineMessages(
  {
    dashboard: {
      trend: '访问趋势',
      period: { today: '今日', yesterday: '昨日', last7: '最近 7 天', last30: '最近 30 天' },
      visitorsShort: '访客',
      pageViews: '浏览量',
      regions: '地区分布（最近 30 天）',
      otherRegions: '其他 / 未知',
      noVisits: '暂无访问记录',
    },
    links: { dashboard: { importedHint: '上次检查时对方页面链回本站', exportedHint: '本站前台正在展示的友链' } },
  },
  {
    dashboard: {
      trend: 'Visit trend',
      period: { today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last30: 'Last 30 days' },
      visitorsShort: 'Visitors',
      pageViews: 'Page views',
      regions: 'Regions (last 30 days)',
      otherRegions: 'Other / unknown',
      noVisits: 'No visits yet',
    },
    links: { dashboard: { importedHint: 'Partners linking back at the last check', exportedHint: 'Links our public pages show' } },
  },
);
