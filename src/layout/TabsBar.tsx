import { useRef, useState } from 'react';
import { Box, Flex, IconButton } from '@chakra-ui/react';
import x from 'virtual:lucide/X';
import { TAG_CONTEXT_MENU_WIDTH } from '../../models/constants';
import { useT } from '../i18n';
import { navigateTo } from '../app/root';
import { useTabs } from './useTabs';
import { PopupItem, PopupMenu } from '../components/PopupMenu';
import { LineIcon } from '../components/LineIcon';

/** Visited views as tabs; right-click for refresh / close / close others / close all. Pinned tabs never close. */
export function TabsBar() {
  const { t } = useT();
  const tabs = useTabs();
  // Where the context menu was asked for (the tabs chart says which tab's menu is open).
  const [point, setPoint] = useState({ x: 0, y: 0 });
  const close = useRef(tabs.closeMenu).current;
  const open = tabs.menuFor ? tabs.views.find((v) => v.path === tabs.menuFor) : undefined;
  return (
    <Flex h="34px" px="2" gap="1" align="center" bg="bg" borderBottomWidth="1px" overflowX="auto" flexShrink={0} data-testid="tabs-bar">
      {tabs.views.map((v) => {
        const active = v.path === tabs.active;
        return (
          <Flex
            key={v.path}
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
            onContextMenu={(e) => {
              e.preventDefault();
              setPoint({ x: e.clientX, y: e.clientY });
              tabs.openMenu(v.path);
            }}
            // The close cross is not a Tab stop (a button cannot hold one): Delete closes the focused tab.
            onKeyDown={(e) => {
              if (e.key !== 'Delete' || !tabs.canClose(v.path)) return;
              e.preventDefault();
              tabs.close(v.path);
            }}
            aria-keyshortcuts={tabs.canClose(v.path) ? 'Delete' : undefined}
            data-testid={`tab-${v.path}`}
            data-active={active ? '' : undefined}
          >
            {active && <Box w="6px" h="6px" rounded="full" bg="white" />}
            {t(v.title)}
            {tabs.canClose(v.path) && (
              <IconButton
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
              >
                <LineIcon d={x} />
              </IconButton>
            )}
          </Flex>
        );
      })}
      {open && (
        <PopupMenu key={open.path} open onClose={close} anchor={point} minW={`${TAG_CONTEXT_MENU_WIDTH}px`} data-testid="tab-menu">
          <PopupItem close={close} onSelect={() => tabs.refresh(open.path)}>
            {t('layout.refreshTab')}
          </PopupItem>
          {tabs.canClose(open.path) && (
            <PopupItem close={close} onSelect={() => tabs.close(open.path)}>
              {t('layout.closeTab')}
            </PopupItem>
          )}
          <PopupItem close={close} onSelect={() => tabs.closeOthers(open.path)} data-testid="tab-close-others">
            {t('layout.closeOthers')}
          </PopupItem>
          <PopupItem close={close} onSelect={tabs.closeAll} data-testid="tab-close-all">
            {t('layout.closeAll')}
          </PopupItem>
        </PopupMenu>
      )}
    </Flex>
  );
}
