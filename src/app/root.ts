import { createActor } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { sessionMachine } from '../../machines/session.machine';
import { routeGuardMachine } from '../../machines/routeGuard.machine';
import { tabsMachine } from '../../machines/tabs.machine';
import { leaveGuardMachine, holdsUnsavedWork } from '../../machines/leaveGuard.machine';
import { layoutMachine } from '../../machines/layout.machine';
import { AUTH_CODE_TIMEOUT_MS } from '../../models/constants';
import type { CurrentAdmin, DynamicMenuItem, LoginResult, UserMenuList } from '../../models/account';
import type { SiteNode } from '../../models/site';
import { DASHBOARD_PATH } from '../../models/menuTree';
import { ApiFailure, connectSessionEnd, get, post } from '../api/http';
import { getToken, removeToken, setToken } from './token';
import { emptyShell, shellStore, type SystemInfo } from './shellStore';
import { acceptSites, currentSiteStore } from './siteStore';
import { t } from '../i18n';
import { traceInspector } from './trace';

// The app's long-lived actors, created once. Each chart gets its side effects here.

export const ADMIN_BASE = '/admin';
/** Moves the browser without asking (the route guard's redirects). */
const goTo = (to: string, replace = false) => browserNavigate(ADMIN_BASE + to, { replace });
/** An in-app navigation: a page with unsaved work asks first (leave guard). */
export const navigateTo = (to: string, replace = false) =>
  leaveGuard.send({ type: 'leave.request', leave: { kind: 'navigate', to, replace } });
/** Leaves for `to` and closes the tabs `close` there, once any unsaved work was answered for. */
export const leaveTo = (to: string, close: string[]) => leaveGuard.send({ type: 'leave.request', leave: { kind: 'navigate', to, close } });

/** The admin location (path and query, without the base) the browser shows. */
const browserLocation = () => {
  const path = window.location.pathname.startsWith(ADMIN_BASE) ? window.location.pathname.slice(ADMIN_BASE.length) || '/' : window.location.pathname;
  return path + window.location.search;
};

/** wouter's navigations (views' own `navigate`, links) go through the leave guard too. */
export const guardedNav = (_navigate: unknown, to: string, options?: { replace?: boolean }) =>
  navigateTo(to.startsWith(ADMIN_BASE + '/') ? to.slice(ADMIN_BASE.length) : to, options?.replace ?? false);

/** A root actor's options with the event-trace recorder as its `inspect` (src/app/trace.ts). */
const traced = <O extends { input?: unknown }>(machine: { id: string }, options: O) => ({ ...options, inspect: traceInspector(machine, options.input) });

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const session = createActor(
  sessionMachine.provide({
    actions: {
      requestLogin: (_, req) => {
        post<LoginResult>('/account/login', req)
          .then(({ data }) => session.send({ type: 'login.succeeded', token: data.token, name: data.name, passTips: data.pass_tips }))
          .catch((e: unknown) => {
            const needsCode = e instanceof ApiFailure && (e.data as { need_code?: boolean } | null)?.need_code;
            session.send(needsCode ? { type: 'login.needsCode', message: req.code ? messageOf(e) : undefined } : { type: 'login.failed', message: messageOf(e) });
          });
      },
      requestCode: (_, req) => {
        post('/account/authCode', req, { timeout: AUTH_CODE_TIMEOUT_MS })
          .then(({ msg }) => session.send({ type: 'code.sent', at: Date.now(), message: msg }))
          .catch((e: unknown) => session.send({ type: 'code.failed', message: messageOf(e) }));
      },
      requestLogout: () => {
        post('/account/logout')
          .catch(() => undefined)
          .finally(() => session.send({ type: 'logout.done' }));
      },
      persistToken: (_, { token }) => setToken(token),
      clearToken: () => removeToken(),
      // Signing out resets everything the signed-in shell held: routes, tabs, dialogs, loaded data.
      resetRoutes: () => {
        shellStore.set(emptyShell);
        guard.send({ type: 'routes.reset' });
        tabs.send({ type: 'tabs.reset' });
        layout.send({ type: 'personal.close' });
      },
      reload: () => window.location.reload(),
    },
  }),
  traced(sessionMachine, { input: { token: getToken() } }),
);

