import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the settings feature, by route path (lazy-loaded).
export const views: ViewMap = {
  '/SysSetting/index': lazy(() => import('./SysSettingPage')),
};
