import { useMemo, type ReactNode } from 'react';
import { Router } from 'wouter';
import { useBrowserLocation, useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { ADMIN_BASE, guardedNav } from './root';

/**
 * The location a view reads. A cached view stays mounted while another tab is shown: it keeps seeing
 * the address it was last shown at (its tab's `to`), so an edit page keeps its `?id=` and a list its
 * filters, instead of reading the other page's address and reloading as something else.
 */
export function ViewLocation({ at, hidden, children }: { at: string; hidden: boolean; children: ReactNode }) {
  const hooks = useMemo(() => {
    const q = at.indexOf('?');
    const path = q === -1 ? at : at.slice(0, q);
    const search = q === -1 ? '' : at.slice(q + 1);
    // Both hooks always subscribe to the browser, so their hook calls stay the same shown or hidden.
    const hook = () => {
      const [live, navigate] = useBrowserLocation();
      return [hidden ? ADMIN_BASE + path : live, navigate] as [string, typeof navigate];
    };
    const searchHook = () => {
      const live = useBrowserSearch();
      return hidden ? search : live;
    };
    return { hook, searchHook };
  }, [at, hidden]);
  return (
    <Router hook={hooks.hook} searchHook={hooks.searchHook} base={ADMIN_BASE} aroundNav={guardedNav}>
      {children}
    </Router>
  );
}
