import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { guard, session, tabs } from './root';
import { getToken } from './token';
import { matchRoute } from '../routes/registry';
import { useT } from '../i18n';
import { PRODUCT_TITLE } from '../../models/constants';
import { pathOnly } from '../../models/routing';
import { useStore } from './store';
import { shellStore } from './shellStore';

/**
 * Feeds every location change (and every sign-in / sign-out) to the guard chart. What is shown is the
 * last path the guard allowed, so a navigation being decided never unmounts the shell or its cached
 * views, and a forbidden page is never rendered, not even for one frame.
 */
export function useRouting() {
  const { t, lang } = useT();
  const [location] = useLocation();
  const search = useSearch();
  const full = search ? `${location}?${search}` : location;
  const loggedIn = useSelector(session, (s) => s.hasTag('loggedIn'));
  const allowed = useSelector(guard, (s) => s.context.allowed);
  const loadingRoutes = useSelector(guard, (s) => s.hasTag('busy'));
  const path = pathOnly(allowed);
  const { dynamic } = useStore(shellStore);
  const route = allowed ? matchRoute(path) : undefined;

  useEffect(() => {
    guard.send({ type: 'navigate', path: full, hasToken: loggedIn && Boolean(getToken()) });
  }, [full, loggedIn]);

  useEffect(() => {
    if (!route || route.bare) return;
    const column = /\/(\d+)$/.test(path) ? dynamic.find((d) => path.endsWith(`/${d.id}`)) : undefined;
    const title = column ? `${t(route.title)} · ${column.title}` : route.title;
    // The tab remembers the full location (an edit page's ?id=) to return to it.
    tabs.send({ type: 'tab.open', view: { path, title, pinned: Boolean(route.pinned), cache: Boolean(route.cache), to: allowed } });
  }, [route, path, allowed, dynamic, t]);

  useEffect(() => {
    document.title = route ? `${t(route.title)} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  }, [route, lang, t]);

  return { path, ready: allowed !== '' && !(loadingRoutes && !route), route };
}