/** Loads what the shell needs after sign-in, in parallel; the guard waits for it once. */
async function loadShell(): Promise<string[]> {
  const silent = { quietSession: true };
  const [menu, dynamic, sites, current, info] = await Promise.all([
    get<UserMenuList>('/adminmenu/getUserMenuList', undefined, silent),
    get<DynamicMenuItem[]>('/adminmenu/getDynamicMenu', undefined, silent),
    get<SiteNode[]>('/website/siteList', undefined, silent),
    get<CurrentAdmin>('/admin/current', undefined, silent),
    get<SystemInfo>('/system/info', undefined, silent),
  ]);
  acceptSites(sites.data);
  shellStore.set({ menu: menu.data.menu, authority: menu.data.authority, dynamic: dynamic.data, current: current.data, info: info.data });
  // Still on an initial or admin-set password: the personal center opens (with its notice) to change it.
  if (current.data.pass_tips) layout.send({ type: 'personal.open' });
  return menu.data.authority;
}

export const guard = createActor(
  routeGuardMachine.provide({
    actions: {
      requestRoutes: () => {
        loadShell()
          .then((authority) => guard.send({ type: 'routes.loaded', authority }))
          .catch(() => guard.send({ type: 'routes.failed' }));
      },
      redirect: (_, { to }) => goTo(to, true),
      dropToken: () => {
        removeToken();
        session.send({ type: 'session.dropped' });
      },
    },
  }),
  traced(routeGuardMachine, {}),
);

export const tabs = createActor(
  tabsMachine.provide({ actions: { navigate: (_, { to }) => navigateTo(to) } }),
  traced(tabsMachine, { input: { pinned: [{ path: DASHBOARD_PATH, title: 'menu.dashboard', pinned: true, cache: false }] } }),
);

export const leaveGuard = createActor(
  leaveGuardMachine.provide({
    actions: {
      proceed: (_, { leave }) => {
        if (leave.kind === 'tabs') tabs.send(leave.event);
        // Back or forward was undone while the user decided: the entry before the restored one is where they went.
        else if (leave.kind === 'history') window.history.go(-1);
        else {
          goTo(leave.to, leave.replace);
          for (const path of leave.close ?? []) tabs.send({ type: 'tab.close', path });
        }
      },
      restore: (_, { to }) => goTo(to),
      // The dropped forms' views remount fresh.
      discard: (_, { paths }) => paths.forEach((path) => tabs.send({ type: 'tab.refresh', path })),
    },
  }),
  traced(leaveGuardMachine, {}),
);

/** Back and forward away from unsaved work wait for the user; reload and closing the tab ask the browser. */
function watchLeaving() {
  // Capture, so the router never sees a move the user may still refuse.
  window.addEventListener(
    'popstate',
    (e) => {
      leaveGuard.send({ type: 'leave.request', leave: { kind: 'history', to: browserLocation() } });
      if (leaveGuard.getSnapshot().hasTag('confirming')) e.stopImmediatePropagation();
    },
    true,
  );
  window.addEventListener('beforeunload', (e) => {
    if (!holdsUnsavedWork(leaveGuard.getSnapshot().context)) return;
    e.preventDefault();
    e.returnValue = '';
  });
}

const SIDEBAR_KEY = 'sidebarStatus';
export const layout = createActor(
  layoutMachine.provide({
    actions: { persistSidebar: (_, { opened }) => localStorage.setItem(SIDEBAR_KEY, opened ? '1' : '0') },
  }),
  traced(layoutMachine, {}),
);

/** Reloads the dynamic menu (the current site's columns); screens call it after changing columns. */
export async function refreshDynamicMenu() {
  if (!guard.getSnapshot().context.loaded) return;
  try {
    const { data } = await get<DynamicMenuItem[]>('/adminmenu/getDynamicMenu', undefined, { quietSession: true });
    shellStore.set({ ...shellStore.get(), dynamic: data });
  } catch {
    /* the menu keeps what it had; the next navigation or switch tries again */
  }
}

let started = false;
/** Starts the actors once and wires session-ending answers of any call to the session chart. */
export function startRoot() {
  if (started) return;
  started = true;
  session.start();
  guard.start();
  tabs.start();
  layout.start();
  leaveGuard.start();
  watchLeaving();
  if (localStorage.getItem(SIDEBAR_KEY) === '0') layout.send({ type: 'sidebar.toggle' });
  layout.send({ type: 'viewport.resized', width: window.innerWidth });
  currentSiteStore.subscribe(() => void refreshDynamicMenu());
  connectSessionEnd((code) => {
    if (session.getSnapshot().hasTag('loggedIn')) session.send({ type: 'session.expired', code });
  });
  // Browser tests reach the actors to set up state without clicking through everything.
  if ((window as unknown as { __BANYAN_TEST__?: boolean }).__BANYAN_TEST__) {
    (window as unknown as { __banyan: unknown }).__banyan = { session, guard, tabs, layout, leaveGuard, shellStore, t };
  }
}
