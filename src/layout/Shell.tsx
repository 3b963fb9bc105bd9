import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { layout, leaveGuard, session } from '../app/root';
import { RESIZE_WATCH_INTERVAL_MS } from '../../models/constants';
import { TopBar } from './TopBar';
import { SideMenu } from './SideMenu';
import { TabsBar } from './TabsBar';
import { PageBreadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { useShell } from './useShell';
import type { ScreenRoute } from '../routes/registry';
import { loadScreenSupport } from '../app/screenSupport';
import { useStore } from '../app/store';
import { paletteStore } from './paletteStore';
import { installSaveShortcut } from '../app/saveShortcut';

// Dialogs load the first time they are asked for: the personal-settings form (and the schemas it validates
// with), the expired-session and unsaved-changes confirms (Chakra's dialog machinery), the phone drawer.
// Each waits for the screens' strings and recipes (src/app/screenSupport.ts).
const PersonalDialog = lazy(() => Promise.all([import('../features/personal/PersonalDialog'), loadScreenSupport()]).then(([m]) => ({ default: m.PersonalDialog })));
const ExpiredConfirm = lazy(() => Promise.all([import('./ExpiredConfirm'), loadScreenSupport()]).then(([m]) => ({ default: m.ExpiredConfirm })));
const LeaveConfirm = lazy(() => Promise.all([import('./LeaveConfirm'), loadScreenSupport()]).then(([m]) => ({ default: m.LeaveConfirm })));
const CommandPalette = lazy(() => Promise.all([import('./CommandPalette'), loadScreenSupport()]).then(([m]) => ({ default: m.CommandPalette })));
const MobileDrawer = lazy(() => Promise.all([import('./MobileDrawer'), loadScreenSupport()]).then(([m]) => m));

/** Mounts its children once `when` was first true, and keeps them mounted (they close themselves). */
function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  const wanted = useRef(false);
  wanted.current ||= when;
  return wanted.current ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Tells the layout chart the viewport width, at most every 300 ms. */
function useViewportWatch() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => layout.send({ type: 'viewport.resized', width: window.innerWidth }), RESIZE_WATCH_INTERVAL_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}

/** Ctrl/⌘-K opens the menu search from anywhere in the shell (also from inside a text field). */
function usePaletteShortcut() {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        paletteStore.set(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function Shell({ route, children }: { route: ScreenRoute | undefined; children: ReactNode }) {
  const shell = useShell();
  const expired = useSelector(session, (s) => s.hasTag('expiredConfirm'));
  const leaving = useSelector(leaveGuard, (s) => s.hasTag('confirming'));
  const paletteOpen = useStore(paletteStore);
  useViewportWatch();
  usePaletteShortcut();
  useEffect(() => installSaveShortcut(), []);
  return (
    // data-personal says whether the personal center is (due to be) open: it lazy-loads, so it shows a moment later.
    <Flex direction="column" h="100vh" data-testid="shell" data-personal={shell.personalOpen ? 'open' : 'closed'}>
      <TopBar shell={shell} />
      <Flex flex="1" minH="0">
        {!shell.mobile && shell.sidebarOpened && <SideMenu shell={shell} />}
        {/* The drawer (and its dialog machinery) loads the first time a phone opens the menu. */}
        <OnDemand when={shell.mobile && shell.sidebarOpened}>{shell.mobile && <MobileDrawer shell={shell} />}</OnDemand>
        <Flex direction="column" flex="1" minW="0">
          <TabsBar />
          <Box px="4" pt="3">
            <PageBreadcrumb route={route} />
          </Box>
          <Box flex="1" overflow="auto" px={{ base: '2', md: '4' }} py="3" data-testid="main">
            {children}
          </Box>
          <Footer />
        </Flex>
      </Flex>
      <OnDemand when={shell.personalOpen}>
        <PersonalDialog />
      </OnDemand>
      <OnDemand when={expired}>
        <ExpiredConfirm />
      </OnDemand>
      <OnDemand when={paletteOpen}>
        <CommandPalette shell={shell} />
      </OnDemand>
      <OnDemand when={leaving}>
        <LeaveConfirm />
      </OnDemand>
    </Flex>
  );
}
