import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of front-end menus, by route path (lazy-loaded).
export const views: ViewMap = {
  '/NavCate/index': lazy(() => import('./NavMenusPage')),
};
