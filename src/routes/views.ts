import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { views as website } from '../features/website/views';
import { views as module } from '../features/module/views';
import { views as category } from '../features/category/views';
import { views as content } from '../features/content/views';
import { views as editor } from '../features/editor/views';
import { views as marketing } from '../features/marketing/views';
import { views as attachment } from '../features/attachment/views';
import { views as settings } from '../features/settings/views';
import { views as audit } from '../features/audit/views';
import { views as navMenus } from '../features/navMenus/views';
import { views as staticFiles } from '../features/staticFiles/views';
import { views as themes } from '../features/themes/views';
import { views as themeFiles } from '../features/themeFiles/views';
import { views as inquiries } from '../features/inquiries/views';
import { views as posters } from '../features/posters/views';
import { views as keywords } from '../features/keywords/views';
import { views as seoCheck } from '../features/seoCheck/views';
import { views as links } from '../features/links/views';
import { views as forms } from '../features/forms/views';
import { views as recruit } from '../features/recruit/views';
import { views as inquiryEmail } from '../features/inquiryEmail/views';
import { views as formDesign } from '../features/formDesign/views';
import { views as database } from '../features/database/views';
import { views as plugins } from '../features/plugins/views';
import { views as chartViewer } from '../features/chartViewer/views';

export type ViewMap = Record<string, LazyExoticComponent<ComponentType>>;

/** Screens of the features added after the foundation, by route path. */
const FEATURE_VIEWS: ViewMap = { ...recruit, ...website, ...module, ...category, ...content, ...editor, ...marketing, ...attachment, ...settings, ...audit, ...navMenus, ...staticFiles, ...themes, ...themeFiles, ...inquiries, ...links, ...forms, ...seoCheck, ...keywords, ...posters, ...inquiryEmail, ...formDesign, ...plugins, ...database, ...chartViewer };

/**
 * Every screen reached from the menu (or a `/prefix/*` path), by route path. Loaded after sign-in with the
 * first such screen (src/routes/registry.ts): the login page and the shell need the paths, not the screens.
 */
export const VIEWS: ViewMap = {
  '/Admin/index': lazy(() => import('../features/admin/AdminPage')),
  '/Role/index': lazy(() => import('../features/role/RolePage')),
  '/Nav/index': lazy(() => import('../features/nav/NavPage')),
  '/AdminLoginLog/index': lazy(() => import('../features/logs/LoginLogPage')),
  '/AdminOptLog/index': lazy(() => import('../features/logs/OptLogPage')),
  ...FEATURE_VIEWS,
};
