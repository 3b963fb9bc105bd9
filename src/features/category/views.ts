import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the category feature, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Category/index': lazy(() => import('./CategoryPage')),
  '/addColumn': lazy(() => import('./ColumnFormPage').then((m) => ({ default: m.AddColumnPage }))),
  '/updateColumn': lazy(() => import('./ColumnFormPage').then((m) => ({ default: m.UpdateColumnPage }))),
};
