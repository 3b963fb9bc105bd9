import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// The form designer, by route path (lazy-loaded: the grid and motion libraries load with it only).
export const views: ViewMap = {
  '/form/design': lazy(() => import('./FormDesignPage')),
};
