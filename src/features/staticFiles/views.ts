import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of static generation, by route path (lazy-loaded).
export const views: ViewMap = {
  '/StaticFile/index': lazy(() => import('./StaticFilesPage')),
};
