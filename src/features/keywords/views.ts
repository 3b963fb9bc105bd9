import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of site keywords, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Keyword/index': lazy(() => import('./KeywordPage')),
};
