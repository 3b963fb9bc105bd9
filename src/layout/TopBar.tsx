import { Avatar, Box, Button, Flex, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { ExternalLink, Eraser, LogOut, PanelLeft, Search, UserRound } from 'lucide-react';
import { menuTitle, useT } from '../i18n';
import { LanguageSwitch } from './LanguageSwitch';
import type { Shell } from './useShell';
import { MenuIcon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { PopupItem, PopupMenu, usePopup } from '../components/PopupMenu';
import { paletteStore } from './paletteStore';

// Between the phone layout and 1280 px the secondary items show as icons only, so the top bar keeps one row.
const WIDE_ONLY = { base: 'none', xl: 'inline' } as const;

export function SiteSwitcher({ shell, width = { base: '140px', xl: '180px' } }: { shell: Shell; width?: string | { base: string; xl: string } }) {
  const { t } = useT();
  return (
    <NativeSelect.Root size="sm" width={width} flexShrink={0}>
      {/* Its own background: in the phone drawer it sits on the dark menu. */}
      <NativeSelect.Field bg="bg" aria-label={t('layout.site')} title={t('layout.site')} data-testid="site-switcher" value={shell.siteId ?? ''} onChange={(e) => shell.selectSite(Number(e.currentTarget.value))}>
        {shell.sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function TopGroups({ shell, direction = 'row' }: { shell: Shell; direction?: 'row' | 'column' }) {
  return (
    <Flex gap="1" direction={direction} minW="0" data-testid="top-menu">
      {shell.menu.map((g) => (
        <Button
          key={g.key}
          size="sm"
          // With many groups on a narrow screen the labels give way (down to the icon) before anything spills.
          flexShrink={1}
          minW="14"
          title={menuTitle(g.title)}
          variant={g.key === shell.group?.key ? 'subtle' : 'ghost'}
          colorPalette={g.key === shell.group?.key ? 'blue' : 'gray'}
          justifyContent="flex-start"
          onClick={() => shell.chooseGroup(g.key)}
          data-testid={`top-menu-${g.key}`}
        >
          <MenuIcon name={g.icon} />
          <Text as="span" truncate>
            {menuTitle(g.title)}
          </Text>
        </Button>
      ))}
    </Flex>
  );
}

export function TopBar({ shell }: { shell: Shell }) {
  const { t } = useT();
  return (
    <Flex as="header" h="52px" px="3" gap="2" align="center" bg="bg" borderBottomWidth="1px" flexShrink={0} data-testid="top-bar">
      <IconButton size="sm" variant="ghost" aria-label={t('layout.toggleSidebar')} onClick={shell.toggleSidebar} data-testid="sidebar-toggle">
        <PanelLeft />
      </IconButton>
      <Box mr="2">
        <Logo />
      </Box>
      {!shell.mobile && <TopGroups shell={shell} />}
      <Box flex="1" />
      <Button
        size="sm"
        variant="outline"
        color="fg.muted"
        flexShrink={0}
        onClick={() => paletteStore.set(true)}
        title={`${t('layout.searchMenu')} (Ctrl/⌘ K)`}
        aria-label={t('layout.searchMenu')}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="menu-search"
      >
        <Search />
        <Text as="span" display={WIDE_ONLY}>
          {t('layout.searchMenu')}
        </Text>
      </Button>
      {!shell.mobile && (
        <HStack gap="1" data-testid="top-actions">
          <Button asChild size="sm" variant="ghost" title={t('layout.home')} aria-label={t('layout.home')}>
            <a href={shell.siteHome} target="_blank" rel="noreferrer" data-testid="site-home">
              <ExternalLink />
              <Text as="span" display={WIDE_ONLY}>
                {t('layout.home')}
              </Text>
            </a>
          </Button>
          <Button size="sm" variant="ghost" onClick={shell.clearCache} title={t('layout.clearCache')} aria-label={t('layout.clearCache')} data-testid="clear-cache">
            <Eraser />
            <Text as="span" display={WIDE_ONLY}>
              {t('layout.clearCache')}
            </Text>
          </Button>
          <SiteSwitcher shell={shell} />
        </HStack>
      )}
      <LanguageSwitch />
      <UserMenu shell={shell} />
    </Flex>
  );
}

/** The signed-in user's menu: personal center and sign-out (and, on a phone, the top bar's hidden actions). */
function UserMenu({ shell }: { shell: Shell }) {
  const { t } = useT();
  const menu = usePopup();
  return (
    <Box position="relative" flexShrink={0}>
      <Button size="sm" variant="ghost" data-testid="user-menu" px="1" aria-haspopup="menu" aria-expanded={menu.open} onClick={menu.toggle}>
        <Avatar.Root size="xs" colorPalette="blue">
          <Avatar.Fallback name={shell.userName || '?'} />
        </Avatar.Root>
        {!shell.mobile && (
          <Text maxW="120px" truncate display={WIDE_ONLY}>
            {shell.userName}
          </Text>
        )}
      </Button>
      <PopupMenu open={menu.open} onClose={menu.close} anchor={{ align: 'end' }} minW="180px">
        {shell.mobile && (
          <>
            <PopupItem close={menu.close} onSelect={() => window.open(shell.siteHome, '_blank', 'noreferrer')}>
              <ExternalLink size={14} /> {t('layout.home')}
            </PopupItem>
            <PopupItem close={menu.close} onSelect={shell.clearCache}>
              <Eraser size={14} /> {t('layout.clearCache')}
            </PopupItem>
          </>
        )}
        <PopupItem close={menu.close} onSelect={shell.openPersonal} data-testid="open-personal">
          <UserRound size={14} /> {t('layout.personal')}
        </PopupItem>
        <PopupItem close={menu.close} onSelect={shell.logout} data-testid="logout" color="fg.error">
          <LogOut size={14} /> {t('layout.logout')}
        </PopupItem>
      </PopupMenu>
    </Box>
  );
}
