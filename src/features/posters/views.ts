import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of posters, by route path (lazy-loaded).
export const views: ViewMap = {
  '/poster/index': lazy(() => import('./PosterPage')),
};
