import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { guard, session, tabs } from './root';
import { getToken } from './token';
import { matchRoute } from '../routes/registry';
import { useT } from '../i18n';
import { PRODUCT_TITLE } from '../../models/constants';

/**
 * Feeds every location change (and every sign-in / sign-out) to the guard chart, and once the guard
 * allows a page: opens its tab and sets the page title "route title - Banyan".
 */
export function useRouting() {
  const { t, lang } = useT();
  const [location] = useLocation();
  const search = useSearch();
  const full = search ? `${location}?${search}` : location;
  const loggedIn = useSelector(session, (s) => s.hasTag('loggedIn'));
  const resolved = useSelector(guard, (s) => s.context.resolved);
  const loading = useSelector(guard, (s) => s.hasTag('busy'));
  const route = matchRoute(location);
  const allowed = resolved === full && !loading;

  useEffect(() => {
    guard.send({ type: 'navigate', path: full, hasToken: loggedIn && Boolean(getToken()) });
  }, [full, loggedIn]);

  useEffect(() => {
    if (!allowed || !route || route.bare) return;
    tabs.send({ type: 'tab.open', view: { path: location, title: route.title, pinned: Boolean(route.pinned), cache: Boolean(route.cache) } });
  }, [allowed, route, location]);

  useEffect(() => {
    document.title = route ? `${t(route.title)} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  }, [route, lang, t]);

  return { location, allowed, route };
}
