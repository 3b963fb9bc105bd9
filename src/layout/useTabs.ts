import { useSelector } from '@xstate/react';
import { tabs } from '../app/root';
import { notify } from '../components/Toaster';
import { t } from '../i18n';

/** The visited-views bar's view of the tabs chart. */
export function useTabs() {
  const state = useSelector(tabs, (s) => s);
  const { views, active, refreshes, menuFor } = state.context;
  return {
    views,
    active,
    refreshes,
    menuFor: state.hasTag('menuOpen') ? menuFor : null,
    canClose: (path: string) => !views.find((v) => v.path === path)?.pinned,
    select: (path: string) => tabs.send({ type: 'tab.open', view: views.find((v) => v.path === path)! }),
    close: (path: string) => tabs.send({ type: 'tab.close', path }),
    closeOthers: (path: string) => tabs.send({ type: 'tab.closeOthers', path }),
    closeAll: () => tabs.send({ type: 'tab.closeAll' }),
    refresh: (path: string) => {
      tabs.send({ type: 'tab.refresh', path });
      notify('success', t('common.refreshedOk'));
    },
    openMenu: (path: string) => tabs.send({ type: 'menu.open', path }),
    closeMenu: () => tabs.send({ type: 'menu.close' }),
  };
}
