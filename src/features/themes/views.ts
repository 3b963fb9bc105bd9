import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of themes and the template library, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Theme/index': lazy(() => import('./ThemesPage')),
  '/TempleteLibrary/index': lazy(() => import('./LibraryPage')),
};
