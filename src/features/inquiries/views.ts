import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

// Screens of inquiries, by route path (lazy-loaded).
export const views: ViewMap = {
  '/Inquiry/index': lazy(() => import('./InquiryPage')),
  '/InquiryCate/index': lazy(() => import('./InquiryCatePage')),
};
