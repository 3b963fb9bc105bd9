import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the module feature, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Module/index': lazy(() => import('./ModulePage')),
  '/ModelField/index': lazy(() => import('./ModelFieldPage')),
};
