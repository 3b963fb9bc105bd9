import { useSelector } from '@xstate/react';
import { leaveGuard, tabs } from '../app/root';
import type { TabsEvent } from '../../machines/tabs.machine';
import { notify } from '../components/Toaster';
import { t } from '../i18n';

/** The visited-views bar's view of the tabs chart. */
export function useTabs() {
  const state = useSelector(tabs, (s) => s);
  const { views, active, refreshes, menuFor } = state.context;
  // A tab action that drops views with unsaved work asks first (leave guard).
  const act = (event: TabsEvent, drops: string[]) => leaveGuard.send({ type: 'leave.request', leave: { kind: 'tabs', event, drops } });
  const closable = views.filter((v) => !v.pinned).map((v) => v.path);
  return {
    views,
    active,
    refreshes,
    menuFor: state.hasTag('menuOpen') ? menuFor : null,
    canClose: (path: string) => !views.find((v) => v.path === path)?.pinned,
    select: (path: string) => tabs.send({ type: 'tab.open', view: views.find((v) => v.path === path)! }),
    close: (path: string) => act({ type: 'tab.close', path }, [path]),
    closeOthers: (path: string) => act({ type: 'tab.closeOthers', path }, closable.filter((p) => p !== path)),
    closeAll: () => act({ type: 'tab.closeAll' }, closable),
    refresh: (path: string) => {
      act({ type: 'tab.refresh', path }, [path]);
      if (!leaveGuard.getSnapshot().hasTag('confirming')) notify('success', t('common.refreshedOk'));
    },
    openMenu: (path: string) => tabs.send({ type: 'menu.open', path }),
    closeMenu: () => tabs.send({ type: 'menu.close' }),
  };
}
