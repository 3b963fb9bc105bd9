import { Box, Stack, Text, chakra } from '@chakra-ui/react';
import type { MenuItem } from '../../models/menu';
import { SIDEBAR_WIDTH_PX } from '../../models/constants';
import { menuTitle } from '../i18n';
import { MenuIcon } from '../components/Icon';
import { visibleChildren } from './menuModel';
import type { Shell } from './useShell';

function PageLink({ item, shell }: { item: MenuItem; shell: Shell }) {
  const active = item.path === shell.active;
  return (
    <chakra.a
      href={`/admin${item.path}`}
      onClick={(e: React.MouseEvent) => {
        e.preventDefault();
        shell.follow(item.path);
      }}
      display="flex"
      alignItems="center"
      gap="2"
      px="3"
      py="1.5"
      rounded="md"
      fontSize="13px"
      title={menuTitle(item.title)}
      bg={active ? 'blue.600' : undefined}
      color={active ? 'white' : 'gray.200'}
      _hover={{ bg: active ? 'blue.600' : 'whiteAlpha.200' }}
      data-testid={`menu-${item.key}`}
      data-active={active ? '' : undefined}
      aria-current={active ? 'page' : undefined}
    >
      <MenuIcon name={item.icon} size={15} />
      <Text as="span" truncate>
        {menuTitle(item.title)}
      </Text>
    </chakra.a>
  );
}

/** The left menu: the chosen top group's sections and pages; guide sub-pages highlight their list page. */
export function SideMenu({ shell, width = SIDEBAR_WIDTH_PX, header }: { shell: Shell; width?: number | string; header?: React.ReactNode }) {
  const items = shell.group ? visibleChildren(shell.group) : [];
  return (
    <Box as="nav" w={typeof width === 'number' ? `${width}px` : width} flexShrink={0} bg="gray.800" overflowY="auto" py="2" px="1.5" data-testid="side-menu">
      {header}
      <Stack gap="0.5">
        {items.map((item) =>
          item.children.length ? (
            <Box key={item.key} mb="1">
              <Text px="3" pt="2" pb="1" fontSize="11px" fontWeight="semibold" color="gray.400" textTransform="uppercase" letterSpacing="wide" truncate>
                {menuTitle(item.title)}
              </Text>
              <Stack gap="0.5">
                {visibleChildren(item).map((child) => (
                  <PageLink key={child.key} item={child} shell={shell} />
                ))}
              </Stack>
            </Box>
          ) : (
            <PageLink key={item.key} item={item} shell={shell} />
          ),
        )}
      </Stack>
    </Box>
  );
}
