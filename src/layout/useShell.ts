import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { layout, navigateTo, session } from '../app/root';
import { useStore } from '../app/store';
import { shellStore } from '../app/shellStore';
import { currentSiteStore, selectSite, sitesStore } from '../app/siteStore';
import { siteOptions } from '../../models/tree';
import { walkTree } from '../../models/tree';
import { post } from '../api/http';
import { notify } from '../components/Toaster';
import { useMemo } from 'react';
import { chosenGroupStore, firstPage, groupOf, highlightPath, withDynamic } from './menuModel';

/** The shell's connect hook: layout chart, session, menu and site selections for the thin views. */
export function useShell() {
  const [location] = useLocation();
  const shell = useStore(shellStore);
  const sites = useStore(sitesStore);
  const siteId = useStore(currentSiteStore);
  const chosen = useStore(chosenGroupStore);
  const layoutState = useSelector(layout, (s) => s);
  const userName = useSelector(session, (s) => s.context.name);
  const menu = useMemo(() => withDynamic(shell.menu, shell.dynamic), [shell.menu, shell.dynamic]);
  const active = highlightPath(menu, location);
  const group = groupOf(menu, location) ?? menu.find((g) => g.key === chosen) ?? menu[0];
  const site = [...walkTree(sites)].find((s) => s.id === siteId);
  return {
    menu,
    group,
    active,
    info: shell.info,
    userName: shell.current?.name || userName,
    sites: siteOptions(sites),
    siteId,
    siteHome: site ? (site.domain && site.domain !== 'localhost' ? `//${site.domain}/` : '/') : '/',
    sidebarOpened: layoutState.hasTag('sidebarOpened'),
    mobile: layoutState.hasTag('mobile'),
    personalOpen: layoutState.hasTag('personalOpen'),
    toggleSidebar: () => layout.send({ type: 'sidebar.toggle' }),
    closeSidebar: () => layout.send({ type: 'sidebar.close' }),
    openPersonal: () => layout.send({ type: 'personal.open' }),
    closePersonal: () => layout.send({ type: 'personal.close' }),
    selectSite,
    chooseGroup: (key: string) => {
      chosenGroupStore.set(key);
      const g = menu.find((m) => m.key === key);
      const target = g && firstPage(g);
      if (target) navigateTo(target);
    },
    follow: (path: string) => {
      navigateTo(path);
      if (layoutState.hasTag('mobile')) layout.send({ type: 'sidebar.close' });
    },
    logout: () => session.send({ type: 'logout' }),
    clearCache: () => {
      post('/system/clearCache')
        .then(({ msg }) => notify('success', msg))
        .catch((e: unknown) => notify('error', e instanceof Error ? e.message : String(e)));
    },
  };
}
export type Shell = ReturnType<typeof useShell>;
