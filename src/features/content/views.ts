import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

const List = lazy(() => import('./ContentListPage'));
const Edit = lazy(() => import('./ContentEditPage'));

// Screens of the content feature, by route path; `/*` paths take the column id after the slash.
export const views: ViewMap = {
  '/Content/index': List,
  '/addContent': Edit,
  '/updateContent': Edit,
  '/ColumnInfo': lazy(() => import('./ColumnInfoPage')),
  '/customContent/*': List,
  '/addCustomContent/*': Edit,
  '/updateCustomContent/*': Edit,
};
