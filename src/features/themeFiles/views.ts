import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the online theme file editor, by route path (lazy-loaded: CodeMirror stays out of the shell).
export const views: ViewMap = {
  '/Theme/files': lazy(() => import('./ThemeFilesPage')),
  '/Theme/tempFiles': lazy(() => import('./ThemeTempFilesPage')),
};
