import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ViewMap } from './views';
import LoginPage from '../features/login/LoginPage';
import { PREFIX_REST, PREFIX_TITLES } from './prefixes';
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
  /** Lazy, but for the login page's (which comes with the entry: see `firstLoadGroups`, server/clientBundle.ts). */
  view: ComponentType;
}

const Dashboard = lazy(() => import('../features/dashboard/DashboardPage'));
const NotFound = lazy(() => import('../features/errors/NotFoundPage'));
const Unavailable = lazy(() => import('../features/errors/UnavailablePage'));

let views: Promise<ViewMap> | undefined;
/**
 * The screens' components by route path (src/routes/views.ts): their lazy imports, each with Vite's list of
 * the files it preloads, load with the first screen other than the dashboard (loadScreenSupport), not with
 * the login page.
 */
export function loadViews(): Promise<ViewMap> {
  views ??= import('./views').then((m) => m.VIEWS);
  return views;
}

/** The screen at a menu path (or a `/prefix/*` one); a menu page whose screen is not built yet says so. */
function screen(path: string): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const View = (await loadViews())[path] ?? Unavailable;
    return { default: () => createElement(View) };
  });
}

const fixed: ScreenRoute[] = [
  { path: LOGIN_PATH, title: 'login.submit', bare: true, typeless: true, view: LoginPage },
  { path: DASHBOARD_PATH, title: 'menu.dashboard', typeless: true, pinned: true, cache: false, shellStrings: true, view: Dashboard },
  { path: DASHBOARD_ALIAS_PATH, title: 'menu.dashboard', typeless: true, cache: false, shellStrings: true, view: Dashboard },
  { path: NOT_FOUND_PATH, title: 'menu.notFound', typeless: true, view: NotFound },
];

function fromMenu(nodes: readonly MenuSeed[]): ScreenRoute[] {
  return nodes.flatMap((n) => [
    ...(n.type === 2
      ? []
      : [{ path: n.path, title: `menu.${n.key}`, menuKey: n.key, guide: n.guide, cache: true, view: screen(n.path) }]),
    ...fromMenu(n.children ?? []),
  ]);
}

export const ROUTES: readonly ScreenRoute[] = [...fixed, ...fromMenu(MENU_TREE)];
const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** Screens registered as `/prefix/*` (src/routes/views.ts): one screen for every id after the prefix. */
const PREFIX_ROUTES: ScreenRoute[] = Object.entries(PREFIX_TITLES).map(([prefix, title]) => ({ path: prefix, title, cache: true, view: screen(`${prefix}*`) }));

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
