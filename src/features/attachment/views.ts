import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of the attachment feature, by route path (lazy-loaded).
export const views: ViewMap = {
  '/AttachmentCate/index': lazy(() => import('./AttachmentsPage')),
};
