import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of friendly links, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Link/index': lazy(() => import('./LinkListPage')),
  '/addLink': lazy(() => import('./LinkFormPage').then((m) => ({ default: m.AddLinkPage }))),
  '/updateLink': lazy(() => import('./LinkFormPage').then((m) => ({ default: m.UpdateLinkPage }))),
  '/linkInfo': lazy(() => import('./LinkInfoPage')),
};
