import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { FEATURE_VIEWS } from './views';
import { PLUGIN_PAGE_PREFIX, PLUGIN_PAGE_REST } from '../../models/pluginPaths';
import { MENU_TREE, type MenuSeed, DASHBOARD_PATH, DASHBOARD_ALIAS_PATH, LOGIN_PATH, NOT_FOUND_PATH } from '../../models/menuTree';

// Every screen of the admin as data: path, title key, menu key and flags. The router, the tabs, the
// breadcrumb and the page title read it; the guard's authority comes from the server's menu.

export interface ScreenRoute {
  path: string;
  /** i18n key of the title. */
  title: string;
  menuKey?: string;
  /** Pages any signed-in admin may open. */
  typeless?: boolean;
  pinned?: boolean;
  /** Keep the view mounted while its tab is hidden. */
  cache?: boolean;
  /** The list page a guide sub-page highlights and returns to. */
  guide?: string;
  /** Outside the shell (the login page). */
  bare?: boolean;
  /** Its strings arrive with the shell (loadShellStrings); other screens wait for the features' strings. */
  shellStrings?: boolean;
  view: LazyExoticComponent<ComponentType>;
}

const Dashboard = lazy(() => import('../features/dashboard/DashboardPage'));
const NotFound = lazy(() => import('../features/errors/NotFoundPage'));
const Unavailable = lazy(() => import('../features/errors/UnavailablePage'));

/** Screens built so far; every other menu page shows that its module arrives in a later version. */
const VIEWS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/Admin/index': lazy(() => import('../features/admin/AdminPage')),
  '/Role/index': lazy(() => import('../features/role/RolePage')),
  '/Nav/index': lazy(() => import('../features/nav/NavPage')),
  '/AdminLoginLog/index': lazy(() => import('../features/logs/LoginLogPage')),
  '/AdminOptLog/index': lazy(() => import('../features/logs/OptLogPage')),
  ...FEATURE_VIEWS,
};

const fixed: ScreenRoute[] = [
  { path: LOGIN_PATH, title: 'login.submit', bare: true, typeless: true, view: lazy(() => import('../features/login/LoginPage')) },
  { path: DASHBOARD_PATH, title: 'menu.dashboard', typeless: true, pinned: true, cache: false, shellStrings: true, view: Dashboard },
  { path: DASHBOARD_ALIAS_PATH, title: 'menu.dashboard', typeless: true, cache: false, shellStrings: true, view: Dashboard },
  { path: NOT_FOUND_PATH, title: 'menu.notFound', typeless: true, view: NotFound },
];

function fromMenu(nodes: readonly MenuSeed[]): ScreenRoute[] {
  return nodes.flatMap((n) => [
    ...(n.type === 2
      ? []
      : [{ path: n.path, title: `menu.${n.key}`, menuKey: n.key, guide: n.guide, cache: true, view: VIEWS[n.path] ?? Unavailable }]),
    ...fromMenu(n.children ?? []),
  ]);
}

export const ROUTES: readonly ScreenRoute[] = [...fixed, ...fromMenu(MENU_TREE)];
const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** Titles of the parameterised pages built from the dynamic menu (spec §2). */
const PREFIX_TITLES: Record<string, string> = {
  '/customContent/': 'menu.customContent',
  '/addCustomContent/': 'menu.addContent',
  '/updateCustomContent/': 'menu.updateContent',
  '/contentCheck/': 'menu.contentCheck',
  '/auditingContent/': 'menu.auditingContent',
  [PLUGIN_PAGE_PREFIX]: 'menu.pluginPage',
};

/** What may follow a prefix: an id, or for plugin pages `<plugin id>/<page>`. */
const PREFIX_REST: Record<string, RegExp> = { [PLUGIN_PAGE_PREFIX]: PLUGIN_PAGE_REST };

/** Feature views registered as `/prefix/*`: one screen for every id after the prefix. */
const PREFIX_ROUTES: ScreenRoute[] = Object.entries(VIEWS)
  .filter(([path]) => path.endsWith('/*'))
  .map(([path, view]) => {
    const prefix = path.slice(0, -1);
    return { path: prefix, title: PREFIX_TITLES[prefix] ?? 'menu.dashboard', cache: true, view };
  });

export const REDIRECT_PREFIX = '/redirect/';
export const redirectRoute: ScreenRoute = {
  path: REDIRECT_PREFIX,
  title: 'menu.redirect',
  typeless: true,
  view: lazy(() => import('../features/errors/RedirectPage')),
};

/** The screen for a path, or undefined (the router then shows 404). */
export function matchRoute(path: string): ScreenRoute | undefined {
  if (path.startsWith(REDIRECT_PREFIX)) return redirectRoute;
  return byPath.get(path) ?? PREFIX_ROUTES.find((r) => path.startsWith(r.path) && (PREFIX_REST[r.path] ?? /^\d+$/).test(path.slice(r.path.length)));
}

export function isUnavailable(route: ScreenRoute): boolean {
  return route.view === Unavailable;
}
