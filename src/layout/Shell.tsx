import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Box, Drawer, Flex, Portal, Stack } from '@chakra-ui/react';
import { layout } from '../app/root';
import { RESIZE_WATCH_INTERVAL_MS } from '../../models/constants';
import { TopBar, SiteSwitcher, TopGroups } from './TopBar';
import { SideMenu } from './SideMenu';
import { TabsBar } from './TabsBar';
import { PageBreadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { ExpiredConfirm } from './ExpiredConfirm';
import { LeaveConfirm } from './LeaveConfirm';
import { useShell } from './useShell';
import { useT } from '../i18n';
import type { ScreenRoute } from '../routes/registry';

// The personal-settings form (and the schemas it validates with) loads the first time it is opened.
const PersonalDialog = lazy(() => import('../features/personal/PersonalDialog').then((m) => ({ default: m.PersonalDialog })));

/** Mounts the personal dialog once it was first asked for, and keeps it mounted (it closes itself). */
function PersonalDialogOnDemand({ asked }: { asked: boolean }) {
  const wanted = useRef(false);
  wanted.current ||= asked;
  return wanted.current ? (
    <Suspense fallback={null}>
      <PersonalDialog />
    </Suspense>
  ) : null;
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

export function Shell({ route, children }: { route: ScreenRoute | undefined; children: ReactNode }) {
  const shell = useShell();
  const { t } = useT();
  useViewportWatch();
  return (
    <Flex direction="column" h="100vh" data-testid="shell">
      <TopBar shell={shell} />
      <Flex flex="1" minH="0">
        {!shell.mobile && shell.sidebarOpened && <SideMenu shell={shell} />}
        {shell.mobile && (
          <Drawer.Root open={shell.sidebarOpened} placement="start" onOpenChange={(e) => !e.open && shell.closeSidebar()} size="xs">
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content bg="gray.800" maxW="260px" aria-label={t('layout.menu')} data-testid="mobile-drawer">
                  <Stack p="2" gap="2" bg="gray.800">
                    <Box bg="white" rounded="md" p="1">
                      <TopGroups shell={shell} direction="column" />
                    </Box>
                    <SiteSwitcher shell={shell} width="100%" />
                  </Stack>
                  <SideMenu shell={shell} width="100%" />
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        )}
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
      <PersonalDialogOnDemand asked={shell.personalOpen} />
      <ExpiredConfirm />
      <LeaveConfirm />
    </Flex>
  );
}
