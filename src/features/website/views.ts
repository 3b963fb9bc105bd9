import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the website feature, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Website/index': lazy(() => import('./WebsitePage')),
  '/WebsiteSetting/index': lazy(() => import('./WebsiteSettingPage')),
};
