import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of database backup and restore, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Database/index': lazy(() => import('./DatabasePage')),
};
