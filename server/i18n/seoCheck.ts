import { defineServerMessages } from './define';

// Server messages of the SEO diagnosis (issue 11).
export const seoCheck = defineServerMessages(
  {
    'seoCheck.started': 'SEO 诊断已开始',
    'seoCheck.cancelled': 'SEO 诊断已取消',
    'seoCheck.refused': '诊断报告已结束，不能再更改',
    'seoCheck.siteUnavailable': '站点未启用或已删除，无法诊断',
    'seoCheck.running': '本站点已有一个诊断正在进行',
  },
  {
    'seoCheck.started': 'SEO diagnosis started',
    'seoCheck.cancelled': 'SEO diagnosis cancelled',
    'seoCheck.refused': 'The diagnosis report has already ended and cannot change',
    'seoCheck.siteUnavailable': 'The site is disabled or deleted and cannot be diagnosed',
    'seoCheck.running': 'A diagnosis of this site is already running',
  },
);
