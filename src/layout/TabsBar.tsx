import { Box, CloseButton, Flex, Menu, Portal } from '@chakra-ui/react';
import { TAG_CONTEXT_MENU_WIDTH } from '../../models/constants';
import { useT } from '../i18n';
import { navigateTo } from '../app/root';
import { useTabs } from './useTabs';

/** Visited views as tabs; right-click for refresh / close / close others / close all. Pinned tabs never close. */
export function TabsBar() {
  const { t } = useT();
  const tabs = useTabs();
  return (
    <Flex h="34px" px="2" gap="1" align="center" bg="bg" borderBottomWidth="1px" overflowX="auto" flexShrink={0} data-testid="tabs-bar">
      {tabs.views.map((v) => {
        const active = v.path === tabs.active;
        return (
          <Menu.Root key={v.path} open={tabs.menuFor === v.path} onOpenChange={(e) => (e.open ? tabs.openMenu(v.path) : tabs.closeMenu())}>
            <Menu.ContextTrigger asChild>
              <Flex
                as="button"
                align="center"
                gap="1"
                h="26px"
                pl="2.5"
                pr={tabs.canClose(v.path) ? '1' : '2.5'}
                fontSize="12px"
                whiteSpace="nowrap"
                borderWidth="1px"
                rounded="sm"
                bg={active ? 'blue.600' : 'bg'}
                color={active ? 'white' : 'fg'}
                borderColor={active ? 'blue.600' : 'border'}
                onClick={() => navigateTo(v.to ?? v.path)}
                data-testid={`tab-${v.path}`}
                data-active={active ? '' : undefined}
              >
                {active && <Box w="6px" h="6px" rounded="full" bg="white" />}
                {t(v.title)}
                {tabs.canClose(v.path) && (
                  <CloseButton
                    as="span"
                    size="2xs"
                    variant="ghost"
                    color="inherit"
                    aria-label={t('layout.closeTab')}
                    data-testid={`tab-close-${v.path}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      tabs.close(v.path);
                    }}
                  />
                )}
              </Flex>
            </Menu.ContextTrigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW={`${TAG_CONTEXT_MENU_WIDTH}px`} data-testid="tab-menu">
                  <Menu.Item value="refresh" onSelect={() => tabs.refresh(v.path)}>
                    {t('layout.refreshTab')}
                  </Menu.Item>
                  {tabs.canClose(v.path) && (
                    <Menu.Item value="close" onSelect={() => tabs.close(v.path)}>
                      {t('layout.closeTab')}
                    </Menu.Item>
                  )}
                  <Menu.Item value="others" onSelect={() => tabs.closeOthers(v.path)} data-testid="tab-close-others">
                    {t('layout.closeOthers')}
                  </Menu.Item>
                  <Menu.Item value="all" onSelect={tabs.closeAll} data-testid="tab-close-all">
                    {t('layout.closeAll')}
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        );
      })}
    </Flex>
  );
}
