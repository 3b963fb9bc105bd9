import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of plugins, by route path (lazy-loaded): the list (with the market tab) and the pages enabled plugins add.
export const views: ViewMap = {
  '/Plugin/index': lazy(() => import('./PluginListPage')),
  '/PluginPage/*': lazy(() => import('./PluginPage')),
};
