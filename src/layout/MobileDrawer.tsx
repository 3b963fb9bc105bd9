import { Box, Drawer, Portal, Stack } from '@chakra-ui/react';
import { SiteSwitcher, TopGroups } from './TopBar';
import { SideMenu } from './SideMenu';
import type { Shell } from './useShell';
import { useT } from '../i18n';

/** The phone layout's menu: the top groups, the site switcher and the side menu in a drawer. */
export default function MobileDrawer({ shell }: { shell: Shell }) {
  const { t } = useT();
  return (
    <Drawer.Root open={shell.sidebarOpened} placement="start" onOpenChange={(e) => !e.open && shell.closeSidebar()} size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="gray.800" maxW="260px" aria-label={t('layout.menu')} data-testid="mobile-drawer">
            <Stack p="2" gap="2" bg="gray.800">
              <Box bg="bg" rounded="md" p="1">
                <TopGroups shell={shell} direction="column" />
              </Box>
              <SiteSwitcher shell={shell} width="100%" />
            </Stack>
            <SideMenu shell={shell} width="100%" />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
