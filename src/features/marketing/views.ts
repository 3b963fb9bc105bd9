import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the marketing feature, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Tag/index': lazy(() => import('./TagPage')),
  '/ContentTag/index': lazy(() => import('./TagGeneratorPage')),
  '/SlideCate/index': lazy(() => import('./SlideCatePage')),
  '/Advertisement/index': lazy(() => import('./AdPage')),
  '/InnerChart/index': lazy(() => import('./InnerChartPage')),
  '/ProhibitedWord/index': lazy(() => import('./ProhibitedWordPage')),
  '/RecycleBin/index': lazy(() => import('./RecycleBinPage')),
};
