import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of recruitment, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Job/index': lazy(() => import('./PositionPage')),
  '/JobCate/index': lazy(() => import('./PositionGroupPages').then((m) => ({ default: m.JobCatePage }))),
  '/JobCity/index': lazy(() => import('./PositionGroupPages').then((m) => ({ default: m.JobCityPage }))),
  '/resume/index': lazy(() => import('./ResumePage')),
  '/resume/save': lazy(() => import('./ResumeSavePage')),
};
