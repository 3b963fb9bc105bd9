import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the SEO diagnosis, by route path (lazy-loaded).
export const views: ViewMap = {
  '/seoCheck/index': lazy(() => import('./SeoCheckPage')),
  '/seoCheck/report': lazy(() => import('./SeoReportPage')),
};
