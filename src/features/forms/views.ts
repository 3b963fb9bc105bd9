import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of forms and questionnaires, by route path (lazy-loaded). /form/design is the designer's own.
export const views: ViewMap = {
  '/Form/index': lazy(() => import('./FormListPage')),
  '/form/detail': lazy(() => import('./FormDetailPage')),
};
