import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// The e-mail inbox screen, by route path (lazy-loaded).
export const views: ViewMap = {
  '/InquiryEmail/index': lazy(() => import('./InquiryEmailPage')),
};
