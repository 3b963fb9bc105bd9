import { lazy } from 'react';
import type { ViewMap } from '../../routes/views';

const CheckList = lazy(() => import('./CheckListPage'));
const Audit = lazy(() => import('./AuditPage'));

// Screens of the content audit, by route path; `/*` paths take the column id after the slash (see paths.ts).
export const views: ViewMap = {
  '/Content/checkList': CheckList,
  '/contentCheck/*': CheckList,
  '/auditingContent': Audit,
  '/auditingContent/*': Audit,
};
