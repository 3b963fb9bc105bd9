import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// The statechart viewer, by route path (lazy-loaded: it brings every chart and the paths code).
export const views: ViewMap = {
  '/ChartViewer/index': lazy(() => import('./ChartViewerPage')),
};
